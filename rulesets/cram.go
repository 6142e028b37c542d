package rulesets

import (
	"fmt"
	"math/bits"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/grid"
)

// Cram is the game of placing dominoes on a board: a move covers two free
// cells that share a side, and the player who cannot place a domino loses
// (Gardner, 1974; Winning Ways, ch. 22, "Cram"). A position is the
// [grid.Set] of free cells of the board; blocked cells are simply never
// free. Boards have up to [grid.MaxCells] cells.
//
// Cram implements [game.Game], [game.Decomposer] (the free cells fall
// apart into regions that no domino joins, which it also simplifies
// without changing their values: see [Cram.Reduce] and
// [Cram.AppendComponents]), [game.Canonicalizer] (a region is worth the
// same after any of the board's symmetries and any translation:
// [grid.Board.Canonical]) and [game.Packer] (a position is its own
// 128-bit key). Canonical and Pack are meant for single regions, as the
// engines call them, but are correct on any position. For package
// sg/search it also counts moves (NumMoves) and lists them from the
// centre out ([Cram.AppendOrderedMoves]), to order its search, and
// recognizes the positions won by the symmetry strategy
// ([Cram.SecondPlayerWins]).
//
// On a 1×n strip Cram is Dawson's Kayles (octal .07): a domino removes two
// adjacent cells of a row, leaving up to two shorter rows. Symmetry
// strategies settle two families (Winning Ways, ch. 22): on an even×even
// board the second player wins by answering each domino with its image
// under the half turn (value 0), and on an even×odd board the first player
// wins by covering the two central cells and then playing the same way
// (a nonzero value).
//
// A Cram is immutable and safe for concurrent use.
type Cram struct {
	b     *grid.Board
	start grid.Set
	full  bool // start is the whole board: the spec is "cram:MxN"

	// For a board of at most 64 cells, whose sets are one word: the
	// cells but those of the first and of the last column, and the
	// number of columns (see reduce64).
	word       bool
	nc0, ncLst uint64
	k          uint
	mid        uint64 // the cells of the middle row
	// split64 tells that AppendComponents, Reduce and Canonical take
	// the word's code, which shifts by k masked to 63 (so that the
	// compiler adds no test for a shift of 64 or more): every board of
	// one word but the single row of 64 cells.
	split64 bool

	// centres lists the board's dominoes from each centre outwards, for
	// AppendOrderedMoves, and rings groups them in masks on a board of
	// at most 64 cells, with rowMul (2^16/k rounded up: cell i is in row
	// i·rowMul >> 16); made at its first call.
	centres *centreOrder
	rings   *cramRings
	rowMul  uint
}

func newCram(b *grid.Board, start grid.Set) *Cram {
	g := &Cram{b: b, start: start, full: start == b.Full(), centres: new(centreOrder), rings: new(cramRings)}
	if b.Full().Hi == 0 {
		g.word = true
		g.nc0 = b.Right(b.Full()).Lo
		g.ncLst = b.Left(b.Full()).Lo
		g.k = uint(b.Cols())
		g.mid = (1<<g.k - 1) << (g.k * uint(b.Rows()/2))
		g.rowMul = (1<<16 + g.k - 1) / g.k
		g.split64 = g.k < 64
	}
	return g
}

// NewCram returns Cram on an empty board of rows × cols cells, and an error
// naming a size below 1 or a board of more than [grid.MaxCells] cells.
func NewCram(rows, cols int) (*Cram, error) {
	b, err := grid.NewBoard(rows, cols)
	if err != nil {
		return nil, fmt.Errorf("rulesets: cram: %w", err)
	}
	return newCram(b, b.Full()), nil
}

// NewCramBoard returns Cram on board b whose free cells at the start are
// free (the others are blocked).
func NewCramBoard(b *grid.Board, free grid.Set) *Cram {
	return newCram(b, free.And(b.Full()))
}

// Board returns the board.
func (g *Cram) Board() *grid.Board { return g.b }

// Start returns the free cells of the starting position.
func (g *Cram) Start() grid.Set { return g.start }

// String returns the game's spec: "cram:MxN" for an empty board, else
// "cram:" and the rows of the starting position, '.' for a free cell and
// '#' for a blocked one, separated by '/' ("cram:..#/..."). [ParseCram]
// reads it back.
func (g *Cram) String() string {
	if g.full {
		return fmt.Sprintf("cram:%dx%d", g.b.Rows(), g.b.Cols())
	}
	return "cram:" + g.b.Format(g.start, '.', '#')
}

