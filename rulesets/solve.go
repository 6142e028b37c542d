package rulesets

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// BoardSolution is what [Solvable.Solve] finds about a board's start
// position: its value, and its winning moves written in the game's own
// notation (a Cram domino "r,c-r,c", a Node Kayles vertex, a Chomp bite
// "r,c"), in the order the game lists its moves. Stats are the search's
// counters.
type BoardSolution struct {
	Value sg.Nimber
	Moves []string
	Stats search.Stats
}

// Outcome returns P when the value is 0, else N.
func (s *BoardSolution) Outcome() sg.Outcome { return sg.OutcomeOf(s.Value) }

// Solvable is implemented by the board games whose positions are searched
// by package sg/search ([Cram], [NodeKayles], [Chomp]): Solve finds the
// value of the start position and its winning moves, with the search's
// options (its memory budget, its workers, progress). It returns ctx's
// error when ctx is cancelled, and an error naming the budget when the
// options are bad; a search that needs more memory than its budget slows
// down, it never fails for want of it.
type Solvable interface {
	Board
	Solve(ctx context.Context, opts ...search.Option) (*BoardSolution, error)
}

// boardGame is what solveBoard needs of a board game.
type boardGame[P comparable] interface {
	game.Game[P]
	fmt.Stringer
	Start() P
	MoveStrings(p P) []string
}

// solveBoard is Solve for every board game: the value with pruning, then
// an outcome search of each option for the winning moves, sharing one
// table.
func solveBoard[P comparable](ctx context.Context, g boardGame[P], opts []search.Option) (*BoardSolution, error) {
	s, err := search.New[P](g, opts...)
	if err != nil {
		return nil, err
	}
	start := g.Start()
	v, err := s.Value(ctx, start)
	if err != nil {
		return nil, fmt.Errorf("rulesets: solving %s: %w", g, err)
	}
	sol := &BoardSolution{Value: v, Moves: []string{}}
	if v != 0 {
		options := g.AppendMoves(nil, start)
		for i, name := range g.MoveStrings(start) {
			o, err := s.Outcome(ctx, options[i])
			if err != nil {
				return nil, fmt.Errorf("rulesets: winning moves of %s: %w", g, err)
			}
			if o == sg.P {
				sol.Moves = append(sol.Moves, name)
			}
		}
	}
	sol.Stats = s.Stats()
	return sol, nil
}

// Solve finds the value and the winning moves of the start position.
func (g *Cram) Solve(ctx context.Context, opts ...search.Option) (*BoardSolution, error) {
	return solveBoard(ctx, g, opts)
}

// Solve finds the value and the winning moves of the start position.
func (k *NodeKayles) Solve(ctx context.Context, opts ...search.Option) (*BoardSolution, error) {
	return solveBoard(ctx, k, opts)
}

// Solve finds the value and the winning moves of the start position.
func (g *Chomp) Solve(ctx context.Context, opts ...search.Option) (*BoardSolution, error) {
	return solveBoard(ctx, g, opts)
}
