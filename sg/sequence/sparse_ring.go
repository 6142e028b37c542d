package sequence

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"time"
	"unsafe"
)

// Many processors on costly heaps: the ring mode of the sparse engine.
//
// The pair mode (sparse_pair.go) lets two goroutines take the heaps in
// turn; the ring mode lets k take them in turn, goroutine i the heaps
// n0+i, n0+i+k, n0+i+2k, …, each in its own copy of the engine's
// scratch. A goroutine starts heap n as soon as it has finished heap
// n-k, its previous one: the heaps below n-k+1 are then known, and the
// k-1 heaps above them are in the hands of the other goroutines.
//
// Heap n reads those only in a few options: the moves that leave one heap
// r > n-k, and the splits of r tokens into a + (r-a) whose smaller part
// is small (r-a > n-k). The goroutine computes the mex g of the other
// options with the single-core engine's method (the splits with a rare
// part, the candidate, the confirmation of the values of the other class)
// on the splits whose smaller part is a0 or more, a0 chosen so that they
// read only values in cache lines below the one being written (ringLine:
// a line that other processors write is transferred at each read); the
// splits with a smaller part below a0 whose parts are known are marked
// first, from the values themselves (ringPending). The options left out
// are checked once the heaps they hold are known: those of heaps below
// n-1 while heap n-1 is being finished, then that of heap n-1 (on Grundy's
// game, the split into 1 and n-1). G(n) is g unless one of them has the
// value g; then the goroutine computes the heap again, whole, with the
// single-core method (on Grundy's game near heap 2^17, 1.4 % of the heaps
// with 16 goroutines, 0.1 % with two).
//
// What passes from one heap to the next is one word (the heaps finished
// and the last value, in the slot of the goroutine that finished it, on a
// cache line of its own) and a comparison: the value is written into the
// sequence before the wait, where it is known not to change in most
// heaps, so that the cache line of the values comes over while the
// goroutine waits. Heaps are published in order, each after its
// predecessor, so the values and the rare heaps are those of the
// single-core engine. A waiting goroutine looks at the slot it waits for
// and yields its processor only after many looks when the goroutines fit
// the processors: on 16 processors, yielding after 64 looks as the pair
// mode does made every goroutine queue on the scheduler's lock (Grundy's
// game to 2^22 took 80 s instead of 3).
//
// Unlike the pipeline (sparse_par.go), where one goroutine finishes every
// heap, each heap is finished by the goroutine that computed it, so the
// heaps' own work spreads over every processor, and only the hand-over
// of one word a heap is sequential. It is used, with as many goroutines
// as workers, where the pipeline would be (three workers or more, heaps
// costly enough: Grundy's game), timed against it as the pair mode is
// against the loop it replaces (runPair), so that the faster runs.
//
// Measured on a lent 16-core Xeon (2026-11-28), Grundy's game to 2^22, with
// an earlier build that read the values of heaps n-k+1 … n-1 from a window
// that each slot passed on and wrote G(n) after the wait: 5.5, 3.7 and 3.1
// s with 4, 8 and 16 goroutines, against the pipeline's 5.8 s (4), 4.2 s
// (6) and 2.5 s (16) and 18.3 s on one core; a profile with 16 put 58 %
// of the CPU in the wait, the heaps' own work at about one core's. This
// build (one word a slot, the value written ahead) has not been measured
// there; on this project's 2-core VM the ring mode with two goroutines is
// as fast as the pipeline and the pair mode (Grundy's game to 2^20,
// three alternating rounds: 1.67–1.83 s, 1.66–1.74 s and 1.65–1.84 s, one
// core 2.77–2.86 s).

// ringMaxWorkers bounds the goroutines of the ring mode.
const ringMaxWorkers = 256

// ringState is what the goroutines of the ring mode share: the pair
// mode's rare heaps, stop and counts, and each goroutine's last heap
// finished (fin).
type ringState struct {
	pairState
	n0   int           // the first heap of the run
	fin  []paddedInt64 // fin[i] is goroutine i's slot (see wait)
	spin int           // looks at a slot between two yields of the processor
}

