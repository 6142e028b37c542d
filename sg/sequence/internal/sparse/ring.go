package sparse

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// Many processors on costly heaps: the ring mode of the sparse engine.
//
// k goroutines, each with its own copy of the engine's scratch, claim
// heaps in order from a shared counter: whichever is free takes the next
// heap m. The heaps below done (those finished) are known; the heaps
// between done and m are in the hands of the other goroutines. Heap m
// reads those only in a few options: the moves that leave one heap
// r ≥ done, and the splits of r tokens into a + (r-a) whose larger part
// is done or more (so the smaller part is at most m-done). The goroutine
// computes the mex g of the other options with the single-core engine's
// method (the splits with a rare part, the candidate, the confirmation of
// the values of the other class) on the splits whose smaller part is a0
// or more, a0 chosen so that they read only values in cache lines below
// the one that holds heap done (ringLine: a line that other processors
// are writing is transferred at each read); the known splits with a
// smaller part below a0 are marked first, from the values themselves
// (ringPending). It leaves g, and the options it left out, in the heap's
// slot.
//
// Heaps are finished in order, by whichever goroutine finds the next
// slot ready while no other is finishing (ringFinish: a lock taken with
// one compare-and-swap, and looked at again after it is let go, so that
// no ready slot is left behind): G(d) is the slot's g unless an option
// left out has the value g; then it is the slot's g2, the next value
// missing (pairNext), where the finisher asks for it because such clashes
// are frequent (wantNext; .354 and other codes with a move that takes one
// token), and otherwise the finisher computes the heap again, whole, with
// the single-core method (on Grundy's game, 0.1 % of the heaps with two
// goroutines, about 1 % with 16). The values, the rare heaps and the
// counts are those of the single-core engine.
//
// Nothing waits long for a given goroutine: a goroutine slow on its heap
// holds back only the finishing, and the others go on claiming heaps
// until ringSlots heaps are claimed and not finished. A goroutine that
// then waits takes the first heap not finished over after takeoverAfter
// looks (about 10 µs; ringFinish with take): it computes the heap whole,
// and the heap's goroutine, when it comes back to it, drops its work. A
// slot's state word (slotWord) says whose the slot is: the heap's
// goroutine fills the slot only after moving the word from claimed to
// writing, and the takeover moves it from claimed (or from the slot's
// previous heap, before its goroutine came to it) to taken, so exactly one
// of the two finishes the heap. Waits that long come mostly from a
// processor taken away from the goroutine (on this project's 2-core VM,
// about 400 times a second, mostly for 20–100 µs; far more often on a
// machine shared with other work). With a program beside it that takes
// 1 ms of processor time every 5 ms, Grundy's game to 2^22 on two
// goroutines took a median of 6.13 s with takeovers against 7.94 s
// without (four alternating rounds each); on the VM alone, no slower. A
// waiting goroutine yields its processor only after many looks when the
// goroutines fit the processors: on a 16-core Xeon, yielding after 64
// looks as the pair mode does made every goroutine queue on the
// scheduler's lock (Grundy's game to 2^22 took 80 s instead of 3).
//
// Unlike the pipeline (par.go), whose finisher does a good part of
// each heap's work (about 720 ns a heap of Grundy's game on that Xeon, the
// bound of its speed), the finishing here costs a few comparisons a heap;
// and unlike the pair mode, heaps are not given to goroutines in turn, so
// that heaps of unequal cost do not make the others wait. It is used with
// as many goroutines as workers where the pipeline would be (heaps costly
// enough: Grundy's game), timed against it as the pair mode is against
// the loop it replaces (runPair), so that the faster runs. On cheap heaps
// it gains little (BenchmarkRing/354-2^21: on this project's 2-core VM,
// .354 to 2^21 took 0.70–0.87 s on two goroutines against 0.71–0.98 s on
// one and the pair mode's 0.48–0.57 s), the claims, slots and lock costing
// about as much as the heap; the pair mode keeps those.
//
// Figures. On this project's 2-core VM, Grundy's game to 2^20 on two
// goroutines: 1.34, 1.34 and 1.56 s in three rounds, against 1.49, 1.43
// and 1.65 s for the pipeline alone and 2.68, 2.55 and 2.46 s on one
// core (1.9–2.0× in the first two). On a lent 16-core Xeon (2026-11-28), only
// an earlier build was timed, in which goroutine i took heaps i, i+k, …
// and finished each itself after the previous one: Grundy's game to 2^22
// in 5.5, 3.7 and 3.1 s on 4, 8 and 16 goroutines, against the
// pipeline's 5.8 s (4), 4.2 s (6) and 2.5 s (16) and 18.3 s on one core,
// with 58 % of the CPU waiting for the previous heap at 16.

