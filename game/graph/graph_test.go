package graph_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// must returns g, and panics on an error: the sizes in these tests are
// all valid.
func must(g *graph.Graph, err error) *graph.Graph {
	if err != nil {
		panic(err)
	}
	return g
}

// petersen returns the Petersen graph: an outer 5-cycle, an inner
// pentagram and the spokes between them.
func petersen(t testing.TB) *graph.Graph {
	g := must(graph.New(10))
	for i := range 5 {
		g.AddEdge(i, (i+1)%5)
		g.AddEdge(5+i, 5+(i+2)%5)
		g.AddEdge(i, 5+i)
	}
	return g
}

// The sizes of automorphism groups: a path has 2, a cycle of n 2n (the
// dihedral group), the grid graph of a square 8 and of another rectangle
// 4, the complete graph K5 5! = 120, the Petersen graph 120 (the
// symmetric group S5 acting on the 2-subsets of 5 things), and a star
// K1,7 7! = 5040, more than the limit.
func TestAutomorphismCounts(t *testing.T) {
	k5 := must(graph.New(5))
	for u := range 5 {
		for v := u + 1; v < 5; v++ {
			k5.AddEdge(u, v)
		}
	}
	star := must(graph.New(8))
	for v := 1; v < 8; v++ {
		star.AddEdge(0, v)
	}
	for _, c := range []struct {
		name string
		g    *graph.Graph
		want int
	}{
		{"path 7", must(graph.Path(7)), 2},
		{"path 1", must(graph.Path(1)), 1},
		{"cycle 9", must(graph.Cycle(9)), 18},
		{"cycle 128", must(graph.Cycle(128)), 256},
		{"grid 8×8", must(graph.Grid(8, 8)), 8},
		{"grid 3×5", must(graph.Grid(3, 5)), 4},
		{"K5", k5, 120},
		{"petersen", petersen(t), 120},
	} {
		group, ok := c.g.Automorphisms(1000)
		if !ok || len(group) != c.want {
			t.Errorf("%s: %d automorphisms (complete %v), want %d", c.name, len(group), ok, c.want)
			continue
		}
		for _, p := range group {
			for _, e := range c.g.Edges() {
				if !c.g.HasEdge(int(p[e[0]]), int(p[e[1]])) {
					t.Fatalf("%s: %v does not keep edge %v", c.name, p, e)
				}
			}
		}
		for v, w := range group[0] {
			if int(w) != v {
				t.Fatalf("%s: the first automorphism is not the identity", c.name)
			}
		}
	}
	if group, ok := star.Automorphisms(1000); ok || len(group) != 1 {
		t.Errorf("star K1,7: %d automorphisms, complete %v; want the identity alone", len(group), ok)
	}
}

// On random graphs: components partition the set, are connected and are
// not joined to each other; the group's canonical form is idempotent and
// the same for every image.
func TestPropertyGraph(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 200))
	props.Property("components and automorphisms", prop.ForAll(
		func(n int, mask, sub uint64) (bool, error) {
			g := must(graph.New(n))
			bit := 0
			for v := 1; v < n; v++ {
				for u := range v {
					if mask>>uint(bit%64)&1 != 0 && (bit < 64 || mask>>uint(bit%61)&1 != 0) {
						g.AddEdge(u, v)
					}
					bit++
				}
			}
			s := graph.Set{Lo: sub}.And(g.Vertices())
			var union graph.Set
			for _, c := range g.AppendComponents(nil, s) {
				if !g.Connected(c) || !union.And(c).IsEmpty() || !g.NeighborsOf(c).And(s).AndNot(c).IsEmpty() {
					return false, fmt.Errorf("bad component %+v of %+v in %v", c, s, g)
				}
				union = union.Or(c)
			}
			if union != s {
				return false, fmt.Errorf("components of %+v cover %+v", s, union)
			}
			group, ok := g.Automorphisms(5000)
			if !ok {
				return true, nil
			}
			c := group.Canonical(s)
			for _, p := range group {
				if group.Canonical(p.Apply(s)) != c {
					return false, fmt.Errorf("%v: canonical form differs for an image", g)
				}
			}
			return group.Canonical(c) == c, nil
		},
		gen.IntRange(1, 9), gen.UInt64(), gen.UInt64(),
	))
	props.Property("cycle canonical form", prop.ForAll(
		func(n int, lo, hi uint64, r int) (bool, error) {
			cyc := must(graph.Cycle(n))
			s := graph.Set{Lo: lo, Hi: hi}.And(cyc.Vertices())
			group, ok := cyc.Automorphisms(1000)
			if !ok {
				return false, errors.New("cycle group incomplete")
			}
			want := group.Canonical(s)
			img := group[r%len(group)].Apply(s)
			if got := graph.CycleCanonical(img, n); got != want {
				return false, fmt.Errorf("C%d: CycleCanonical(%+v) = %+v, want %+v", n, img, got, want)
			}
			// An arc.
			arc := graph.Set{Lo: lo & 0xff}.And(cyc.Vertices())
			if k := arc.Len(); k > 0 && k < n && cyc.Connected(arc) {
				if got := graph.CycleCanonical(arc, n); got.Len() != k || got.Lowest() != 0 || !cyc.Connected(got) {
					return false, fmt.Errorf("arc %+v → %+v", arc, got)
				}
			}
			return true, nil
		},
		gen.IntRange(3, 128), gen.UInt64(), gen.UInt64(), gen.IntRange(0, 255),
	))
	props.TestingRun(t)
}

