package sequence

import (
	"cmp"
	"math/bits"
	"slices"
	"time"
)

// The parallel sparse engine (see parallel.go for the two phases). The
// first phase of heap n runs the rare-value method (sparse.go) on the
// splits whose parts are both below lo, the start of the block: it marks
// the splits with a rare part, takes the least two values c0 < c1 of the
// enumerable class that are not yet options, and confirms the values of
// the other class below c1 among those splits (first scan, seek, last
// scan). It keeps, per heap, c1 and the exact set of options below c1 that
// do not reach into the block. The second phase adds the options that
// reach into the block: when their union has a mex below c1, that is
// G(n); otherwise (an option in the block filled both c0 and every value
// up to c1) the heap is computed by the single-core method.

// Tuning of the parallel sparse engine.
const (
	// rareParMin is the first heap computed in blocks: below it a
	// block is too short to pay for starting the workers.
	rareParMin = 1 << 12
	// rareBlockMin and rareBlockMax bound the block length; it starts
	// at rareBlockStart and adapts to keep the second phase's work a
	// small part of the first's.
	rareBlockMin   = 64
	rareBlockStart = 256
	rareBlockMax   = 1 << 14
	// rarePaceProbe is how often (in stretches) the kind of computation
	// that is slower so far is tried again.
	rarePaceProbe = 16
)

// rareBlock holds the first phase of a block of heaps [lo, end).
type rareBlock struct {
	lo, end int
	size    int      // the length of the next block
	stride  int      // words per heap in opts
	c1      []int32  // c1[n-lo]: options below it are in opts (0: heap not done)
	opts    []uint64 // opts[(n-lo)*stride:]: options of n below c1 not reaching into the block
	heap    []rareFirst
	rareLo  int      // len(rare) at lo: rare heaps from this index on are in the block
	acc     []uint64 // the second phase's scratch
	workers []*rareWorker
	steps   [2]int // work of the two phases, for choosing size

	// Pacing (see pace): the stretch being timed, from heap segLo (0:
	// none) of kind segKind (0 parallel, 1 single-core); the time per
	// heap of each kind; the number of stretches; and the end of the
	// current single-core stretch.
	segLo, segKind int
	segStart       time.Time
	rate           [2]float64
	segs           int
	seqUntil       int

	// decided and undecided count the heaps whose second phase gave the
	// value, and those left to the single-core method (tests read them).
	decided, undecided int
}

// rareFirst is what the first phase found about heap n of a block,
// besides opts: c0 (= c1-1), the least value of the enumerable class that
// no split below lo gives; whether a value of the other class below c0 is
// not given either (then the second phase marks every option reaching
// into the block); and next, the following value of the enumerable class
// that no split below lo gives, when every value of the other class
// between c0 and next is given by one (0 otherwise).
type rareFirst struct {
	next    int32
	missing bool
}

// rareWorker is the scratch of one worker of the first phase.
type rareWorker struct {
	heapMoves
	marks, needs *sparseTab
	needList     []int
	steps        int
}

// dropBlock forgets the first phase of the current block (the mask
// changed, or the values changed width).
func (e *sparseEngine) dropBlock() {
	if e.blk != nil {
		e.blk.lo, e.blk.end = 0, 0
		e.blk.segLo, e.blk.seqUntil = 0, 0
	}
}

// startRareBlock runs the first phase of a block starting at heap
// lo = len(vals) when the run is parallel and the block can pay, and
// returns its work.
func startRareBlock[T uint8 | uint16](e *sparseEngine, vals []T, target int, scan scanFunc[T]) int {
	procs := e.cfg.procs()
	lo := len(vals)
	if procs <= 1 || e.direct || !e.rareOK || lo < e.cfg.parMin(rareParMin) {
		return 0
	}
	b := e.blk
	if b == nil {
		b = &rareBlock{size: rareBlockStart}
		e.blk = b
	}
	if lo < b.seqUntil {
		return 0 // a stretch left to the single-core method
	}
	b.clock(lo)
	if b.steps[0] > 0 {
		b.tune()
	}
	end := min(lo+b.size, target, e.nextChoose, cap(vals), lo+lo/4)
	if end-lo < rareBlockMin {
		return 0
	}
	if e.cfg.parFrom == 0 && b.pace(lo, end) {
		return 0 // (tests that set parFrom run every block in parallel)
	}
	for len(b.workers) < procs {
		w := &rareWorker{marks: new(sparseTab), needs: new(sparseTab)}
		w.code, w.k0 = e.code, e.k0
		b.workers = append(b.workers, w)
	}
	b.lo, b.end = lo, end
	b.stride = e.limit/64 + 1
	b.c1 = slices.Grow(b.c1[:0], end-lo)[:end-lo]
	b.opts = slices.Grow(b.opts[:0], (end-lo)*b.stride)[:(end-lo)*b.stride]
	b.heap = slices.Grow(b.heap[:0], end-lo)[:end-lo]
	b.rareLo = len(e.rare)
	b.acc = slices.Grow(b.acc[:0], b.stride)[:b.stride]
	runParallel(procs, end-lo, func(w, i int) {
		rareFirstPhase(e, b.workers[w], vals, lo+i, scan)
	})
	steps := 0
	for _, w := range b.workers[:procs] {
		steps += w.steps
		w.steps = 0
	}
	b.steps[0] += steps
	return steps
}

