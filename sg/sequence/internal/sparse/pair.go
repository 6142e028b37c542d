package sparse

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// Two processors on cheap heaps: the pair mode of the sparse engine.
//
// A heap game reads the value of heap n-1 in heap n only through the
// moves that take one token and leave the rest, of value G(n-1), and, in
// a game that may split a heap without removing a token (Grundy's game,
// codes 4.…), the split into 1 and n-1, of value G(1) ^ G(n-1); every
// other split has parts of at most n-2. These options have one value
// unless a heap has both kinds and G(1) ≠ 0: the pair mode leaves such a
// heap to one core. So two goroutines can take
// the heaps in turn, one heap each: each computes its heap n from the
// values below n-1 as the single-core engine does (the splits with a rare
// part, the candidate, the confirmation of the values of the other
// class), leaving out that one option (pairPending), while the other
// goroutine finishes heap n-1. Only then does it need G(n-1), and the mex
// of the options with it is the value g found without it unless the
// option's value is g, when it is the next value missing: among the
// values of the other class that the confirmation found missing (it
// scanned every split for them), or, when g was the candidate, the next
// candidate of the enumerable class after the values of the other class
// between them are confirmed (pairNext; on .354 for about a third of the
// heaps, on Grundy's game for one heap in a thousand).
//
// What crosses between the processors is one word a heap: the number of
// heaps finished and the value of the last, which the other goroutine
// waits for. Everything else a heap reads is its goroutine's own: its
// scratch, its copy of the rare heaps and of the positions of values
// (fixed while the pair mode runs, as in the pipeline), and its copy of
// the values, since a heap reads the values just below it in almost
// every split, and a cache line written by both processors in turn would
// go back and forth at nearly every heap.
// The second goroutine keeps a copy of the values (pairMirror, a byte or
// two a heap); the first, whose heap starts the run, writes the
// sequence's own storage. Cache lines written at every heap are padded
// apart. (Builds without the copy or the padding were no faster than one
// core, but were measured before the hand-over time was known to change
// with the machine, see below: what each is worth is not established.)
//
// The heaps are published in order, each after its predecessor, so the
// values and the rare heaps are those of the single-core engine; the
// histogram, the positions of values and the sequence's length are
// brought up to date every few million steps (when the first goroutine
// polls the context and reports progress) and when the pair mode stops.
//
// The pair mode runs where the pipeline of par.go does not pay:
// on heaps its probe found cheap (pipeMinSteps), with two workers or more.
// It then uses two. On codes such as .354, whose heaps are mostly the
// marking of splits with a large rare part, runPair runs the marker mode
// of mark.go instead (two goroutines too, one marking ahead what
// the other needs, with no hand-over at each heap: .354 to its
// certificate 1.8–2.1× on two processors where the pair mode gave
// 1.2–1.5× in the same hour). On costly heaps (Grundy's game), runPair
// runs the ring mode of ring.go instead, with the same trials
// against the pipeline; the pair mode runs there only where the ring mode
// is turned off (Knobs.Ring, in tests and benchmarks), and is then about
// even with the pipeline (Grundy's game to 2^22 on this project's 2-core
// VM, hand-overs of about 30 ns, pair mode forced against pipeline
// alone, three alternating runs: 5.9–6.3 s against 5.5–6.1 s).
//
// The pair mode stops, and leaves the heap to the single-core loop, where
// that loop would change what the heaps read: a new mask (at the next
// choice), a value at or past the bound of the bitsets, full storage for
// the rare heaps, a move it cannot use, a heap with no split or whose
// options that hold heap n-1 differ in value (see pairPending), and
// pairMaxHeaps; and at the end, on a cancelled context or an error of
// the progress poll. On .354 it computes a heap in about 220 ns of wall
// time against 340 ns on one core (1.2–1.5× on two processors: a heap's
// own work, ~300 ns, stays the bound, and heaps of unequal cost make the
// faster goroutine wait), when a cache line goes from one processor to
// the other in a few dozen nanoseconds (BenchmarkPairHandoff), and still
// 1.4× with hand-overs of about 110 ns. Where a hand-over takes as long
// as a heap (on the virtual machine of this project's figures, at times:
// 190–270 ns, as the hypervisor placed its processors), or on a machine
// whose processors share less (a 16-core Xeon, at 88 ns: 1.26× slower),
// the pair mode is no faster than one core. So each of its runs starts by
// timing hand-overs (pairHandoffFast), and where they are not too slow,
// the pair mode against the loop that runs otherwise (one core, or the
// pipeline) on a few thousand heaps each (runPair); it runs only where it
// won.

