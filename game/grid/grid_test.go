package grid_test

import (
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// naiveNeighbors lists the neighbours of s cell by cell.
func naiveNeighbors(b *grid.Board, s grid.Set) grid.Set {
	var out grid.Set
	for _, i := range s.Append(nil) {
		r, c := b.RowCol(i)
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if j, ok := b.Cell(r+d[0], c+d[1]); ok {
				out = out.With(j)
			}
		}
	}
	return out
}

func randomSet(b *grid.Board, lo, hi uint64) grid.Set {
	return grid.Set{Lo: lo, Hi: hi}.And(b.Full())
}

// randomBoardSet returns a board of rows × cols cells (fewer columns when
// that is more than grid.MaxCells) and a random set of its cells, about
// half of them, or a quarter when sparse.
func randomBoardSet(rows, cols int, lo, hi uint64, sparse bool) (*grid.Board, grid.Set, error) {
	for rows*cols > grid.MaxCells {
		cols--
	}
	b, err := grid.NewBoard(rows, cols)
	if err != nil {
		return nil, grid.Set{}, err
	}
	s := randomSet(b, lo, hi)
	if sparse {
		s = s.And(randomSet(b, hi, lo))
	}
	return b, s, nil
}

func TestNewBoardErrors(t *testing.T) {
	for _, d := range [][2]int{{0, 3}, {3, 0}, {-1, 5}, {12, 11}, {129, 1}, {1, 129}} {
		if _, err := grid.NewBoard(d[0], d[1]); err == nil {
			t.Errorf("NewBoard(%d, %d) accepted", d[0], d[1])
		}
	}
	for _, d := range [][2]int{{1, 128}, {128, 1}, {8, 16}, {11, 11}} {
		if _, err := grid.NewBoard(d[0], d[1]); err != nil {
			t.Errorf("NewBoard(%d, %d): %v", d[0], d[1], err)
		}
	}
}

// Properties on random boards and sets: Neighbors equals the cell-by-cell
// definition; the components partition the set, are connected and touch
// no other; Canonical is idempotent, keeps the number of cells, and is
// the same for every symmetry of the board and for a translate.
func TestPropertyBoard(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 300))
	props.Property("board geometry", prop.ForAll(
		func(rows, cols int, lo, hi uint64, density uint8) (bool, error) {
			b, s, err := randomBoardSet(rows, cols, lo, hi, density&1 == 1) // sparser sets have more components
			if err != nil {
				return false, err
			}
			rows, cols = b.Rows(), b.Cols()
			if got, want := b.Neighbors(s), naiveNeighbors(b, s); got != want {
				return false, fmt.Errorf("%d×%d: Neighbors(%s) = %s, want %s", rows, cols, b.Format(s, 'o', '.'), b.Format(got, 'o', '.'), b.Format(want, 'o', '.'))
			}
			var union grid.Set
			for _, c := range b.AppendComponents(nil, s) {
				if !b.Connected(c) || !union.And(c).IsEmpty() {
					return false, fmt.Errorf("bad component %s of %s", b.Format(c, 'o', '.'), b.Format(s, 'o', '.'))
				}
				if !naiveNeighbors(b, c).And(s).AndNot(c).IsEmpty() {
					return false, fmt.Errorf("component %s touches the rest of %s", b.Format(c, 'o', '.'), b.Format(s, 'o', '.'))
				}
				union = union.Or(c)
			}
			if union != s {
				return false, fmt.Errorf("components of %s cover %s", b.Format(s, 'o', '.'), b.Format(union, 'o', '.'))
			}
			c := b.Canonical(s)
			if b.Canonical(c) != c || c.Len() != s.Len() {
				return false, fmt.Errorf("Canonical(%s) = %s, not idempotent or not the same size", b.Format(s, 'o', '.'), b.Format(c, 'o', '.'))
			}
			for _, sym := range b.Symmetries() {
				img, ok := b.Transform(s, sym)
				if !ok || img.Len() != s.Len() {
					return false, fmt.Errorf("Transform(%v) failed", sym)
				}
				if b.Canonical(img) != c {
					return false, fmt.Errorf("%d×%d: Canonical of %v of %s differs", rows, cols, sym, b.Format(s, 'o', '.'))
				}
			}
			// A translate: move the set one column right when its last
			// column is empty.
			if r := b.Right(s); r.Len() == s.Len() && b.Canonical(r) != c {
				return false, fmt.Errorf("Canonical of a translate of %s differs", b.Format(s, 'o', '.'))
			}
			return true, nil
		},
		gen.IntRange(1, 12), gen.IntRange(1, 12), gen.UInt64(), gen.UInt64(), gen.UInt8(),
	))
	props.TestingRun(t)
}

// On a square board every image of a shape fits, so the canonical forms
// of the 8 images of an L tromino agree, and the representative is the
// one whose rows, read from the top, are least: cells 0, 4 and 5 of a 4×4
// board ("o." over "oo").
func TestCanonicalSquare(t *testing.T) {
	b, _ := grid.NewBoard(4, 4)
	l := grid.Set{}.With(10).With(14).With(15) // an L in the bottom right
	want := grid.Set{}.With(0).With(4).With(5)
	for _, sym := range b.Symmetries() {
		img, _ := b.Transform(l, sym)
		if got := b.Canonical(img); got != want {
			t.Errorf("%v: Canonical = %s, want %s", sym, b.Format(got, 'o', '.'), b.Format(want, 'o', '.'))
		}
	}
	// A shape taller than wide lies down when it fits lying: an upright
	// domino in the middle of a 3×3 board becomes cells 0 and 1.
	sq, _ := grid.NewBoard(3, 3)
	if got := sq.Canonical(grid.Set{}.With(4).With(7)); got != (grid.Set{Lo: 3}) {
		t.Errorf("3×3 canonical upright domino = %s", sq.Format(got, 'o', '.'))
	}
	// A rectangle keeps an upright domino upright when it cannot lie down.
	r, _ := grid.NewBoard(3, 1)
	if got := r.Canonical(grid.Set{}.With(1).With(2)); got != (grid.Set{Lo: 3}) {
		t.Errorf("3×1 canonical domino = %+v", got)
	}
}

