package solve

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// BoardSolution is what [Board] and [Search] find about a board's start
// position: its value, and its winning moves written in the game's own
// notation (a Cram domino "r,c-r,c", a Node Kayles vertex, a Chomp bite
// "r,c", a Hackenbush edge "1-2"), in the order the game lists its moves.
// Stats are the search's counters (zero for a board valued by its rules).
type BoardSolution struct {
	Value sg.Nimber
	Moves []string
	Stats search.Stats
}

// Outcome returns P when the value is 0, else N.
func (s *BoardSolution) Outcome() sg.Outcome { return sg.OutcomeOf(s.Value) }

// Board finds the value and the winning moves of a board's start
// position, whichever way the board is valued (see [game.Board]): a
// [game.Valued] board by its rules (opts are then unused), a
// [game.Started] game on bitset.Set positions (the boards of packages
// game/grid and game/graph: Cram, Chomp, Node Kayles) or on string
// positions (Sprouts) by [Search] with opts. It returns an error naming the board when it is neither; [Search]
// takes a Started game on any other type of positions. Errors are those
// of the way taken: ctx's error when ctx is done, an error naming a bad
// option, the rules' error for a position past their limits.
func Board(ctx context.Context, b game.Board, opts ...search.Option) (*BoardSolution, error) {
	f, err := onBoard(ctx, b, opts, findAll)
	if err != nil {
		return nil, err
	}
	return &BoardSolution{Value: f.value, Moves: f.moves, Stats: f.stats}, nil
}

// Searchable reports whether [Board] values b by a search ([Search]),
// which takes the options of package sg/search, rather than by its
// rules.
func Searchable(b game.Board) bool {
	if _, ok := b.(game.Valued); ok {
		return false
	}
	switch b.(type) {
	case game.Started[bitset.Set], game.Started[string]:
		return true
	}
	return false
}

// Search finds the value and the winning moves of g's start position with
// package sg/search and opts (its memory budget, its workers, progress):
// the value with pruning, then an outcome search of each option for the
// winning moves ([search.Solver.Outcomes]: the workers divide the options,
// each searching its own), sharing one table. With [search.WithCheckpoint] among
// opts, the table is saved to its file at the end too, once the answer is
// found (and, as the option says, every interval and when the search
// fails or is cancelled); a save that fails is an error naming the file.
// It returns ctx's error when ctx is cancelled, and an error naming the
// budget when the options are bad; a search that needs more memory than
// its budget slows down, it never fails for want of it.
func Search[P comparable](ctx context.Context, g game.Started[P], opts ...search.Option) (*BoardSolution, error) {
	f, err := searchStart(ctx, g, opts, findAll)
	if err != nil {
		return nil, err
	}
	return &BoardSolution{Value: f.value, Moves: f.moves, Stats: f.stats}, nil
}

// OutcomeSolution is what [BoardOutcome] and [SearchOutcome] find about a
// board's start position: its outcome and its winning moves in the game's
// own notation, in the order the game lists its moves, but not its value
// (of an N-position, only that it is not 0). Stats are the search's
// counters (zero for a board valued by its rules).
type OutcomeSolution struct {
	Outcome sg.Outcome
	Moves   []string
	Stats   search.Stats
}

// BoardOutcome is [Board] for the outcome alone: a [game.Valued] board
// by its rules, a [game.Started] game on bitset.Set or string positions
// by [SearchOutcome] with opts. Its errors are [Board]'s.
func BoardOutcome(ctx context.Context, b game.Board, opts ...search.Option) (*OutcomeSolution, error) {
	f, err := onBoard(ctx, b, opts, findOutcome)
	if err != nil {
		return nil, err
	}
	return &OutcomeSolution{Outcome: f.outcome, Moves: f.moves, Stats: f.stats}, nil
}

// SearchOutcome is [Search] for the outcome alone: the outcome search of
// the start ([search.Solver.Outcome], which stops at the first winning
// move it finds at every level), then, for an N-position, an outcome
// search of each option for the winning moves. For an N-position it
// spares the value's further candidate tests (that no option has value
// 1, and so on), which may cost more than the outcome itself. Options,
// checkpoint and errors are [Search]'s.
func SearchOutcome[P comparable](ctx context.Context, g game.Started[P], opts ...search.Option) (*OutcomeSolution, error) {
	f, err := searchStart(ctx, g, opts, findOutcome)
	if err != nil {
		return nil, err
	}
	return &OutcomeSolution{Outcome: f.outcome, Moves: f.moves, Stats: f.stats}, nil
}

// StartValue returns the value of a board's start position: a
// [game.Valued] board's own, or that of the engine of package sg with its
// default memo limit for a [game.Started] game on bitset.Set or string
// positions (an error wrapping sg.ErrLimit, not an exhausted memory, when
// the board is beyond it). It returns ctx's error when ctx is done first.
func StartValue(ctx context.Context, b game.Board) (sg.Nimber, error) {
	switch g := b.(type) {
	case game.Valued:
		return g.StartValue(ctx)
	case game.Started[bitset.Set]:
		return sg.NewEngine[bitset.Set](g).Value(ctx, g.Start())
	case game.Started[string]:
		return sg.NewEngine[string](g).Value(ctx, g.Start())
	}
	return 0, fmt.Errorf("solve: %v is neither valued by its rules nor a game on bitset.Set or string positions", b)
}
