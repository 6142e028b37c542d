package sg_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// The engine keeps its memo four ways, by what the game offers: a Digraph
// is dense (positions are memo indexes) and lends its options; the
// wrappers below hide one capability each.

// movesOnly offers only AppendMoves: the map memo.
type movesOnly struct{ d *game.Digraph }

func (g movesOnly) AppendMoves(dst []int, v int) []int { return g.d.AppendMoves(dst, v) }

// indexedOnly adds an Indexer whose Index is not declared the identity:
// the slice memo reached through Index.
type indexedOnly struct{ movesOnly }

func (g indexedOnly) NumPositions() int { return g.d.NumPositions() }
func (g indexedOnly) Index(v int) int   { return g.d.Index(v) }

// denseOnly is dense but does not lend its options: the engine copies them
// with AppendMoves.
type denseOnly struct{ indexedOnly }

func (denseOnly) IdentityIndex() {}

// naiveValues is the definition, recursively: G(v) = mex of the values of
// v's options, on an acyclic graph.
func naiveValues(d *game.Digraph) []sg.Nimber {
	val := make([]sg.Nimber, d.NumPositions())
	done := make([]bool, d.NumPositions())
	var g func(v int) sg.Nimber
	g = func(v int) sg.Nimber {
		if !done[v] {
			var opts []sg.Nimber
			for _, w := range d.Successors(v) {
				opts = append(opts, g(w))
			}
			val[v] = sg.Nimber(0)
			for slicesContains(opts, val[v]) {
				val[v]++
			}
			done[v] = true
		}
		return val[v]
	}
	for v := range val {
		g(v)
	}
	return val
}

func slicesContains(s []sg.Nimber, x sg.Nimber) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func TestMemoKindsAgree(t *testing.T) {
	params := gametest.Parameters(t, 300)
	props := gopter.NewProperties(params)
	props.Property("every memo kind, in every query order, gives the definition's values", prop.ForAll(
		func(n int, density float64, seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 2))
			d := gametest.RandomDAG(r, n, density)
			want := naiveValues(d)
			games := map[string]game.Game[int]{
				"digraph": d, "dense": denseOnly{indexedOnly{movesOnly{d}}},
				"indexed": indexedOnly{movesOnly{d}}, "map": movesOnly{d},
			}
			orders := map[string][]int{"ascending": nil, "descending": nil, "random": r.Perm(n)}
			for v := range n {
				orders["ascending"] = append(orders["ascending"], v)
				orders["descending"] = append(orders["descending"], n-1-v)
			}
			for gname, g := range games {
				for oname, order := range orders {
					e := sg.NewEngine[int](g)
					for _, v := range order {
						got, err := e.Value(bg, v)
						if err != nil {
							return fmt.Sprintf("%s, %s: vertex %d: %v", gname, oname, v, err)
						}
						if got != want[v] {
							return fmt.Sprintf("%s, %s: G(%d) = %d, want %d", gname, oname, v, got, want[v])
						}
					}
					if e.Len() != n {
						return fmt.Sprintf("%s, %s: %d positions memoized, want %d", gname, oname, e.Len(), n)
					}
				}
			}
			return ""
		},
		gen.IntRange(1, 60), gen.Float64Range(0.02, 0.5), gen.UInt64(),
	))
	props.TestingRun(t)
}

// fan is a game of one position, struct{}, with more options than the
// engine accepts; the options are of size zero, so they take no memory.
type fan struct{}

func (fan) AppendMoves(dst []struct{}, _ struct{}) []struct{} {
	return append(dst, make([]struct{}, sg.MaxOptions+1)...)
}

func TestTooManyOptions(t *testing.T) {
	if math.MaxInt == math.MaxInt32 {
		t.Skip("MaxOptions+1 options do not fit in an int")
	}
	e := sg.NewEngine[struct{}](fan{})
	_, err := e.Value(bg, struct{}{})
	if !errors.Is(err, sg.ErrTooManyOptions) {
		t.Fatalf("err = %v, want ErrTooManyOptions", err)
	}
	if e.Len() != 0 {
		t.Errorf("Len() = %d after the error, want 0", e.Len())
	}
	if _, ok := e.Known(struct{}{}); ok {
		t.Error("the refused position is memoized")
	}
}

func TestDenseOutOfRange(t *testing.T) {
	d, _ := game.NewDigraph(3)
	_ = d.AddArc(2, 1)
	_ = d.AddArc(1, 0)
	e := sg.NewEngine[int](d)
	if _, ok := e.Known(1); ok {
		t.Error("Known(1) before any search")
	}
	for _, v := range []int{-1, 3, math.MaxInt, math.MinInt} {
		if _, err := e.Value(bg, v); !errors.Is(err, sg.ErrNotPosition) {
			t.Errorf("Value(%d): err = %v, want ErrNotPosition", v, err)
		}
	}
	if v, err := e.Value(bg, 2); err != nil || v != 0 {
		t.Errorf("G(2) = %d, %v; want 0", v, err)
	}
	if v, ok := e.Known(1); !ok || v != 1 {
		t.Errorf("Known(1) = %d, %v; want 1, true", v, ok)
	}
}