// ringMaxWorkers bounds the goroutines of the ring mode.
const ringMaxWorkers = 256

// ringState is what the goroutines of the ring mode share: the pair
// mode's rare heaps, stop and counts; the next heap to claim, the heaps
// finished and the lock of the goroutine finishing them, each on a cache
// line of its own; and the slots of the heaps claimed.
type ringState struct {
	pairState
	next     paddedInt64 // the next heap to claim
	done     paddedInt64 // the heaps finished: G(… done-1) are known
	lock     paddedInt64 // 1 while a goroutine finishes heaps (ringFinish)
	slots    []ringSlot  // heap m's is slots[m%len(slots)]
	spin     int         // looks between two yields of the processor
	takeover int         // looks before a waiting goroutine takes over the first heap not finished
	_        [64]byte    // (the claimers read the fields above at every heap)

	// wantNext asks for g2 in the slots: the finisher sets it while the
	// options left out often have the value g (ringWant).
	wantNext atomic.Bool
	_        [63]byte

	// What only the finisher writes, on lines of their own.
	work        int // inner-loop steps since the last poll
	seen, clash int // heaps finished, and those whose options left out had the value g
	_           [64]byte
}

// Tuning of wantNext: over each ringWantEvery heaps finished, the
// finisher asks for g2 when more than one heap in ringWantOn had an
// option left out of value g, and stops asking below one in ringWantOff.
// On .354 a third of the heaps do (the move that takes one token, as in
// the pair mode); on Grundy's game about one in a thousand with two
// goroutines, one in a hundred with 16.
const (
	ringWantEvery = 1024
	ringWantOn    = 20
	ringWantOff   = 50
)

// ringWant counts a heap finished, clashed when an option left out had
// the slot's g, and every ringWantEvery heaps sets wantNext.
func (p *ringState) ringWant(clashed bool) {
	p.seen++
	if clashed {
		p.clash++
	}
	if p.seen == ringWantEvery {
		if want := p.wantNext.Load(); !want && p.clash*ringWantOn > p.seen {
			p.wantNext.Store(true)
		} else if want && p.clash*ringWantOff < p.seen {
			p.wantNext.Store(false)
		}
		p.seen, p.clash = 0, 0
	}
}

// ringSlot holds a heap claimed, once its goroutine has computed the mex
// of the options it could read. Its state is slotWord(m, phase) for heap
// m, the phase one of ringClaimed, ringWriting, ringReady and ringTaken.
type ringSlot struct {
	state atomic.Int64
	g     int         // the mex of the options not left out
	g2    int         // the next value missing after g, or -1 (see wantNext)
	steps int         // the inner-loop steps it took
	pend  []ringSplit // the options left out
	_     [8]byte
}

// The phases of a slot's heap: claimed (its goroutine computes it),
// writing (the goroutine fills the slot), ready (the slot holds the heap's
// result), taken (another goroutine took the heap over: its goroutine
// leaves the slot alone).
const (
	ringClaimed = iota
	ringWriting
	ringReady
	ringTaken
)

// slotWord returns the state of a slot that holds heap m in the phase.
func slotWord(m, phase int) int64 { return 4*int64(m+1) + int64(phase) }

// waitDone waits until fewer than the slots' number of heaps lie between
// the heaps finished and heap m, so that m's slot is free, and reports
// false when heap m is not to be finished. Every p.takeover looks it calls
// take, which may take over the first heap not finished.
func (p *ringState) waitDone(m int, take func()) bool {
	for i := 0; int64(m-len(p.slots)) >= p.done.Load(); i++ {
		if p.stopAt.Load() <= int64(m) {
			return false
		}
		switch {
		case i%pairSpinLong == pairSpinLong-1:
			time.Sleep(pairNap)
		case i%p.spin == p.spin-1:
			runtime.Gosched()
		case i%p.takeover == p.takeover-1:
			take()
		}
	}
	return true
}

