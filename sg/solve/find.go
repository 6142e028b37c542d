package solve

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// BoardValue is [Board] without the winning moves: the value of a board's
// start position alone (Moves is nil), whichever way the board is valued.
// A searched board is asked [search.Solver.Value] only, which skips the
// outcome search of every option that [Search] adds for the winning
// moves: on Cram 5×6 that search is about a third of the positions
// expanded. Errors are [Board]'s.
func BoardValue(ctx context.Context, b game.Board, opts ...search.Option) (*BoardSolution, error) {
	f, err := onBoard(ctx, b, opts, findValue)
	if err != nil {
		return nil, err
	}
	return &BoardSolution{Value: f.value, Stats: f.stats}, nil
}

// find is what a search of a board's start position finds.
type find uint8

const (
	findAll     find = iota // the value and the winning moves
	findValue               // the value alone
	findOutcome             // the outcome and the winning moves
)

// found is what onBoard and searchStart found: value is 0 for findOutcome
// and moves nil for findValue.
type found struct {
	value   sg.Nimber
	outcome sg.Outcome
	moves   []string
	stats   search.Stats
}

// onBoard finds what f asks of b's start position, whichever way b is
// valued: [Board], [BoardValue] and [BoardOutcome].
func onBoard(ctx context.Context, b game.Board, opts []search.Option, f find) (found, error) {
	switch g := b.(type) {
	case game.Valued:
		v, err := g.StartValue(ctx)
		if err != nil {
			return found{}, err
		}
		r := found{value: v, outcome: sg.OutcomeOf(v)}
		if f != findValue {
			if r.moves, err = g.WinningMoves(ctx); err != nil {
				return found{}, err
			}
		}
		return r, nil
	case game.Started[bitset.Set]:
		return searchStart(ctx, g, opts, f)
	case game.Started[string]:
		return searchStart(ctx, g, opts, f)
	}
	return found{}, fmt.Errorf("solve: %v is neither valued by its rules nor a game on bitset.Set or string positions", b)
}

// searchStart finds what f asks of g's start position with one solver of
// package sg/search: the value ([search.Solver.Value]) or the outcome
// alone ([search.Solver.Outcome]), then, unless f is findValue and for an
// N-position, the outcome of every option ([search.Solver.Outcomes]) for
// the winning moves; then it saves the solver's checkpoint, if any.
func searchStart[P comparable](ctx context.Context, g game.Started[P], opts []search.Option, f find) (found, error) {
	s, err := search.New[P](g, opts...)
	if err != nil {
		return found{}, err
	}
	start := g.Start()
	var r found
	if f == findOutcome {
		r.outcome, err = s.Outcome(ctx, start)
	} else {
		r.value, err = s.Value(ctx, start)
		r.outcome = sg.OutcomeOf(r.value)
	}
	if err != nil {
		return found{}, fmt.Errorf("solve: solving %v: %w", g, err)
	}
	if f != findValue {
		r.moves = []string{}
		if r.outcome == sg.N {
			outs, err := s.Outcomes(ctx, g.AppendMoves(nil, start))
			if err != nil {
				return found{}, fmt.Errorf("solve: winning moves of %v: %w", g, err)
			}
			for i, name := range game.MoveStrings(g, start) {
				if outs[i] == sg.P {
					r.moves = append(r.moves, name)
				}
			}
		}
	}
	r.stats = s.Stats()
	if err := s.SaveCheckpoint(); err != nil {
		return found{}, fmt.Errorf("solve: %v: %w", g, err)
	}
	return r, nil
}