// pairMinRun is the fewest heaps for which the pair mode starts.
const pairMinRun = 256

// pairMaxHeaps bounds the heaps the pair mode computes: its copy of the
// values (a byte or two a heap) stays within 64 MiB of values, so that
// the longest runs keep the memory they had (.1777's certification, 443
// million values, is measured at 846 MB) and go on on one core past it.
const pairMaxHeaps = 1 << 26

// pairSpin is the number of looks at the other goroutine's progress
// between two yields of the processor, and pairSpinLong between two naps
// of pairNap: a heap takes a few hundred nanoseconds, so a wait of many
// thousand looks means the other goroutine is not running.
const (
	pairSpin     = 64
	pairSpinLong = 1 << 16
	pairNap      = 20 * time.Microsecond
)

// pairState is what the two goroutines of the pair mode share.
type pairState struct {
	_ [64]byte // (last's cache line holds nothing else)

	// last is the number of heaps finished, times 2^32, plus the value of
	// the last of them: the one word a goroutine waits for. rareN is the
	// number of rare heaps listed in rare (stored before last). stopAt is
	// the first heap the pair mode does not finish; it only decreases.
	last   paddedInt64
	rareN  paddedInt64
	stopAt paddedInt64
	rare   []rareHeap // the engine's rare heaps, with room to grow

	// counted is the number of heaps counted in the engine and held in
	// the sequence: the first goroutine catches up when it
	// polls, and runPair at the end.
	counted int
	err     error
}

// lowerStop makes n the first heap not finished, unless an earlier one is.
func (p *pairState) lowerStop(n int) {
	for {
		s := p.stopAt.Load()
		if s <= int64(n) || p.stopAt.CompareAndSwap(s, int64(n)) {
			return
		}
	}
}

// waitPrev waits until heap n-1 is finished and returns its value, or
// false when heap n is not to be finished.
func (p *pairState) waitPrev(n int) (int, bool) {
	for i := 0; ; i++ {
		if v := p.last.Load(); v>>32 >= int64(n) {
			return int(uint32(v)), true
		}
		if p.stopAt.Load() <= int64(n) {
			return 0, false
		}
		switch {
		case i%pairSpinLong == pairSpinLong-1:
			// The other goroutine is long in coming (its processor
			// taken by another program, say): give this one up a while.
			time.Sleep(pairNap)
		case i%pairSpin == pairSpin-1:
			runtime.Gosched()
		}
	}
}

// pairWorker is one goroutine's copy of the engine: its own scratch and
// moves, and a snapshot of what the heaps read (the mask, the rare heaps,
// the heaps of each value for seek), fixed while the pair mode runs.
type pairWorker struct {
	_ [64]byte // (the two workers write their fields at every heap: no
	// cache line of one holds fields of the other)
	Engine
	cand  int         // the candidate of the current heap (see pairValue)
	redo  int         // the heaps the ring mode computed again (ring.go)
	taken int         // and the heaps it took over from another goroutine
	pend  []ringSplit // the ring mode's options left out of the current heap
	extra []int       // the values of the other class confirmed for the next candidate
	steps int         // the inner-loop steps of its heaps
	_     [64]byte
}

// newPairWorker returns a goroutine's copy of e for the pair mode or the
// ring mode: e's state, with scratch and moves of its own.
func newPairWorker(e *Engine) *pairWorker {
	w := &pairWorker{Engine: *e}
	// The scratch slices written at every heap have their own cache
	// lines (64 bytes or more each): small ones of the two goroutines
	// could otherwise share a line, or a 16-byte block of Go's tiny
	// allocator, and hand it back and forth at every heap.
	w.Heap = moves.Heap{Code: e.Code, K0: e.K0,
		One: make([]int, 0, 8), Two: make([]int, 0, 8), Uneq: make([]bool, 0, 64)}
	w.confirmState = confirmState{mark: make([]uint64, len(e.mark), max(len(e.mark), 8)),
		needList: make([]int, 0, 64), marks: new(sparseTab), needs: new(sparseTab)}
	w.extra = make([]int, 0, 8)
	w.pos = append([][]uint32(nil), e.pos...)
	w.pipe = nil
	w.batch = rareBatch{} // (the engine's tables stay its own)
	return w
}

