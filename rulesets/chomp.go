package rulesets

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/grid"
)

// Chomp is Gale's game of the poisoned chocolate bar (Gale, 1974; Winning
// Ways, ch. 18): a move bites a square that is left together with every
// square below and to the right of it, and the square in the top left
// corner is poisoned. Here, under normal play, biting the poison is not a
// move: the player left with the poison alone cannot move and loses.
//
// A position is a staircase, rows of non-increasing length whose first
// row holds the poison, kept as the [grid.Set] of its squares on the
// board of the starting position (row r and column c of the bar is cell
// r·cols + c, the poison is cell 0); boards have up to [grid.MaxCells]
// squares. The first player wins on every rectangle other than 1×1 by
// strategy stealing (if biting the bottom right square lost, its answer
// would win at once); the winning move is only known for a few shapes. On
// a square n×n bar, biting square (1,1) leaves two arms of n-1, which the
// second player can only lose by copying; on two rows the P-positions are
// the rows of lengths a and a-1 (Zeilberger, "Three-rowed Chomp", 2001).
//
// Chomp implements [game.Game], [game.Canonicalizer] (a staircase and its
// mirror image in the diagonal, the conjugate partition, are the same
// game when both fit on the board) and [game.Packer] (a position is its
// own key). It is no [game.Decomposer]: every square of a staircase is
// joined to the poison, so positions never fall apart.
//
// A Chomp is immutable and safe for concurrent use.
type Chomp struct {
	b     *grid.Board
	start grid.Set
	rect  bool       // the start is the whole board: the spec is "chomp:MxN"
	quad  []grid.Set // quad[i]: the squares at or below and right of square i
	row   []grid.Set // row[r]: the squares of row r
}

// NewChomp returns Chomp on a full bar of rows × cols squares, and an error
// naming a size below 1 or a bar of more than [grid.MaxCells] squares.
func NewChomp(rows, cols int) (*Chomp, error) {
	b, err := grid.NewBoard(rows, cols)
	if err != nil {
		return nil, fmt.Errorf("rulesets: chomp: %w", err)
	}
	return newChomp(b, b.Full(), true), nil
}

// NewChompRows returns Chomp on the staircase whose rows, from the one
// with the poison, have the given lengths. It returns an error naming the
// first row that is shorter than 1 or longer than the row before it, or a
// staircase whose bounding rectangle has more than [grid.MaxCells] squares.
func NewChompRows(lengths ...int) (*Chomp, error) {
	if len(lengths) == 0 {
		return nil, fmt.Errorf("rulesets: chomp: no rows")
	}
	for i, n := range lengths {
		switch {
		case n < 1:
			return nil, fmt.Errorf("rulesets: chomp: row %d has length %d, want at least 1", i+1, n)
		case i > 0 && n > lengths[i-1]:
			return nil, fmt.Errorf("rulesets: chomp: row %d (length %d) is longer than row %d (length %d)", i+1, n, i, lengths[i-1])
		}
	}
	b, err := grid.NewBoard(len(lengths), lengths[0])
	if err != nil {
		return nil, fmt.Errorf("rulesets: chomp: %d rows of up to %d squares: %w", len(lengths), lengths[0], err)
	}
	var s grid.Set
	for r, n := range lengths {
		for c := range n {
			s = s.With(r*lengths[0] + c)
		}
	}
	return newChomp(b, s, s == b.Full()), nil
}

func newChomp(b *grid.Board, start grid.Set, rect bool) *Chomp {
	m, n := b.Rows(), b.Cols()
	g := &Chomp{b: b, start: start, rect: rect, quad: make([]grid.Set, m*n), row: make([]grid.Set, m)}
	for i := range m * n {
		r, c := i/n, i%n
		g.row[r] = g.row[r].With(i)
		for r2 := r; r2 < m; r2++ {
			for c2 := c; c2 < n; c2++ {
				g.quad[i] = g.quad[i].With(r2*n + c2)
			}
		}
	}
	return g
}

// Board returns the board of the starting position.
func (g *Chomp) Board() *grid.Board { return g.b }

