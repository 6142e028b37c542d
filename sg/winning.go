package sg

import (
	"context"
	"slices"
)

// Outcome returns [P] when the player to move from p loses, [N] otherwise.
func (e *Engine[P]) Outcome(ctx context.Context, p P) (Outcome, error) {
	v, err := e.Value(ctx, p)
	if err != nil {
		return Outcome(0), err // P; the name P is the type parameter here
	}
	return OutcomeOf(v), nil
}

// WinningMoves returns every option of p whose value is 0, in the game's
// move order, with duplicates removed: the moves that leave the opponent
// lost. It is empty exactly when p is a P-position.
func (e *Engine[P]) WinningMoves(ctx context.Context, p P) ([]P, error) {
	return e.MovesTo(ctx, p, 0)
}

// MovesTo returns every option of p whose value is v, in the game's move
// order, with duplicates removed. By the definition of mex it is nonempty
// whenever v is less than p's value.
func (e *Engine[P]) MovesTo(ctx context.Context, p P, v Nimber) ([]P, error) {
	var out []P
	err := e.eachOptionOfValue(ctx, p, v, func(q P) bool {
		if !slices.Contains(out, q) {
			out = append(out, q)
		}
		return true
	})
	return out, err
}

// WinningMove returns one option of p of value 0 and true, or the zero
// position and false when p is a P-position (every move loses). A bot that
// must still move from a P-position can take any option; the Player of
// package sg/bot chooses well among them.
func (e *Engine[P]) WinningMove(ctx context.Context, p P) (P, bool, error) {
	var move P
	found := false
	err := e.eachOptionOfValue(ctx, p, 0, func(q P) bool {
		move, found = q, true
		return false
	})
	return move, found, err
}

// eachOptionOfValue calls f with each option of p whose value is v, in the
// game's move order, until f returns false. The options are listed in
// e.tmp, which Value never touches, so they need no copy.
func (e *Engine[P]) eachOptionOfValue(ctx context.Context, p P, v Nimber, f func(P) bool) error {
	pv, err := e.Value(ctx, p)
	if err != nil || pv == v {
		// By the definition of mex no option has p's own value: in
		// particular a P-position has no winning move.
		return err
	}
	e.tmp = e.g.AppendMoves(e.tmp[:0], p)
	for _, q := range e.tmp {
		w, err := e.Value(ctx, q)
		if err != nil {
			return err
		}
		if w == v && !f(q) {
			return nil
		}
	}
	return nil
}