// ringSplit is an option of a heap that the ring mode leaves out until
// the heaps before it are known: the split into a and b, or, with a = 0,
// the move that leaves b (G(0) = 0).
type ringSplit struct{ a, b int32 }

// ringMode reports whether the engine's parallel runs use the ring mode
// rather than the pair mode: with two workers or more on heaps costly
// enough for the pipeline, or where a test asks for it.
func (e *Engine) ringMode() bool {
	switch {
	case e.rs.Knobs.Ring < 0:
		return false
	case e.rs.Knobs.Ring > 0:
		return e.procs >= 2
	}
	return e.procs >= 2 && e.probed && e.pipeWorth
}

// ringTakes reports whether the ring mode takes heap n with the moves
// the engine holds, with k goroutines: a heap that splits, large enough
// that the splits whose smaller part is below a0 (at most the slots'
// number of heaps and a cache line's more, see ringLoop) are few among
// its splits.
func ringTakes(m *moves.Heap, n, k int) bool {
	return len(m.Two) > 0 && n >= 4*(ringSlots(k)+64)
}

// ringSlots returns the number of slots of a ring of k goroutines: the
// most heaps claimed and not finished.
func ringSlots(k int) int { return 4 * k }

// ringLine returns the heaps whose values lie in the cache lines of all
// below the one that holds heap bound: the lines no goroutine writes any
// more once heap bound-1 is known. Heaps read values from there only
// (and the few above from ringPending): reading a line that another
// processor is writing costs a transfer of the line each time.
func ringLine[T uint8 | uint16](all []T, bound int) int {
	size := int(unsafe.Sizeof(all[0]))
	off := int(uintptr(unsafe.Pointer(unsafe.SliceData(all))) % 64)
	end := (off + bound*size) &^ 63
	return max((end-off)/size, 0)
}

// ringWorkers returns the number of goroutines of the engine's ring mode.
func (e *Engine) ringWorkers() int { return min(e.procs, ringMaxWorkers) }

// ringRun runs the ring mode from s.Len() until heap end at most, and
// returns the number of heaps then held in s and the inner-loop steps the
// ring mode took.
func ringRun[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, end int, get func(*store.Seq) []T, scan scanFunc[T]) (int, int, error) {
	vals := get(s)
	n0 := len(vals)
	k := e.ringWorkers()
	e.rare = slices.Grow(e.rare, max(1024, len(e.rare)))
	p := &ringState{pairState: pairState{rare: e.rare[:cap(e.rare)], counted: n0}, slots: make([]ringSlot, ringSlots(k))}
	p.rareN.Store(int64(len(e.rare)))
	p.stopAt.Store(int64(end))
	p.next.Store(int64(n0))
	p.done.Store(int64(n0))
	p.wantNext.Store(e.ringWant)
	p.spin = 1 << 14
	if k > runtime.GOMAXPROCS(0) {
		p.spin = pairSpin
	}
	p.takeover = e.rs.Knobs.TakeoverLooks()
	all := vals[:cap(vals)]
	ws := make([]*pairWorker, k)
	for i := range ws {
		ws[i] = newPairWorker(e)
	}
	var wg sync.WaitGroup
	for i := 1; i < k; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ringLoop(ctx, e, s, p, ws[i], false, all, scan)
		}()
	}
	ringLoop(ctx, e, s, p, ws[0], true, all, scan)
	wg.Wait()
	done, steps := int(p.done.Load()), 0
	for _, w := range ws {
		steps += w.steps
		e.ringRedo += w.redo
		e.ringTaken += w.taken
	}
	pairEnd(e, s, &p.pairState, all, n0, done, end)
	e.ringWant = p.wantNext.Load()
	e.ringHeaps += done - n0
	return done, steps, p.err
}

