package rulesets_test

import (
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func nodeKaylesValue(t testing.TB, k *rulesets.NodeKayles) game.Nimber {
	t.Helper()
	v, err := sg.NewEngine[graph.Set](k, sg.WithMaxPositions(0)).Value(bg, k.Start())
	if err != nil {
		t.Fatalf("%v: %v", k, err)
	}
	return v
}

// Node Kayles on a path of n vertices is Dawson's chess, octal .137
// (Winning Ways, ch. 4; OEIS A002187): checked against the published
// values and the generic engine on the code .137. On a cycle of n the
// first move leaves a path of n-3, so the cycle's value is 1 when that
// path's is 0, and 0 otherwise.
func TestNodeKaylesPathIsOctal137(t *testing.T) {
	heap := engineValues(t, mustCode(t, "0.137"), graph.MaxVertices+1)
	for n := 1; n <= graph.MaxVertices; n++ {
		if n > 70 && n != graph.MaxVertices {
			continue
		}
		p, err := rulesets.NodeKaylesPath(n)
		if err != nil {
			t.Fatal(err)
		}
		v := nodeKaylesValue(t, p)
		if v != heap[n] || (n < len(dawsonChessValues) && v != dawsonChessValues[n]) {
			t.Fatalf("node kayles on a path of %d = %v, .137 gives %v", n, v, heap[n])
		}
		if n < 3 {
			continue
		}
		c, err := rulesets.NodeKaylesCycle(n)
		if err != nil {
			t.Fatal(err)
		}
		want := game.Nimber(0)
		if heap[n-3] == 0 {
			want = 1
		}
		if v := nodeKaylesValue(t, c); v != want {
			t.Fatalf("node kayles on a cycle of %d = %v, want %v (the path of %d is %v)", n, v, want, n-3, heap[n-3])
		}
	}
}

// randomGraph returns a graph of n vertices with the edges u-v (u < v)
// whose bit in mask is set, in the order (0,1), (0,2), (1,2), (0,3), …
func randomGraph(t testing.TB, n int, mask uint64) *graph.Graph {
	g, err := graph.New(n)
	if err != nil {
		t.Fatal(err)
	}
	bit := 0
	for v := 1; v < n; v++ {
		for u := 0; u < v; u++ {
			if mask>>uint(bit%64)&1 != 0 {
				g.AddEdge(u, v)
			}
			bit++
		}
	}
	return g
}

// On random graphs of up to 11 vertices (and random grids): the value with
// components and canonical forms equals the value from moves alone, whose
// outcome plain exhaustive search confirms, and the canonical form of
// every option has the option's value.
func TestPropertyNodeKayles(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 120))
	props.Property("node kayles: engine = moves alone = exhaustive", prop.ForAll(
		func(n int, mask, sparse uint64, kind int) (bool, error) {
			var k *rulesets.NodeKayles
			var err error
			switch kind {
			case 0:
				k, err = rulesets.NodeKaylesGrid(1+n%4, 1+n/4)
			case 1:
				k, err = rulesets.NodeKaylesCycle(3 + n)
			default:
				if kind == 2 {
					mask &= sparse // sparser graphs have more components
				}
				k = rulesets.NewNodeKayles(randomGraph(t, n, mask))
			}
			if err != nil {
				return false, err
			}
			plain := sg.NewEngine[graph.Set](movesOnly[graph.Set]{k})
			want, err := plain.Value(bg, k.Start())
			if err != nil {
				return false, err
			}
			if got := nodeKaylesValue(t, k); got != want {
				return false, fmt.Errorf("%v: value %v, from moves alone %v", k, got, want)
			}
			o, err := sg.NewExhaustive[graph.Set](movesOnly[graph.Set]{k}).Outcome(bg, k.Start())
			if err != nil {
				return false, err
			}
			if (o == game.P) != (want == 0) {
				return false, fmt.Errorf("%v: exhaustive %v, value %v", k, o, want)
			}
			for _, q := range k.AppendMoves(nil, k.Start()) {
				if err := checkComponents[graph.Set](plain, k, k, q); err != nil {
					return false, err
				}
				c := k.Canonical(q)
				if k.Canonical(c) != c {
					return false, fmt.Errorf("%v: Canonical not idempotent", k)
				}
				vq, _ := plain.Value(bg, q)
				vc, _ := plain.Value(bg, c)
				if vq != vc {
					return false, fmt.Errorf("%v: canonical form of %+v has value %v, not %v", k, q, vc, vq)
				}
				if s := k.MoveString(k.Start(), q); s == "?" {
					return false, fmt.Errorf("%v: no notation for a move", k)
				}
			}
			return true, nil
		},
		gen.IntRange(1, 11), gen.UInt64(), gen.UInt64(), gen.IntRange(0, 3),
	))
	props.TestingRun(t)
}

func TestNodeKaylesParse(t *testing.T) {
	for _, c := range []struct{ arg, spec string }{
		{"path:5", "nodekayles:path:5"},
		{"Cycle:7", "nodekayles:cycle:7"},
		{"grid:3x4", "nodekayles:grid:3x4"},
		{"0-1, 1-2,2-0", "nodekayles:0-1,0-2,1-2"},
	} {
		k, err := rulesets.ParseNodeKayles(c.arg)
		if err != nil {
			t.Fatalf("ParseNodeKayles(%q): %v", c.arg, err)
		}
		if k.String() != c.spec {
			t.Errorf("ParseNodeKayles(%q) = %s, want %s", c.arg, k, c.spec)
		}
	}
	checkSyntaxErrors(t, "ParseNodeKayles", rulesets.ParseNodeKayles, []syntaxCase{
		{"", "", 1},
		{"path:0", "0", 6},
		{"cycle:2", "2", 7},
		{"grid:12x11", "12x11", 6},
		{"grid:3y4", "3y4", 6},
		{"tree:4", "tree", 1},
		{"0-1,1-1", "1-1", 5},
		{"0-1,1-x", "1-x", 5},
		{"0-1,2", "2", 5},
		{"0-1,1-200", "1-200", 5},
		{"0-1,1-0", "1-0", 5},
	})
}

// On a grid of even×even vertices the half turn maps no vertex to itself
// or to a neighbour (their distance, |m-1-2r| + |n-1-2c|, is even and
// positive), so the second player answers each vertex with its image and
// keeps the position symmetric: the Tweedledum–Tweedledee strategy of
// Winning Ways, ch. 2. The value is 0. On a path of 2k+1 the first player
// takes the middle and copies (nonzero).
func TestNodeKaylesSymmetricGrids(t *testing.T) {
	for _, d := range [][2]int{{2, 2}, {2, 4}, {4, 2}, {2, 8}, {4, 4}, {4, 6}, {6, 6}} {
		k, err := rulesets.NodeKaylesGrid(d[0], d[1])
		if err != nil {
			t.Fatal(err)
		}
		if v := nodeKaylesValue(t, k); v != 0 {
			t.Errorf("node kayles on the %d×%d grid = %v, want 0", d[0], d[1], v)
		}
	}
	for n := 1; n < 40; n += 2 {
		k, _ := rulesets.NodeKaylesPath(n)
		if v := nodeKaylesValue(t, k); v == 0 {
			t.Errorf("node kayles on a path of %d = 0, want nonzero", n)
		}
	}
}
