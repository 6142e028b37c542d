package rulesets

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/impartial-go/impartial/game/grid"
)

// centreOrder lists, for each rectangle of a board, the moves of a game
// that fit inside it, nearest the rectangle's centre first: what
// [Cram.AppendOrderedMoves] and [NodeKayles.AppendOrderedMoves] read,
// made at their first call.
type centreOrder struct {
	once  sync.Once
	start []int32
	ids   []uint8
}

// centreItem is a move for makeCentres: its id and its middle, in half
// cells (a cell (r, c) is (2r, 2c), a domino between two cells lies
// half-way).
type centreItem struct {
	id   uint8
	r, c int
}

// makeCentres returns the lists of a centreOrder of the items of a
// board of rows × cols cells: for each rectangle of the board, rows r0 to
// r1 and columns c0 to c1, numbered box = ((r0·rows + r1)·cols + c0)·cols
// + c1, the ids of the items whose middle lies inside it are
// ids[start[box]:start[box+1]], sorted by the distance from the
// rectangle's centre to the item's middle, ties in the order of items.
// 20 KiB for Cram's dominoes on 7×7, at most about 400 KiB (1×128).
func makeCentres(rows, cols int, items []centreItem) (start []int32, ids []uint8) {
	start = make([]int32, rows*rows*cols*cols+1)
	var in []centreItem
	for r0 := range rows {
		for r1 := range rows {
			for c0 := range cols {
				for c1 := range cols {
					box := ((r0*rows+r1)*cols+c0)*cols + c1
					start[box] = int32(len(ids))
					in = in[:0]
					for _, d := range items {
						if d.r >= 2*r0 && d.r <= 2*r1 && d.c >= 2*c0 && d.c <= 2*c1 {
							in = append(in, d)
						}
					}
					R, C := r0+r1, c0+c1
					dist := func(d centreItem) int { return (d.r-R)*(d.r-R) + (d.c-C)*(d.c-C) }
					slices.SortStableFunc(in, func(a, b centreItem) int { return dist(a) - dist(b) })
					for _, d := range in {
						ids = append(ids, d.id)
					}
				}
			}
		}
	}
	start[len(start)-1] = int32(len(ids))
	return start, ids
}

// list returns the ids of the items inside the rectangle that bounds p,
// a non-empty set of b's cells, nearest its centre first; the first call
// makes the lists of items(rows, cols).
func (co *centreOrder) list(b *grid.Board, p grid.Set, items func(rows, cols int) []centreItem) []uint8 {
	rows, cols := b.Rows(), b.Cols()
	co.once.Do(func() { co.start, co.ids = makeCentres(rows, cols, items(rows, cols)) })
	r0, _ := b.RowCol(p.Lowest())
	r1, _ := b.RowCol(p.Highest())
	var colMask uint64 // the columns of p's cells
	switch {
	case p.Hi == 0 && cols <= 64:
		// Fold the rows onto the first: shifts of cols, 2·cols, 4·cols, …
		x := p.Lo
		for sh := uint(cols); sh < 64; sh <<= 1 {
			x |= x >> sh
		}
		colMask = x & (^uint64(0) >> uint(64-cols))
	case rows > 1: // so at most 64 columns
		all := ^uint64(0) >> uint(64-cols)
		for x := p; !x.IsEmpty(); x = x.Shr(uint(cols)) {
			colMask |= x.Lo & all
		}
	}
	c0, c1 := bits.TrailingZeros64(colMask), 63-bits.LeadingZeros64(colMask)
	if colMask == 0 { // one row of more than 64 cells
		c0, c1 = p.Lowest(), p.Highest()
	}
	box := ((r0*rows+r1)*cols+c0)*cols + c1
	return co.ids[co.start[box]:co.start[box+1]]
}

// halfTurnP reports whether the position c of Cram on board b, or of
// Node Kayles on b's grid graph, is a P-position by the symmetry
// strategy: the second player answers each move with its image under the
// half turn about the centre of c's bounding rectangle
// ([grid.Board.HalfTurn]). That works when c is its own image and no move
// touches its image's cells: a domino (or a vertex and its neighbours)
// meets its image only if it contains the centre, when the centre is a
// cell, or is the pair of cells whose middle the centre is. So c is a
// P-position when it is its own half turn and, unless the centre is a
// corner of four cells, the cell at or just above or left of the centre
// is not in c (its image, the other cell of the pair, then is not
// either). A cell at the centre makes c's size odd, which is tested first.
func halfTurnP(b *grid.Board, c grid.Set) bool {
	if c.Len()&1 != 0 {
		return false
	}
	r2, c2, ok := b.HalfTurn(c)
	if !ok {
		return false
	}
	if r2&1 == 1 && c2&1 == 1 {
		return true
	}
	i, _ := b.Cell(r2/2, c2/2)
	return !c.Has(i)
}
