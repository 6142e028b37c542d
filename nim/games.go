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

// nimGame is Nim as a [game.Game] over [game.Heaps]: a move takes at
// least one token from one heap. It is also a [game.Decomposer] (each heap
// is a component). The tests search it to check [Sum] and the others; a
// program that plays Nim move by move uses the heap game of the rule
// rulesets.Parse("nim") (see game.NewHeapGame).
type nimGame struct{}

// AppendMoves appends every position one Nim move away from p.
func (nimGame) AppendMoves(dst []game.Heaps, p game.Heaps) []game.Heaps {
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
func (nimGame) AppendComponents(dst []game.Heaps, p game.Heaps) []game.Heaps {
	for _, n := range p.Sizes() {
		dst = append(dst, heapsOf(n))
	}
	return dst
}

// miserePosition is a position of [misereGame]: the heaps, or over, the
// extra position that records that the last token has been taken.
type miserePosition struct {
	heaps game.Heaps
	over  bool
}

// String formats p as its heaps, or "over".
func (p miserePosition) String() string {
	if p.over {
		return "over"
	}
	return p.heaps.String()
}

// misereGame is misère Nim recast as a normal-play [game.Game], so that the
// tests can decide it with the normal-play search: the moves from a
// position with tokens are Nim's, and the empty position, which the player
// to move has won (the opponent took the last token), has a single move to
// the terminal position over. The outcome of every position with over
// false is then its misère outcome, which [MisereOutcome] gives in closed
// form.
type misereGame struct{}

// AppendMoves appends the options of p.
func (misereGame) AppendMoves(dst []miserePosition, p miserePosition) []miserePosition {
	switch {
	case p.over:
		return dst
	case p.heaps == "":
		return append(dst, miserePosition{over: true})
	}
	var buf [16]game.Heaps
	for _, q := range (nimGame{}).AppendMoves(buf[:0], p.heaps) {
		dst = append(dst, miserePosition{heaps: q})
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

// treeGameNodes is the most nodes a [TreeGame] plays on: its position is
// an [8]uint8.
const treeGameNodes = 8

// addSat returns a+b capped at 255: tokens reaching the root never move
// again, so their exact count does not matter.
func addSat(a, b uint8) uint8 {
	if s := a + b; s >= a {
		return s
	}
	return 255
}

// TreeGame is tree staircase Nim on a tree of at most 8 nodes as a
// [game.Game], for the engine and exhaustive search of package sg: a
// position is an [8]uint8 holding the units on node v at index v (a
// comparable array, so that memos can key on it), and a move sends at
// least one unit from a node to its parent. Units that reach the root never
// move again; as a [game.Canonicalizer] it clears the root and the places
// beyond the tree, which never affect play. Staircase Nim on n steps is the
// tree game on a path, node i being step i and node 0 the ground:
//
//	path, _ := NewTree([]int{-1, 0, 1, 2}) // steps 0 (ground) to 3
//	g, _ := NewTreeGame(path)
//
// [TreeOutcome] and [StaircaseOutcome] give the outcome in closed form,
// for any size. A TreeGame is safe for concurrent use.
type TreeGame struct {
	parent [treeGameNodes]int
	n      int
	root   int
}

// NewTreeGame returns tree staircase Nim on t, which must have at most 8
// nodes; a nil t is an error wrapping [ErrBadTree].
func NewTreeGame(t *Tree) (*TreeGame, error) {
	if t == nil {
		return nil, fmt.Errorf("nim: NewTreeGame of a nil *Tree: %w", ErrBadTree)
	}
	if t.Len() > treeGameNodes {
		return nil, fmt.Errorf("nim: TreeGame needs at most %d nodes, the tree has %d", treeGameNodes, t.Len())
	}
	g := &TreeGame{n: t.Len(), root: t.Root()}
	for v := range g.n {
		g.parent[v] = t.Parent(v)
	}
	return g, nil
}

// AppendMoves appends every position one move away from p.
func (g *TreeGame) AppendMoves(dst [][8]uint8, p [8]uint8) [][8]uint8 {
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
func (g *TreeGame) Canonical(p [8]uint8) [8]uint8 {
	p[g.root] = 0
	for v := g.n; v < treeGameNodes; v++ {
		p[v] = 0
	}
	return p
}
