package loopy

import (
	"context"

	"github.com/impartial-go/impartial/game"
)

// Solved holds the values of every position reachable from some starting
// positions of a game: the positions, numbered as vertices of a [Graph], and
// the [Solution] of that graph. It is immutable and safe for concurrent use.
type Solved[P comparable] struct {
	sol   *Solution
	pos   []P
	index map[P]uint32
	canon game.Canonicalizer[P] // nil unless the game has canonical forms
}

func (s *Solved[P]) lookup(p P) (uint32, bool) {
	if s.canon != nil {
		p = s.canon.Canonical(p)
	}
	i, ok := s.index[p]
	return i, ok
}

// SolveGame explores every position of g reachable from roots, breadth
// first, numbers them (roots first, in order), and solves the graph of their
// moves with [Solve]. Play may loop: moves back to earlier positions are
// what this package is for. When g is a [game.Canonicalizer], positions
// with the same canonical form are one vertex, and Index, Value and Part
// accept any of them; Position returns canonical forms. The reachable set
// must be finite and at most
// [WithMaxPositions] positions ([DefaultMaxPositions] by default), or
// SolveGame returns a [*sg.LimitError] that names the first
// position past the limit.
//
// When ctx is done while exploring, SolveGame returns nil and an error
// wrapping ctx.Err(); when it is done while solving, it returns the
// positions with the values found so far (see [Solution]) and the error.
func SolveGame[P comparable](ctx context.Context, g game.Game[P], roots []P, opts ...Option) (*Solved[P], error) {
	cfg := newConfig(opts)
	gr, pos, index, err := explore(ctx, g, roots, cfg)
	if err != nil {
		return nil, err
	}
	sol, err := Solve(ctx, gr, opts...)
	canon, _ := g.(game.Canonicalizer[P])
	return &Solved[P]{sol: sol, pos: pos, index: index, canon: canon}, err
}

// Solution returns the solution of the positions' graph, whose vertex i is
// Position(i).
func (s *Solved[P]) Solution() *Solution { return s.sol }

// Len returns the number of positions explored.
func (s *Solved[P]) Len() int { return len(s.pos) }

// Position returns the position numbered i (0 ≤ i < Len()); the roots come
// first. It panics when i is out of range, as indexing a slice does.
func (s *Solved[P]) Position(i int) P { return s.pos[i] }

// Index returns the number of position p, and -1 when p was not reached.
func (s *Solved[P]) Index(p P) int {
	if i, ok := s.lookup(p); ok {
		return int(i)
	}
	return -1
}

// Value returns the value of p, and false when p was not reached from the
// roots or its value is not known.
func (s *Solved[P]) Value(p P) (Value, bool) {
	i, ok := s.lookup(p)
	if !ok {
		return Value{}, false
	}
	return s.sol.Value(int(i))
}

// Part returns p as a part of a sum for [Play], and false when p was not
// reached from the roots.
func (s *Solved[P]) Part(p P) (Part, bool) {
	i, ok := s.lookup(p)
	if !ok {
		return Part{}, false
	}
	return Part{Solution: s.sol, Vertex: int(i)}, true
}
