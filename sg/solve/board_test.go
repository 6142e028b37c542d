package solve_test

import (
	"context"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/solve"
)

// TestBoardOutcome: the outcome and winning moves of BoardOutcome are
// those of Board, for boards searched (Cram, Chomp, Node Kayles,
// Sprouts) and one valued by its rules.
func TestBoardOutcome(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"cram:1x4", "cram:2x2", "cram:3x4", "chomp:2x3", "nodekayles:path:5",
		"sprouts:3", "sprouts:6", "sprouts:0.1.}]12.}]!", "coins:ruler:1,2,3,4", "coins:mock-turtles:0,1,2,3"} {
		r := mustRules(t, spec)
		want, err := solve.Board(ctx, r.Board, search.WithWorkers(1))
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		got, err := solve.BoardOutcome(ctx, r.Board, search.WithWorkers(1))
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if got.Outcome != want.Outcome() || !slices.Equal(got.Moves, want.Moves) {
			t.Errorf("%s: outcome %v, moves %q; Board: %v, %q", spec, got.Outcome, got.Moves, want.Outcome(), want.Moves)
		}
		if solve.Searchable(r.Board) && got.Stats.Expanded == 0 && got.Outcome == sg.N {
			t.Errorf("%s: no position expanded", spec)
		}
	}
}
