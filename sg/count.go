package sg

import "fmt"

// tooMany returns a [*LimitError] when p, a position of a game that
// counts its moves ([game.MoveCounter]: e.counter is set), has more than
// [MaxOptions] (the error wraps [ErrTooManyOptions] too), or more than
// the memory bound leaves room for on the search stack; nil otherwise. It
// lets the engine refuse a position before listing its moves, which for a
// heap of 2^40 tokens would not end.
func (e *Engine[P]) tooMany(p P) error {
	n := e.counter.NumMoves(p)
	if n > MaxOptions {
		return fmt.Errorf("%w: %w", ErrTooManyOptions, &LimitError{Op: "sg.Engine.Value", Bound: "moves",
			Limit: MaxOptions, Need: int64(n), Detail: fmt.Sprintf("position %v has at least %d options", p, n)})
	}
	if m := e.r.cfg.memory; m > 0 {
		if need := int64(e.r.count)*e.r.perPos + int64(e.held()+n)*e.r.perKid; need > m {
			return &LimitError{Op: "sg.Engine.Value", Bound: "memory", Limit: m, Need: need,
				Detail: fmt.Sprintf("position %v has %d options (raise it with WithMemory)", p, n)}
		}
	}
	return nil
}