// clock ends the timing of the stretch that ends at heap lo (a parallel
// block or a single-core stretch) and adds it to the rate of its kind.
func (b *rareBlock) clock(lo int) {
	if b.segLo > 0 && lo > b.segLo {
		ns := float64(time.Since(b.segStart).Nanoseconds()) / float64(lo-b.segLo)
		r := &b.rate[b.segKind]
		if *r == 0 {
			*r = ns
		} else {
			*r = (3**r + ns) / 4
		}
	}
	b.segLo = 0
}

// pace chooses how to compute the heaps [lo, end): in parallel (false)
// or with the single-core method (true, for heaps up to b.seqUntil). It
// takes the kind with the lower time per heap so far, trying the other
// kind once every rarePaceProbe stretches, so that a run never stays on
// the slower kind: on a game whose heaps cost little (such as .354) the
// second phase and the synchronisation can cost more than the first
// phase saves, and on a busy machine the workers may not get a core.
func (b *rareBlock) pace(lo, end int) bool {
	b.segs++
	kind := 0 // parallel
	if b.rate[1] > 0 && b.rate[1] < b.rate[0] {
		kind = 1
	}
	if b.segs%rarePaceProbe == 0 || (b.segs == 2 && b.rate[1] == 0) {
		kind ^= 1
	}
	b.segLo, b.segKind, b.segStart = lo, kind, time.Now()
	if kind == 1 {
		b.seqUntil = end
		return true
	}
	return false
}

// tune adapts the block length after a block: longer while the
// second phase's work is under 1/32 of the first's, shorter when it is
// over 1/16.
func (b *rareBlock) tune() {
	switch {
	case b.steps[1]*32 < b.steps[0]:
		b.size = min(2*b.size, rareBlockMax)
	case b.steps[1]*16 > b.steps[0]:
		b.size = max(b.size/2, rareBlockMin)
	}
	b.steps = [2]int{}
}

