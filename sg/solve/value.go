package solve

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/sg/search"
)

// BoardValue is [Board] without the winning moves: the value of a board's
// start position alone (Moves is nil), whichever way the board is valued.
// A searched board is asked [search.Solver.Value] only, which skips the
// outcome search of every option that [Search] adds for the winning
// moves: on Cram 5×6 that search is about a third of the positions
// expanded. Errors are [Board]'s.
func BoardValue(ctx context.Context, b game.Board, opts ...search.Option) (*BoardSolution, error) {
	switch g := b.(type) {
	case game.Valued:
		v, err := g.StartValue(ctx)
		if err != nil {
			return nil, err
		}
		return &BoardSolution{Value: v}, nil
	case game.Started[bitset.Set]:
		return searchValue(ctx, g, opts)
	case game.Started[string]:
		return searchValue(ctx, g, opts)
	}
	return nil, fmt.Errorf("solve: %v is neither valued by its rules nor a game on bitset.Set or string positions", b)
}

// searchValue is [Search] without the winning moves.
func searchValue[P comparable](ctx context.Context, g game.Started[P], opts []search.Option) (*BoardSolution, error) {
	s, err := search.New[P](g, opts...)
	if err != nil {
		return nil, err
	}
	v, err := s.Value(ctx, g.Start())
	if err != nil {
		return nil, fmt.Errorf("solve: solving %v: %w", g, err)
	}
	sol := &BoardSolution{Value: v, Stats: s.Stats()}
	if err := s.SaveCheckpoint(); err != nil {
		return nil, fmt.Errorf("solve: %v: %w", g, err)
	}
	return sol, nil
}
