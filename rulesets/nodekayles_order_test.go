package rulesets_test

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// AppendOrderedMoves lists exactly AppendMoves' options: on a grid from
// the centre of p's bounding rectangle out, on other graphs in
// AppendMoves' order (and OrdersMoves says so).
func TestNodeKaylesOrderedMoves(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 150))
	props.Property("a permutation of AppendMoves, in order", prop.ForAll(func(kind, rows, cols int, lo, hi, seed uint64) (bool, error) {
		var k *rulesets.NodeKayles
		var err error
		switch kind {
		case 0: // a grid of at most 128 vertices
			cols = min(cols, 128/rows)
			k, err = rulesets.NodeKaylesGrid(rows, cols)
		case 1: // a path, up to 128 vertices
			k, err = rulesets.NodeKaylesPath(min(rows*cols, 128))
		default: // a random graph
			r := rand.New(rand.NewPCG(seed, 1))
			n := 1 + r.IntN(128)
			g, _ := graph.New(n)
			for range r.IntN(3 * n) {
				if u, v := r.IntN(n), r.IntN(n); u != v {
					g.AddEdge(u, v)
				}
			}
			k = rulesets.NewNodeKayles(g)
		}
		if err != nil {
			return false, err
		}
		p := graph.Set{Lo: lo, Hi: hi}.And(k.Start())
		sentinel := graph.Set{Lo: 1}
		got := k.AppendOrderedMoves([]graph.Set{sentinel}, p)
		want := k.AppendMoves(nil, p)
		if len(got) != len(want)+1 || got[0] != sentinel {
			return false, fmt.Errorf("%v %v: %d ordered moves after the sentinel, %d moves", k, p, len(got)-1, len(want))
		}
		got = got[1:]
		// The order asked for: by key, ties by vertex. A vertex's key is
		// its distance from the centre of p's rectangle (in half cells,
		// squared) on a grid; other graphs keep the vertices' order.
		closed := func(v int) graph.Set { return k.Graph().Neighbors(v).With(v) }
		key := func(v int) int { return 0 }
		_, isGrid := k.GridBoard()
		if k.OrdersMoves() != isGrid {
			return false, fmt.Errorf("%v: OrdersMoves %v on a grid: %v", k, k.OrdersMoves(), isGrid)
		}
		if b, ok := k.GridBoard(); ok {
			r0, r1, c0, c1 := b.Rows(), -1, b.Cols(), -1
			for v := range k.Graph().N() {
				if p.Has(v) {
					r, c := b.RowCol(v)
					r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
				}
			}
			key = func(v int) int {
				r, c := b.RowCol(v)
				dr, dc := 2*r-r0-r1, 2*c-c0-c1
				return dr*dr + dc*dc
			}
		}
		var vs []int
		for v := range k.Graph().N() {
			if p.Has(v) {
				vs = append(vs, v)
			}
		}
		slices.SortStableFunc(vs, func(u, v int) int { return cmp.Compare(key(u), key(v)) })
		for i, v := range vs {
			if o := p.AndNot(closed(v)); got[i] != o {
				return false, fmt.Errorf("%v %v: option %d is %v, want %v (taking %d)", k, p, i, got[i], o, v)
			}
		}
		return true, nil
	}, gen.IntRange(0, 2), gen.IntRange(1, 11), gen.IntRange(1, 128), gen.UInt64(), gen.UInt64(), gen.UInt64()))
	props.TestingRun(t)
}

// AppendOrderedMoves allocates nothing once dst has room (a search calls
// it for every position it expands).
func TestNodeKaylesOrderedMovesAllocs(t *testing.T) {
	grid, _ := rulesets.NodeKaylesGrid(9, 9)
	g, _ := graph.New(100)
	for v := 0; v+7 < 100; v++ {
		g.AddEdge(v, v+1)
		g.AddEdge(v, v+7)
	}
	for _, k := range []*rulesets.NodeKayles{grid, rulesets.NewNodeKayles(g)} {
		p := k.Start().AndNot(graph.Set{Lo: 0x0123456789abcdef})
		buf := k.AppendOrderedMoves(nil, p)
		if n := testing.AllocsPerRun(100, func() { buf = k.AppendOrderedMoves(buf[:0], p) }); n != 0 {
			t.Errorf("%v: %v allocations a call", k, n)
		}
	}
}