// wait waits until heap h is finished and returns its value, or reports
// false when heap h+1 is not to be finished. Goroutine i's slot holds its
// last heap finished, m: (m+1) << 32 | G(m), on a cache line of its own.
func (p *ringState) wait(h int) (int, bool) {
	n := h + 1
	f := &p.fin[(h-p.n0+len(p.fin))%len(p.fin)]
	for i := 0; ; i++ {
		if v := f.Load(); v>>32 >= int64(n) {
			return int(uint32(v)), true
		}
		if p.stopAt.Load() <= int64(n) {
			return 0, false
		}
		switch {
		case i%pairSpinLong == pairSpinLong-1:
			time.Sleep(pairNap)
		case i%p.spin == p.spin-1:
			runtime.Gosched()
		}
	}
}

// ringSplit is an option of a heap that the ring mode leaves out until
// the heaps before it are known: the split into a and b, or, with a = 0,
// the move that leaves b (G(0) = 0).
type ringSplit struct{ a, b int32 }

// ringMode reports whether the engine's parallel runs use the ring mode
// rather than the pair mode: with three workers or more on heaps costly
// enough for the pipeline, or where a test asks for it.
func (e *sparseEngine) ringMode() bool {
	switch {
	case e.cfg.ring < 0:
		return false
	case e.cfg.ring > 0:
		return e.procs >= 2
	}
	return e.procs >= 3 && e.probed && e.pipeWorth
}

// ringTakes reports whether the ring mode takes heap n with the moves
// the engine holds, with k goroutines: a heap that splits, large enough
// for its splits with a smaller part of k or more to hold most options.
func (m *heapMoves) ringTakes(n, k int) bool {
	return len(m.two) > 0 && n >= 4*(k+64)
}

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
func (e *sparseEngine) ringWorkers() int { return min(e.procs, ringMaxWorkers) }

// ringRun runs the ring mode from s.Len() until heap end at most, and
// returns the number of heaps then held in s and the inner-loop steps the
// ring mode took.
func ringRun[T uint8 | uint16](ctx context.Context, e *sparseEngine, s *Sequence, end int, get func(*Sequence) []T, scan scanFunc[T]) (int, int, error) {
	vals := get(s)
	n0 := len(vals)
	k := e.ringWorkers()
	e.rare = slices.Grow(e.rare, max(1024, len(e.rare)))
	p := &ringState{pairState: pairState{rare: e.rare[:cap(e.rare)], counted: n0}, n0: n0, fin: make([]paddedInt64, k)}
	p.rareN.Store(int64(len(e.rare)))
	p.stopAt.Store(int64(end))
	p.spin = 1 << 14
	if k > runtime.GOMAXPROCS(0) {
		p.spin = pairSpin
	}
	all := vals[:cap(vals)]
	// Heaps n0-2 and n0-1 are known: they stand as the last two
	// goroutines' last heaps.
	p.fin[k-1].Store(int64(n0)<<32 | int64(all[n0-1]))
	p.fin[k-2].Store(int64(n0-1)<<32 | int64(all[n0-2]))
	ws := make([]*pairWorker, k)
	for i := range ws {
		w := &pairWorker{sparseEngine: *e}
		w.heapMoves = heapMoves{code: e.code, k0: e.k0}
		w.confirmState = confirmState{mark: make([]uint64, len(e.mark)), marks: new(sparseTab), needs: new(sparseTab)}
		w.pos = append([][]uint32(nil), e.pos...)
		w.pipe = nil
		ws[i] = w
	}
	var wg sync.WaitGroup
	for i := 1; i < k; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ringLoop(ctx, e, s, p, ws[i], i, all, scan)
		}()
	}
	ringLoop(ctx, e, s, p, ws[0], 0, all, scan)
	wg.Wait()
	done, steps := n0, 0
	for i := range p.fin {
		done = max(done, int(p.fin[i].Load()>>32))
		steps += ws[i].steps
		e.ringRedo += ws[i].redo
	}
	pairCatchUp(e, s, &p.pairState, all, done)
	e.pairHeaps += done - n0
	e.ringHeaps += done - n0
	if done-n0 < pairMinRun && done < end {
		e.pairRetry = done + pairMinRun // (as in pairRun)
	}
	return done, steps, p.err
}

