package sg_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

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

// movesOnly offers only AppendMoves: the hash-table memo.
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
			for slices.Contains(opts, val[v]) {
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

// maxOptions is sg.MaxOptions as a variable, so that maxOptions+1 compiles
// where int has 32 bits (TestTooManyOptions skips there).
var maxOptions = sg.MaxOptions

func (fan) AppendMoves(dst []struct{}, _ struct{}) []struct{} {
	return append(dst, make([]struct{}, maxOptions+1)...)
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

func TestResetKeepsWorking(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	d := gametest.RandomDAG(r, 50, 0.2)
	want := naiveValues(d)
	for name, g := range map[string]game.Game[int]{"digraph": d, "map": movesOnly{d}} {
		e := sg.NewEngine[int](g)
		for round := range 3 {
			if round == 1 {
				if err := e.SolveAll(bg); err != nil && name == "digraph" {
					t.Fatal(err)
				}
			}
			for v := range 50 {
				if got, err := e.Value(bg, v); err != nil || got != want[v] {
					t.Fatalf("%s, round %d: G(%d) = %d, %v; want %d", name, round, v, got, err, want[v])
				}
			}
			e.Reset()
			if e.Len() != 0 || e.Stats().Expanded != 0 {
				t.Fatalf("%s: after Reset, Len %d, Stats %+v", name, e.Len(), e.Stats())
			}
			if _, ok := e.Known(0); ok {
				t.Fatalf("%s: Known(0) after Reset", name)
			}
		}
	}
}

func TestSolveAll(t *testing.T) {
	// Arcs up as well as down, so that SolveAll must search.
	d, _ := game.NewDigraph(6)
	for _, a := range [][2]int{{0, 3}, {3, 5}, {1, 0}, {2, 4}, {4, 1}, {2, 5}, {4, 3}} {
		_ = d.AddArc(a[0], a[1])
	}
	want := naiveValues(d)
	var reports int
	e := sg.NewEngine[int](d, sg.WithProgress(time.Nanosecond, func(sg.Stats) { reports++ }))
	if err := e.SolveAll(bg); err != nil {
		t.Fatal(err)
	}
	for v := range 6 {
		if got, ok := e.Known(v); !ok || got != want[v] {
			t.Errorf("Known(%d) = %d, %v; want %d", v, got, ok, want[v])
		}
	}
	if e.Len() != 6 {
		t.Errorf("Len %d, %d progress reports; want 6", e.Len(), reports)
	}

	// Not dense: an error naming the game's type.
	if err := sg.NewEngine[int](movesOnly{d}).SolveAll(bg); err == nil || !strings.Contains(err.Error(), "movesOnly") {
		t.Errorf("SolveAll on a map-memo game: err = %v", err)
	}

	// A cycle: the error names a position on it, and the finished
	// positions stay.
	c, _ := game.NewDigraph(4)
	_ = c.AddArc(1, 0)
	_ = c.AddArc(2, 3)
	_ = c.AddArc(3, 2)
	e = sg.NewEngine[int](c)
	var ce *sg.CycleError[int]
	if err := e.SolveAll(bg); !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a CycleError", err)
	}
	if v, ok := e.Known(1); !ok || v != 1 {
		t.Errorf("Known(1) = %d, %v after the cycle error; want 1, true", v, ok)
	}

	// A cancelled context stops it; a later call resumes.
	big, _ := game.NewDigraph(3 * 4096)
	for v := 1; v < big.NumPositions(); v++ {
		_ = big.AddArc(v, v-1)
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	e = sg.NewEngine[int](big)
	if err := e.SolveAll(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if err := e.SolveAll(bg); err != nil {
		t.Fatal(err)
	}
	if v, _ := e.Known(big.NumPositions() - 1); v != sg.Nimber((big.NumPositions()-1)%2) {
		t.Errorf("top of the path: %d", v)
	}
}

func TestProgressOnEveryPath(t *testing.T) {
	// Each vertex has arcs to the 70 below it: more than 64 options, so
	// SolveAll leaves the one-loop path for Value's general one.
	const n = 9000
	d, _ := game.NewDigraph(n)
	for v := range n {
		for w := max(0, v-70); w < v; w++ {
			_ = d.AddArc(v, w)
		}
	}
	var reports int
	e := sg.NewEngine[int](d, sg.WithProgress(time.Nanosecond, func(sg.Stats) { reports++ }))
	if err := e.SolveAll(bg); err != nil {
		t.Fatal(err)
	}
	if reports == 0 {
		t.Errorf("no progress report for %d positions", n)
	}
	// And a bot's ascending questions, answered without a search.
	reports = 0
	e = sg.NewEngine[int](d, sg.WithProgress(time.Nanosecond, func(sg.Stats) { reports++ }))
	for v := range n {
		if _, err := e.Value(bg, v); err != nil {
			t.Fatal(err)
		}
	}
	if reports == 0 {
		t.Errorf("ascending Value: no progress report")
	}
}

func TestValueCancelledWithoutSearch(t *testing.T) {
	d, _ := game.NewDigraph(3)
	_ = d.AddArc(1, 0)
	_ = d.AddArc(2, 1)
	ctx, cancel := context.WithCancel(bg)
	cancel()
	for name, g := range map[string]game.Game[int]{"digraph": d, "dense": denseOnly{indexedOnly{movesOnly{d}}}, "map": movesOnly{d}} {
		e := sg.NewEngine[int](g)
		if _, err := e.Value(bg, 0); err != nil {
			t.Fatal(err)
		}
		// 1's only option is known, so no search is needed; the
		// cancelled context is still reported, and nothing memoized.
		if _, err := e.Value(ctx, 1); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: Value(cancelled, 1): err = %v, want context.Canceled", name, err)
		}
		if _, ok := e.Known(1); ok {
			t.Errorf("%s: 1 memoized after a cancelled call", name)
		}
		// A memoized value is still answered.
		if v, err := e.Value(ctx, 0); err != nil || v != 0 {
			t.Errorf("%s: Value(cancelled, 0) = %d, %v; want 0, nil", name, v, err)
		}
	}
}

func TestSolveAllMemoLimitMessage(t *testing.T) {
	d, _ := game.NewDigraph(10)
	err := sg.NewEngine[int](d, sg.WithMaxPositions(5)).SolveAll(bg)
	if !errors.Is(err, sg.ErrLimit) || !strings.Contains(err.Error(), "limit of 5 positions") {
		t.Errorf("err = %v, want one naming the memo limit of 5", err)
	}
}

func TestSharedEngineAnswersWithoutLock(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	d := gametest.RandomDAG(r, 200, 0.05)
	want := naiveValues(d)
	for name, g := range map[string]game.Game[int]{"dense": d, "map": movesOnly{d}, "indexed": indexedOnly{movesOnly{d}}} {
		s := sg.NewSharedEngine[int](g)
		if name == "dense" {
			// SolveAll stops at a cancelled context, then answers what
			// it finished, and finishes the rest on a later call.
			ctx, cancel := context.WithCancel(bg)
			cancel()
			if err := s.SolveAll(ctx); !errors.Is(err, context.Canceled) {
				t.Fatalf("SolveAll(cancelled) = %v", err)
			}
			if err := s.SolveAll(bg); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Go(func() {
				for i := range 2000 {
					v := (i*7 + w*31) % 200
					got, err := s.Value(bg, v)
					if err != nil || got != want[v] {
						t.Errorf("%s: worker %d: G(%d) = %d, %v; want %d", name, w, v, got, err, want[v])
						return
					}
				}
			})
		}
		wg.Wait()
		if s.Len() != 200 {
			t.Errorf("%s: Len() = %d, want 200", name, s.Len())
		}
		// Positions that are not the game's are still errors, every time.
		for range 2 {
			if _, err := s.Value(bg, 200); !errors.Is(err, sg.ErrNotPosition) && name != "map" {
				t.Errorf("%s: Value(200): err = %v, want ErrNotPosition", name, err)
			}
		}
	}
}

// rowKayles is Node Kayles on a path of up to 64 vertices, a position being
// the mask of vertices left: choosing a vertex removes it and its
// neighbours. Its components are the runs of consecutive vertices, and a
// run is the same game wherever it lies, so Canonical shifts it to bit 0.
// Canonical fails the test when it is given a sum: the engine must call it
// on single components only. On a path it is the octal game .137 (Winning
// Ways, ch. 4, "Dawson's Kayles" and Node Kayles on paths).
type rowKayles struct {
	t         *testing.T
	canonical *int // calls of Canonical
}

func (rowKayles) AppendMoves(dst []uint64, p uint64) []uint64 {
	for q := p; q != 0; q &= q - 1 {
		v := q & -q
		dst = append(dst, p&^(v|v<<1|v>>1))
	}
	return dst
}

func (rowKayles) AppendComponents(dst []uint64, p uint64) []uint64 {
	for p != 0 {
		low := p & -p
		run := p & ^(p + low) // the run of ones starting at low
		dst = append(dst, run)
		p &^= run
	}
	return dst
}

func (g rowKayles) Canonical(p uint64) uint64 {
	*g.canonical++
	if p != 0 {
		p >>= uint(bitsTrailing(p))
	}
	if p&(p+1) != 0 {
		g.t.Errorf("Canonical(%b) called on a sum", p)
	}
	return p
}

func bitsTrailing(p uint64) int {
	n := 0
	for p&1 == 0 {
		p >>= 1
		n++
	}
	return n
}

// plainKayles hides the Decomposer and Canonicalizer of rowKayles.
type plainKayles struct{ rowKayles }

func (g plainKayles) AppendMoves(dst []uint64, p uint64) []uint64 {
	return g.rowKayles.AppendMoves(dst, p)
}

// TestComponentMemo checks the component contract: the engine memoizes
// runs only, one entry a run length; the value of any position is the XOR
// of its runs' values, the same as a search of whole positions; Known
// answers for a sum whose runs are known; and a position seen again is
// not searched again.
func TestComponentMemo(t *testing.T) {
	ctx := context.Background()
	calls := 0
	g := rowKayles{t: t, canonical: &calls}
	e := sg.NewEngine[uint64](g)
	// Node Kayles on a path of n vertices, n = 0…17: the values of the
	// octal game .137 (Winning Ways, ch. 4; OEIS A002187 is .07, whose
	// value for n-1 equals .137's for n, as Node Kayles on P_n is
	// Dawson's Kayles on n+1 pins).
	want := []sg.Nimber{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2}
	for n, w := range want {
		v, err := e.Value(ctx, uint64(1)<<uint(n)-1)
		if err != nil {
			t.Fatal(err)
		}
		if v != w {
			t.Errorf("path of %d: value %d, want %d", n, v, w)
		}
	}
	if got := e.Len(); got != len(want)-1 {
		t.Errorf("memo holds %d positions, want %d (one run of each length 1…%d)", got, len(want)-1, len(want)-1)
	}
	expanded := e.Stats().Expanded
	// Every sum of runs of length < 18 is known without a search.
	r := gametest.Rand(t)
	plain := sg.NewEngine[uint64](plainKayles{g})
	for range 200 {
		p := r.Uint64() & (1<<17 - 1)
		v, ok := e.Known(p)
		if !ok {
			t.Fatalf("Known(%b) = false, want the XOR of its runs", p)
		}
		w, err := plain.Value(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if v != w {
			t.Errorf("Known(%b) = %d, search of whole positions says %d", p, v, w)
		}
		if u, err := e.Value(ctx, p); err != nil || u != v {
			t.Errorf("Value(%b) = %d, %v; Known said %d", p, u, err, v)
		}
	}
	if got := e.Stats().Expanded; got != expanded {
		t.Errorf("positions whose runs were known expanded %d positions", got-expanded)
	}
	if _, ok := e.Known(1<<20 - 1); ok {
		t.Error("Known(path of 20) = true before any search of it")
	}
}