// pairTakes reports whether the pair mode takes heap n with the moves m,
// where G(1) = g1: see pairPending.
func pairTakes(m *moves.Heap, n, g1 int) bool {
	if len(m.Two) == 0 {
		return false
	}
	if m.Two[0] == n {
		return n >= 5 && (g1 == 0 || !slices.Contains(m.One, n-1))
	}
	return true
}

// pairRun runs the pair mode from s.Len() until heap end at most, and
// returns the number of heaps then held in s and the inner-loop steps the
// pair mode took.
func pairRun[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, end int, get func(*store.Seq) []T, scan scanFunc[T]) (int, int, error) {
	vals := get(s)
	n0 := len(vals)
	// Room for the rare heaps found meanwhile.
	e.rare = slices.Grow(e.rare, max(1024, len(e.rare)))
	p := &pairState{rare: e.rare[:cap(e.rare)], counted: n0}
	p.last.Store(int64(n0)<<32 | int64(vals[n0-1]))
	p.rareN.Store(int64(len(e.rare)))
	p.stopAt.Store(int64(end))
	all := vals[:cap(vals)]
	mirror := pairMirror(e, all, n0)
	ws := [2]*pairWorker{newPairWorker(e), newPairWorker(e)}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		pairLoop(ctx, e, s, p, ws[1], mirror, n0+1, scan)
	}()
	pairLoop(ctx, e, s, p, ws[0], all, n0, scan)
	wg.Wait()
	v := p.last.Load()
	done := int(v >> 32)
	all[done-1] = T(uint32(v)) // (when the second goroutine finished last)
	pairEnd(e, s, p, all, n0, done, end)
	return done, ws[0].steps + ws[1].steps, p.err
}

// pairEnd ends a run of the pair mode, the ring mode or the marker mode
// from heap n0 (to end at most) that finished the heaps below done: it
// brings the engine's counts and s up to them and counts them in
// e.pairHeaps. A run stopped at once (a rule known by its moves may give
// a heap moves the mode cannot use, see pairPending; or a stop that the
// single-core loop's next heap lifts, at a small cost) asks again after
// a few heaps, not at the next.
func pairEnd[T uint8 | uint16](e *Engine, s *store.Seq, p *pairState, all []T, n0, done, end int) {
	pairCatchUp(e, s, p, all, done)
	e.pairHeaps += done - n0
	if done-n0 < pairMinRun && done < end {
		e.pairRetry = done + pairMinRun
	}
}

// pairPoll is the modes' poll, on the goroutine that called Values or
// Period, once enough work is done (as the single-core loop polls every
// sparsePollWork steps): it brings the engine's counts and s up to the n
// heaps finished, reports progress, saves checkpoints and looks at the
// context. On an error it keeps it in p, stops the mode at heap n and
// reports false.
func pairPoll[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, p *pairState, all []T, n int) bool {
	pairCatchUp(e, s, p, all, n)
	if err := e.rs.Poll(ctx, s, len(e.rare), e.progressMask()); err != nil {
		p.err = err
		p.lowerStop(n)
		return false
	}
	return true
}

// pairMirror returns the second goroutine's copy of the values, of
// the length of all, holding G(0 … n-1). Each goroutine reads and writes
// only its own array (the first the sequence's): heaps read the values
// just below them in almost every split, and where the two shared one
// array, the cache line holding them went from one processor to the other
// at nearly every heap (in a profile, the heaps' own work took about
// twice as long). The copy is kept from one run of the pair mode to the
// next, and costs a byte (two bytes for values of 256 and more) per heap.
func pairMirror[T uint8 | uint16](e *Engine, all []T, n int) []T {
	var m *[]T
	switch p := any(&e.mirror8).(type) {
	case *[]T:
		m = p
	default:
		m = any(&e.mirror16).(*[]T)
	}
	if size := min(len(all), pairMaxHeaps); cap(*m) < size {
		*m = append(make([]T, 0, size), (*m)...)
	}
	k := min(len(*m), n) // (reset empties it when the sequence is another)
	*m = append((*m)[:k], all[k:n]...)
	return (*m)[:cap(*m)]
}

