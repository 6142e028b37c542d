package search_test

import (
	"math/rand/v2"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// TestValueIn checks the set question against the engine's values on
// Cram boards with random blocked cells (sums of regions, symmetric
// ones), random sets of values, several questions in one table (so that
// the table's facts of one answer the next), with and without pruning.
func TestValueIn(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 40))
	props.Property("ValueIn agrees with the value", prop.ForAll(func(seed uint64, rows, cols int, prune bool) bool {
		r := rand.New(rand.NewPCG(seed, 17))
		b, err := grid.NewBoard(rows, cols)
		if err != nil {
			t.Fatal(err)
		}
		free := grid.Set{Lo: r.Uint64() | r.Uint64()}.And(b.Full())
		g := rulesets.NewCramBoard(b, free)
		opts := []search.Option{search.WithWorkers(1 + r.IntN(2)), search.WithMemory(search.MinMemory)}
		if !prune {
			opts = append(opts, search.WithoutPruning())
		}
		s, err := search.New[grid.Set](g, opts...)
		if err != nil {
			t.Fatal(err)
		}
		want, err := sg.NewEngine[grid.Set](g).Value(bg, g.Start())
		if err != nil {
			t.Fatal(err)
		}
		for range 4 {
			set := r.Uint64() & r.Uint64() & 0xff
			if r.IntN(4) == 0 {
				set = 1 << r.IntN(4)
			}
			v, in, err := s.ValueIn(bg, g.Start(), set)
			wantIn := want < 64 && set&(1<<want) != 0
			if err != nil || in != wantIn || (in && v != want) || (!in && v != 0) {
				t.Errorf("ValueIn(%v, %b) = %v, %v, %v; value %v", g.Start(), set, v, in, err, want)
				return false
			}
		}
		return true
	}, gen.UInt64(), gen.IntRange(1, 5), gen.IntRange(1, 6), gen.Bool()))
	props.TestingRun(t)
}
