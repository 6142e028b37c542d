package search_test

import (
	"context"
	"errors"
	"testing"

	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// checkOutcomes compares the solver's Outcomes of p's options, each
// listed twice (the second time after all the others), with the plain
// engine's values.
func checkOutcomes[P comparable](t *testing.T, g game.Game[P], s *search.Solver[P], p P) bool {
	t.Helper()
	opts := g.AppendMoves(nil, p)
	opts = append(opts, opts...)
	outs, err := s.Outcomes(bg, opts)
	if err != nil || len(outs) != len(opts) {
		t.Errorf("Outcomes of the options of %v: %d outcomes of %d, %v", p, len(outs), len(opts), err)
		return false
	}
	for i, o := range opts {
		v, err := sg.NewEngine[P](movesOnly[P]{g}).Value(bg, o)
		if err != nil {
			t.Fatal(err)
		}
		if outs[i] != sg.OutcomeOf(v) {
			t.Errorf("Outcomes: option %v of %v is %v, the engine says value %d", o, p, outs[i], v)
			return false
		}
	}
	return true
}

// TestOutcomesCancelled checks that Outcomes returns the context's error
// when it is cancelled, and answers once the context is fresh.
func TestOutcomesCancelled(t *testing.T) {
	g, _ := rulesets.NewCram(3, 5)
	s, _ := search.New[grid.Set](g)
	ctx, cancel := context.WithCancel(bg)
	cancel()
	opts := g.AppendMoves(nil, g.Start())
	if _, err := s.Outcomes(ctx, opts); !errors.Is(err, context.Canceled) {
		t.Errorf("Outcomes with a cancelled context: %v", err)
	}
	if !checkOutcomes[grid.Set](t, g, s, g.Start()) {
		t.Error("Outcomes after a cancel disagree with the engine")
	}
}
