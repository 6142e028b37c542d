package grid

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// TestCanonical64 checks the one-word Canonical of boards of at most 64
// cells against the row-by-row one that larger boards use, on random
// sets of every density (sparse ones have many small shapes, dense ones
// fill the board) and on random boards from 2×2 to 8×8 and 2×32.
func TestCanonical64(t *testing.T) {
	r := gametest.Rand(t)
	for range 20000 {
		rows := 2 + r.IntN(7)
		cols := 2 + r.IntN(min(31, 64/rows-1))
		b, err := NewBoard(rows, cols)
		if err != nil {
			t.Fatal(err)
		}
		x := r.Uint64()
		for range r.IntN(4) {
			x &= r.Uint64() // sparser
		}
		s := Set{Lo: x}.And(b.full)
		if s.IsEmpty() {
			continue
		}
		if got, want := b.Canonical(s), b.canonicalRows(s); got != want {
			t.Fatalf("%d×%d: Canonical(%s) = %s on one word, %s row by row", rows, cols,
				b.Format(s, 'o', '.'), b.Format(got, 'o', '.'), b.Format(want, 'o', '.'))
		}
	}
}

// cell is a cell by its row and column, which may be negative while a
// shape is being moved.
type cell struct{ r, c int }

// images are the 8 symmetries of the square as maps of the plane, in no
// particular order: the four rotations, then the four reflections.
var images = [8]func(cell) cell{
	func(p cell) cell { return cell{p.r, p.c} },
	func(p cell) cell { return cell{p.c, -p.r} },
	func(p cell) cell { return cell{-p.r, -p.c} },
	func(p cell) cell { return cell{-p.c, p.r} },
	func(p cell) cell { return cell{-p.r, p.c} },
	func(p cell) cell { return cell{p.r, -p.c} },
	func(p cell) cell { return cell{p.c, p.r} },
	func(p cell) cell { return cell{-p.c, -p.r} },
}

// cornerRows moves the cells to the top left corner and returns their
// rows, each as a number (bit c for column c), and the number of columns
// they span.
func cornerRows(cells []cell) ([]uint64, int) {
	r0, c0, r1, c1 := cells[0].r, cells[0].c, cells[0].r, cells[0].c
	for _, p := range cells {
		r0, c0, r1, c1 = min(r0, p.r), min(c0, p.c), max(r1, p.r), max(c1, p.c)
	}
	rows := make([]uint64, r1-r0+1)
	for _, p := range cells {
		rows[p.r-r0] |= 1 << uint(p.c-c0)
	}
	return rows, c1 - c0 + 1
}

// lessRows orders shapes as Canonical does: fewer rows first, then rows
// from the top, each as a number.
func lessRows(a, b []uint64) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// encode places rows in the top left corner of b.
func (b *Board) encode(rows []uint64) Set {
	var s Set
	for r, x := range rows {
		for ; x != 0; x &= x - 1 {
			s = s.With(r*b.cols + bits.TrailingZeros64(x))
		}
	}
	return s
}

// bruteCanonical is Canonical by its definition, cell by cell: of the 8
// images of s under the symmetries of the square, in the top left corner,
// those that fit the board, the one of fewest rows, then least rows from
// the top; on a board of one row or one column, the least of s and its
// mirror image as 128-bit numbers.
func bruteCanonical(b *Board, s Set) Set {
	s = s.And(b.full)
	if s.IsEmpty() {
		return s
	}
	var cells []cell
	for _, i := range s.Append(nil) {
		r, c := b.RowCol(i)
		cells = append(cells, cell{r, c})
	}
	if b.rows == 1 || b.cols == 1 {
		var out Set
		for k, t := range []func(cell) cell{images[0], images[2]} {
			var img Set
			lo := 0
			for j, p := range cells {
				q := t(p)
				i := q.r*b.cols + q.c
				if j == 0 || i < lo {
					lo = i
				}
			}
			for _, p := range cells {
				q := t(p)
				img = img.With(q.r*b.cols + q.c - lo)
			}
			if k == 0 || img.Less(out) {
				out = img
			}
		}
		return out
	}
	var best []uint64
	img := make([]cell, len(cells))
	for _, t := range images {
		for j, p := range cells {
			img[j] = t(p)
		}
		rows, w := cornerRows(img)
		if len(rows) > b.rows || w > b.cols {
			continue // does not fit
		}
		if best == nil || lessRows(rows, best) {
			best = rows
		}
	}
	return b.encode(best)
}