func TestSetBasics(t *testing.T) {
	var s grid.Set
	s = s.With(0).With(63).With(64).With(127)
	if s.Len() != 4 || !s.Has(127) || s.Has(1) || s.Has(-1) || s.Has(128) {
		t.Fatalf("set %+v", s)
	}
	if s.Lowest() != 0 || s.Highest() != 127 || (grid.Set{}).Lowest() != -1 || (grid.Set{}).Highest() != -1 {
		t.Fatal("Lowest/Highest")
	}
	if got := fmt.Sprint(s.Append(nil)); got != "[0 63 64 127]" {
		t.Fatalf("cells %s", got)
	}
	if k := s.Without(127).Key(); k.Hi != 1 || k.Lo != 1|1<<63 {
		t.Fatalf("key %+v", k)
	}
	defer func() {
		if recover() == nil {
			t.Error("With(128) did not panic")
		}
	}()
	_ = s.With(128)
}

func BenchmarkCanonical(b *testing.B) {
	bd, _ := grid.NewBoard(7, 7)
	s := grid.Set{Lo: 0x1b3f_5e7a_9c2d_4f61}.And(bd.Full())
	for b.Loop() {
		s.Lo ^= uint64(b.N)
		_ = bd.Canonical(s)
	}
}

func BenchmarkComponents(b *testing.B) {
	bd, _ := grid.NewBoard(7, 7)
	s := grid.Set{Lo: 0x1b3f_5e7a_9c2d_4f61}.And(bd.Full())
	buf := make([]grid.Set, 0, 64)
	for b.Loop() {
		buf = bd.AppendComponents(buf[:0], s)
	}
}

// naiveHalfTurn is HalfTurn cell by cell.
func naiveHalfTurn(b *grid.Board, s grid.Set) (int, int, bool) {
	if s.IsEmpty() {
		return 0, 0, false
	}
	rmin, cmin, rmax, cmax := b.Rows(), b.Cols(), -1, -1
	cells := s.Append(nil)
	for _, i := range cells {
		r, c := b.RowCol(i)
		rmin, rmax, cmin, cmax = min(rmin, r), max(rmax, r), min(cmin, c), max(cmax, c)
	}
	for _, i := range cells {
		r, c := b.RowCol(i)
		if j, ok := b.Cell(rmin+rmax-r, cmin+cmax-c); !ok || !s.Has(j) {
			return 0, 0, false
		}
	}
	return rmin + rmax, cmin + cmax, true
}

// HalfTurn agrees with the cell-by-cell definition on random sets, and on
// sets made symmetric by adding their image, of boards of every shape up
// to 128 cells (one word, two words, and rows longer than a word).
func TestPropertyHalfTurn(t *testing.T) {
	symmetric := 0
	props := gopter.NewProperties(gametest.Parameters(t, 400))
	props.Property("HalfTurn = cell by cell", prop.ForAll(
		func(rows, cols int, lo, hi uint64, shape uint8) (bool, error) {
			switch shape % 4 {
			case 1:
				rows = 1 // rows of up to 128 cells
				cols = 1 + int(lo>>57)
			case 2:
				cols = 1 // columns
			}
			b, s, err := randomBoardSet(rows, cols, lo, hi, shape&4 != 0) // sparser: smaller rectangles
			if err != nil {
				return false, err
			}
			rows, cols = b.Rows(), b.Cols()
			if shape&8 != 0 {
				// Its own half turn about the centre of its rectangle: the
				// board's half turn, moved back onto the rectangle.
				img, _ := b.Transform(s, grid.Rotate180)
				for !img.IsEmpty() && s.Lowest()/cols < img.Lowest()/cols {
					img = b.Up(img)
				}
				for !img.IsEmpty() && s.Lowest()/cols > img.Lowest()/cols {
					img = b.Down(img)
				}
				for !img.IsEmpty() && lowCol(b, s) < lowCol(b, img) {
					img = b.Left(img)
				}
				for !img.IsEmpty() && lowCol(b, s) > lowCol(b, img) {
					img = b.Right(img)
				}
				s = s.Or(img)
			}
			r2, c2, ok := b.HalfTurn(s)
			wr, wc, wok := naiveHalfTurn(b, s)
			if wok && s.Len() > 1 {
				symmetric++
			}
			if ok != wok || ok && (r2 != wr || c2 != wc) {
				return false, fmt.Errorf("%d×%d: HalfTurn(%s) = %d, %d, %v; want %d, %d, %v", rows, cols, b.Format(s, 'o', '.'), r2, c2, ok, wr, wc, wok)
			}
			return true, nil
		},
		gen.IntRange(1, 16), gen.IntRange(1, 16), gen.UInt64(), gen.UInt64(), gen.UInt8(),
	))
	props.TestingRun(t)
	if want := 40; testing.Short() && symmetric < want/4 || !testing.Short() && symmetric < want {
		t.Errorf("only %d symmetric sets of two cells or more were tried", symmetric)
	}
}

// lowCol returns the least column of a cell of s.
func lowCol(b *grid.Board, s grid.Set) int {
	c := b.Cols()
	for _, i := range s.Append(nil) {
		c = min(c, i%b.Cols())
	}
	return c
}
