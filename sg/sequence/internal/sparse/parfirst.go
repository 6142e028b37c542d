package sparse

import (
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// The pipeline's first phase (see par.go): what a worker computes
// of a heap from the values below the bound lo, and the confirmation of
// the values below the candidate that it can do there.

// rareFirstPhase runs the first phase of heap n on worker w, with the
// values below lo in vals and rare listing the rare heaps published (some
// may be lo or more), and leaves it in w.first and w.out. It reports false
// when the heap has a move the single-core method must handle.
func rareFirstPhase[T uint8 | uint16](rule game.HeapRule, p *rarePipe, w *rareWorker, vals []T, n, lo int, rare []rareHeap, scan scanFunc[T]) bool {
	w.ParityOK = true
	if err := w.Load(rule, n); err != nil || w.HandOff || (p.par == 1 && !w.ParityOK) {
		// The single-core method meets the same moves and handles them.
		w.HandOff = false
		return false
	}
	// The rare heaps below lo.
	end := rareFrom(rare, lo)
	rare = rare[:end]
	tab := w.marks
	limit := p.limit
	if w.Zero {
		tab[0] = 1
	}
	for _, r := range w.One {
		if r < lo {
			tab[vals[r]] = 1
		}
	}
	steps := len(w.One) + 1
	out := w.out
	c1 := p.stride * 64
	f := rareFirst{lo: uint32(lo)}
	w.needList = w.needList[:0]
	if len(w.Two) > 0 {
		steps += firstMarks(w, vals, rare, n, lo, tab)
		// The least value c0 of the enumerable class that is not an
		// option of the splits below lo: the options below c1 = c0+1
		// are known once those of the other class below c0 are
		// confirmed.
		enum := p.enum[1^(p.par&(n-p.k0)&1)]
		for k := range p.stride {
			if z := enum[k] &^ packWord(tab, k); z != 0 {
				c1 = k*64 + bits.TrailingZeros64(z) + 1
				break
			}
		}
		// The values of the other class below c0 to confirm (values of
		// limit or more are never options).
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
			steps += confirmBelow(p, w, vals[:lo], cnt, scan)
		}
		for _, v := range w.needList {
			if w.needs[v] != 0 {
				f.missing = true
			}
		}
		if c1-1 > limit {
			// The values from limit to c0 are no options of the splits
			// below lo.
			f.missing = true
		}
		if p.wantNext.Load() {
			f.next = int32(nextCandidate(p, w, vals[:lo], enum, c1-1, &steps, scan))
		}
	}
	// Keep the options below c1: those marked, and those confirmed.
	nw := (c1 + 63) / 64
	for k := range nw {
		out[k] = packWord(tab, k)
	}
	clear(out[nw:])
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
	f.c1, f.work = int32(c1), int32(min(steps, 1<<30))
	w.first = f
	return true
}

// confirmBelow looks for the cnt values marked in w.needs among the splits
// of the sizes in w.Two whose parts are both below lo = len(vals),
// clearing each one it finds, and returns the work done. It scans in the
// order of confirm, which it follows: first the smaller parts a whose
// partner may reach into the window (a ≤ r-lo), skipping those that do,
// then the single-core scans from a = top-lo+1 on, where no partner does.
func confirmBelow[T uint8 | uint16](p *rarePipe, w *rareWorker, vals []T, cnt int, scan scanFunc[T]) int {
	lo := len(vals)
	top := w.Two[0]
	steps := 0
	// For a ≤ rmin-lo every partner reaches into the window.
	for a := max(1, w.Two[len(w.Two)-1]-lo+1); a <= min(top-lo, top/2) && cnt > 0; a++ {
		ga := vals[a]
		for j, r := range w.Two {
			b := r - a
			if b < a || (b == a && w.Uneq[j]) {
				break
			}
			steps++
			if b >= lo {
				continue
			}
			if x := ga ^ vals[b]; w.needs[x] != 0 {
				w.needs[x] = 0
				cnt--
			}
		}
	}
	if cnt == 0 {
		return steps
	}
	a0 := max(1, top-lo+1)
	left, next, st := scan(vals, w.Two, w.Uneq, w.needs, w.needList, cnt, a0, a0+sparseFirstScan)
	steps += st
	left, st = seekMissing(vals, w.Two, w.Uneq, w.needs, w.needList, left, p.top, p.pos, lo)
	steps += st
	if left > 0 {
		_, _, st = scan(vals, w.Two, w.Uneq, w.needs, w.needList, left, next, top)
		steps += st
	}
	return steps
}

// nextCandidate returns the least value c of the enumerable class above
// c0 that no split below lo = len(vals) gives, when a short search (the
// first scan and seek, not the whole scan) finds every value of the other
// class between c0 and c among those splits; else 0. It runs after the
// needs of c0 are confirmed, with w.marks still holding the marked
// options.
func nextCandidate[T uint8 | uint16](p *rarePipe, w *rareWorker, vals []T, enum []uint64, c0 int, steps *int, scan scanFunc[T]) int {
	lo := len(vals)
	tab := w.marks
	c := 0
	for v := c0 + 1; v < p.limit; v++ {
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
		top := w.Two[0]
		a0 := max(1, top-lo+1)
		var st int
		left, _, st = scan(vals, w.Two, w.Uneq, w.needs, list, left, a0, a0+sparseFirstScan)
		*steps += st
		for _, v := range list {
			if left == 0 || left > sparseSeekMax {
				break
			}
			if w.needs[v] == 0 {
				continue
			}
			ok, st := seek(vals, w.Two, w.Uneq, v, p.top, p.pos, sparseSeekBudget, lo)
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

// firstMarks marks in tab the values of heap n's splits (the moves w
// holds) with a rare part a, of rare, and the other part below lo:
// r-lo < a < lo for a split of r. It returns the steps it took.
func firstMarks[T uint8 | uint16](w *rareWorker, vals []T, rare []rareHeap, n, lo int, tab *sparseTab) int {
	steps := 0
	if c := w.Code; c != nil && len(w.Two) == len(c.Two) {
		// A code: the rare heaps a > rmax-lo split every r below lo, in
		// one pass as the single-core engine does; those between
		// rmin-lo and rmax-lo only some.
		rmax, rmin := w.Two[0], w.Two[len(w.Two)-1]
		k1 := rareFrom(rare, rmax-lo+1)
		steps += markRareCode(vals, rare[k1:], n, c.Two, tab)
		k0 := rareFrom(rare, rmin-lo+1)
		for _, h := range rare[k0:k1] {
			for _, r := range w.Two {
				if b := r - int(h.a); b >= 1 && b < lo {
					tab[T(h.g)^vals[b]] = 1
					steps++
				}
			}
		}
		return steps
	}
	for j, r := range w.Two {
		k := rareFrom(rare, r-lo+1)
		// markRare reads G(r-a) for these a only: below lo.
		steps += markRare(vals, rare[k:], r, w.Uneq[j], tab)
	}
	return steps
}