// ringLoop claims heaps for the ring mode and computes them on worker w
// until the mode stops: for each, the mex of the options it can read from
// the heaps finished, into the heap's slot; then it finishes the heaps
// whose slots are ready, unless another goroutine is at it (ringFinish).
// A heap that another goroutine took over in the meantime (while this
// one was slow to compute it) is dropped.
// caller says whether it runs on the goroutine that called Values or
// Period, the one that polls the context and reports progress.
func ringLoop[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, p *ringState, w *pairWorker, caller bool, all []T, scan scanFunc[T]) {
	k := e.ringWorkers()
	take := func() { ringFinish(ctx, e, s, p, w, caller, all, scan, true) }
	for {
		m := int(p.next.Add(1) - 1)
		if int64(m) >= p.stopAt.Load() || !p.waitDone(m, take) {
			return
		}
		sl := &p.slots[m%len(p.slots)]
		if old := sl.state.Load(); old >= slotWord(m, ringClaimed) || !sl.state.CompareAndSwap(old, slotWord(m, ringClaimed)) {
			// Taken over before this goroutine came to it. (The slot
			// may even hold a later heap: heap m was taken over and
			// finished, and the next heap of the slot claimed, while
			// this goroutine was away between its claim and here.)
			ringFinish(ctx, e, s, p, w, caller, all, scan, false)
			continue
		}
		if !ringHeapOK(e, w, m, k) {
			// The single-core loop meets the same moves and handles them.
			p.lowerStop(m)
			return
		}
		bound := int(p.done.Load()) // the heaps below bound are known
		if bound > m {
			// Taken over and finished already.
			ringFinish(ctx, e, s, p, w, caller, all, scan, false)
			continue
		}
		line := ringLine(all, bound) // and those below line no longer written
		a0 := m - line + 1
		w.pend = ringPending(w, all, m, a0, bound, w.pend[:0])
		rareN := int(p.rareN.Load())
		w.rare = p.rare[rareFrom(p.rare[:rareN], a0):rareN]
		g, steps := ringValue(w, all[:line], m, a0, scan)
		g2 := -1
		if p.wantNext.Load() && g < w.limit {
			var st int
			g2, st = pairNext(w, all[:line], m, g, a0, line, scan)
			steps += st
		}
		pairClear(w)
		if sl.state.CompareAndSwap(slotWord(m, ringClaimed), slotWord(m, ringWriting)) {
			sl.g, sl.g2, sl.steps = g, g2, steps
			sl.pend = append(sl.pend[:0], w.pend...)
			sl.state.Store(slotWord(m, ringReady))
		} else {
			w.steps += steps // (taken over meanwhile: the work is lost)
		}
		ringFinish(ctx, e, s, p, w, caller, all, scan, false)
	}
}

// ringHeapOK loads heap m's moves into w and reports whether the ring mode
// takes the heap (see ringTakes), with k goroutines.
func ringHeapOK(e *Engine, w *pairWorker, m, k int) bool {
	w.ParityOK = true
	err := w.Load(e.rule, m)
	if err != nil || w.HandOff || (w.par == 1 && !w.ParityOK) || !ringTakes(&w.Heap, m, k) {
		w.HandOff = false
		return false
	}
	return true
}

