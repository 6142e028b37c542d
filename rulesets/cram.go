package rulesets

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

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

	// centres lists the board's dominoes from each centre outwards, for
	// AppendOrderedMoves; made at its first call.
	centres *centreOrder
}

func newCram(b *grid.Board, start grid.Set) *Cram {
	g := &Cram{b: b, start: start, full: start == b.Full(), centres: new(centreOrder)}
	if b.Full().Hi == 0 {
		g.word = true
		g.nc0 = b.Right(b.Full()).Lo
		g.ncLst = b.Left(b.Full()).Lo
		g.k = uint(b.Cols())
		g.mid = (1<<g.k - 1) << (g.k * uint(b.Rows()/2))
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
// [github.com/impartial-go/impartial/sg/search.MoveOrderer] asks for: a
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
	b := g.b
	cols := b.Cols()
	ids := g.centres.list(b, p, cramDominoes)
	if g.word {
		q, k := p.Lo, g.k
		h := q & (q >> 1 & g.ncLst) // left cells of the horizontal dominoes
		v := q & (q >> k)           // upper cells of the vertical ones
		n := bits.OnesCount64(h) + bits.OnesCount64(v)
		if n == 0 {
			return dst
		}
		hv := [2]uint64{h, v}
		step := [2]uint{1, k}
		// Without a branch on each domino: every one is written, and
		// the next write goes past it only when it is a move.
		lo := len(dst)
		dst = slices.Grow(dst, n)[:lo+n]
		out := dst[lo:]
		j := 0
		for _, id := range ids {
			i, o := uint(id>>1), id&1
			out[j] = grid.Set{Lo: q &^ (1<<i | 1<<(i+step[o]))}
			if j += int(hv[o] >> i & 1); j == n {
				break
			}
		}
		return dst
	}
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
// [github.com/impartial-go/impartial/sg/search.MoveCounter] asks for, to order a search.
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
	if g.word {
		return g.appendComponents64(dst, p.Lo)
	}
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
			dst = g.AppendComponents(dst, c)
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
	if g.word {
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
		q := live.AndNot(drop)
		if q == p {
			return p
		}
		p = q
	}
}

// SecondPlayerWins reports whether p is a P-position by the symmetry
// strategy: p's free cells are their own image under the half turn about
// the centre of the rectangle that bounds them ([grid.Board.HalfTurn]),
// and that centre is neither a free cell nor the middle of two, so that
// no domino meets its own image and the second player can answer each
// domino with its image. Every even×even board is such a position. It is
// what [github.com/impartial-go/impartial/sg/search.Strategist] asks:
// the search values such a region 0 without expanding it. It reports
// false for the other P-positions.
func (g *Cram) SecondPlayerWins(p grid.Set) bool { return halfTurnP(g.b, p) }

// Canonical returns [grid.Board.Canonical] of p's free cells, without the
// cells that no domino can cover.
func (g *Cram) Canonical(p grid.Set) grid.Set {
	if g.word {
		q, k := p.Lo, g.k
		return g.b.Canonical(grid.Set{Lo: q & (q<<1&g.nc0 | q>>1&g.ncLst | q<<k | q>>k)})
	}
	return g.b.Canonical(p.And(g.b.Neighbors(p)))
}

// Pack returns p's cells as a [game.Key].
func (g *Cram) Pack(p grid.Set) game.Key { return p.Key() }

// Domino returns the two cells, in increasing order, that the move from p
// to q covers, and false when q is not a position after one move from p.
func (g *Cram) Domino(p, q grid.Set) (a, b int, ok bool) {
	d := p.AndNot(q)
	if q.AndNot(p) != (grid.Set{}) || d.Len() != 2 {
		return 0, 0, false
	}
	a, b = d.Lowest(), d.Highest()
	if b-a != g.b.Cols() && !(b-a == 1 && a%g.b.Cols() != g.b.Cols()-1) {
		return 0, 0, false
	}
	return a, b, true
}

// MoveString writes the move from p to q as its two cells, each as
// row,column counted from 0 ("0,0-0,1"), and "?" when q does not follow p.
func (g *Cram) MoveString(p, q grid.Set) string {
	a, b, ok := g.Domino(p, q)
	if !ok {
		return "?"
	}
	ra, ca := g.b.RowCol(a)
	rb, cb := g.b.RowCol(b)
	return fmt.Sprintf("%d,%d-%d,%d", ra, ca, rb, cb)
}

// MoveStrings returns the notation of each move from p (see
// [Cram.MoveString]), in the order of AppendMoves.
func (g *Cram) MoveStrings(p grid.Set) []string { return moveStrings(g, p) }

// ParseCram reads the argument of a "cram:" spec: "MxN" for an empty board
// of M rows and N columns (also "M×N"), or rows of '.' (free) and '#'
// (blocked) separated by '/', as in "..#/...". A bad argument is a
// [*SyntaxError] naming the bad size, row or cell, its position counted in
// arg from 1 (the convention of the catalogue's WithArg).
func ParseCram(arg string) (*Cram, error) {
	spec := arg
	const off = 1
	if strings.TrimSpace(arg) == "" {
		return nil, &SyntaxError{Spec: spec, Pos: off, Msg: "empty board (want MxN or rows like ../.#)"}
	}
	if !strings.ContainsAny(arg, ".#") {
		m, n, err := parseDims(spec, arg, off)
		if err != nil {
			return nil, err
		}
		g, err := NewCram(m, n)
		if err != nil {
			return nil, &SyntaxError{Spec: spec, Pos: off, Token: arg, Msg: strings.TrimPrefix(err.Error(), "rulesets: cram: grid: ")}
		}
		return g, nil
	}
	rows := strings.Split(arg, "/")
	b, free, err := grid.ParseRows(rows, '.', '#')
	if err != nil {
		pe, ok := err.(*grid.ParseError)
		if !ok {
			return nil, &SyntaxError{Spec: spec, Pos: off, Token: arg, Msg: err.Error()}
		}
		return nil, rowError(spec, rows, off, pe)
	}
	return NewCramBoard(b, free), nil
}

// rowError turns a grid.ParseError for rows (which start at 1-based
// position off of spec) into a SyntaxError naming the row or cell.
func rowError(spec string, rows []string, off int, pe *grid.ParseError) error {
	msg := strings.TrimPrefix(pe.Error(), "grid: ")
	if pe.Row < 1 || pe.Row > len(rows) {
		return &SyntaxError{Spec: spec, Pos: off, Msg: msg}
	}
	pos := off
	for _, r := range rows[:pe.Row-1] {
		pos += utf8.RuneCountInString(r) + 1
	}
	if row := []rune(rows[pe.Row-1]); pe.Col > 0 && pe.Col <= len(row) {
		return &SyntaxError{Spec: spec, Pos: pos + pe.Col - 1, Token: string(row[pe.Col-1]), Msg: msg}
	}
	return &SyntaxError{Spec: spec, Pos: pos, Token: rows[pe.Row-1], Msg: msg}
}

// parseDims reads "MxN" (or "M×N") at 1-based position off of spec.
func parseDims(spec, arg string, off int) (int, int, error) {
	a, b, ok := strings.Cut(arg, "x")
	if !ok {
		a, b, ok = strings.Cut(arg, "×")
	}
	if !ok {
		return 0, 0, &SyntaxError{Spec: spec, Pos: off, Token: arg, Msg: "want MxN, as in 5x6"}
	}
	m, err := parseSide(spec, a, off)
	if err != nil {
		return 0, 0, err
	}
	n, err := parseSide(spec, b, off+utf8.RuneCountInString(a)+1)
	if err != nil {
		return 0, 0, err
	}
	return m, n, nil
}

// parseSide reads one side of a board, 1 to grid.MaxCells.
func parseSide(spec, tok string, pos int) (int, error) {
	n, err := strconv.Atoi(tok)
	if err != nil || n < 1 || n > grid.MaxCells {
		return 0, &SyntaxError{Spec: spec, Pos: pos, Token: tok, Msg: fmt.Sprintf("not a side between 1 and %d", grid.MaxCells)}
	}
	return n, nil
}

// The same on a board of at most 64 cells, a set being one word: cell i
// is bit i, its left and right neighbours bits i∓1 (in the same row:
// masks nc0 and ncLst), its upper and lower ones bits i∓k.

// appendMoves64 is AppendMoves.
func (g *Cram) appendMoves64(dst []grid.Set, p uint64) []grid.Set {
	for w := p & (p >> 1 & g.ncLst); w != 0; w &= w - 1 {
		i := w & -w
		dst = append(dst, grid.Set{Lo: p &^ (i | i<<1)})
	}
	k := g.k
	for w := p & (p >> k); w != 0; w &= w - 1 {
		i := w & -w
		dst = append(dst, grid.Set{Lo: p &^ (i | i<<k)})
	}
	return dst
}

// appendComponents64 is AppendComponents. The isolated dominoes of the
// reduced position (two cells, each the other's only free neighbour: a
// quarter of the components a 5×7 search meets) are found for all at
// once from the free neighbours reduce64 leaves, and appended without a
// fill; a cut square has no such cell, so they are never cut.
func (g *Cram) appendComponents64(dst []grid.Set, p uint64) []grid.Set {
	k := g.k
	p, l, r, u, d := g.reduce64Dirs(p)
	cut := cuts64Dirs(l, r, u, d, k)
	// The left cells of the horizontal isolated dominoes and the upper
	// cells of the vertical ones.
	h := r &^ (l | u | d) & (l &^ (r | u | d) >> 1)
	v := d &^ (l | r | u) & (u &^ (l | r | d) >> k)
	for w := h; w != 0; w &= w - 1 {
		i := w & -w
		dst = append(dst, grid.Set{Lo: i | i<<1})
	}
	for w := v; w != 0; w &= w - 1 {
		i := w & -w
		dst = append(dst, grid.Set{Lo: i | i<<k})
	}
	for rest := p &^ (h | h<<1 | v | v<<k); rest != 0; {
		c := g.fill64(rest, cut, g.seed64(rest))
		// c is a whole region unless a cut edge joins it to the rest.
		if out := p &^ c; cut == 0 || (c&cut)<<1&out == 0 && (out&cut)<<1&c == 0 {
			dst = append(dst, grid.Set{Lo: c})
		} else {
			dst = g.appendComponents64(dst, c)
		}
		rest &^= c
	}
	return dst
}

// seed64 returns the cell, as a one-bit word, from which appendComponents64
// fills a region of rest: one of the middle row when rest has one, since
// fill64 grows a region a cell's step a round vertically and so from the
// middle takes fewer rounds, else the lowest.
func (g *Cram) seed64(rest uint64) uint64 {
	i := rest & g.mid
	if i == 0 {
		i = rest
	}
	return i & -i
}

// reduce64 is Reduce.
func (g *Cram) reduce64(p uint64) uint64 {
	p, _, _, _, _ = g.reduce64Dirs(p)
	return p
}

// reduce64Dirs is Reduce, returning with the reduced position q the cells
// of q whose left, right, upper and lower neighbour is free.
func (g *Cram) reduce64Dirs(p uint64) (q, l, r, u, d uint64) {
	nc0, ncl, k := g.nc0, g.ncLst, g.k
	for {
		l = p & (p << 1 & nc0) // free cells whose left neighbour is free
		r = p & (p >> 1 & ncl) // … right neighbour
		u = p & (p << k)       // … upper neighbour
		d = p & (p >> k)       // … lower neighbour
		lr, ud := l|r, u|d
		live := lr | ud
		leaves := live &^ (l&r | u&d | lr&ud)
		if leaves == 0 {
			// Only dead cells go, which are no one's neighbours: l, r,
			// u and d are live's.
			return live, l, r, u, d
		}
		ld := leaves & d
		seen := ld << k
		lr2 := leaves & r
		drop := lr2 & (seen >> 1)
		seen |= lr2 << 1
		lu := leaves & u
		drop |= lu & (seen << k)
		seen |= lu >> k
		ll := leaves & l
		drop |= ll & (seen << 1)
		seen |= ll >> 1
		rest := live &^ (leaves | seen)
		drop |= rest &^ (rest<<1&nc0 | rest>>1&ncl | rest<<k | rest>>k)
		q = live &^ drop
		if q == p {
			return p, l, r, u, d
		}
		p = q
	}
}

// cuts64Dirs is cuts of the position whose cells with a free left, right,
// upper and lower neighbour are l, r, u and d (as reduce64Dirs returns
// them), on a board of k columns.
func cuts64Dirs(l, r, u, d uint64, k uint) uint64 {
	rd := r & d &^ (l | u)
	lu := l & u &^ (r | d)
	ld := l & d &^ (r | u)
	ru := r & u &^ (l | d)
	x := rd&(lu>>(k+1)) | ld>>1&(ru>>k)
	return x | x<<k
}

// fill64 is fill from the cell of the one-bit word i. Each round adds to
// the cells found their upper, lower and left neighbours and, in one
// addition, every cell to their right along a run of free cells: with run
// the free cells whose right edge may be followed (not in the last
// column, not the left cell of a cut edge) and s the found cells of run,
// the carries of run + s, (run + s) ^ run ^ s, are the cells from the
// right of each cell of s up to and including the first cell that run
// does not continue past; a carry stops at a cell outside run, so it never
// leaves the row nor crosses a cut. On the regions of the options of
// random 5×7 positions it takes about a fifth less time than a cell's
// step a round (BenchmarkCramFill, "runs" against "cells"). Leftward
// steps of 1, 2, 4, … cells, or the carry taken after the vertical steps
// rather than beside them, save more rounds but lengthen each round's
// chain of dependent operations more: both measured slower.
func (g *Cram) fill64(p, cut, i uint64) uint64 {
	k := g.k
	run := p & g.ncLst &^ cut
	c := i
	for {
		s := c & run
		n := c | (c<<k|c>>k|c>>1&run|((run+s)^run^s))&p
		if n == c {
			return c
		}
		c = n
	}
}