// Start returns the starting position.
func (g *Chomp) Start() grid.Set { return g.start }

// Position returns the staircase with the given row lengths on g's board,
// and false when the lengths do not make a staircase that fits on it.
func (g *Chomp) Position(lengths ...int) (grid.Set, bool) {
	if len(lengths) > g.b.Rows() {
		return grid.Set{}, false
	}
	var s grid.Set
	for r, n := range lengths {
		if n < 0 || n > g.b.Cols() || (r > 0 && n > lengths[r-1]) || (r == 0 && n < 1) {
			return grid.Set{}, false
		}
		for c := range n {
			s = s.With(r*g.b.Cols() + c)
		}
	}
	return s, true
}

// Rows returns the lengths of p's rows, without the empty ones.
func (g *Chomp) Rows(p grid.Set) []int {
	var out []int
	for _, row := range g.row {
		n := p.And(row).Len()
		if n == 0 {
			break
		}
		out = append(out, n)
	}
	return out
}

// String returns the game's spec: "chomp:MxN" for a full bar of M rows and
// N columns, else "chomp:" and the row lengths ("chomp:5,3,1").
// [ParseChomp] reads it back.
func (g *Chomp) String() string {
	if g.rect {
		return fmt.Sprintf("chomp:%dx%d", g.b.Rows(), g.b.Cols())
	}
	return "chomp:" + formatRows(g.Rows(g.start))
}

