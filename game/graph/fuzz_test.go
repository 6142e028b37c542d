package graph_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game/graph"
)

// FuzzParseEdges: any text either reads as a graph whose String reads
// back to the same graph, or is refused with an *EdgeError; never a panic.
func FuzzParseEdges(f *testing.F) {
	for _, s := range []string{"0-1,1-2,2-0", " 0 - 1 ", "0-0", "0-1,0-1", "127-0", "128-0", "-1-2", "0-1,,1-2", "", "1-2-3", "0-9999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := graph.ParseEdges(s)
		if err != nil {
			var ee *graph.EdgeError
			if !errors.As(err, &ee) {
				t.Fatalf("ParseEdges(%q): error %v is not an *EdgeError", s, err)
			}
			return
		}
		again, err := graph.ParseEdges(g.String())
		if err != nil || again.N() != g.N() || !slices.Equal(again.Edges(), g.Edges()) {
			t.Fatalf("ParseEdges(%q) = %v, which reads back as %v (%v)", s, g, again, err)
		}
	})
}