// rareFirstPhase is the first phase of heap n, on worker w, with
// vals = G(0 … lo-1).
func rareFirstPhase[T uint8 | uint16](e *sparseEngine, w *rareWorker, vals []T, n int, scan scanFunc[T]) {
	b := e.blk
	lo := b.lo
	i := n - lo
	b.c1[i] = 0
	b.heap[i] = rareFirst{}
	w.parityOK = true
	if err := w.loadMoves(e.rule, n); err != nil || w.handOff || (e.par == 1 && !w.parityOK) {
		// The single-core method meets the same moves and handles them.
		w.handOff = false
		return
	}
	tab := w.marks
	limit := e.limit
	if w.zero {
		tab[0] = 1
	}
	for _, r := range w.one {
		if r < lo {
			tab[vals[r]] = 1
		}
	}
	steps := len(w.one) + 1
	out := b.opts[i*b.stride : (i+1)*b.stride]
	c1 := b.stride * 64
	if len(w.two) > 0 {
		// The splits of r with a rare part a and the other below lo:
		// r-lo < a < r.
		for j, r := range w.two {
			k, _ := slices.BinarySearchFunc(e.rare, uint32(max(r-lo+1, 0)), func(h rareHeap, a uint32) int { return cmp.Compare(h.a, a) })
			// markRare reads G(r-a) for the rare a > r-lo only: below lo.
			steps += markRare(vals[:lo:cap(vals)], e.rare[k:], r, w.uneq[j], tab)
		}
		// The least value c0 of the enumerable class that is not an
		// option of the splits below lo: the options below c1 = c0+1
		// are known once those of the other class below c0 are
		// confirmed.
		enum := e.enum[1^(e.par&(n-e.k0)&1)]
		for k := range b.stride {
			if z := enum[k] &^ packWord(tab, k); z != 0 {
				c1 = k*64 + bits.TrailingZeros64(z) + 1
				break
			}
		}
		// The values of the other class below c0 to confirm (values of
		// limit or more are never options).
		w.needList = w.needList[:0]
		bound := min(c1-1, limit)
		for k := 0; k*64 < bound; k++ {
			z := ^packWord(tab, k) &^ enum[k]
			if bound-k*64 < 64 {
				z &= 1<<uint(bound-k*64) - 1
			}
			for ; z != 0; z &= z - 1 {
				v := k*64 + bits.TrailingZeros64(z)
				w.needList = append(w.needList, v)
				w.needs[v] = 1
			}
		}
		if cnt := len(w.needList); cnt > 0 {
			steps += confirmBelow(e, w, vals, cnt, scan)
		}
		for _, v := range w.needList {
			if w.needs[v] != 0 {
				b.heap[i].missing = true
			}
		}
		if c1-1 > limit {
			// The values from limit to c0 are no options of the splits
			// below lo.
			b.heap[i].missing = true
		}
		b.heap[i].next = int32(nextCandidate(e, w, vals, enum, c1-1, &steps, scan))
	}
	// Keep the options below c1: those marked, and those confirmed.
	nw := (c1 + 63) / 64
	for k := range nw {
		out[k] = packWord(tab, k)
	}
	for _, v := range w.needList {
		if w.needs[v] == 0 {
			out[v>>6] |= 1 << (v & 63)
		}
		w.needs[v] = 0
	}
	if c1%64 != 0 {
		out[nw-1] &= 1<<uint(c1%64) - 1
	}
	clear(tab[:limit])
	w.needList = w.needList[:0]
	b.c1[i] = int32(c1)
	w.steps += steps
}

// confirmBelow looks for the cnt values marked in w.needs among the splits
// of the sizes in w.two whose parts are both below lo = len(vals),
// clearing each one it finds, and returns the work done. It scans in the
// order of confirm, which it follows: first the smaller parts a whose
// partner may reach into the block (a ≤ r-lo), skipping those that do,
// then the single-core scans from a = top-lo+1 on, where no partner does.
func confirmBelow[T uint8 | uint16](e *sparseEngine, w *rareWorker, vals []T, cnt int, scan scanFunc[T]) int {
	lo := len(vals)
	top := w.two[0]
	steps := 0
	// For a ≤ rmin-lo every partner reaches into the block.
	for a := max(1, w.two[len(w.two)-1]-lo+1); a <= min(top-lo, top/2) && cnt > 0; a++ {
		ga := vals[a]
		for j, r := range w.two {
			p := r - a
			if p < a || (p == a && w.uneq[j]) {
				break
			}
			steps++
			if p >= lo {
				continue
			}
			if x := ga ^ vals[p]; w.needs[x] != 0 {
				w.needs[x] = 0
				cnt--
			}
		}
	}
	if cnt == 0 {
		return steps
	}
	a0 := max(1, top-lo+1)
	left, next, st := scan(vals, w.two, w.uneq, w.needs, w.needList, cnt, a0, a0+sparseFirstScan)
	steps += st
	left, st = seekMissing(vals, w.two, w.uneq, w.needs, w.needList, left, e.top, e.pos, lo)
	steps += st
	if left > 0 {
		_, _, st = scan(vals, w.two, w.uneq, w.needs, w.needList, left, next, top)
		steps += st
	}
	return steps
}