func formatRows(rows []int) string {
	s := make([]string, len(rows))
	for i, n := range rows {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// AppendMoves appends the position after each bite of a square of p other
// than the poison, in increasing order of the square.
func (g *Chomp) AppendMoves(dst []grid.Set, p grid.Set) []grid.Set {
	for w, base := p.Lo&^1, 0; ; w, base = p.Hi, 64 {
		for w != 0 {
			i := base + bits.TrailingZeros64(w)
			w &= w - 1
			dst = append(dst, p.AndNot(g.quad[i]))
		}
		if base == 64 {
			return dst
		}
	}
}

// Canonical returns the lesser (see [grid.Set.Less]) of p and its mirror
// image in the diagonal, when that fits on the board.
func (g *Chomp) Canonical(p grid.Set) grid.Set {
	m, n := g.b.Rows(), g.b.Cols()
	var lens [grid.MaxCells]int
	rows := 0
	for rows < m {
		k := p.And(g.row[rows]).Len()
		if k == 0 {
			break
		}
		lens[rows] = k
		rows++
	}
	if rows == 0 || lens[0] > m || rows > n {
		return p
	}
	// The conjugate: column c has as many squares as rows longer than c.
	var t grid.Set
	for c := range lens[0] {
		for r := 0; r < rows && lens[r] > c; r++ {
			t = t.With(c*n + r)
		}
	}
	if t.Less(p) {
		return t
	}
	return p
}

// Pack returns p's squares as a [game.Key].
func (g *Chomp) Pack(p grid.Set) game.Key { return p.Key() }

// Bite returns the square (row and column from 0) bitten by the move from
// p to q, and false when q is not a position after one move from p.
func (g *Chomp) Bite(p, q grid.Set) (r, c int, ok bool) {
	gone := p.AndNot(q)
	if !q.AndNot(p).IsEmpty() || gone.IsEmpty() {
		return 0, 0, false
	}
	// The bitten square is the top left one of the part bitten off: the
	// lowest row's lowest column among the removed squares.
	i := gone.Lowest()
	r, c = g.b.RowCol(i)
	for _, j := range gone.Append(nil) {
		_, cj := g.b.RowCol(j)
		c = min(c, cj)
	}
	i = r*g.b.Cols() + c
	if i == 0 || !p.Has(i) || p.AndNot(g.quad[i]) != q {
		return 0, 0, false
	}
	return r, c, true
}

// MoveString writes the move from p to q as the square bitten, row and
// column from 0 ("1,2"), and "?" when q does not follow p.
func (g *Chomp) MoveString(p, q grid.Set) string {
	r, c, ok := g.Bite(p, q)
	if !ok {
		return "?"
	}
	return strconv.Itoa(r) + "," + strconv.Itoa(c)
}

// PositionString writes p as the argument of a "chomp:" spec, its row
// lengths ("3,2,1").
func (g *Chomp) PositionString(p grid.Set) string { return formatRows(g.Rows(p)) }

// ParseMove returns the position after the bite that text names, as
// MoveString writes it ("1,2", spaces allowed around numbers), and an
// error naming text when it names no move from p.
func (g *Chomp) ParseMove(p grid.Set, text string) (grid.Set, error) {
	r, c, _ := strings.Cut(text, ",")
	q, err := game.FindMove(g, g.MoveString, p, strings.TrimSpace(r)+","+strings.TrimSpace(c))
	if err != nil {
		return p, fmt.Errorf("rulesets: chomp: %q is not a square left to bite", strings.TrimSpace(text))
	}
	return q, nil
}

// ParseChomp reads the argument of a "chomp:" spec: "MxN" for a full bar
// of M rows and N columns, or the row lengths from the poisoned row down,
// non-increasing, separated by commas ("5,3,1"). A bad argument is a
// [*SyntaxError] naming the bad size or row, its position counted in arg
// from 1 (the convention of the catalogue's WithArg).
func ParseChomp(arg string) (*Chomp, error) {
	spec := arg
	const off = 1
	if strings.TrimSpace(arg) == "" {
		return nil, &SyntaxError{Spec: spec, Pos: off, Msg: "empty bar (want MxN or row lengths like 5,3,1)"}
	}
	if !strings.Contains(arg, ",") && strings.ContainsAny(arg, "x×") {
		m, n, err := parseDims(spec, arg, off)
		if err != nil {
			return nil, err
		}
		g, err := NewChomp(m, n)
		if err != nil {
			return nil, &SyntaxError{Spec: spec, Pos: off, Token: arg, Msg: strings.TrimPrefix(err.Error(), "rulesets: chomp: grid: ")}
		}
		return g, nil
	}
	var lengths []int
	pos := off
	for i, tok := range strings.Split(arg, ",") {
		t := strings.TrimSpace(tok)
		n, err := strconv.Atoi(t)
		switch {
		case err != nil || n < 1 || n > grid.MaxCells:
			return nil, &SyntaxError{Spec: spec, Pos: pos, Token: t, Msg: fmt.Sprintf("row %d: not a length from 1 to %d", i+1, grid.MaxCells)}
		case i > 0 && n > lengths[i-1]:
			return nil, &SyntaxError{Spec: spec, Pos: pos, Token: t, Msg: fmt.Sprintf("row %d is longer than row %d (%d): rows must not grow", i+1, i, lengths[i-1])}
		}
		lengths = append(lengths, n)
		pos += utf8.RuneCountInString(tok) + 1
	}
	g, err := NewChompRows(lengths...)
	if err != nil {
		return nil, &SyntaxError{Spec: spec, Pos: off, Token: arg, Msg: strings.TrimPrefix(err.Error(), "rulesets: chomp: ")}
	}
	return g, nil
}

// The capabilities Chomp declares.
var (
	_ game.Started[grid.Set]       = (*Chomp)(nil)
	_ game.Canonicalizer[grid.Set] = (*Chomp)(nil)
	_ game.Packer[grid.Set]        = (*Chomp)(nil)
)

var (
	_ = register(&Entry{
		Name:    "chomp",
		Syntax:  "chomp:MxN|chomp:R1,R2,…",
		Doc:     "Chomp: bite a square and all squares below and right of it; the poisoned corner cannot be taken",
		Kind:    game.KindBoard,
		WithArg: func(arg string) (fmt.Stringer, error) { return ParseChomp(arg) },
		Known: []Known{
			{Spec: "chomp:5,4", Values: "0", Source: "two rows (a, a-1) are P; D. Zeilberger, Three-rowed Chomp, 2001"},
			{Spec: "chomp:1x6", Values: "5", Source: "one row of a squares is a Nim heap of a-1"},
		},
	})
)
