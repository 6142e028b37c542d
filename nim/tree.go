package nim

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/impartial-go/impartial/sg"
	"golang.org/x/exp/constraints"
)

// ErrBadTree is wrapped by every error that [NewTree], [NewRootedTree],
// [Tree.Reset] and [Tree.ResetRooted] return, where the message names the
// offending node, and by the error of the tree functions ([TreeSum] and
// the others) when their *Tree is nil.
var ErrBadTree = errors.New("not a rooted tree")

// Tree is a rooted tree given by parent indices, the board of tree
// staircase Nim. Nodes are numbered 0 … Len()-1 in any order: a parent
// need not have a smaller number than its children.
//
// The zero value is an empty tree, ready for [Tree.Reset]. A Tree is
// read-only between resets, and then safe for concurrent use by any number
// of goroutines; Reset and ResetRooted must not run concurrently with
// other uses.
type Tree struct {
	parent []int32 // -1 for the root
	depth  []int32
	root   int
}

// NewTree returns the tree in which node i has parent parent[i], and the
// root has parent -1. It runs in O(n) time and memory, without recursion,
// so a path of millions of nodes is fine. The error, which wraps
// [ErrBadTree], names the node at fault when parent is not a rooted tree:
// an empty slice, a parent out of range, two roots, no root, or a cycle.
// [NewRootedTree] takes the root explicitly instead.
func NewTree(parent []int) (*Tree, error) {
	t := new(Tree)
	if err := t.Reset(parent); err != nil {
		return nil, err
	}
	return t, nil
}

// NewRootedTree returns the tree rooted at root in which every other node
// v has parent parent[v]. The entry parent[root] is ignored, which suits
// formats that store 0 or root itself there; any other entry must be a
// node. Otherwise it is [NewTree].
func NewRootedTree(parent []int, root int) (*Tree, error) {
	t := new(Tree)
	if err := t.ResetRooted(parent, root); err != nil {
		return nil, err
	}
	return t, nil
}

// Reset makes t the tree given by parent, as [NewTree] does, reusing t's
// memory: a program that solves many trees of similar size allocates
// nothing after the first. On error t is left empty (Len 0).
func (t *Tree) Reset(parent []int) error {
	return t.resetOrClear(parent, -1)
}

// ResetRooted makes t the tree rooted at root given by parent, as
// [NewRootedTree] does, reusing t's memory like [Tree.Reset].
func (t *Tree) ResetRooted(parent []int, root int) error {
	if root < 0 || root >= len(parent) {
		t.parent, t.depth, t.root = t.parent[:0], t.depth[:0], -1
		return fmt.Errorf("nim: root %d outside [0, %d): %w", root, len(parent), ErrBadTree)
	}
	return t.resetOrClear(parent, root)
}

func (t *Tree) resetOrClear(parent []int, root int) error {
	if err := t.reset(parent, root); err != nil {
		t.parent, t.depth, t.root = t.parent[:0], t.depth[:0], -1
		return err
	}
	return nil
}

// reset builds the tree; root is the given root, or -1 to find the node
// whose parent is -1.
func (t *Tree) reset(parent []int, root int) error {
	n := len(parent)
	switch {
	case n == 0:
		return fmt.Errorf("nim: tree with no nodes: %w", ErrBadTree)
	case n > math.MaxInt32:
		return fmt.Errorf("nim: tree with %d nodes, more than %d: %w", n, math.MaxInt32, ErrBadTree)
	}
	// Every entry is written below, so the old contents may stay.
	t.parent = slices.Grow(t.parent[:0], n)[:n]
	t.depth = slices.Grow(t.depth[:0], n)[:n]
	t.root = root
	for v, p := range parent {
		if uint(p) >= uint(n) || v == root { // one test for roots and bad parents
			switch {
			case v == root:
				p = -1
			case p != -1 || root >= 0:
				return fmt.Errorf("nim: node %d has parent %d, outside [0, %d): %w", v, p, n, ErrBadTree)
			case t.root >= 0:
				return fmt.Errorf("nim: nodes %d and %d both have parent -1 (two roots): %w", t.root, v, ErrBadTree)
			default:
				t.root = v
			}
		}
		t.parent[v] = int32(p)
		t.depth[v] = unknownDepth
	}
	if t.root < 0 {
		return fmt.Errorf("nim: no node has parent -1 (no root): %w", ErrBadTree)
	}
	t.depth[t.root] = 0
	// Each node's depth is found by walking up to the nearest node whose
	// depth is known, marking the path, then walking it again to fill the
	// depths in. Every node is marked once and filled once, so the total
	// work is O(n) whatever the numbering; meeting a node already marked
	// on the current path means the walk has gone round a cycle.
	for v := range n {
		if t.depth[v] != unknownDepth {
			continue
		}
		if d := t.depth[t.parent[v]]; d >= 0 {
			t.depth[v] = d + 1 // the common case when parents come first
			continue
		}
		u, steps := int32(v), int32(0)
		for t.depth[u] == unknownDepth {
			t.depth[u] = onPath
			u = t.parent[u]
			steps++
		}
		if t.depth[u] == onPath {
			return fmt.Errorf("nim: node %d is on a cycle: %w", u, ErrBadTree)
		}
		d := t.depth[u] + steps
		for w := int32(v); t.depth[w] == onPath; w = t.parent[w] {
			t.depth[w] = d
			d--
		}
	}
	return nil
}

