package rulesets_test

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// TestCramNumMoves checks that NumMoves counts exactly the moves that
// AppendMoves lists, on random positions of boards from 1×1 to 8×16 (both
// words of a grid.Set).
func TestCramNumMoves(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 200))
	props.Property("NumMoves = len(AppendMoves)", prop.ForAll(func(rows, cols int, lo, hi uint64) bool {
		g, err := rulesets.NewCram(rows, cols)
		if err != nil {
			t.Fatal(err)
		}
		p := grid.Set{Lo: lo, Hi: hi}.And(g.Board().Full())
		return g.NumMoves(p) == len(g.AppendMoves(nil, p))
	}, gen.IntRange(1, 8), gen.IntRange(1, 16), gen.UInt64(), gen.UInt64()))
	props.TestingRun(t)
}
