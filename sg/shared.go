package sg

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/impartial-go/impartial/game"
)

// SharedEngine is an [Engine] that may be used by many goroutines at once,
// such as the request handlers of a game server that share one memo.
// Every value it has answered is read again without a lock, so repeated
// questions scale with the number of processors: from a slice of atomic
// cells for a [game.Dense] game (a load, O(1)), from a
// sync.Map otherwise. A question not answered before takes the engine's
// lock, so two searches never run at once. The zero SharedEngine has no
// game: its questions return an error.
//
// The game's AppendMoves is only called under the lock, so the game itself
// need not be safe for concurrent use.
type SharedEngine[P comparable] struct {
	mu sync.Mutex
	e  *Engine[P]

	// Answers already given: for a dense game, value+1 for each position
	// (0 when not yet answered), allocated with the first answer; for
	// other games, position → Nimber. Written under mu, read without it.
	cells   atomic.Pointer[[]atomic.Uint32]
	answers sync.Map
}

// NewSharedEngine returns a shared engine for g.
func NewSharedEngine[P comparable](g game.Game[P], opts ...Option) *SharedEngine[P] {
	return &SharedEngine[P]{e: NewEngine(g, opts...)}
}

// Game returns the game the engine solves, or nil for the zero
// SharedEngine.
func (s *SharedEngine[P]) Game() game.Game[P] {
	if s.e == nil {
		return nil
	}
	return s.e.g
}

// Value is [Engine.Value]: without a lock when p's value was answered
// before, under the engine's lock otherwise.
func (s *SharedEngine[P]) Value(ctx context.Context, p P) (Nimber, error) {
	if v, ok := s.answered(p); ok {
		return v, nil
	}
	if s.e == nil {
		return 0, errNoGame
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	v, err := s.e.Value(ctx, p)
	if err == nil {
		s.publish(p, v)
	}
	return v, err
}

// answered returns the value of p if it was answered before. It takes no
// lock: the cells, once made, are never replaced.
func (s *SharedEngine[P]) answered(p P) (Nimber, bool) {
	if c := s.cells.Load(); c != nil {
		// Only a dense game over ints has cells (see publish).
		if i := asInt(&p); uint(i) < uint(len(*c)) {
			if x := (*c)[i].Load(); x != 0 {
				return Nimber(x - 1), true
			}
		}
		return 0, false
	}
	if v, ok := s.answers.Load(p); ok {
		return v.(Nimber), true
	}
	return 0, false
}

// publish records v as p's value for lock-free lookups; s.mu is held.
func (s *SharedEngine[P]) publish(p P, v Nimber) {
	if !s.e.ints.on() {
		s.answers.Store(p, v)
		return
	}
	s.publishIndex(asInt(&p), v)
}

// publishIndex records v as the value of i, a position of a dense game
// over ints; s.mu is held.
func (s *SharedEngine[P]) publishIndex(i int, v Nimber) {
	c := s.cells.Load()
	if c == nil {
		// Value prepared the memo before answering.
		cells := make([]atomic.Uint32, len(s.e.ints.d))
		c = &cells
		s.cells.Store(c)
	}
	if uint(i) < uint(len(*c)) {
		(*c)[i].Store(uint32(v) + 1) // v < 2^31: a memoized cell
	}
}

// SolveAll is [Engine.SolveAll] under the engine's lock. Every value it
// finished is then answered without a lock, even when it returns an error.
func (s *SharedEngine[P]) SolveAll(ctx context.Context) error {
	if s.e == nil {
		return errNoGame
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.e.SolveAll(ctx)
	if s.e.ints.on() { // else SolveAll went through Value, which publishes nothing
		for i, x := range s.e.ints.d {
			if x < notPos {
				s.publishIndex(i, Nimber(x))
			}
		}
	}
	return err
}

// Outcome is [Engine.Outcome] under the engine's lock.
func (s *SharedEngine[P]) Outcome(ctx context.Context, p P) (Outcome, error) {
	v, err := s.Value(ctx, p)
	return OutcomeOf(v), err
}

// WinningMoves is [Engine.WinningMoves] under the engine's lock.
func (s *SharedEngine[P]) WinningMoves(ctx context.Context, p P) ([]P, error) {
	if s.e == nil {
		return nil, errNoGame
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.WinningMoves(ctx, p)
}

// MovesTo is [Engine.MovesTo] under the engine's lock.
func (s *SharedEngine[P]) MovesTo(ctx context.Context, p P, v Nimber) ([]P, error) {
	if s.e == nil {
		return nil, errNoGame
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.MovesTo(ctx, p, v)
}

// WinningMove is [Engine.WinningMove] under the engine's lock.
func (s *SharedEngine[P]) WinningMove(ctx context.Context, p P) (P, bool, error) {
	if s.e == nil {
		var zero P
		return zero, false, errNoGame
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.WinningMove(ctx, p)
}

// Len returns the number of memoized positions.
func (s *SharedEngine[P]) Len() int {
	if s.e == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.Len()
}