// AppendMoves appends every position after one domino on p's free cells:
// first the horizontal dominoes, by their left cell, then the vertical
// ones, by their upper cell.
func (g *Cram) AppendMoves(dst []grid.Set, p grid.Set) []grid.Set {
	if g.word {
		return g.appendMoves64(dst, p.Lo)
	}
	b := g.b
	h := p.And(b.Left(p)) // free cells whose right neighbour is free
	v := p.And(b.Up(p))   // free cells whose lower neighbour is free
	dst = appendPairs(dst, p, h, 1)
	return appendPairs(dst, p, v, b.Cols())
}

// AppendOrderedMoves appends the positions that AppendMoves appends, in
// another order: the dominoes nearest the centre of the rectangle that
// bounds p's free cells first (by the distance from it to the domino's
// middle, ties in AppendMoves' order). It is what
// [game.MoveOrderer] asks for: a
// search tries first the moves most likely to win, and on a region that
// is nearly symmetric under the half turn these are the central ones
// (the symmetry strategies, see [Cram], answer a domino by its image,
// and the first player of an even×odd board opens in the centre). With
// it, the search of a Cram value expands 14 to 58 % fewer positions (4×10,
// 6×6, 6×7, 4×9, 5×7, 5×8, 7×7: 82 million instead of 197 million; 5×6
// 29,712 instead of 52,347 in sg/search's BenchmarkCram, value against
// value-boardorder).
func (g *Cram) AppendOrderedMoves(dst []grid.Set, p grid.Set) []grid.Set {
	if p.IsEmpty() {
		return dst
	}
	if g.word {
		return g.appendOrderedMoves64(dst, p.Lo)
	}
	b := g.b
	cols := b.Cols()
	ids := g.centres.list(b, p, cramDominoes)
	h := p.And(b.Left(p))
	v := p.And(b.Up(p))
	n := h.Len() + v.Len()
	for _, id := range ids {
		if n == 0 {
			break
		}
		i, d, from := int(id>>1), 1, h
		if id&1 != 0 {
			d, from = cols, v
		}
		if from.Has(i) {
			dst = append(dst, p.Without(i).Without(i+d))
			n--
		}
	}
	return dst
}

// cramDominoes lists the dominoes of a board of rows × cols cells for
// makeCentres: an id is the domino's left or upper cell i as i<<1 |
// vertical; the horizontal dominoes first, by left cell, then the
// vertical ones by upper cell (AppendMoves' order). A domino's cells lie
// in a rectangle when its middle does, half a cell in from each side.
func cramDominoes(rows, cols int) []centreItem {
	var all []centreItem
	for i := range rows * cols {
		if r, c := i/cols, i%cols; c+1 < cols {
			all = append(all, centreItem{uint8(i << 1), 2 * r, 2*c + 1})
		}
	}
	for i := range rows * cols {
		if r, c := i/cols, i%cols; r+1 < rows {
			all = append(all, centreItem{uint8(i<<1 | 1), 2*r + 1, 2 * c})
		}
	}
	return all
}

// NumMoves returns the number of moves from p: the pairs of adjacent
// free cells, len(AppendMoves(nil, p)) with no list made. It is what
// [game.MoveCounter] asks for, to order a search.
func (g *Cram) NumMoves(p grid.Set) int {
	if g.word {
		q := p.Lo
		return bits.OnesCount64(q&(q>>1&g.ncLst)) + bits.OnesCount64(q&(q>>g.k))
	}
	b := g.b
	return p.And(b.Left(p)).Len() + p.And(b.Up(p)).Len()
}

// appendPairs appends p without cells i and i+d for every cell i of from.
func appendPairs(dst []grid.Set, p, from grid.Set, d int) []grid.Set {
	for w, base := from.Lo, 0; ; w, base = from.Hi, 64 {
		for w != 0 {
			i := base + bits.TrailingZeros64(w)
			w &= w - 1
			dst = append(dst, p.Without(i).Without(i+d))
		}
		if base == 64 {
			return dst
		}
	}
}

