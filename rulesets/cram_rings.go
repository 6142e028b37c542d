package rulesets

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/impartial-go/impartial/game/grid"
)

// cramRings is the order of AppendOrderedMoves on a board of at most 64
// cells, a set being one word, as masks rather than lists: for each
// rectangle of the board (numbered as in makeCentres), its dominoes
// grouped in rings of equal distance from the rectangle's centre, nearest
// first, ring j of rectangle box being rings[start[box]+j], the left
// cells of its horizontal dominoes and the upper cells of its vertical
// ones. Within a ring, makeCentres lists the horizontal dominoes by left
// cell and then the vertical ones by upper cell (the order of
// cramDominoes, which its sort keeps for ties), which is the order of the
// bits of the two masks: so the moves of a position, the dominoes of h
// and v, come in the order of the lists by reading the rings' masks of
// h and v. That costs a few operations per ring (at most a few dozen
// rings a rectangle) and per move, where the lists cost a few per domino
// of the rectangle, move or not. Made at the first call of
// AppendOrderedMoves, from the lists; 16 bytes a ring (18 KiB on 5×7,
// 87 KiB on 8×8).
type cramRings struct {
	once  sync.Once
	start []int32
	rings [][2]uint64
}

// table returns the rings of g's board (of at most 64 cells), making them
// at the first call.
func (cr *cramRings) table(g *Cram) ([]int32, [][2]uint64) {
	cr.once.Do(func() {
		b := g.b
		rows, cols := b.Rows(), b.Cols()
		all := b.Full()
		// Any position makes centres' lists; the full board has a cell.
		g.centres.list(b, all, cramDominoes)
		start, ids := g.centres.start, g.centres.ids
		cr.start = make([]int32, len(start))
		for box := range len(start) - 1 {
			cr.start[box] = int32(len(cr.rings))
			c1 := box % cols
			c0 := box / cols % cols
			r1 := box / (cols * cols) % rows
			r0 := box / (cols * cols * rows)
			last := -1
			for _, id := range ids[start[box]:start[box+1]] {
				i, vert := int(id>>1), id&1
				r, c := 2*(i/cols), 2*(i%cols)
				if vert != 0 {
					r++
				} else {
					c++
				}
				dr, dc := r-r0-r1, c-c0-c1
				if d := dr*dr + dc*dc; d != last {
					cr.rings = append(cr.rings, [2]uint64{})
					last = d
				}
				cr.rings[len(cr.rings)-1][vert] |= 1 << uint(i)
			}
		}
		cr.start[len(start)-1] = int32(len(cr.rings))
	})
	return cr.start, cr.rings
}

// appendOrderedMoves64 is AppendOrderedMoves of a non-empty position q
// of a board of at most 64 cells: the moves of each ring of the rectangle
// that bounds q (see cramRings), horizontal dominoes first, until every
// move is listed.
func (g *Cram) appendOrderedMoves64(dst []grid.Set, q uint64) []grid.Set {
	k := g.k
	h := q & (q >> 1 & g.ncLst) // left cells of the horizontal dominoes
	v := q & (q >> k)           // upper cells of the vertical ones
	n := bits.OnesCount64(h) + bits.OnesCount64(v)
	if n == 0 {
		return dst
	}
	start, rings := g.rings.table(g)
	// The rectangle that bounds q: its rows from its first and last
	// cells, its columns from its rows folded onto the first.
	r0 := uint(bits.TrailingZeros64(q)) * g.rowMul >> 16
	r1 := uint(63-bits.LeadingZeros64(q)) * g.rowMul >> 16
	x := q >> (r0 * k & 63)
	for sh := k; sh < 64; sh <<= 1 {
		x |= x >> sh
	}
	x &= 1<<k - 1
	c0, c1 := uint(bits.TrailingZeros64(x)), uint(63-bits.LeadingZeros64(x))
	box := ((r0*uint(g.b.Rows())+r1)*k+c0)*k + c1
	lo := len(dst)
	dst = slices.Grow(dst, n)[:lo+n]
	out := dst[lo:]
	j := 0
	for _, rg := range rings[start[box]:start[box+1]] {
		mh, mv := h&rg[0], v&rg[1] // the ring's moves
		h, v = h^mh, v^mv
		for ; mh != 0; mh &= mh - 1 {
			i := mh & -mh
			out[j] = grid.Set{Lo: q &^ (i | i<<1)}
			j++
		}
		for ; mv != 0; mv &= mv - 1 {
			i := mv & -mv
			out[j] = grid.Set{Lo: q &^ (i | i<<k)}
			j++
		}
		if h|v == 0 {
			break
		}
	}
	return dst
}