const (
	unknownDepth = -1
	onPath       = -2
)

// Len returns the number of nodes.
func (t *Tree) Len() int { return len(t.parent) }

// Root returns the root node.
func (t *Tree) Root() int { return t.root }

// Parent returns v's parent, or -1 for the root. It panics if v is not a
// node (a programmer error, like an index out of range).
func (t *Tree) Parent(v int) int { return int(t.parent[v]) }

// Depth returns the number of edges from v up to the root. It panics if v
// is not a node.
func (t *Tree) Depth(v int) int { return int(t.depth[v]) }

// checkLen reports n values for t as an error unless n is t.Len(), and a
// nil t as an error wrapping [ErrBadTree].
func checkLen(t *Tree, n int) error {
	if t == nil {
		return fmt.Errorf("nim: nil *Tree for %d values: %w", n, ErrBadTree)
	}
	if n != t.Len() {
		return fmt.Errorf("nim: %d values for a tree of %d nodes", n, t.Len())
	}
	return nil
}

// TreeSum returns the nim-sum of the values on the nodes at odd depth,
// which is the Sprague–Grundy value of the tree staircase position: along
// every root path the game is a staircase, and the odd-depth nodes are its
// odd steps. values[v] is the number of units on node v; len(values) must
// equal t.Len(). O(n), no allocation.
func TreeSum[S ~[]T, T constraints.Integer](t *Tree, values S) (T, error) {
	if err := checkLen(t, len(values)); err != nil {
		return 0, err
	}
	var s, or T
	for v, a := range values {
		or |= a
		s ^= a & -T(t.depth[v]&1)
	}
	if or < 0 {
		return 0, negative("node", values)
	}
	return s, nil
}

// TreeOutcome returns [sg.P] when the player to move loses the tree
// staircase position (the odd-depth nim-sum is 0) and [sg.N] otherwise.
func TreeOutcome[S ~[]T, T constraints.Integer](t *Tree, values S) (sg.Outcome, error) {
	return outcome(TreeSum(t, values))
}

// AppendTreeWinningMoves appends every winning move of the tree staircase
// position to dst, in increasing order of the node moved from, and returns
// the extended slice. Like the staircase (see
// [AppendStaircaseWinningMoves]), a winning move either lowers an odd-depth
// node a to a ⊕ s or raises one to a ⊕ s with units from one of its
// children. O(n); allocates only when dst grows.
func AppendTreeWinningMoves[S ~[]T, T constraints.Integer](dst []Transfer[T], t *Tree, values S) ([]Transfer[T], error) {
	s, err := TreeSum(t, values)
	if err != nil || s == 0 {
		return dst, err
	}
	for v := range values {
		if p := int(t.parent[v]); p >= 0 { // every node but the root
			if m, ok := transferRule(v, p, t.depth[v]&1 == 1, values[v], values[p], s); ok {
				dst = append(dst, m)
			}
		}
	}
	return dst, nil
}

// TreeWinningMoves returns every winning move of the tree staircase
// position (see [AppendTreeWinningMoves]); nil for a P-position.
func TreeWinningMoves[S ~[]T, T constraints.Integer](t *Tree, values S) ([]Transfer[T], error) {
	return AppendTreeWinningMoves(nil, t, values)
}

// TreeWinningMove returns a winning move of the tree staircase position,
// from the lowest-numbered odd-depth node that has one (one always exists
// when the position is N), and false for a P-position. O(n), no
// allocation.
func TreeWinningMove[S ~[]T, T constraints.Integer](t *Tree, values S) (Transfer[T], bool, error) {
	s, err := TreeSum(t, values)
	if err != nil || s == 0 {
		return Transfer[T]{}, false, err
	}
	for v, a := range values {
		if t.depth[v]&1 == 1 {
			// From an odd depth the parent's value does not matter: pass 0
			// rather than load it from a random place in memory.
			if m, ok := transferRule(v, int(t.parent[v]), true, a, 0, s); ok {
				return m, true, nil
			}
		}
	}
	panic("nim: unreachable: no odd-depth node has the top bit of the nim-sum")
}