// AppendComponents appends the regions of p's free cells that a domino
// can reach, simplified: the connected components, with at least two
// cells each, of [Cram.Reduce] of p, where a component is also cut
// between two rows of a square of four free cells whose top-left and
// bottom-right cells (or top-right and bottom-left) have no other free
// neighbour: the two horizontal dominoes of such a square are worth what
// vertical ones are (see below). The values of the regions XOR to p's
// value, as the [game.Decomposer] contract asks, though a move of p need
// not be a move of one of them: cells that Reduce drops are gone.
//
// The cut is a lemma of Beling's solver igs (https://github.com/beling/igs),
// proved here as follows. Let a, a′ be the top row of the square and q, b
// the bottom row, a and b with no neighbour outside it. Without the edges
// a–a′ and q–b, a hangs on q and b on a′. Each move of the board is then
// worth a move of the cut board: a–a′ leaves b hanging on q, as a′–b
// leaves a hanging on q (the same shape); q–b leaves a hanging on a′, as
// a–q leaves b; a–q and a′–b leave the same position on both; a move of
// a′ or q with an outside cell leaves, on the board, a centre with two
// leaves, worth one leaf (see Reduce), as on the cut board; any other
// move keeps the square, and induction on the number of cells applies.
// The options have the same values, so the positions have too.
func (g *Cram) AppendComponents(dst []grid.Set, p grid.Set) []grid.Set {
	if !g.split64 {
		return g.appendComponentsSets(dst, p)
	}
	// A board of one word. The isolated dominoes of the reduced
	// position (two cells, each the other's only free neighbour: a
	// quarter of the components a 5×7 search meets) are found for all
	// at once from the free neighbours reduce64Dirs leaves, and appended
	// without a fill; a cut square has no such cell, so they are never
	// cut.
	k := g.k & 63 // below 64: shifts by k need no test
	q, l, r, u, d := g.reduce64Dirs(p.Lo)
	cut := cuts64Dirs(q, l, r, u, d, k)
	// The left cells of the horizontal isolated dominoes (a cell with a
	// free right neighbour alone, whose right neighbour has no free one
	// but it) and the upper cells of the vertical ones.
	lr, ud := l|r, u|d
	h := r &^ (l | ud | (r|ud)>>1)
	v := d &^ (lr | u | (lr|d)>>k)
	for w := h; w != 0; w &= w - 1 {
		i := w & -w
		dst = append(dst, grid.Set{Lo: i | i<<1})
	}
	for w := v; w != 0; w &= w - 1 {
		i := w & -w
		dst = append(dst, grid.Set{Lo: i | i<<k})
	}
	for rest := q &^ (h | h<<1 | v | v<<k); rest != 0; {
		c := g.fill64(rest, cut, g.seed64(rest))
		// c is a whole region unless a cut edge joins it to the rest.
		if out := q &^ c; cut == 0 || (c&cut)<<1&out == 0 && (out&cut)<<1&c == 0 {
			dst = append(dst, grid.Set{Lo: c})
		} else {
			dst = g.appendCut64(dst, c)
		}
		rest &^= c
	}
	return dst
}

// appendComponentsSets is AppendComponents on any board, by sets.
func (g *Cram) appendComponentsSets(dst []grid.Set, p grid.Set) []grid.Set {
	b := g.b
	p = g.Reduce(p)
	cut := g.cuts(p)
	if cut.IsEmpty() {
		return b.AppendComponents(dst, p)
	}
	for rest := p; !rest.IsEmpty(); {
		i := rest.Lowest()
		c := g.fill(rest, cut, i)
		if c == b.Component(p, i) {
			dst = append(dst, c)
		} else {
			// A region the cut split: its parts may reduce and cut again.
			dst = g.appendComponentsSets(dst, c)
		}
		rest = rest.AndNot(c)
	}
	return dst
}

// cuts returns the left cells of the horizontal edges of p that
// AppendComponents does not follow: the two rows of each square of four
// free cells whose top-left and bottom-right cells, or top-right and
// bottom-left cells, have no free neighbour outside the square.
func (g *Cram) cuts(p grid.Set) grid.Set {
	b := g.b
	r := p.And(b.Left(p))          // free cells whose right neighbour is free
	l := p.And(b.Right(p))         // … whose left neighbour is free
	d := p.And(b.Up(p))            // … whose lower neighbour is free
	u := p.And(b.Down(p))          // … whose upper neighbour is free
	rd := r.And(d).AndNot(l.Or(u)) // only right and lower neighbours
	lu := l.And(u).AndNot(r.Or(d)) // only left and upper neighbours
	ld := l.And(d).AndNot(r.Or(u)) // only left and lower neighbours
	ru := r.And(u).AndNot(l.Or(d)) // only right and upper neighbours
	// Top-left cells of such squares.
	x := rd.And(b.Up(b.Left(lu))).Or(b.Left(ld).And(b.Up(ru)))
	return x.Or(b.Down(x))
}