// nextCandidate returns the least value c of the enumerable class above
// c0 that no split below lo gives, when a short search (the first scan
// and seek, not the whole scan) finds every value of the other class
// between c0 and c among those splits; else 0. It runs after the needs of
// c0 are confirmed, with tab still holding the marked options.
func nextCandidate[T uint8 | uint16](e *sparseEngine, w *rareWorker, vals []T, enum []uint64, c0 int, steps *int, scan scanFunc[T]) int {
	b := e.blk
	lo := b.lo
	tab := w.marks
	c := 0
	for v := c0 + 1; v < e.limit; v++ {
		if enum[v>>6]&(1<<(v&63)) != 0 && tab[v] == 0 {
			c = v
			break
		}
	}
	if c == 0 {
		return 0
	}
	list := w.needList[len(w.needList):]
	for v := c0 + 1; v < c; v++ {
		if enum[v>>6]&(1<<(v&63)) == 0 && tab[v] == 0 {
			list = append(list, v)
			w.needs[v] = 1
		}
	}
	left := len(list)
	if left > 0 {
		top := w.two[0]
		a0 := max(1, top-lo+1)
		var st int
		left, _, st = scan(vals, w.two, w.uneq, w.needs, list, left, a0, a0+sparseFirstScan)
		*steps += st
		for _, v := range list {
			if left == 0 || left > sparseSeekMax {
				break
			}
			if w.needs[v] == 0 {
				continue
			}
			ok, st := seek(vals, w.two, w.uneq, v, e.top, e.pos, sparseSeekBudget, lo)
			*steps += st
			if ok {
				w.needs[v] = 0
				left--
			}
		}
		for _, v := range list {
			w.needs[v] = 0
		}
	}
	if left > 0 {
		return 0
	}
	return c
}

// givenInBlock reports whether a move of heap n reaching into the block
// [lo, n) gives the value v of n's enumerable class: a move leaving one
// heap of lo or more, or a split with exactly one rare part and a part of
// lo or more (only those give values of the enumerable class). The rare
// part is then a small one (a ≤ r-lo, among the first rare heaps) or one
// in the block (rare[rareLo:]). It needs lo > r/2 for every split size r.
func givenInBlock[T uint8 | uint16](e *sparseEngine, vals []T, lo, rareLo, v int) (bool, int) {
	steps := 0
	for _, r := range e.one {
		if r >= lo && int(vals[r]) == v {
			return true, steps
		}
	}
	for j, r := range e.two {
		for _, h := range e.rare[:rareLo] {
			a := int(h.a)
			if a > r-lo {
				break
			}
			steps++
			if int(T(h.g)^vals[r-a]) == v {
				return true, steps
			}
		}
		for _, h := range e.rare[rareLo:] {
			bb := int(h.a)
			if bb >= r {
				break
			}
			steps++
			if a := r - bb; (a != bb || !e.uneq[j]) && int(T(h.g)^vals[a]) == v {
				return true, steps
			}
		}
	}
	return false, steps
}

// finishRareHeap is the second phase of heap n, with vals = G(0 … n-1) and
// n's moves loaded in e: it returns G(n) and true when the block's first
// phase and the options reaching into the block decide it.
func finishRareHeap[T uint8 | uint16](e *sparseEngine, vals []T, n int) (g, steps int, ok bool) {
	b := e.blk
	if b == nil || n < b.lo || n >= b.end {
		return 0, 0, false
	}
	i := n - b.lo
	c1 := int(b.c1[i])
	if c1 == 0 {
		return 0, 0, false
	}
	lo := b.lo
	if h := b.heap[i]; !h.missing && len(e.two) > 0 {
		// Every option below c0 is given by a split below lo: G(n) is
		// c0 unless a move reaching into the block gives it, then next
		// unless one gives that too.
		c0 := c1 - 1
		in, st := givenInBlock(e, vals, lo, b.rareLo, c0)
		steps += st
		if !in {
			b.decided++
			b.steps[1] += steps
			return c0, steps, true
		}
		if h.next > 0 {
			in, st := givenInBlock(e, vals, lo, b.rareLo, int(h.next))
			steps += st
			if !in {
				b.decided++
				b.steps[1] += steps
				return int(h.next), steps, true
			}
		}
		b.undecided++
		b.steps[1] += steps
		return 0, steps, false
	}
	acc := b.acc
	copy(acc, b.opts[i*b.stride:(i+1)*b.stride])
	for _, r := range e.one {
		if r >= lo {
			if v := int(vals[r]); v < c1 {
				acc[v>>6] |= 1 << (v & 63)
			}
		}
	}
	for j, r := range e.two {
		hi := min(r-lo, r/2)
		if hi >= 1 && 2*hi == r && e.uneq[j] {
			hi--
		}
		for a := 1; a <= hi; a++ {
			if v := int(vals[a] ^ vals[r-a]); v < c1 {
				acc[v>>6] |= 1 << (v & 63)
			}
		}
		steps += max(hi, 0)
	}
	b.steps[1] += steps
	for k := 0; k*64 < c1; k++ {
		if z := ^acc[k]; z != 0 {
			if v := k*64 + bits.TrailingZeros64(z); v < c1 {
				b.decided++
				return v, steps, true
			}
			break
		}
	}
	b.undecided++
	return 0, steps, false
}
