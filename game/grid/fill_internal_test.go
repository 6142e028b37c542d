package grid

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// stepFill is the flood fill one neighbour at a time, through Neighbors
// (which TestPropertyBoard checks cell by cell): the reference for the
// one-word fill of boards of at most 64 cells.
func (b *Board) stepFill(s Set, i int) Set {
	c := Set{}.With(i)
	for {
		n := c.Or(b.Neighbors(c)).And(s)
		if n == c {
			return c
		}
		c = n
	}
}

// TestFill64 checks Component on boards of at most 64 cells, which fills
// with shifts of one word, against the fill through Neighbors, from every
// cell of random sets of every density (sparse ones have many small
// shapes, dense ones long winding ones) on random boards from 1×1 to 8×8,
// 1×64 and 64×1.
func TestFill64(t *testing.T) {
	r := gametest.Rand(t)
	for n := range 20000 {
		rows := 1 + r.IntN(8)
		cols := 1 + r.IntN(64/rows)
		switch n {
		case 0:
			rows, cols = 1, 64
		case 1:
			rows, cols = 64, 1
		}
		b, err := NewBoard(rows, cols)
		if err != nil {
			t.Fatal(err)
		}
		x := r.Uint64()
		switch r.IntN(4) {
		case 0:
			x &= r.Uint64() // sparser
		case 1:
			x |= r.Uint64() // denser
		}
		s := Set{Lo: x}.And(b.full)
		for w := s.Lo; w != 0; w &= w - 1 {
			i := Set{Lo: w}.Lowest()
			if got, want := b.Component(s, i), b.stepFill(s, i); got != want {
				t.Fatalf("%d×%d: Component(%s, %d) = %s, want %s", rows, cols,
					b.Format(s, 'o', '.'), i, b.Format(got, 'o', '.'), b.Format(want, 'o', '.'))
			}
		}
	}
}
