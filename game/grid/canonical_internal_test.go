package grid

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
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
