package sparse

import (
	"cmp"
	"math/bits"
	"slices"
)

// The rare set of the sparse engine (see engine.go): the histogram of the
// values, the choice of the mask and parity that make the fewest heaps
// rare, and the list of rare heaps under them.

// valueStats counts the values computed so far: the histogram the mask is
// chosen from, and where each value occurs, for seek.
type valueStats struct {
	maxV  int      // largest value so far
	limit int      // a power of two ≥ 64 above every value: options are < limit
	hist  []uint64 // hist[2v+e]: heaps n ≡ e (mod 2) with value v

	// pos[w] lists the first (up to sparsePosCap) heaps a ≥ 1 of value w;
	// top holds the most frequent values, most frequent first. seek uses
	// them to find a split of a given value.
	pos [][]uint32
	top []int
}

// rareSet is the rare-value state: the mask and parity flag that define
// the rare heaps, and the list of them. direct is set for a stretch
// computed by the plain method; rare is then not maintained (rareOK
// false).
type rareSet struct {
	direct     bool
	mask       uint64
	par        int
	rareOK     bool
	rare       []rareHeap
	enum       [2][]uint64 // enum[π] has bit v when parity(v & mask) == π
	nextChoose int         // the heap at which the mask is chosen again
	fixed      bool        // keep the mask set by fixMask instead of choosing one
}

// count adds heap n of value g to the histogram and the value bounds.
func (e *Engine) count(n, g int) {
	if g > e.maxV {
		e.maxV = g
	}
	if 2*g+1 >= len(e.hist) {
		e.hist = append(e.hist, make([]uint64, 2*g+2-len(e.hist))...)
	}
	e.hist[2*g+n&1]++
	if n > 0 {
		for len(e.pos) <= g {
			e.pos = append(e.pos, nil)
		}
		if len(e.pos[g]) < sparsePosCap {
			e.pos[g] = append(e.pos[g], uint32(n))
		}
	}
	if g >= e.limit {
		for e.limit <= g {
			e.limit *= 2
		}
		e.resize()
	}
}

// resize sizes the bitsets for values below e.limit (and the bit for
// e.limit itself, a possible mex) and recomputes the class bitsets.
func (e *Engine) resize() {
	w := e.limit/64 + 1
	e.mark = make([]uint64, w)
	for p := range e.enum {
		e.enum[p] = make([]uint64, w)
	}
	e.fillEnum()
}

// fillEnum sets enum[π] to the values v with parity(v & mask) == π.
func (e *Engine) fillEnum() {
	for i := range e.enum[0] {
		var w0, w1 uint64
		for j := range 64 {
			v := uint64(i*64 + j)
			if bits.OnesCount64(v&e.mask)&1 == 0 {
				w0 |= 1 << j
			} else {
				w1 |= 1 << j
			}
		}
		e.enum[0][i], e.enum[1][i] = w0, w1
	}
}

// rareBit is the value of q(a) that makes heap a rare: q(a) = rareBit
// exactly when G(a) is outside the enumerable class of heap a.
func (e *Engine) rareBit() int { return e.par & e.K0 }

// isRare reports whether heap n of value g is rare under the current mask.
func (e *Engine) isRare(n, g int) bool {
	q := bits.OnesCount64(uint64(g)&e.mask)&1 ^ e.par&n
	return q&1 == e.rareBit()
}

// choose picks the mask and parity flag that make the fewest of the first
// n heaps rare, or the plain method when even they leave too many. When it
// keeps the sparse method with a new mask it clears rareOK, and the caller
// rebuilds the rare list.
func (e *Engine) choose(n int) {
	e.nextChoose = 2 * n
	type vc struct {
		v      uint64
		h0, h1 uint64
	}
	var vs []vc
	for v := 0; 2*v+1 < len(e.hist); v++ {
		if h0, h1 := e.hist[2*v], e.hist[2*v+1]; h0+h1 > 0 {
			vs = append(vs, vc{uint64(v), h0, h1})
		}
	}
	slices.SortStableFunc(vs, func(x, y vc) int { return cmp.Compare(y.h0+y.h1, x.h0+x.h1) })
	e.top = e.top[:0]
	for _, x := range vs[:min(len(vs), sparseTop)] {
		e.top = append(e.top, int(x.v))
	}
	if e.fixed {
		if e.par == 1 && !e.ParityOK {
			e.par, e.rareOK = 0, false
		}
		if e.direct {
			e.direct, e.rareOK = false, false
			e.fillEnum()
		}
		return
	}
	mb := min(bits.Len(uint(e.limit-1)), sparseMaskBits)
	best, bestMask, bestPar := ^uint64(0), uint64(0), 0
	for par := 0; par <= 1; par++ {
		if par == 1 && !e.ParityOK {
			break
		}
		rb := par & e.K0
		for m := uint64(1); m < 1<<mb; m++ {
			var cnt uint64
			for _, x := range vs {
				pv := bits.OnesCount64(x.v&m) & 1
				if pv == rb {
					cnt += x.h0
				}
				if pv^par == rb {
					cnt += x.h1
				}
			}
			if cnt < best || (cnt == best && m == e.mask && par == e.par) {
				best, bestMask, bestPar = cnt, m, par
			}
		}
	}
	if float64(best) > sparseMaxRare*float64(n) {
		e.direct, e.rareOK = true, false
		e.rare = e.rare[:0]
		return
	}
	if e.direct || bestMask != e.mask || bestPar != e.par {
		e.direct = false
		e.mask, e.par = bestMask, bestPar
		e.fillEnum()
		e.rareOK = false
	}
}

// fixMask makes the engine use mask m and parity flag par (0 when the
// parity variant does not apply) from its first choice on, whatever the
// values: tests use it to check that any mask gives exact values.
func (e *Engine) fixMask(m uint64, par int) {
	if !e.ParityOK {
		par = 0
	}
	e.fixed, e.mask, e.par = true, m, par&1
}

// progressMask is the mask reported in [Progress]: the value mask, with
// bit 63 set when the heap-size parity variant is in use.
func (e *Engine) progressMask() uint64 {
	if e.direct {
		return 0
	}
	if e.par == 1 {
		return e.mask | 1<<63
	}
	return e.mask
}

// rareFrom returns the index in rare (in increasing order) of the first
// rare heap of a tokens or more. Most calls ask past the last rare heap or
// before the first, answered without a search; the search is written out
// (slices.BinarySearchFunc, calling its comparison through a function
// value, took 2.7 % of the CPU of Grundy's game to 2^22 on two
// processors).
func rareFrom(rare []rareHeap, a int) int {
	n := len(rare)
	switch {
	case n == 0 || a <= int(rare[0].a):
		return 0
	case a > int(rare[n-1].a):
		return n
	}
	// rare[lo].a < a ≤ rare[hi].a
	lo, hi := 0, n-1
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(rare[m].a) < a {
			lo = m
		} else {
			hi = m
		}
	}
	return hi
}
