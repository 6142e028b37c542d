package nim_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func mustTree(t testing.TB, parent []int) *nim.Tree {
	t.Helper()
	tr, err := nim.NewTree(parent)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// randomTree returns the parents of a random tree on n nodes numbered in a
// random order, so that a parent's number is often larger than its child's.
func randomTree(r *rand.Rand, n int) []int {
	perm := r.Perm(n)
	parent := make([]int, n)
	parent[perm[0]] = -1
	for i := 1; i < n; i++ {
		parent[perm[i]] = perm[r.IntN(i)]
	}
	return parent
}

// The sample of the contest problem "ore transport" (矿物运输, solved by
// examples/ore): node 0 is the root, fa[1..5] = 0 0 2 2 4,
// val = 1 4 0 1 1 2; the answer is "win".
func TestTreeOreSample(t *testing.T) {
	tr := mustTree(t, []int{-1, 0, 0, 2, 2, 4})
	values := []int{1, 4, 0, 1, 1, 2}
	depths := []int{0, 1, 1, 2, 2, 3}
	for v, d := range depths {
		if tr.Depth(v) != d {
			t.Errorf("Depth(%d) = %d, want %d", v, tr.Depth(v), d)
		}
	}
	// Odd depths: nodes 1, 2, 5 with 4 ⊕ 0 ⊕ 2 = 6.
	if s, err := nim.TreeSum(tr, values); err != nil || s != 6 {
		t.Errorf("TreeSum = %d, %v; want 6", s, err)
	}
	if o, err := nim.TreeOutcome(tr, values); err != nil || o != sg.N {
		t.Errorf("TreeOutcome = %v, %v; want N (win)", o, err)
	}
	// The only winning move: node 1 goes from 4 to 4⊕6 = 2, sending 2
	// units to the root.
	want := []nim.Transfer[int]{{From: 1, To: 0, Count: 2}}
	if moves, err := nim.TreeWinningMoves(tr, values); err != nil || !slices.Equal(moves, want) {
		t.Errorf("TreeWinningMoves = %v, %v; want %v", moves, err, want)
	}
	if m, ok, err := nim.TreeWinningMove(tr, values); err != nil || !ok || m != want[0] {
		t.Errorf("TreeWinningMove = %v, %v, %v; want %v", m, ok, err, want[0])
	}
}

func TestTreeErrors(t *testing.T) {
	tests := []struct {
		parent []int
		msg    string
	}{
		{nil, "nim: tree with no nodes: not a rooted tree"},
		{[]int{-1, 5}, "nim: node 1 has parent 5, outside [0, 2): not a rooted tree"},
		{[]int{-2, -1}, "nim: node 0 has parent -2, outside [0, 2): not a rooted tree"},
		{[]int{-1, 0, -1}, "nim: nodes 0 and 2 both have parent -1 (two roots): not a rooted tree"},
		{[]int{1, 0}, "nim: no node has parent -1 (no root): not a rooted tree"},
		{[]int{-1, 2, 3, 1}, "nim: node 1 is on a cycle: not a rooted tree"},
		{[]int{-1, 0, 2}, "nim: node 2 is on a cycle: not a rooted tree"},
		{[]int{3, 4, -1, 4, 3}, "nim: node 3 is on a cycle: not a rooted tree"},
	}
	for _, tc := range tests {
		_, err := nim.NewTree(tc.parent)
		if !errors.Is(err, nim.ErrBadTree) || err.Error() != tc.msg {
			t.Errorf("NewTree(%v): error %v; want %q", tc.parent, err, tc.msg)
		}
	}
	rooted := []struct {
		parent []int
		root   int
		msg    string
	}{
		{[]int{0, 0, 1}, 3, "nim: root 3 outside [0, 3): not a rooted tree"},
		{[]int{0, 0, 1}, -1, "nim: root -1 outside [0, 3): not a rooted tree"},
		{[]int{0, 0, -1}, 0, "nim: node 2 has parent -1, outside [0, 3): not a rooted tree"},
		{[]int{0, 2, 1}, 0, "nim: node 1 is on a cycle: not a rooted tree"},
	}
	for _, tc := range rooted {
		_, err := nim.NewRootedTree(tc.parent, tc.root)
		if !errors.Is(err, nim.ErrBadTree) || err.Error() != tc.msg {
			t.Errorf("NewRootedTree(%v, %d): error %v; want %q", tc.parent, tc.root, err, tc.msg)
		}
	}
	tr := mustTree(t, []int{-1, 0})
	if err := tr.Reset([]int{1, 0}); err == nil || tr.Len() != 0 {
		t.Errorf("Reset to a bad tree: error %v, Len %d", err, tr.Len())
	}
	tr = mustTree(t, []int{-1, 0})
	if _, err := nim.TreeSum(tr, []int{1}); err == nil || err.Error() != "nim: 1 values for a tree of 2 nodes" {
		t.Errorf("TreeSum with too few values: error %v", err)
	}
	if _, err := nim.TreeOutcome(tr, []int{1, -3}); !errors.Is(err, nim.ErrNegative) || err.Error() != "nim: node 1 is -3: negative count" {
		t.Errorf("TreeOutcome with a negative value: error %v", err)
	}
}

// A nil *Tree is an error, not a nil dereference, in every tree function.
func TestTreeNil(t *testing.T) {
	check := func(name string, err error) {
		t.Helper()
		if !errors.Is(err, nim.ErrBadTree) || err.Error() != "nim: nil *Tree for 1 values: not a rooted tree" {
			t.Errorf("%s(nil, [1]): error %v", name, err)
		}
	}
	_, err := nim.TreeOutcome[[]int](nil, []int{1})
	check("TreeOutcome", err)
	_, err = nim.TreeSum[[]int](nil, []int{1})
	check("TreeSum", err)
	_, err = nim.TreeWinningMoves[[]int](nil, []int{1})
	check("TreeWinningMoves", err)
	_, err = nim.AppendTreeWinningMoves[[]int](nil, nil, []int{1})
	check("AppendTreeWinningMoves", err)
	_, _, err = nim.TreeWinningMove[[]int](nil, []int{1})
	check("TreeWinningMove", err)
	if _, err := nim.NewTreeGame(nil); !errors.Is(err, nim.ErrBadTree) {
		t.Errorf("NewTreeGame(nil): error %v", err)
	}
}

// An explicit root: its entry in parent is ignored.
func TestRootedTree(t *testing.T) {
	for _, tc := range []struct {
		parent []int
		root   int
		depth  []int
	}{
		{[]int{0, 0, 1}, 0, []int{0, 1, 2}},        // the contest's fa[0] = 0
		{[]int{7, 0, 1}, 0, []int{0, 1, 2}},        // anything at the root
		{[]int{2, 0, 2}, 2, []int{1, 2, 0}},        // parent[root] = root
		{[]int{1, -1, 0, 0}, 1, []int{1, 0, 2, 2}}, // -1 at the root is fine too
	} {
		tr, err := nim.NewRootedTree(tc.parent, tc.root)
		if err != nil {
			t.Errorf("NewRootedTree(%v, %d): %v", tc.parent, tc.root, err)
			continue
		}
		for v, d := range tc.depth {
			if tr.Depth(v) != d {
				t.Errorf("NewRootedTree(%v, %d): Depth(%d) = %d, want %d", tc.parent, tc.root, v, tr.Depth(v), d)
			}
		}
		if tr.Root() != tc.root || tr.Parent(tc.root) != -1 {
			t.Errorf("NewRootedTree(%v, %d): Root %d, its parent %d", tc.parent, tc.root, tr.Root(), tr.Parent(tc.root))
		}
	}
}

// Depths agree with walking up to the root, on random trees in random
// numbering, and Reset reuses memory.
func TestTreeDepths(t *testing.T) {
	r := gametest.Rand(t)
	tr := new(nim.Tree)
	for range 200 {
		n := 1 + r.IntN(300)
		parent := randomTree(r, n)
		if err := tr.Reset(parent); err != nil {
			t.Fatal(err)
		}
		for v := range n {
			d := 0
			for u := v; parent[u] >= 0; u = parent[u] {
				d++
			}
			if tr.Depth(v) != d || tr.Parent(v) != parent[v] {
				t.Fatalf("tree %v: node %d has depth %d, parent %d", parent, v, tr.Depth(v), tr.Parent(v))
			}
		}
		if parent[tr.Root()] != -1 || tr.Len() != n {
			t.Fatalf("tree %v: root %d, Len %d", parent, tr.Root(), tr.Len())
		}
	}
	parent := randomTree(r, 300)
	if allocs := testing.AllocsPerRun(10, func() { _ = tr.Reset(parent) }); allocs != 0 {
		t.Errorf("Reset allocates %v times", allocs)
	}
}

// A path of a million nodes numbered from the leaf up (every parent has a
// larger number than its child) needs no recursion.
func TestTreeLongPath(t *testing.T) {
	const n = 1_000_000
	parent := make([]int, n)
	values := make([]uint32, n)
	for i := range parent {
		parent[i] = i + 1
		values[i] = 1
	}
	parent[n-1] = -1
	tr := mustTree(t, parent)
	if tr.Depth(0) != n-1 || tr.Root() != n-1 {
		t.Fatalf("Depth(0) = %d, Root = %d", tr.Depth(0), tr.Root())
	}
	// 500000 odd-depth nodes hold 1 each: P.
	if o, err := nim.TreeOutcome(tr, values); err != nil || o != sg.P {
		t.Errorf("TreeOutcome = %v, %v; want P", o, err)
	}
	values[0] = 5 // depth n-1 is odd: the sum becomes 5 ⊕ 1 = 4
	want := nim.Transfer[uint32]{From: 0, To: 1, Count: 4}
	if m, ok, err := nim.TreeWinningMove(tr, values); err != nil || !ok || m != want {
		t.Errorf("TreeWinningMove = %v, %v, %v; want %v", m, ok, err, want)
	}
}

// Tree staircase Nim against exhaustive search of TreeGame on random trees
// of up to 7 nodes in random numbering.
func TestTreeProperty(t *testing.T) {
	properties := gopter.NewProperties(gametest.Parameters(t, 2000))
	properties.Property("tree staircase Nim matches search", prop.ForAll(
		func(seed uint64, n int, raw []int) string {
			r := rand.New(rand.NewPCG(seed, 1))
			tr := mustTree(t, randomTree(r, n))
			g, err := nim.NewTreeGame(tr)
			if err != nil {
				return err.Error()
			}
			outcome := boardOutcome(t, g)
			values := raw[:n]
			if o, _ := nim.TreeOutcome(tr, values); o != outcome(values) {
				return "outcome disagrees with search"
			}
			moves, _ := nim.TreeWinningMoves(tr, values)
			if !slices.Equal(moves, winningBySearch(transfers(values, tr.Parent), outcome)) {
				return "winning moves differ from search"
			}
			m, ok, _ := nim.TreeWinningMove(tr, values)
			if ok != (len(moves) > 0) || ok && !slices.Contains(moves, m) {
				return "TreeWinningMove is not a winning move"
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(1, 7), gen.SliceOfN(7, gen.IntRange(0, 3)),
	))
	properties.TestingRun(t)
}

func TestTreeGameTooBig(t *testing.T) {
	tr := mustTree(t, []int{-1, 0, 0, 0, 0, 0, 0, 0, 0})
	if _, err := nim.NewTreeGame(tr); err == nil {
		t.Error("NewTreeGame accepted 9 nodes")
	}
}
