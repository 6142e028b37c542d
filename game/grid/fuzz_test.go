package grid_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game/grid"
)

// FuzzParseRows: any rows (given as one text split at '/') either read as
// a board and a set that Format writes back to the same text, or are
// refused with a *ParseError; never a panic.
func FuzzParseRows(f *testing.F) {
	for _, s := range []string{"..#/...", "....", "#", "", "../.", "..x", "........../..........", strings.Repeat(".", 200)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, set, err := grid.ParseRows(strings.Split(s, "/"), '.', '#')
		if err != nil {
			var pe *grid.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseRows(%q): error %v is not a *ParseError", s, err)
			}
			return
		}
		if got := b.Format(set, '.', '#'); got != s {
			t.Fatalf("ParseRows(%q) formats back as %q", s, got)
		}
	})
}