// ringLoop computes the heaps n0+i, n0+i+k, … of the ring mode on worker
// w, goroutine i of k, until it stops.
func ringLoop[T uint8 | uint16](ctx context.Context, e *sparseEngine, s *Sequence, p *ringState, w *pairWorker, i int, all []T, scan scanFunc[T]) {
	k := len(p.fin)
	poller := i == 0 // the goroutine of the first heap polls
	work := 0
	var pend []ringSplit
	for n := p.n0 + i; int64(n) < p.stopAt.Load(); n += k {
		w.parityOK = true
		if err := w.loadMoves(e.rule, n); err != nil || w.handOff || (w.par == 1 && !w.parityOK) || !w.ringTakes(n, k) {
			// The single-core loop meets the same moves and handles them.
			w.handOff = false
			p.lowerStop(n)
			return
		}
		bound := n - k + 1           // the heaps below bound are known
		line := ringLine(all, bound) // and those below line no longer written
		a0 := n - line + 1
		pend = ringPending(w, all, n, a0, bound, pend[:0])
		rareN := int(p.rareN.Load())
		w.rare = p.rare[rareFrom(p.rare[:rareN], a0):rareN]
		g, steps := ringValue(w, all[:line], n, a0, scan)
		pairClear(w) // (before the wait: the wait is on every heap's path)
		if g < w.limit {
			// Written ahead: no goroutine reads G(n) before heap n is
			// published, and where g is not G(n) the value is written
			// again below. Written here, the cache line of the values
			// (which the goroutines of the heaps just below write
			// too) comes to this processor while it waits, not on
			// the path from heap to heap.
			all[n] = T(g)
		}
		// The options left out, first those of the heaps below n-1,
		// while heap n-1 is being finished, then that of n-1 (the one
		// wait on every heap's path: Grundy's game has one such option).
		if _, ok := p.wait(n - 2); !ok {
			return
		}
		redo := false
		for _, x := range pend {
			if int(x.b) < n-1 && int(all[x.a]^all[x.b]) == g {
				redo = true
				break
			}
		}
		last, ok := p.wait(n - 1)
		if !ok {
			return
		}
		for _, x := range pend {
			if int(x.b) == n-1 && int(all[x.a])^last == g {
				redo = true
				break
			}
		}
		if redo {
			// An option left out has the value g: compute the heap
			// again, whole, from the values now known.
			if err := w.loadMoves(e.rule, n); err != nil {
				p.lowerStop(n)
				return
			}
			w.rare = p.rare[:p.rareN.Load()]
			w.redo++
			var st int
			g, st = heapValue(&w.sparseEngine, all[:n], n, scan)
			steps += st
		}
		rare := w.isRare(n, g)
		if g >= w.limit || rare && p.rareN.Load() == int64(len(p.rare)) {
			// The value does not fit the bitsets (or the storage), or
			// the rare heaps have no room: the single-core loop takes
			// this heap.
			p.lowerStop(n)
			return
		}
		if redo {
			all[n] = T(g)
		}
		if rare {
			r := p.rareN.Load()
			p.rare[r] = rareHeap{a: uint32(n), g: uint32(g)}
			p.rareN.Store(r + 1)
		}
		w.steps += steps + 8
		if work += steps + 8; poller && work >= sparsePollWork/k {
			work = 0
			pairCatchUp(e, s, &p.pairState, all, n+1)
			if err := e.cfg.poll(ctx, s, len(e.rare), e.progressMask(), MethodSparse); err != nil {
				p.err = err
				p.lowerStop(n + 1)
			}
		}
		p.fin[i].Store(int64(n+1)<<32 | int64(g))
	}
}

// ringPending prepares w's moves of heap n for ringValue, where the heaps
// below bound = n-k+1 are known: it marks in w.marks the moves that leave
// one heap below bound, and the splits whose
// smaller part is below a0 and whose parts are both known, and appends to
// pend (returned) the options left out: the other moves that leave one
// heap (w.one is then empty), and the splits
// whose smaller part is below a0 and larger part bound or more.
func ringPending[T uint8 | uint16](w *pairWorker, all []T, n, a0, bound int, pend []ringSplit) []ringSplit {
	tab := w.marks
	for _, r := range w.one {
		if r >= bound {
			pend = append(pend, ringSplit{0, int32(r)})
		} else {
			tab[all[r]] = 1
		}
	}
	w.one = w.one[:0]
	for i, r := range w.two {
		for a := 1; a < a0; a++ {
			b := r - a
			if b < a || b == a && w.uneq[i] {
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
	if w.zero {
		tab[0] = 1
	}
	steps = markRareMoves(&w.heapMoves, vals, w.rare, n, tab)
	c, cnt := w.candidate(n)
	if cnt == 0 {
		return c, steps
	}
	missing, st := confirmNeeds(vals, w.two, w.uneq, w.needs, w.needList, cnt, w.top, w.pos, a0, len(vals), scan)
	if missing >= 0 {
		return missing, steps + st
	}
	return c, steps + st
}
