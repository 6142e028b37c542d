package grid

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// MaxCells is the most cells a [Board] may have: a [Set] holds 128.
const MaxCells = 128

// Board is a rectangle of Rows × Cols cells, numbered row by row: cell
// r·Cols + c is in row r and column c, both from 0. Two cells are adjacent
// when they share a side. A Board only describes the geometry; the cells
// a position occupies, covers or leaves free are a [Set].
//
// A Board is immutable once made and safe for concurrent use.
type Board struct {
	rows, cols int
	full       Set // every cell
	notCol0    Set // every cell but those of column 0
	notColLast Set // every cell but those of the last column

	// For Canonical of shapes on one word (canonical64): rowMul is
	// 2^16/cols rounded up, so that cell i < 64 is in row i·rowMul >> 16
	// (exact while i·cols < 2^16); on a board of fewer than 8 columns,
	// byteMasks holds the masks of the three steps that move its rows
	// one a byte (see toBytes).
	rowMul    uint64
	byteMasks [3]uint64
	// word is full's cells on a board of at most 64 cells, at least two
	// rows and at least two columns (Canonical's fast way), else 0.
	word uint64
}

// NewBoard returns the board of rows × cols cells. It returns an error
// naming the bad size when either is below 1 or the board has more than
// [MaxCells] cells.
func NewBoard(rows, cols int) (*Board, error) {
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("grid: board %d×%d: sizes must be at least 1", rows, cols)
	}
	if rows > MaxCells || cols > MaxCells || rows*cols > MaxCells {
		return nil, fmt.Errorf("grid: board %d×%d has more than %d cells", rows, cols, MaxCells)
	}
	b := &Board{rows: rows, cols: cols}
	b.rowMul = (1<<16 + uint64(cols) - 1) / uint64(cols)
	if n := uint(cols); n < 8 {
		b.byteMasks = [3]uint64{
			^uint64(0) << (4 * n),                           // rows 4 to 7
			(uint64(1)<<(2*n) - 1) << (2 * n) * (1 + 1<<32), // rows 2, 3 of either half
			(uint64(1)<<n - 1) << n * 0x0001000100010001,    // row 1 of each quarter
		}
	}
	for i := range rows * cols {
		b.full = b.full.With(i)
		if i%cols != 0 {
			b.notCol0 = b.notCol0.With(i)
		}
		if i%cols != cols-1 {
			b.notColLast = b.notColLast.With(i)
		}
	}
	if b.full.Hi == 0 && rows > 1 && cols > 1 {
		b.word = b.full.Lo
	}
	return b, nil
}

// Rows returns the number of rows.
func (b *Board) Rows() int { return b.rows }

// Cols returns the number of columns.
func (b *Board) Cols() int { return b.cols }

// Full returns the set of every cell of the board.
func (b *Board) Full() Set { return b.full }

// Cell returns the number of the cell in row r and column c, and false
// when there is no such cell.
func (b *Board) Cell(r, c int) (int, bool) {
	if r < 0 || r >= b.rows || c < 0 || c >= b.cols {
		return 0, false
	}
	return r*b.cols + c, true
}

// RowCol returns the row and column of cell i (which must be a cell of
// the board).
func (b *Board) RowCol(i int) (r, c int) { return i / b.cols, i % b.cols }

// Right returns the cells of s moved one column right, dropping those that
// leave the board: the cells whose left neighbour is in s.
func (b *Board) Right(s Set) Set { return s.Shl(1).And(b.notCol0) }

// Left returns the cells whose right neighbour is in s.
func (b *Board) Left(s Set) Set { return s.Shr(1).And(b.notColLast) }

// Down returns the cells whose upper neighbour (row above) is in s.
func (b *Board) Down(s Set) Set { return s.Shl(uint(b.cols)).And(b.full) }

// Up returns the cells whose lower neighbour (row below) is in s.
func (b *Board) Up(s Set) Set { return s.Shr(uint(b.cols)) }

// Neighbors returns every cell of the board adjacent to some cell of s
// (it may include cells of s itself).
func (b *Board) Neighbors(s Set) Set {
	if b.full.Hi == 0 && s.Hi == 0 && s.Lo&^b.full.Lo == 0 {
		// A set of a board of at most 64 cells: one word.
		x, k := s.Lo, uint(b.cols)
		return Set{Lo: (x<<1&b.notCol0.Lo | x>>1&b.notColLast.Lo | x<<k | x>>k) & b.full.Lo}
	}
	return b.Right(s).Or(b.Left(s)).Or(b.Down(s)).Or(b.Up(s))
}