// transformCanonical is Canonical of a non-empty set of a square board
// through Transform: the least of the 8 images, moved to the corner.
func transformCanonical(b *Board, s Set) Set {
	var best []uint64
	for _, t := range b.Symmetries() {
		img, ok := b.Transform(s, t)
		if !ok {
			panic(fmt.Sprintf("Transform(%v) of a square", t))
		}
		var cells []cell
		for _, i := range img.Append(nil) {
			r, c := b.RowCol(i)
			cells = append(cells, cell{r, c})
		}
		if rows, _ := cornerRows(cells); best == nil || lessRows(rows, best) {
			best = rows
		}
	}
	return b.encode(best)
}

// canonicalBoards are the boards of TestPropertyCanonical: every size from
// 2×2 to 8×8, long and wide ones of at most 64 cells (one word), strips,
// and boards of up to 128 cells (row by row).
var canonicalBoards = func() [][2]int {
	var out [][2]int
	for r := 2; r <= 8; r++ {
		for c := 2; c <= 8; c++ {
			out = append(out, [2]int{r, c})
		}
	}
	return append(out, [][2]int{
		{4, 16}, {16, 4}, {2, 32}, {32, 2}, {3, 21}, {21, 3}, {6, 10}, {7, 9}, {9, 7},
		{1, 2}, {1, 9}, {1, 64}, {1, 100}, {5, 1}, {128, 1},
		{9, 9}, {8, 16}, {16, 8}, {11, 11}, {4, 32}, {2, 64}, {3, 40}, {12, 10},
		{3, 22}, {4, 17}, {32, 4}, {9, 14}, {14, 9}, {2, 40},
	}...)
}()

// randomShape returns a set of b from random bits: the bits themselves
// (dense sets fill the board), the AND of two (sparse ones have many small
// shapes), the region of one cell (as a search splits positions), or the
// bits within a random box (short and narrow shapes, which may be turned).
func randomShape(b *Board, lo, hi uint64, mode uint8) Set {
	s := Set{Lo: lo, Hi: hi}.And(b.full)
	switch mode % 4 {
	case 1:
		s = s.And(Set{Lo: bits.RotateLeft64(hi, 17), Hi: bits.RotateLeft64(lo, 29)})
	case 2:
		if !s.IsEmpty() {
			s = b.Component(s, s.Highest())
		}
	case 3:
		h := 1 + int(mode>>2&7)%b.rows
		w := 1 + int(mode>>5)%b.cols
		r0, c0 := int(hi>>40)%(b.rows-h+1), int(hi>>50)%(b.cols-w+1)
		var box Set
		for r := r0; r < r0+h; r++ {
			for c := c0; c < c0+w; c++ {
				box = box.With(r*b.cols + c)
			}
		}
		s = s.Or(Set{Lo: hi, Hi: lo}).And(box)
	}
	return s
}

// TestPropertyCanonical checks Canonical against its definition
// (bruteCanonical) on random sets of many boards, and on square boards
// that definition against the images that Transform makes; the form on
// one word (boards of up to 64 cells, and shapes of larger boards whose
// rows fit in one) against the row-by-row one. The
// form is idempotent, and every image of the set under the board's
// symmetries, and every translate, has exactly the same form.
func TestPropertyCanonical(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 20000))
	props.Property("canonical form", prop.ForAll(
		func(k int, lo, hi, shift uint64, mode uint8) (bool, error) {
			d := canonicalBoards[k]
			b, err := NewBoard(d[0], d[1])
			if err != nil {
				return false, err
			}
			s := randomShape(b, lo, hi, mode)
			show := func(x Set) string { return b.Format(x, 'o', '.') }
			c := b.Canonical(s)
			if want := bruteCanonical(b, s); c != want {
				return false, fmt.Errorf("%d×%d: Canonical(%s) = %s, by definition %s", b.rows, b.cols, show(s), show(c), show(want))
			}
			if s.IsEmpty() {
				return true, nil
			}
			if b.rows == b.cols {
				if want := transformCanonical(b, s); c != want {
					return false, fmt.Errorf("%d×%d: Canonical(%s) = %s, through Transform %s", b.rows, b.cols, show(s), show(c), show(want))
				}
			}
			if b.rows > 1 && b.cols > 1 {
				if want := b.canonicalRows(s); c != want {
					return false, fmt.Errorf("%d×%d: Canonical(%s) = %s, %s row by row", b.rows, b.cols, show(s), show(c), show(want))
				}
			}
			if b.Canonical(c) != c {
				return false, fmt.Errorf("%d×%d: Canonical(%s) = %s is not its own form", b.rows, b.cols, show(s), show(c))
			}
			for _, sym := range b.Symmetries() {
				img, _ := b.Transform(s, sym)
				if got := b.Canonical(img); got != c {
					return false, fmt.Errorf("%d×%d: Canonical of %s, the %v of %s, is %s, not %s", b.rows, b.cols, show(img), sym, show(s), show(got), show(c))
				}
			}
			// A translate, down and right, as far as shift says and the
			// board allows.
			m := s
			for range shift % 8 {
				if n := b.Down(m); n.Len() == s.Len() {
					m = n
				}
			}
			for range shift >> 8 % 8 {
				if n := b.Right(m); n.Len() == s.Len() {
					m = n
				}
			}
			if got := b.Canonical(m); got != c {
				return false, fmt.Errorf("%d×%d: Canonical of %s, a translate of %s, is %s, not %s", b.rows, b.cols, show(m), show(s), show(got), show(c))
			}
			return true, nil
		},
		gen.IntRange(0, len(canonicalBoards)-1), gen.UInt64(), gen.UInt64(), gen.UInt64(), gen.UInt8(),
	))
	props.TestingRun(t)
}

