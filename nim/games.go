package nim

import (
	"fmt"
	"slices"

	"github.com/impartial-go/impartial/game"
)

// The types in this file play the games of this package move by move, as
// [game.Game] values, so that the generic engine and exhaustive search of
// package sg can check the closed forms on small positions, and so that
// teaching tools can explore them. They enumerate every move and suit small
// positions only; the closed-form functions are what a bot should call.

// heapsOf encodes sizes, which are never negative here, as a position.
func heapsOf(sizes ...int) game.Heaps {
	h, err := game.MakeHeaps(sizes...)
	if err != nil {
		panic("nim: " + err.Error()) // unreachable: sizes are built ≥ 0
	}
	return h
}

// Game is Nim as a [game.Game] over [game.Heaps]: a move takes at least one
// token from one heap. It is also a [game.Decomposer] (each heap is a
// component). The zero value is ready to use and safe for concurrent use.
type Game struct{}

// AppendMoves appends every position one Nim move away from p.
func (Game) AppendMoves(dst []game.Heaps, p game.Heaps) []game.Heaps {
	sizes := p.Sizes()
	for i, n := range sizes {
		if i > 0 && sizes[i-1] == n {
			continue // equal heaps give the same options
		}
		for to := range n {
			sizes[i] = to
			dst = append(dst, heapsOf(sizes...))
		}
		sizes[i] = n
	}
	return dst
}

// AppendComponents appends each heap of p as a one-heap position.
func (Game) AppendComponents(dst []game.Heaps, p game.Heaps) []game.Heaps {
	for _, n := range p.Sizes() {
		dst = append(dst, heapsOf(n))
	}
	return dst
}

// MiserePosition is a position of [MisereGame]: the heaps, or Over, the
// extra position that records that the last token has been taken.
type MiserePosition struct {
	Heaps game.Heaps
	Over  bool
}

// String formats p as its heaps, or "over".
func (p MiserePosition) String() string {
	if p.Over {
		return "over"
	}
	return p.Heaps.String()
}

// MisereGame is misère Nim recast as a normal-play [game.Game], so that
// the normal-play engine and search can decide it: the moves from a
// position with tokens are Nim's, and the empty position, which the player
// to move has won (the opponent took the last token), has a single move to
// the terminal position Over. The outcome of every position with Over
// false is then its misère outcome. The zero value is ready to use and
// safe for concurrent use.
type MisereGame struct{}

// AppendMoves appends the options of p.
func (MisereGame) AppendMoves(dst []MiserePosition, p MiserePosition) []MiserePosition {
	switch {
	case p.Over:
		return dst
	case p.Heaps == "":
		return append(dst, MiserePosition{Over: true})
	}
	var buf [16]game.Heaps
	for _, q := range (Game{}).AppendMoves(buf[:0], p.Heaps) {
		dst = append(dst, MiserePosition{Heaps: q})
	}
	return dst
}

// MooreGame is Moore's Nim_k as a [game.Game] over [game.Heaps]: a move
// lowers between 1 and K heaps, each by at least one token. A position
// with h heaps has up to (a_1+1)⋯(a_h+1) options. Safe for concurrent use.
type MooreGame struct {
	K int // at most this many heaps per move; K < 1 means no moves
}

// AppendMoves appends every position one move away from p.
func (g MooreGame) AppendMoves(dst []game.Heaps, p game.Heaps) []game.Heaps {
	sizes := p.Sizes()
	cur := slices.Clone(sizes)
	// Odometer over the choices: each heap keeps its size or takes a
	// smaller one, with between 1 and K heaps changed.
	changed := 0
	for {
		i := 0
		for ; i < len(cur); i++ {
			// Advance heap i through its size, 0, 1, …, size-1, and
			// back to its size with a carry into heap i+1.
			switch {
			case cur[i] == sizes[i] && sizes[i] > 0:
				cur[i] = 0
				changed++
			case cur[i] < sizes[i]-1:
				cur[i]++
			default:
				if cur[i] != sizes[i] {
					changed--
				}
				cur[i] = sizes[i]
				continue // carry into heap i+1
			}
			break
		}
		if i == len(cur) {
			return dst
		}
		if changed <= g.K {
			dst = append(dst, heapsOf(cur...))
		}
	}
}

// BoardSize is the number of places on a [Board].
const BoardSize = 8

// Board is a small position of [StaircaseGame] or [TreeGame]: Board[i]
// tokens on step or node i. It is a comparable array so that the engine
// and exhaustive search can key their memos with it.
type Board [BoardSize]uint8

// addSat returns a+b capped at 255: tokens reaching the ground or the root
// never move again, so their exact count does not matter.
func addSat(a, b uint8) uint8 {
	if s := a + b; s >= a {
		return s
	}
	return 255
}

// StaircaseGame is staircase Nim on [BoardSize] steps as a [game.Game] over
// [Board]: a move sends at least one coin from step i ≥ 1 to step i-1.
// Step 0 is the ground; as a [game.Canonicalizer] it clears the ground,
// which never affects play. Safe for concurrent use.
type StaircaseGame struct{}

// AppendMoves appends every position one move away from p.
func (StaircaseGame) AppendMoves(dst []Board, p Board) []Board {
	for i := 1; i < BoardSize; i++ {
		for k := uint8(1); k <= p[i]; k++ {
			q := p
			q[i] -= k
			q[i-1] = addSat(q[i-1], k)
			dst = append(dst, q)
		}
	}
	return dst
}

// Canonical returns p with the ground cleared.
func (StaircaseGame) Canonical(p Board) Board {
	p[0] = 0
	return p
}

// TreeGame is tree staircase Nim on a tree of at most [BoardSize] nodes as
// a [game.Game] over [Board]: a move sends at least one unit from a node to
// its parent. As a [game.Canonicalizer] it clears the root and the places
// beyond the tree, which never affect play. Safe for concurrent use.
type TreeGame struct {
	parent [BoardSize]int
	n      int
	root   int
}

// NewTreeGame returns tree staircase Nim on t, which must have at most
// [BoardSize] nodes.
func NewTreeGame(t *Tree) (*TreeGame, error) {
	if t == nil {
		return nil, fmt.Errorf("nim: NewTreeGame of a nil *Tree: %w", ErrBadTree)
	}
	if t.Len() > BoardSize {
		return nil, fmt.Errorf("nim: TreeGame needs at most %d nodes, the tree has %d", BoardSize, t.Len())
	}
	g := &TreeGame{n: t.Len(), root: t.Root()}
	for v := range g.n {
		g.parent[v] = t.Parent(v)
	}
	return g, nil
}

// AppendMoves appends every position one move away from p.
func (g *TreeGame) AppendMoves(dst []Board, p Board) []Board {
	for v := range g.n {
		if v == g.root {
			continue
		}
		u := g.parent[v]
		for k := uint8(1); k <= p[v]; k++ {
			q := p
			q[v] -= k
			q[u] = addSat(q[u], k)
			dst = append(dst, q)
		}
	}
	return dst
}

// Canonical returns p with the root and the places beyond the tree cleared.
func (g *TreeGame) Canonical(p Board) Board {
	p[g.root] = 0
	for v := g.n; v < BoardSize; v++ {
		p[v] = 0
	}
	return p
}