// ringFinish finishes the heaps whose slots are ready, in order, on
// worker w (between two heaps of its own), unless another goroutine is
// finishing heaps: that one then finishes them too. G(d) is the slot's
// value unless an option left out has that value; the heap is then
// computed again, whole, from the values now known. With take, a
// goroutine that has waited long for the first heap not finished, it
// takes that heap over unless its goroutine is filling the slot: it
// computes the heap whole, and the heap's goroutine drops its work when
// it comes back (ringLoop). On the caller's goroutine, once enough work
// is done, it brings the engine's counts up to date and polls (progress,
// checkpoints, the context), so that these run where they run on one
// core.
func ringFinish[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, p *ringState, w *pairWorker, caller bool, all []T, scan scanFunc[T], take bool) {
	for {
		if p.lock.Load() != 0 || !p.lock.CompareAndSwap(0, 1) {
			// The goroutine finishing heaps looks again after it lets
			// go. (Looking before the compare-and-swap leaves the
			// lock's cache line shared while it is held.)
			return
		}
		d := int(p.done.Load())
	finish:
		for int64(d) < p.stopAt.Load() {
			sl := &p.slots[d%len(p.slots)]
			var g, steps int
			switch st := sl.state.Load(); {
			case st == slotWord(d, ringReady):
				g, steps = sl.g, sl.steps
				clashed := ringClash(all, sl.pend, g)
				p.ringWant(clashed)
				if clashed && sl.g2 >= 0 {
					g = sl.g2
					clashed = ringClash(all, sl.pend, g)
				}
				if clashed {
					// Compute the heap again, whole.
					if err := w.Load(e.rule, d); err != nil {
						g = w.limit // (stops below)
					} else {
						w.redo++
						g, steps = ringWhole(p, w, all, d, scan, steps)
					}
				}
			case take && st != slotWord(d, ringWriting) && ringHeapOK(e, w, d, e.ringWorkers()) &&
				sl.state.CompareAndSwap(st, slotWord(d, ringTaken)):
				take = false // (one heap a wait)
				w.taken++
				g, steps = ringWhole(p, w, all, d, scan, 0)
			default:
				break finish
			}
			if !pairPublish(&p.pairState, w, all, d, g) {
				break // (the single-core loop takes heap d)
			}
			w.steps += steps + 8
			d++
			p.done.Store(int64(d))
			if p.work += steps + 8; caller && p.work >= sparsePollWork {
				p.work = 0
				pairPoll(ctx, e, s, &p.pairState, all, d)
			}
		}
		p.lock.Store(0)
		d = int(p.done.Load())
		if int64(d) >= p.stopAt.Load() || p.slots[d%len(p.slots)].state.Load() != slotWord(d, ringReady) {
			return
		}
	}
}

// ringWhole returns G(d) computed whole on worker w, whose moves are d's,
// from the values all[:d], and steps plus the inner-loop steps it took.
func ringWhole[T uint8 | uint16](p *ringState, w *pairWorker, all []T, d int, scan scanFunc[T], steps int) (int, int) {
	w.rare = p.rare[:p.rareN.Load()]
	g, st := heapValue(&w.Engine, all[:d], d, scan)
	return g, steps + st
}

// ringClash reports whether an option of pend has the value g, from the
// values in all.
func ringClash[T uint8 | uint16](all []T, pend []ringSplit, g int) bool {
	for _, x := range pend {
		if int(all[x.a]^all[x.b]) == g {
			return true
		}
	}
	return false
}

// ringPending prepares w's moves of heap n for ringValue, where the heaps
// below bound = n-k+1 are known: it marks in w.marks the moves that leave
// one heap below bound, and the splits whose
// smaller part is below a0 and whose parts are both known, and appends to
// pend (returned) the options left out: the other moves that leave one
// heap (w.One is then empty), and the splits
// whose smaller part is below a0 and larger part bound or more.
func ringPending[T uint8 | uint16](w *pairWorker, all []T, n, a0, bound int, pend []ringSplit) []ringSplit {
	tab := w.marks
	for _, r := range w.One {
		if r >= bound {
			pend = append(pend, ringSplit{0, int32(r)})
		} else {
			tab[all[r]] = 1
		}
	}
	w.One = w.One[:0]
	for i, r := range w.Two {
		for a := 1; a < a0; a++ {
			b := r - a
			if b < a || b == a && w.Uneq[i] {
				break
			}
			if b >= bound {
				pend = append(pend, ringSplit{int32(a), int32(b)})
			} else {
				tab[all[a]^all[b]] = 1
			}
		}
	}
	return pend
}

// ringValue is heapValue on the options of heap n that ringPending left,
// the splits whose smaller part is a0 or more, on vals = G(0 … n-a0),
// with w.rare the rare heaps from a0 on: the mex of those options and of
// those ringPending marked.
func ringValue[T uint8 | uint16](w *pairWorker, vals []T, n, a0 int, scan scanFunc[T]) (g, steps int) {
	tab := w.marks
	if w.Zero {
		tab[0] = 1
	}
	steps = markRareMoves(&w.Heap, vals, w.rare, n, tab)
	c, cnt := w.candidate(n)
	w.cand = c
	if cnt == 0 {
		return c, steps
	}
	missing, st := confirmNeeds(vals, w.Two, w.Uneq, w.needs, w.needList, cnt, w.top, w.pos, a0, len(vals), scan)
	if missing >= 0 {
		return missing, steps + st
	}
	return c, steps + st
}
