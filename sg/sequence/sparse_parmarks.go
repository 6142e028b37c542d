package sequence

import (
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// The pipeline's second mode, for games whose heaps cost little beyond
// their rare splits (.354: about 260 of its 320 inner-loop steps a heap
// mark the splits of its 131 rare heaps). There the first mode of
// sparse_par.go loses: the move to the heap before (a one-heap move of
// most codes) gives the candidate c0 of a third of the heaps, so that
// workers must confirm a second candidate too, and a first phase costs
// more than a whole single-core heap. In this mode a worker only marks,
// for each heap of its run, the options of the splits with a rare part
// that leave heaps below lo, and hands them over as a bitset. The
// finisher marks the rest (the one-heap moves into the window and the
// splits whose rare part is at most r-lo or in the window, a few dozen),
// takes the candidate from the union, and confirms it as the single-core
// method does. Nothing is computed twice, but the split has its costs:
// on .354 the worker's and the finisher's parts, run one after the other
// on one core, take about 1.3 times the single-core heap (the window's
// splits, packing and reading the bitsets, the moves loaded twice), and
// they are about even, so two processors can make a heap at most about
// 1.5 times as fast. While the finisher waits for a run it marks runs
// ahead itself. The mode does not run by default yet (pipeMarkAuto).

// pipeMarkAuto says whether the marking mode runs by default. It does not
// yet: on the shared 2-core machine it was measured, .354 to 2^21 heaps,
// only under heavy load from other processes, where it was slower on two
// processors than on one (1.1–2.1 s against 0.6–1.5 s), and run on one
// core its two parts cost 1.3 times the single-core heap, so it cannot
// reach more than about 1.45× even when quiet. Tests force it (and the
// 354-marks benchmark), so that it stays exact until it is measured on a
// quiet machine.
const pipeMarkAuto = false

// pipeMarkMin is the least number of rare splits a heap must mark (rare
// heaps times split sizes) for the marking mode to run when the probe
// finds the heaps too cheap for the first mode (pipeMinSteps): with
// fewer, the marking is too small a share of a heap to pay for the
// split (.1777, with 15 rare heaps and three split sizes, stays on one
// core).
const pipeMarkMin = 192

// runMarks reports whether run j, claimed now, is computed in the
// marking mode. Tests mix the modes (odd runs in the other one).
func (p *rarePipe) runMarks(j int64) bool {
	return p.marks.Load() != (p.mix && j%2 == 1)
}

// probe adds a heap the pipeline gave, of st inner-loop steps, to the
// finisher's probe of the heaps' cost, and at the end of each probe
// chooses the mode of the runs claimed next: the first mode for heaps of
// pipeMinSteps or more on average (their confirmation is long, and the
// first mode shares it), else the marking mode (when markOK). The heaps'
// cost grows with their size, so a long run may change modes.
func (p *rarePipe) probe(st int) {
	p.probeSteps += st
	if p.probeHeaps++; p.probeHeaps == pipeProbe {
		p.marks.Store(p.markOK && p.probeSteps < pipeMinSteps*pipeProbe)
		p.probeSteps, p.probeHeaps = 0, 0
	}
}

// rareMarkPhase marks the options of heap n that leave heaps below lo
// (see markBelow) on worker w, and leaves them in w.out as a bitset and
// the bound and work in w.first. It reports false when the heap has a
// move the single-core method must handle, or no split.
func rareMarkPhase[T uint8 | uint16](rule game.HeapRule, p *rarePipe, w *rareWorker, vals []T, n, lo int, rare []rareHeap) bool {
	if 2*lo <= n {
		return false
	}
	w.parityOK = true
	if err := w.loadMoves(rule, n); err != nil || w.handOff || (p.par == 1 && !w.parityOK) || len(w.two) == 0 {
		w.handOff = false
		return false
	}
	steps := markBelow(p, w, vals, n, lo, rare)
	// Options are below limit, a power of two: the last word is empty.
	tab := w.marks
	for k := range p.limit / 64 {
		w.out[k] = packWord(tab, k)
	}
	w.out[p.limit/64] = 0
	clear(tab[:p.limit])
	w.first = rareFirst{lo: uint32(lo), c1: 1, work: int32(min(steps, 1<<30))}
	return true
}

// pipeMarksValue is the finisher's part of heap n in the marking mode,
// with vals = G(0 … n-1), n's moves loaded in e, f and below the
// worker's part: it adds to the worker's options those of the moves it
// left out, which leave a heap of lo = f.lo or more, and returns G(n) and
// the work done.
func pipeMarksValue[T uint8 | uint16](e *sparseEngine, vals []T, n int, f rareFirst, below []uint64, scan scanFunc[T]) (g, steps int) {
	tab := e.marks
	lo := int(f.lo)
	for _, r := range e.one {
		if r >= lo {
			tab[vals[r]] = 1
		}
	}
	// (Locals: the stores into tab would make the compiler load e's
	// fields again at each step.)
	rare, two, uneqs := e.rare, e.two, e.uneq
	k := len(rare)
	for k > 0 && int(rare[k-1].a) >= lo {
		k--
	}
	if c := e.code; c != nil && len(two) == len(c.two) {
		// A code (no split is refused): the rare parts a ≤ r-lo,
		// whose partners r-a are in the window. two is in decreasing
		// order: a rare part a ≤ two[i]-lo splits two[0 … i] so.
		j := 0
		for i := len(two) - 1; i >= 0; i-- {
			end, rs := two[i]-lo, two[:i+1]
			for ; j < k && int(rare[j].a) <= end; j++ {
				g, a := T(rare[j].g), int(rare[j].a)
				for _, r := range rs {
					tab[g^vals[r-a]] = 1
				}
				steps += len(rs)
			}
		}
	} else {
		for j, r := range two {
			uneq := uneqs[j]
			for _, h := range rare[:k] {
				a := int(h.a)
				if a > r-lo {
					break
				}
				if b := r - a; b != a || !uneq {
					tab[T(h.g)^vals[b]] = 1
					steps++
				}
			}
		}
	}
	// The rare heaps in the window, with any partner.
	for _, h := range rare[k:] {
		a := int(h.a)
		for j, r := range two {
			if b := r - a; b >= 1 && (b != a || !uneqs[j]) {
				tab[T(h.g)^vals[b]] = 1
				steps++
			}
		}
	}
	g, st := pipeConfirm(e, vals, n, below, scan)
	clear(tab[:e.limit])
	return g, steps + st + int(f.work)
}

// pipeConfirm is confirm (sparse_loop.go) for a heap whose options found
// so far are marked in e.marks or set in the bitset below.
func pipeConfirm[T uint8 | uint16](e *sparseEngine, vals []T, n int, below []uint64, scan scanFunc[T]) (g, steps int) {
	enum := e.enum[1^(e.par&(n-e.k0)&1)]
	c := e.limit
	nw := 0
	for i := range e.mark {
		m := below[i] | packWord(e.marks, i)
		e.mark[i] = m
		nw = i + 1
		if z := enum[i] &^ m; z != 0 {
			c = min(i*64+bits.TrailingZeros64(z), c)
			break
		}
	}
	e.needList = e.needList[:0]
	for i := range nw {
		w := ^e.mark[i] &^ enum[i]
		if lo := i * 64; c-lo < 64 {
			w &= 1<<uint(c-lo) - 1
		}
		for ; w != 0; w &= w - 1 {
			v := i*64 + bits.TrailingZeros64(w)
			e.needList = append(e.needList, v)
			e.needs[v] = 1
		}
	}
	cnt := len(e.needList)
	if cnt == 0 {
		return c, 0
	}
	left, next, steps := scan(vals, e.two, e.uneq, e.needs, e.needList, cnt, 1, sparseFirstScan)
	left, st := seekMissing(vals, e.two, e.uneq, e.needs, e.needList, left, e.top, e.pos, n)
	steps += st
	if left > 0 {
		var st int
		left, _, st = scan(vals, e.two, e.uneq, e.needs, e.needList, left, next, e.two[0])
		steps += st
	}
	g = c
	if left > 0 {
		for _, v := range e.needList {
			if e.needs[v] != 0 {
				g = v
				break
			}
		}
	}
	for _, v := range e.needList {
		e.needs[v] = 0
	}
	return g, steps
}