// nodeKaylesSearch returns k's value by sg/search (which orders its
// search with AppendOrderedMoves), in a table of 16 MiB.
func nodeKaylesSearch(t testing.TB, k *rulesets.NodeKayles) game.Nimber {
	t.Helper()
	return nodeKaylesSearchMem(t, k, 16<<20)
}

// nodeKaylesSearchMem is nodeKaylesSearch in a table of mem bytes, with
// GOMAXPROCS workers.
func nodeKaylesSearchMem(t testing.TB, k *rulesets.NodeKayles, mem int64) game.Nimber {
	t.Helper()
	s, err := search.New(k, search.WithMemory(mem))
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Value(bg, k.Start())
	if err != nil {
		t.Fatalf("%v: %v", k, err)
	}
	return v
}

// Published values of Node Kayles on grids: on the 3×n grid OEIS A316632
// (n = 1…16, from Brown, Daugherty, Fiorini et al., "Nimber sequences of
// Node-Kayles games", J. Integer Sequences 23 (2020), art. 20.3.5); the
// same sequence's comments give the 2×n grid (the ladder) as 1, 0, 1, 0,
// … and the 4×n grid as 0 for every n.
func TestNodeKaylesPublishedGrids(t *testing.T) {
	a316632 := []game.Nimber{2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3}
	for i, want := range a316632 {
		k, _ := rulesets.NodeKaylesGrid(3, i+1)
		if got := nodeKaylesSearch(t, k); got != want {
			t.Errorf("node kayles on the 3×%d grid = %v, want %v (A316632)", i+1, got, want)
		}
	}
	for n := 1; n <= 24; n++ {
		k, _ := rulesets.NodeKaylesGrid(2, n)
		if got, want := nodeKaylesSearch(t, k), game.Nimber(n%2); got != want {
			t.Errorf("node kayles on the 2×%d grid = %v, want %v", n, got, want)
		}
	}
	for n := 1; n <= 13; n++ {
		k, _ := rulesets.NodeKaylesGrid(4, n)
		if got := nodeKaylesSearch(t, k); got != 0 {
			t.Errorf("node kayles on the 4×%d grid = %v, want 0", n, got)
		}
	}
}

// Node Kayles on the "scalloped" graph P_n(3), a path of n vertices with
// an edge between any two vertices three apart: OEIS A317367 (n = 4…108,
// first values by E. Fiorini; periodic with period 62 from n = 116), here
// n = 4…60, through the search and the engine.
func TestNodeKaylesScalloped(t *testing.T) {
	a317367 := []game.Nimber{0, 2, 1, 3, 0, 1, 1, 3, 0, 2, 3, 3, 2, 2, 3, 4, 2, 4, 0, 4,
		2, 5, 3, 2, 2, 3, 3, 2, 0, 3, 1, 1, 0, 3, 1, 2, 0, 3, 1, 2,
		0, 1, 1, 4, 0, 4, 5, 4, 7, 2, 6, 4, 7, 5, 0, 4, 1}
	for i, want := range a317367 {
		n := i + 4
		g, _ := graph.New(n)
		for v := 0; v+1 < n; v++ {
			g.AddEdge(v, v+1)
			if v+3 < n {
				g.AddEdge(v, v+3)
			}
		}
		k := rulesets.NewNodeKayles(g)
		if got := nodeKaylesSearch(t, k); got != want {
			t.Errorf("node kayles on P_%d(3) = %v, want %v (A317367)", n, got, want)
		}
		if n <= 24 {
			if got := nodeKaylesValue(t, k); got != want {
				t.Errorf("node kayles on P_%d(3), engine: %v, want %v", n, got, want)
			}
		}
	}
}
