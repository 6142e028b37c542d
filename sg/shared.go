package sg

import (
	"context"
	"sync"

	"github.com/impartial-go/impartial/game"
)

// SharedEngine is an [Engine] that may be used by many goroutines at once,
// such as the request handlers of a game server that share one memo.
// Lookups of memoized positions take a read lock and run in parallel;
// searches take the write lock, so two searches never run at once.
//
// The game's AppendMoves is only called under the write lock, so the game
// itself need not be safe for concurrent use.
type SharedEngine[P comparable] struct {
	mu sync.RWMutex
	e  *Engine[P]
}

// NewSharedEngine returns a shared engine for g.
func NewSharedEngine[P comparable](g game.Game[P], opts ...Option) *SharedEngine[P] {
	return &SharedEngine[P]{e: NewEngine(g, opts...)}
}

// Game returns the game the engine solves.
func (s *SharedEngine[P]) Game() game.Game[P] { return s.e.g }

// Value is [Engine.Value] under the engine's lock.
func (s *SharedEngine[P]) Value(ctx context.Context, p P) (Nimber, error) {
	s.mu.RLock()
	v, ok := s.e.Known(p)
	s.mu.RUnlock()
	if ok {
		return v, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.Value(ctx, p)
}

// SolveAll is [Engine.SolveAll] under the engine's write lock: lookups
// wait until it returns.
func (s *SharedEngine[P]) SolveAll(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.SolveAll(ctx)
}

// Outcome is [Engine.Outcome] under the engine's lock.
func (s *SharedEngine[P]) Outcome(ctx context.Context, p P) (Outcome, error) {
	v, err := s.Value(ctx, p)
	return OutcomeOf(v), err
}

// WinningMoves is [Engine.WinningMoves] under the engine's lock.
func (s *SharedEngine[P]) WinningMoves(ctx context.Context, p P) ([]P, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.WinningMoves(ctx, p)
}

// MovesTo is [Engine.MovesTo] under the engine's lock.
func (s *SharedEngine[P]) MovesTo(ctx context.Context, p P, v Nimber) ([]P, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.MovesTo(ctx, p, v)
}

// WinningMove is [Engine.WinningMove] under the engine's lock.
func (s *SharedEngine[P]) WinningMove(ctx context.Context, p P) (P, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.WinningMove(ctx, p)
}

// Len returns the number of memoized positions.
func (s *SharedEngine[P]) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.e.Len()
}

// AppendOptions appends the options of p, calling the game's AppendMoves
// under the engine's write lock, so that callers sharing the engine can
// list moves of a game that is not itself safe for concurrent use (such as
// game.HeapGame).
func (s *SharedEngine[P]) AppendOptions(dst []P, p P) []P {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.g.AppendMoves(dst, p)
}