// Component returns the cells of s connected to cell i through cells of s
// (the flood fill from i), or the empty set when i is not in s. It costs a
// few word operations per step of the component's diameter.
func (b *Board) Component(s Set, i int) Set {
	if !s.Has(i) {
		return Set{}
	}
	if b.full.Hi == 0 && i < 64 && b.full.Lo>>uint(i)&1 != 0 {
		// A board of at most 64 cells: one word a set.
		m, k := s.Lo&b.full.Lo, uint(b.cols)
		l, r := b.notColLast.Lo, b.notCol0.Lo
		c := uint64(1) << uint(i)
		for {
			n := (c | c<<1&r | c>>1&l | c<<k | c>>k) & m
			if n == c {
				return Set{Lo: c}
			}
			c = n
		}
	}
	c := Set{}.With(i)
	for {
		n := c.Or(b.Neighbors(c)).And(s)
		if n == c {
			return c
		}
		c = n
	}
}

// AppendComponents appends to dst the connected components of s, in the
// order of their lowest cells, and returns the extended slice: nothing
// when s is empty, and s itself when it is connected. It allocates only
// when dst must grow, so it suits a game's [game.Decomposer].
func (b *Board) AppendComponents(dst []Set, s Set) []Set {
	for !s.IsEmpty() {
		c := b.Component(s, s.Lowest())
		dst = append(dst, c)
		s = s.AndNot(c)
	}
	return dst
}

// Connected reports whether s is one component (the empty set is not).
func (b *Board) Connected(s Set) bool {
	return !s.IsEmpty() && b.Component(s, s.Lowest()) == s
}

// Format writes s as text rows separated by '/', with in for the cells of
// s and out for the others: Format(s, '.', '#') is the notation of
// [ParseRows].
func (b *Board) Format(s Set, in, out byte) string {
	var sb strings.Builder
	sb.Grow(b.rows * (b.cols + 1))
	for r := range b.rows {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := range b.cols {
			if s.Has(r*b.cols + c) {
				sb.WriteByte(in)
			} else {
				sb.WriteByte(out)
			}
		}
	}
	return sb.String()
}

// ParseError reports a text board that cannot be read: Row and Col count
// from 1, Col in characters (Col is 0 when the whole row is at fault).
type ParseError struct {
	Row, Col int
	Msg      string
}

// Error names the row and, when there is one, the column.
func (e *ParseError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("grid: row %d, column %d: %s", e.Row, e.Col, e.Msg)
	}
	if e.Row > 0 {
		return fmt.Sprintf("grid: row %d: %s", e.Row, e.Msg)
	}
	return "grid: " + e.Msg
}

// ParseRows reads a board from text rows of equal length, one string a
// row, in which the byte in marks a cell of the returned set and the byte
// out a cell outside it: ParseRows([]string{"..#", "..."}, '.', '#') is a
// 2×3 board with all cells but the top right one. A row of another length
// than the first, a byte that is neither in nor out, or a board of more
// than [MaxCells] cells is a [*ParseError] naming the row (and column).
func ParseRows(rows []string, in, out byte) (*Board, Set, error) {
	if len(rows) == 0 {
		return nil, Set{}, &ParseError{Msg: "no rows"}
	}
	cols := len(rows[0])
	if cols == 0 {
		return nil, Set{}, &ParseError{Row: 1, Msg: "empty row"}
	}
	if len(rows) > MaxCells || cols > MaxCells || len(rows)*cols > MaxCells {
		return nil, Set{}, &ParseError{Msg: fmt.Sprintf("%d rows of %d cells is more than %d cells", len(rows), cols, MaxCells)}
	}
	b, err := NewBoard(len(rows), cols)
	if err != nil {
		return nil, Set{}, err
	}
	var s Set
	for r, row := range rows {
		if len(row) != cols {
			return nil, Set{}, &ParseError{Row: r + 1, Msg: fmt.Sprintf("has %d cells, row 1 has %d", len(row), cols)}
		}
		for c := range len(row) {
			switch row[c] {
			case in:
				s = s.With(r*cols + c)
			case out:
			default:
				bad, _ := utf8.DecodeRuneInString(row[c:])
				return nil, Set{}, &ParseError{Row: r + 1, Col: utf8.RuneCountInString(row[:c]) + 1,
					Msg: fmt.Sprintf("%q is neither %q nor %q", bad, in, out)}
			}
		}
	}
	return b, s, nil
}

// row returns the bits of row r of s (cols ≤ 64).
func (b *Board) row(s Set, r int) uint64 {
	return s.Shr(uint(r*b.cols)).Lo & (^uint64(0) >> uint(64-b.cols))
}

// reverse returns the lowest w bits of x in reverse order.
func reverse(x uint64, w int) uint64 { return bits.Reverse64(x) >> uint(64-w) }
