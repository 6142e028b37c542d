package sparse

import (
	"context"
	"math/bits"

	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/bitpack"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
	"github.com/impartial-go/impartial/sg/sequence/internal/splits"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// The hot loops of the sparse engine (see engine.go for the method). They
// are generic over the width of the stored values, uint8 while every value
// is below 256 and uint16 after, so that a heap costs one or two bytes and
// each width gets its own compiled loop. Option values are marked in byte
// tables indexed by value (a store with no dependency on the previous one)
// and packed into bit words only up to the candidate. Nothing here
// allocates.

// confirmState is the scratch of the current heap: its option values found
// so far and the values still to confirm.
type confirmState struct {
	mark     []uint64 // options of the current heap, as bits, up to the candidate
	needList []int    // values still to confirm at the current heap
	given    []uint64 // option words marked by another goroutine (the marker mode), or nil

	// marks holds 1 at each option value of the current heap found so
	// far; needs holds 1 at each value still to confirm. Both are all zero
	// between heaps.
	marks, needs *sparseTab
}

// scanFunc looks for the values marked in needs among the splits of the
// sizes in two whose smaller part a is in [a0, a1), clearing each one it
// finds; see splits.Range.
type scanFunc[T uint8 | uint16] func(vals []T, two []int, uneq []bool, needs *sparseTab, list []int, cnt, a0, a1 int) (left, next, steps int)

// extendRareAtWidth computes heaps while s keeps the width whose slice get returns,
// until s.Len() reaches target. With more than one worker it runs the
// pipeline of par.go, and stops it before it returns.
func extendRareAtWidth[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, target int,
	get func(*store.Seq) []T, scan scanFunc[T]) error {
	w := s.W
	defer e.stopPipe()
	defer e.batch.drop()
	running := false
	for s.Len() < target && s.W == w {
		vals := get(s)
		n := len(vals)
		if n >= e.nextChoose {
			e.stopPipe()
			running = false
			e.batch.drop()
			e.choose(n)
			if !e.direct && !e.rareOK {
				rebuildRare(e, vals)
			}
			if e.Code == nil {
				splits.OrderBlocks(&e.order, vals)
			}
		}
		if err := e.Load(e.rule, n); err != nil {
			return err
		}
		if e.HandOff {
			return nil
		}
		if Multicore && !running && n >= e.pairRetry && n >= e.rs.Knobs.ParMin(rareParMin) && e.pairOK(n, pairG1(vals)) {
			// Cheap heaps of a code (or two processors before the
			// probe): the marker mode, where its trial wins. It
			// computes heaps from n on and returns where this loop
			// must take over.
			if err := runPair(ctx, e, s, target, get, scan); err != nil {
				return err
			}
			if s.Len() > n {
				continue
			}
		}
		if e.par == 1 && !e.ParityOK {
			// A split that breaks the parity variant: choose again.
			e.stopPipe()
			running = false
			e.batch.drop()
			e.choose(n)
			if !e.direct && !e.rareOK {
				rebuildRare(e, vals)
			}
		}
		if Multicore && !running && e.procs > 1 {
			running = startPipe(e, vals, target, scan)
		}
		var g, steps int
		ok := false
		if running {
			g, steps, ok = pipeValue(e, vals, n, scan)
		}
		if !ok {
			var st int
			if running {
				g, st = heapValue(e, vals, n, scan)
			} else {
				g, st = heapValueBatched(e, vals, n, scan)
			}
			steps += st
			if Multicore && !running && e.procs > 1 {
				e.probe(st)
			}
		}
		rare := !e.direct && n > 0 && e.isRare(n, g)
		if running && (g >= e.limit || len(vals) == cap(vals) || rare && len(e.rare) == cap(e.rare)) {
			// The workers read the bitsets' size and the storage of
			// the values and rare heaps: stop them before these change.
			e.stopPipe()
			running = false
		}
		s.Append(sg.Nimber(g))
		e.count(n, g)
		e.done = n + 1
		if rare {
			e.rare = append(e.rare, rareHeap{a: uint32(n), g: uint32(g)})
		}
		if running {
			e.pipe.finished(n+1, len(e.rare))
		}
		e.steps += steps + 8
		if e.work += steps + 8; e.work >= sparsePollWork {
			e.work = 0
			if err := e.rs.Poll(ctx, s, len(e.rare), e.progressMask()); err != nil {
				return err
			}
		}
	}
	return nil
}

// pairG1 returns G(1), or 0 before heap 1 is known.
func pairG1[T uint8 | uint16](vals []T) int {
	if len(vals) < 2 {
		return 0
	}
	return int(vals[1])
}

// probe adds a heap computed on one core, of st inner-loop steps, to the
// probe of the heaps' cost, and at the end of each probe says whether the
// pipeline is worth running (pipeMinSteps).
func (e *Engine) probe(st int) {
	e.probeSteps += st
	if e.probeHeaps++; e.probeHeaps == pipeProbe {
		e.pipeWorth = e.probeSteps >= pipeMinSteps*pipeProbe
		e.probed = true
		e.probeSteps, e.probeHeaps = 0, 0
	}
}

// rebuildRare lists the rare heaps 1 … len(vals)-1 under the current mask.
func rebuildRare[T uint8 | uint16](e *Engine, vals []T) {
	e.rare = e.rare[:0]
	for a := 1; a < len(vals); a++ {
		if g := int(vals[a]); e.isRare(a, g) {
			e.rare = append(e.rare, rareHeap{a: uint32(a), g: uint32(g)})
		}
	}
	e.rareOK = true
}

// heapValue returns G(n) from the values of the smaller heaps and the moves
// loaded by loadMoves, and a count of the inner-loop steps it took.
func heapValue[T uint8 | uint16](e *Engine, vals []T, n int, scan scanFunc[T]) (g, steps int) {
	tab := e.marks
	// (The moves that leave no heap or one, written out here and in
	// pairValue: a helper for both, inlined, made this engine 4 % slower
	// on .354, 743–765 ms against 708–725 ms for 2^21 heaps.)
	if e.Zero {
		tab[0] = 1
	}
	for _, r := range e.One {
		tab[vals[r]] = 1
	}
	switch {
	case len(e.Two) == 0:
		g = firstZeroByte(tab, e.limit)
	case e.direct:
		steps = markAll(vals, e.Two, e.Uneq, tab)
		g = firstZeroByte(tab, e.limit)
	default:
		steps = markRareMoves(&e.Heap, vals, e.rare, n, tab)
		var scanned int
		g, scanned = confirm(e, vals, n, scan)
		steps += scanned
	}
	clear(tab[:e.limit])
	return g, steps
}

// confirm finishes heap n once the splits with a rare part are marked: the
// candidate c is the least value of the enumerable class that is not an
// option, and G(n) is c unless a value of the other class below c is not an
// option either. Those values are confirmed in three steps: a scan of the
// splits with a small smaller part (which finds most of them), a targeted
// search for each value left (seek), and the scan of the remaining splits
// for what is still missing.
func confirm[T uint8 | uint16](e *Engine, vals []T, n int, scan scanFunc[T]) (g, steps int) {
	c, cnt := e.candidate(n)
	if cnt == 0 {
		return c, 0
	}
	missing, steps := confirmNeeds(vals, e.Two, e.Uneq, e.needs, e.needList, cnt, e.top, e.pos, 1, n, scan)
	g = c
	if missing >= 0 {
		// (Where none is missing, the confirmation cleared every value
		// it found.)
		g = missing
		for _, v := range e.needList {
			e.needs[v] = 0
		}
	}
	return g, steps
}

// confirmNeeds looks for the cnt values of list marked in needs among the
// splits of the sizes in two whose parts are below bound (the heaps of
// known value) and whose smaller part is a0 or more (1 on one core), in
// the three steps of confirm (the first scan, seek, the last scan of
// every split), clearing each one it finds. It returns the least value of
// list still marked, which no split gives, or -1, and the steps it took.
func confirmNeeds[T uint8 | uint16](vals []T, two []int, uneq []bool, needs *sparseTab, list []int, cnt int, top []int, pos [][]uint32, a0, bound int, scan scanFunc[T]) (missing, steps int) {
	left, next, steps := scan(vals, two, uneq, needs, list, cnt, a0, a0+sparseFirstScan-1)
	left, st := seekMissing(vals, two, uneq, needs, list, left, top, pos, bound)
	steps += st
	if left > 0 {
		_, _, st = scan(vals, two, uneq, needs, list, left, next, two[0])
		steps += st
		for _, v := range list {
			if needs[v] != 0 {
				return v, steps
			}
		}
	}
	return -1, steps
}

// seekMissing runs seek for each value of list still marked in needs, when
// no more than sparseSeekMax of them (left) are missing and the last scan
// has no block order (see blockScanned), clearing those it
// finds among the splits of heaps below bound; it returns how many are
// still missing and the steps spent. The single-core and the parallel
// engines confirm a candidate with it.
func seekMissing[T uint8 | uint16](vals []T, two []int, uneq []bool, needs *sparseTab, list []int, left int, top []int, pos [][]uint32, bound int) (int, int) {
	steps := 0
	if left == 0 || left > sparseSeekMax || splits.BlockScanned(two, uneq) && bound >= splits.BlocksFrom {
		// From splits.BlocksFrom on, the last scan of such a rule takes
		// its blocks in order (internal/splits), which finds the values
		// left in fewer steps than seek.
		return left, 0
	}
	for _, v := range list {
		if needs[v] == 0 {
			continue
		}
		ok, st := seek(vals, two, uneq, v, top, pos, seekBudget[T](left), bound)
		steps += st
		if ok {
			needs[v] = 0
			left--
		}
	}
	return left, steps
}

// seekBudget is seek's number of tries for each of left values still to
// find: sparseSeekBudget, or sparseSeekFew for 1-byte values when left is
// at most splits.FewNeeds, which the last scan then finds by comparing
// whole words of splits with each value (splits.RangeWords), for a
// fraction of the cost of a try a split.
func seekBudget[T uint8 | uint16](left int) int {
	var z T
	if _, ok := any(z).(uint8); ok && left <= splits.FewNeeds {
		return sparseSeekFew
	}
	return sparseSeekBudget
}

// seek looks for a split of one of the sizes in two with value v, among
// those with a part a of value v^u for the most frequent values u (top):
// each try succeeds with about u's frequency. It stops after budget tries.
// It uses only splits whose parts are both below bound (the heaps whose
// values are known).
func seek[T uint8 | uint16](vals []T, two []int, uneq []bool, v int, top []int, pos [][]uint32, budget, bound int) (found bool, steps int) {
	rmax := two[0]
	for _, u := range top {
		w := v ^ u
		if w >= len(pos) {
			continue
		}
		for _, a32 := range pos[w] {
			a := int(a32)
			if a >= rmax {
				break
			}
			for i, r := range two {
				b := r - a
				if b < 1 {
					break // every later r is smaller still
				}
				if b >= bound {
					continue
				}
				if int(vals[b]) == u && (b != a || !uneq[i]) {
					return true, steps + 1
				}
			}
			if steps++; steps >= budget {
				return false, steps
			}
		}
	}
	return false, steps
}

// candidate returns the candidate c for heap n (see confirm), marks in
// needs the values of the other class below c that are not yet known to be
// options, lists them in needList, and returns their number.
func (e *Engine) candidate(n int) (c, cnt int) {
	c, nw := e.candidateMarks(n)
	enum := e.enum[1^(e.par&(n-e.K0)&1)]
	e.needList = e.needList[:0]
	for i := range nw {
		for w := needWord(e.mark[i], enum[i], i, c); w != 0; w &= w - 1 {
			v := i*64 + bits.TrailingZeros64(w)
			e.needList = append(e.needList, v)
			e.needs[v] = 1
		}
	}
	return c, len(e.needList)
}

// candidateMarks packs the option values marked so far (with the words
// given by another goroutine) into e.mark, up to the word that holds the
// candidate c for heap n (see confirm), and returns c and the number of
// words packed, nw.
func (e *Engine) candidateMarks(n int) (c, nw int) {
	enum := e.enum[1^(e.par&(n-e.K0)&1)]
	c = e.limit
	for i := range e.mark {
		m := packWord(e.marks, i)
		if i < len(e.given) {
			m |= e.given[i]
		}
		e.mark[i] = m
		nw = i + 1
		if z := enum[i] &^ m; z != 0 {
			c = min(i*64+bits.TrailingZeros64(z), c)
			break
		}
	}
	return c, nw
}

// needWord returns the values of word i (i·64 … i·64+63) that are to be
// confirmed for the candidate c: those of the other class than enum's,
// below c, not in the options mark.
func needWord(mark, enum uint64, i, c int) uint64 {
	w := ^mark &^ enum
	if lo := i * 64; c-lo < 64 {
		w &= 1<<uint(c-lo) - 1
	}
	return w
}

// markRareCode marks, for a take-and-break code, the values of the splits
// of n-k (k in twoK, ascending) that have a rare heap as one part, and
// returns the number of splits it marked. It runs over the rare heaps once,
// with the removal amounts innermost.
func markRareCode[T uint8 | uint16](vals []T, rare []rareHeap, n int, twoK []int, tab *sparseTab) int {
	kmin, kmax := twoK[0], twoK[len(twoK)-1]
	// Rare heaps a ≤ n-kmax-1 split every n-k; those up to n-kmin-1 some.
	end := len(rare)
	for end > 0 && int(rare[end-1].a) > n-kmin-1 {
		end--
	}
	full := end
	for full > 0 && int(rare[full-1].a) > n-kmax-1 {
		full--
	}
	switch len(twoK) {
	case 1:
		v := vals[:n-kmin]
		for _, h := range rare[:full] {
			g := T(h.g)
			tab[g^v[len(v)-int(h.a)]] = 1
		}
	case 2:
		k1 := twoK[1] - kmin
		v := vals[:n-kmin]
		rs := rare[:full]
		i := 0
		for ; i+2 <= len(rs); i += 2 {
			h0, h1 := rs[i], rs[i+1]
			g0, b0 := T(h0.g), len(v)-int(h0.a)
			g1, b1 := T(h1.g), len(v)-int(h1.a)
			x0, y0 := v[b0], v[b0-k1]
			x1, y1 := v[b1], v[b1-k1]
			tab[g0^x0] = 1
			tab[g0^y0] = 1
			tab[g1^x1] = 1
			tab[g1^y1] = 1
		}
		for _, h := range rs[i:] {
			g, b := T(h.g), len(v)-int(h.a)
			tab[g^v[b]] = 1
			tab[g^v[b-k1]] = 1
		}
	case 3:
		k1, k2 := twoK[1]-kmin, twoK[2]-kmin
		v := vals[:n-kmin]
		for _, h := range rare[:full] {
			g, b := T(h.g), len(v)-int(h.a)
			tab[g^v[b]] = 1
			tab[g^v[b-k1]] = 1
			tab[g^v[b-k2]] = 1
		}
	default:
		for _, h := range rare[:full] {
			g, b := T(h.g), n-int(h.a)
			for _, k := range twoK {
				tab[g^vals[b-k]] = 1
			}
		}
	}
	for _, h := range rare[full:end] {
		g, b := T(h.g), n-int(h.a)
		for _, k := range twoK {
			if b-k >= 1 {
				tab[g^vals[b-k]] = 1
			}
		}
	}
	return end * len(twoK)
}

// markRareMoves marks, for heap n with the moves m, the values of the
// splits that have a rare part, and returns the steps it took.
func markRareMoves[T uint8 | uint16](m *moves.Heap, vals []T, rare []rareHeap, n int, tab *sparseTab) (steps int) {
	if m.Code != nil {
		return markRareCode(vals, rare, n, m.Code.Two, tab)
	}
	for i, r := range m.Two {
		steps += markRare(vals, rare, r, m.Uneq[i], tab)
	}
	return steps
}

// markRare marks the values of the splits of r tokens that have a rare
// heap as one part (unequal: the two parts must differ), and returns the
// number of rare heaps it used.
func markRare[T uint8 | uint16](vals []T, rare []rareHeap, r int, unequal bool, tab *sparseTab) int {
	end := len(rare)
	for end > 0 && int(rare[end-1].a) >= r {
		end--
	}
	rs := rare[:end]
	if unequal && r%2 == 0 {
		// Leave out the equal split r/2 + r/2 if r/2 is rare.
		if i := rareFrom(rs, r/2); i < len(rs) && int(rs[i].a) == r/2 {
			markRareRun(vals[:r], rs[:i], tab)
			markRareRun(vals[:r], rs[i+1:], tab)
			return end - 1
		}
	}
	markRareRun(vals[:r], rs, tab)
	return end
}

// markRareRun marks G(a) ^ G(r-a) for the rare heaps a in rs, all below
// r = len(v).
func markRareRun[T uint8 | uint16](v []T, rs []rareHeap, tab *sparseTab) {
	r := len(v)
	i := 0
	for ; i+4 <= len(rs); i += 4 {
		h0, h1, h2, h3 := rs[i], rs[i+1], rs[i+2], rs[i+3]
		tab[T(h0.g)^v[r-int(h0.a)]] = 1
		tab[T(h1.g)^v[r-int(h1.a)]] = 1
		tab[T(h2.g)^v[r-int(h2.a)]] = 1
		tab[T(h3.g)^v[r-int(h3.a)]] = 1
	}
	for _, h := range rs[i:] {
		tab[T(h.g)^v[r-int(h.a)]] = 1
	}
}

// markAll marks the values of every split: the plain method.
func markAll[T uint8 | uint16](vals []T, two []int, uneq []bool, tab *sparseTab) (steps int) {
	for i, r := range two {
		steps += splits.Mark(tab[:], 1, vals, r, uneq[i])
	}
	return steps
}

// packWord returns bits 64i … 64i+63 of the 0/1 byte table t as a word.
func packWord(t *sparseTab, i int) uint64 { return bitpack.Bits(&t[i*64]) }

// firstZeroByte returns the least v ≤ limit with t[v] == 0.
func firstZeroByte(t *sparseTab, limit int) int {
	for i := 0; i*64 <= limit; i++ {
		if m := packWord(t, i); m != ^uint64(0) {
			return min(i*64+bits.TrailingZeros64(^m), limit)
		}
	}
	return limit
}