// pairCatchUp counts the heaps finished below n in the engine, as the
// single-core loop does heap by heap, and makes them part of s.
func pairCatchUp[T uint8 | uint16](e *Engine, s *store.Seq, p *pairState, all []T, n int) {
	top := 0
	for i := p.counted; i < n; i++ {
		g := int(all[i])
		e.count(i, g)
		top = max(top, g)
	}
	s.Adopt(n, sg.Nimber(top))
	// (The marker mode's finisher may have listed rare heaps past n, on
	// guesses not yet checked.)
	rare := p.rare[:p.rareN.Load()]
	for len(rare) > 0 && int(rare[len(rare)-1].a) >= n {
		rare = rare[:len(rare)-1]
	}
	e.rare = rare
	e.done = n
	p.counted = n
}

// pairLoop computes the heaps n, n+2, n+4, … of the pair mode on worker w
// until it stops. The heaps below n-1 are known when it starts each:
// this goroutine finished n-2 after the other finished n-3.
func pairLoop[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, p *pairState, w *pairWorker, all []T, n int, scan scanFunc[T]) {
	poller := n == p.counted // the goroutine of the first heap polls
	work := 0
	for ; int64(n) < p.stopAt.Load(); n += 2 {
		w.ParityOK = true
		if err := w.Load(e.rule, n); err != nil || w.HandOff || (w.par == 1 && !w.ParityOK) {
			// The single-core loop meets the same moves and handles them.
			w.HandOff = false
			p.lowerStop(n)
			return
		}
		// Leave out the option that holds heap n-1, whose value x is not
		// known yet: x itself, or x ^ G(1) (see pairPending).
		hasX, xor, known, ok := pairPending(w, all, n)
		if !ok {
			p.lowerStop(n)
			return
		}
		w.rare = p.rare[:p.rareN.Load()]
		g, steps := pairValue(w, all[:known], n, scan)
		x, ok := p.waitPrev(n)
		if !ok {
			pairClear(w)
			return
		}
		all[n-1] = T(x) // this goroutine's copy of the other's value (over the stand-in, if any)
		if hasX && x^xor == g {
			// (About a third of .354's heaps. Finding this value while
			// waiting for G(n-1), before knowing it is needed, was no
			// faster: 488–520 ms for 2^21 heaps against 493–545 ms.)
			var st int
			g, st = pairNext(w, all[:known], n, g, 1, n-1, scan)
			steps += st
		}
		pairClear(w)
		if !pairPublish(p, w, all, n, g) {
			return
		}
		w.steps += steps + 8
		if work += steps + 8; poller && work >= sparsePollWork/2 {
			work = 0
			pairPoll(ctx, e, s, p, all, n+1)
		}
		p.last.Store(int64(n+1)<<32 | int64(g))
	}
}

// pairPublish makes g the value of heap n in all, and adds n to the rare
// heaps where it is one, unless g does not fit the bitsets (or the
// storage) or the rare heaps have no room: then the single-core loop
// takes heap n, and pairPublish lowers the stop to n and reports false.
// The pair mode and the ring mode (ring.go) call it for each heap
// in order.
func pairPublish[T uint8 | uint16](p *pairState, w *pairWorker, all []T, n, g int) bool {
	rare := w.isRare(n, g)
	if g >= w.limit || rare && p.rareN.Load() == int64(len(p.rare)) {
		p.lowerStop(n)
		return false
	}
	all[n] = T(g)
	if rare {
		k := p.rareN.Load()
		p.rare[k] = rareHeap{a: uint32(n), g: uint32(g)}
		p.rareN.Store(k + 1)
	}
	return true
}