// Every set of a few small boards has its canonical form by definition,
// and so two sets have the same form exactly when they are images of each
// other; the connected sets of 4 cells of the 4×4 board have as many
// forms as there are free tetrominoes.
func TestCanonicalExhaustive(t *testing.T) {
	for _, d := range [][2]int{{4, 4}, {3, 6}, {5, 3}, {2, 8}, {1, 12}, {12, 1}} {
		b, err := NewBoard(d[0], d[1])
		if err != nil {
			t.Fatal(err)
		}
		for x := range uint64(1) << uint(d[0]*d[1]) {
			s := Set{Lo: x}
			if got, want := b.Canonical(s), bruteCanonical(b, s); got != want {
				t.Fatalf("%d×%d: Canonical(%s) = %s, by definition %s", d[0], d[1],
					b.Format(s, 'o', '.'), b.Format(got, 'o', '.'), b.Format(want, 'o', '.'))
			}
		}
	}
	// The five free tetrominoes (I, O, T, S, L: Golomb, Polyominoes)
	// have five forms on the 4×4 board.
	b, _ := NewBoard(4, 4)
	forms := map[Set]bool{}
	for x := range uint64(1) << 16 {
		if s := (Set{Lo: x}); s.Len() == 4 && b.Connected(s) {
			forms[b.Canonical(s)] = true
		}
	}
	if len(forms) != 5 {
		t.Errorf("%d forms of tetrominoes on 4×4, want 5", len(forms))
	}
}

// rowOf divides exactly on every board of at most 64 cells.
func TestRowOf(t *testing.T) {
	for rows := 1; rows <= 64; rows++ {
		for cols := 1; rows*cols <= 64; cols++ {
			b, err := NewBoard(rows, cols)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 64 {
				if got := b.rowOf(uint(i)); got != uint(i/cols) {
					t.Fatalf("%d×%d: rowOf(%d) = %d", rows, cols, i, got)
				}
			}
		}
	}
}

// transpose8 against the transpose bit by bit, and toBytes and fromBytes
// against moving rows one at a time, on random words.
func TestBitMatrix(t *testing.T) {
	r := gametest.Rand(t)
	for range 10000 {
		x := r.Uint64()
		var want uint64
		for i := range 64 {
			if x>>uint(i)&1 != 0 {
				want |= 1 << uint(i%8*8+i/8)
			}
		}
		if got := transpose8(x); got != want {
			t.Fatalf("transpose8(%#x) = %#x, want %#x", x, got, want)
		}
	}
	for cols := 2; cols <= 8; cols++ {
		b, err := NewBoard(8, cols)
		if err != nil {
			t.Fatal(err)
		}
		for range 1000 {
			x := r.Uint64() & b.full.Lo
			var want uint64
			for i := range 8 {
				want |= x >> uint(i*cols) & (1<<uint(cols) - 1) << uint(8*i)
			}
			if got := b.toBytes(x); got != want {
				t.Fatalf("8×%d: toBytes(%#x) = %#x, want %#x", cols, x, got, want)
			}
			if got := b.fromBytes(want); got != x {
				t.Fatalf("8×%d: fromBytes(%#x) = %#x, want %#x", cols, want, got, x)
			}
		}
	}
}