func TestParseEdges(t *testing.T) {
	g, err := graph.ParseEdges("0-1, 1-2 ,2-0,4-3")
	if err != nil {
		t.Fatal(err)
	}
	if g.N() != 5 || g.String() != "0-1,0-2,1-2,3-4" || len(g.AppendComponents(nil, g.Vertices())) != 2 {
		t.Errorf("parsed %v with %d vertices", g, g.N())
	}
	for _, c := range []struct {
		s          string
		index, pos int
	}{
		{"", 1, 1},
		{"0-1,1", 2, 5},
		{"0-1,1-a", 2, 5},
		{"0-1,1-1", 2, 5},
		{"0-1,1-0", 2, 5},
		{"0-128", 1, 1},
		{"0--1", 1, 1},
	} {
		_, err := graph.ParseEdges(c.s)
		var ee *graph.EdgeError
		if !errors.As(err, &ee) || ee.Index != c.index || ee.Pos != c.pos {
			t.Errorf("ParseEdges(%q) = %v, want edge %d at %d", c.s, err, c.index, c.pos)
		}
	}
	for _, n := range []int{0, -1, 129} {
		if _, err := graph.New(n); err == nil {
			t.Errorf("New(%d) accepted", n)
		}
	}
	if _, err := graph.Cycle(2); err == nil {
		t.Error("Cycle(2) accepted")
	}
	if _, err := graph.Grid(12, 11); err == nil {
		t.Error("Grid(12, 11) accepted")
	}
	p := must(graph.Path(3))
	if p.AddEdge(0, 0) == nil || p.AddEdge(0, 3) == nil || p.AddEdge(-1, 0) == nil {
		t.Error("AddEdge accepted a loop or a vertex outside the graph")
	}
}

func BenchmarkComponentsGrid8x8(b *testing.B) {
	g, _ := graph.Grid(8, 8)
	s := graph.Set{Lo: 0x1b3f_5e7a_9c2d_4f61}
	buf := make([]graph.Set, 0, 64)
	for b.Loop() {
		buf = g.AppendComponents(buf[:0], s)
	}
}

// TestOutsideVertices: sets with elements past the graph (any 128-bit Set
// a caller builds) have no neighbours there, instead of reading past the
// adjacency lists (a seeded property test found the panic).
func TestOutsideVertices(t *testing.T) {
	c := must(graph.Cycle(4))
	s := graph.Set{}.With(0).With(7).With(100)
	if got := c.NeighborsOf(s); got != (graph.Set{}).With(1).With(3) {
		t.Errorf("NeighborsOf(%v) = %v, want {1, 3}", s.Append(nil), got.Append(nil))
	}
	if c.Connected(graph.Set{}.With(7)) != true || c.Connected(s) {
		t.Errorf("Connected: a lone element is connected, {0, 7, 100} is not")
	}
}