// pairPending takes the options of heap n that hold heap n-1 out of w's
// moves, and reports whether there are any (hasX) and their value, x ^ xor
// for x = G(n-1), and how many values the heap reads (known: all[:known]).
// There are two kinds of such options: the moves that take one token and
// leave the rest (taken out of w.One), and the split of the whole heap
// into 1 and n-1 (Grundy's game, and codes whose digit for removing
// nothing splits), which stays among the splits the loops read: there
// pairPending writes into all[n-1] a stand-in for G(n-1), G(1) ^ G(2) ^
// G(n-2), which makes that split a copy of the split into 2 and n-2, an
// option too (distinct from it, and allowed where the parts must differ,
// from n = 5 on), so the mex of the options is that of the others; known
// is then n. It returns false (the single-core loop takes the heap) for a
// heap it does not handle: one with no split (its value is not the
// rare-heap method's: heapValue takes it whole), one with both kinds
// where G(1) ≠ 0 (two values pending), and the split of a heap under 5.
func pairPending[T uint8 | uint16](w *pairWorker, all []T, n int) (hasX bool, xor, known int, ok bool) {
	if !pairTakes(&w.Heap, n, int(all[1])) {
		return false, 0, 0, false
	}
	known = n - 1
	k := 0
	for _, r := range w.One { // (a rule may list a heap left twice)
		if r == n-1 {
			hasX = true
		} else {
			w.One[k] = r
			k++
		}
	}
	w.One = w.One[:k]
	if w.Two[0] != n {
		return hasX, 0, known, true
	}
	all[n-1] = all[1] ^ all[2] ^ all[n-2]
	return true, int(all[1]), n, true
}

// pairValue is heapValue without the option that holds heap n-1 (see
// pairPending), on vals = G(0 … n-2) (and the stand-in for G(n-1) where a
// split holds it): the mex g of the others. It leaves the marks and the
// confirmation's results in w for pairNext; pairClear clears them.
func pairValue[T uint8 | uint16](w *pairWorker, vals []T, n int, scan scanFunc[T]) (g, steps int) {
	tab := w.marks
	if w.Zero {
		tab[0] = 1
	}
	for _, r := range w.One {
		tab[vals[r]] = 1
	}
	steps = markRareMoves(&w.Heap, vals, w.rare, n, tab)
	c, cnt := w.candidate(n)
	w.cand = c
	if cnt == 0 {
		return c, steps
	}
	missing, st := confirmNeeds(vals, w.Two, w.Uneq, w.needs, w.needList, cnt, w.top, w.pos, 1, n-1, scan)
	if missing >= 0 {
		return missing, steps + st
	}
	return c, steps + st
}

// pairNext returns the value of heap n when the options that hold heap
// n-1 (see pairPending) have the value g, the mex of the other options
// that pairValue found, with w as pairValue left it and vals[n-1] now the
// real G(n-1) where vals reaches it: the next value of the other class
// below the candidate that the confirmation found missing, or, when g is
// the candidate, the least value missing above it. The splits it reads
// have a smaller part of a0 or more and parts below bound: 1 and n-1 in
// the pair mode; the ring mode (ring.go) passes its own.
func pairNext[T uint8 | uint16](w *pairWorker, vals []T, n, g, a0, bound int, scan scanFunc[T]) (int, int) {
	if g < w.cand {
		for _, v := range w.needList {
			if v > g && w.needs[v] != 0 {
				return v, 0 // missing after a scan of every split
			}
		}
		return w.cand, 0
	}
	// g is the candidate, the least value of the enumerable class that is
	// no option; the next is the least above it, unless a value of the
	// other class between them is no option either.
	enum := w.enum[1^(w.par&(n-w.K0)&1)]
	tab := w.marks
	c := w.limit
	for v := g + 1; v < w.limit; v++ {
		if enum[v>>6]&(1<<(v&63)) != 0 && tab[v] == 0 {
			c = v
			break
		}
	}
	w.extra = w.extra[:0]
	for v := g + 1; v < c; v++ {
		if enum[v>>6]&(1<<(v&63)) == 0 && tab[v] == 0 {
			w.extra = append(w.extra, v)
			w.needs[v] = 1
		}
	}
	if len(w.extra) == 0 {
		return c, 0
	}
	missing, steps := confirmNeeds(vals, w.Two, w.Uneq, w.needs, w.extra, len(w.extra), w.top, w.pos, a0, bound, scan)
	if missing >= 0 {
		return missing, steps
	}
	return c, steps
}

// pairClear zeroes w's marks and needs after a heap.
func pairClear(w *pairWorker) {
	clear(w.marks[:w.limit])
	for _, v := range w.needList {
		w.needs[v] = 0
	}
	for _, v := range w.extra {
		w.needs[v] = 0
	}
	w.needList, w.extra = w.needList[:0], w.extra[:0]
}