// fill returns the cells of p connected to cell i of p, not crossing a
// horizontal edge whose left cell is in cut.
func (g *Cram) fill(p, cut grid.Set, i int) grid.Set {
	b := g.b
	c := grid.Set{}.With(i)
	for {
		n := c.Or(b.Down(c)).Or(b.Up(c)).Or(b.Right(c.AndNot(cut))).Or(b.Left(c).AndNot(cut)).And(p)
		if n == c {
			return c
		}
		c = n
	}
}

// Reduce returns a position of the same value as p with fewer cells, or p
// itself, by three rules that keep the value of any position (each is
// proved by the second player copying moves in the sum of the position
// and its reduction, which is then a P-position):
//
//   - a free cell with no free neighbour is dead: no domino covers it;
//   - of the leaves (free cells with exactly one free neighbour) hanging
//     on one cell, one is kept: a domino on the centre and any of its
//     leaves leaves the same position, the other leaves dead;
//   - a cell with two or more free neighbours, all of them centres of
//     leaves, is dropped: a domino on it and a centre is answered by the
//     domino on that centre and its leaf, which leaves the same position
//     (the centres keep their leaves whatever else is played).
//
// The rules are applied until none applies: a region of a reduced
// position is reduced. They are the star and bridge reductions of
// Beling's solver igs (https://github.com/beling/igs), stated here as
// lemmas of their own; the smaller regions meet more often in the
// search's table and cancel in pairs more often.
func (g *Cram) Reduce(p grid.Set) grid.Set {
	if g.split64 {
		return grid.Set{Lo: g.reduce64(p.Lo)}
	}
	b := g.b
	for {
		l := p.And(b.Right(p)) // free cells whose left neighbour is free
		r := p.And(b.Left(p))  // … whose right neighbour is free
		u := p.And(b.Down(p))  // … whose upper neighbour is free
		d := p.And(b.Up(p))    // … whose lower neighbour is free
		lr, ud := l.Or(r), u.Or(d)
		live := lr.Or(ud)
		two := l.And(r).Or(u.And(d)).Or(lr.And(ud))
		leaves := live.AndNot(two)
		if leaves.IsEmpty() {
			// No leaf, no centre: no rule but the first applies.
			return live
		}
		// The centres of the leaves, a direction at a time; a leaf whose
		// centre already has a leaf of an earlier direction goes.
		ld := leaves.And(d)
		seen := b.Down(ld)
		lr2 := leaves.And(r)
		drop := lr2.And(b.Left(seen))
		seen = seen.Or(b.Right(lr2))
		lu := leaves.And(u)
		drop = drop.Or(lu.And(b.Down(seen)))
		seen = seen.Or(b.Up(lu))
		ll := leaves.And(l)
		drop = drop.Or(ll.And(b.Right(seen)))
		seen = seen.Or(b.Left(ll))
		// Cells that are neither leaves nor centres, with no such
		// neighbour: every free neighbour is a centre.
		rest := live.AndNot(leaves.Or(seen))
		drop = drop.Or(rest.AndNot(b.Neighbors(rest)))
		if drop.IsEmpty() {
			// Only dead cells go, if any: no one's neighbours, so no rule
			// applies to live that did not to p.
			return live
		}
		p = live.AndNot(drop)
	}
}

// SecondPlayerWins reports whether p is a P-position by the symmetry
// strategy: p's free cells are their own image under the half turn about
// the centre of the rectangle that bounds them ([grid.Board.HalfTurn]),
// and that centre is neither a free cell nor the middle of two, so that
// no domino meets its own image and the second player can answer each
// domino with its image. Every even×even board is such a position. It is
// what [game.Strategist] asks:
// the search values such a region 0 without expanding it. It reports
// false for the other P-positions.
func (g *Cram) SecondPlayerWins(p grid.Set) bool { return halfTurnP(g.b, p) }

// Canonical returns [grid.Board.Canonical] of p's free cells, without the
// cells that no domino can cover.
func (g *Cram) Canonical(p grid.Set) grid.Set {
	if g.split64 {
		q, k := p.Lo, g.k&63
		return g.b.Canonical(grid.Set{Lo: q & (q<<1&g.nc0 | q>>1&g.ncLst | q<<k | q>>k)})
	}
	return g.b.Canonical(p.And(g.b.Neighbors(p)))
}

// Pack returns p's cells as a [game.Key].
func (g *Cram) Pack(p grid.Set) game.Key { return p.Key() }
