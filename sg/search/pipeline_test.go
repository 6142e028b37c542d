package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/search"
)

// TestSplitDirect checks that splitDirect, the split of the options in a
// table the processor's caches hold, searches exactly as the queued
// pipeline does at lag 0: the same value and the same number of positions
// expanded, which also tells that it orders the options the same (it
// computes addOption's cost itself), on empty and random Cram boards.
func TestSplitDirect(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, size := range [][2]int{{3, 4}, {4, 4}, {3, 6}, {4, 5}, {5, 5}, {3, 8}} {
		b, err := grid.NewBoard(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		for n := range 4 {
			free := b.Full()
			if n > 0 {
				free = grid.Set{Lo: r.Uint64() | r.Uint64()}.And(b.Full()) // about 3/4 free
			}
			g := rulesets.NewCramBoard(b, free)
			v0, e0 := solveSplit(t, g, false)
			v1, e1 := solveSplit(t, g, true)
			if v0 != v1 || e0 != e1 {
				t.Errorf("%v: value %d, %d expanded directly; value %d, %d expanded queued", g, v0, e0, v1, e1)
			}
		}
	}
}

// solveSplit returns the value of g's start and the positions expanded,
// with one worker, by splitDirect or (queued) by the pipeline at lag 0.
func solveSplit(t *testing.T, g *rulesets.Cram, queued bool) (uint64, uint64) {
	t.Helper()
	if queued {
		defer search.SetSplitLag(0)()
	}
	s, err := search.New[grid.Set](g, search.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Value(context.Background(), g.Start())
	if err != nil {
		t.Fatal(err)
	}
	return uint64(v), s.Stats().Expanded
}
