package sg_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
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

var bg = context.Background()

// subtraction is a one-heap subtraction game, local to the tests.
type subtraction []int

func (s subtraction) AppendMoves(dst []int, n int) []int {
	for _, k := range s {
		if k <= n {
			dst = append(dst, n-k)
		}
	}
	return dst
}

// nimHeap is one Nim heap: any smaller size.
type nimHeap struct{}

func (nimHeap) AppendMoves(dst []int, n int) []int {
	for m := 0; m < n; m++ {
		dst = append(dst, m)
	}
	return dst
}

// chain is the game on 0, 1, 2, … where n moves to n-1 and n-2; its
// values are 0, 1, 2 repeating.
type chain struct{ n int }

func (chain) AppendMoves(dst []int, p int) []int {
	if p > 0 {
		dst = append(dst, p-1)
	}
	if p > 1 {
		dst = append(dst, p-2)
	}
	return dst
}

func (c chain) NumPositions() int { return c.n }
func (c chain) Index(p int) int {
	if p < 0 || p >= c.n {
		return -1
	}
	return p
}

// sparseChain is chain without the Indexer, so the engine uses its map.
type sparseChain struct{}

func (sparseChain) AppendMoves(dst []int, p int) []int { return chain{}.AppendMoves(dst, p) }

func TestEngineKnownValues(t *testing.T) {
	// Taking 1 to 3 tokens from a heap of n has value G(n) = n mod 4; taking
	// an odd number has value n mod 2; a Nim heap has value n.
	games := []struct {
		name string
		g    game.Game[int]
		want func(int) sg.Nimber
	}{
		{"take 1-3", subtraction{1, 2, 3}, func(n int) sg.Nimber { return sg.Nimber(n % 4) }},
		{"take odd", subtraction{1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29}, func(n int) sg.Nimber { return sg.Nimber(n % 2) }},
		{"bash m=4", subtraction{1, 2, 3, 4}, func(n int) sg.Nimber { return sg.Nimber(n % 5) }},
		{"nim", nimHeap{}, func(n int) sg.Nimber { return sg.Nimber(n) }},
		{"chain", chain{n: 100}, func(n int) sg.Nimber { return sg.Nimber(n % 3) }},
	}
	for _, tc := range games {
		e := sg.NewEngine(tc.g)
		for n := 0; n < 30; n++ {
			v, err := e.Value(bg, n)
			if err != nil {
				t.Fatalf("%s: G(%d): %v", tc.name, n, err)
			}
			if v != tc.want(n) {
				t.Errorf("%s: G(%d) = %v, want %v", tc.name, n, v, tc.want(n))
			}
		}
	}
}

func TestSubtractionGameSequence(t *testing.T) {
	// Subtraction set {1, 3, 4}: G = 0,1,0,1,2,3,2,0,1,0,1,2,3,2,… period 7
	// (Berlekamp, Conway & Guy, Winning Ways, ch. 4).
	want := []sg.Nimber{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}
	e := sg.NewEngine[int](subtraction{1, 3, 4})
	for n, w := range want {
		if v, _ := e.Value(bg, n); v != w {
			t.Errorf("G(%d) = %v, want %v", n, v, w)
		}
	}
}

func TestDigraphMexExample(t *testing.T) {
	// A token on a graph: G(v) = mex{G(w) : v → w}. Terminal vertices have
	// value 0; a vertex whose options have values {0, 1, 2, 4} has value 3,
	// since mex{0, 1, 2, 4} = 3.
	d, _ := game.NewDigraph(6)
	for _, a := range [][2]int{{1, 0}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {3, 2}, {4, 0}, {4, 1}, {4, 2}, {4, 3}, {5, 0}, {5, 1}, {5, 2}, {5, 4}} {
		if err := d.AddArc(a[0], a[1]); err != nil {
			t.Fatal(err)
		}
	}
	e := sg.NewEngine[int](d)
	want := []sg.Nimber{0, 1, 2, 3, 4, 3}
	for v, w := range want {
		got, err := e.Value(bg, v)
		if err != nil || got != w {
			t.Errorf("G(%d) = %v, %v; want %v", v, got, err, w)
		}
	}
	moves, err := e.WinningMoves(bg, 5)
	if err != nil || !slices.Equal(moves, []int{0}) {
		t.Errorf("winning moves from 5 = %v, %v; want [0]", moves, err)
	}
	if _, err := e.Value(bg, 6); !errors.Is(err, sg.ErrNotPosition) {
		t.Errorf("vertex 6: err = %v, want ErrNotPosition", err)
	}
	if _, err := e.Value(bg, -1); !errors.Is(err, sg.ErrNotPosition) {
		t.Errorf("vertex -1: err = %v, want ErrNotPosition", err)
	}
}

func TestLongChainIsIterative(t *testing.T) {
	// 10^6 positions deep: a recursive engine would need a huge stack.
	for _, g := range []game.Game[int]{chain{n: 1_000_001}, sparseChain{}} {
		e := sg.NewEngine(g)
		v, err := e.Value(bg, 1_000_000)
		if err != nil {
			t.Fatal(err)
		}
		if v != 1_000_000%3 {
			t.Errorf("%T: G(10^6) = %v, want %v", g, v, 1_000_000%3)
		}
		if e.Len() != 1_000_001 {
			t.Errorf("%T: memoized %d positions, want 1000001", g, e.Len())
		}
	}
}

func TestCycleIsAnError(t *testing.T) {
	d, _ := game.NewDigraph(4)
	_ = d.AddArc(0, 1)
	_ = d.AddArc(1, 2)
	_ = d.AddArc(2, 1)
	_ = d.AddArc(3, 0)
	e := sg.NewEngine[int](d)
	_, err := e.Value(bg, 0)
	var ce *sg.CycleError[int]
	if !errors.As(err, &ce) || !errors.Is(err, sg.ErrCycle) {
		t.Fatalf("err = %v, want a CycleError", err)
	}
	if ce.Position != 1 && ce.Position != 2 {
		t.Errorf("cycle reported at %d, want 1 or 2", ce.Position)
	}
	// Nothing on the cycle is memoized, and acyclic parts still work.
	if _, ok := e.Known(1); ok {
		t.Error("position 1 memoized after a cycle error")
	}
	if e.Len() != 0 {
		t.Errorf("memo holds %d positions after the failed search, want 0", e.Len())
	}
	if v, err := e.Value(bg, 3); !errors.Is(err, sg.ErrCycle) {
		t.Errorf("value of 3 = %v, %v; want a cycle error", v, err)
	}
}

func TestSelfLoopIsAnError(t *testing.T) {
	d, _ := game.NewDigraph(1)
	_ = d.AddArc(0, 0)
	if _, err := sg.NewEngine[int](d).Value(bg, 0); !errors.Is(err, sg.ErrCycle) {
		t.Errorf("err = %v, want ErrCycle", err)
	}
	if _, err := sg.NewExhaustive[int](d).Outcome(bg, 0); !errors.Is(err, sg.ErrCycle) {
		t.Errorf("exhaustive: err = %v, want ErrCycle", err)
	}
}

func TestMemoLimitThenResume(t *testing.T) {
	e := sg.NewEngine[int](sparseChain{}, sg.WithMaxPositions(1000))
	_, err := e.Value(bg, 5000)
	var le *sg.LimitError
	if !errors.Is(err, sg.ErrLimit) || !errors.As(err, &le) || le.Bound != "positions" || le.Limit != 1000 {
		t.Fatalf("err = %v, want a LimitError on 1000 positions", err)
	}
	if e.Len() != 0 {
		// The search went deep first, so nothing was finished.
		t.Errorf("memo holds %d after the failed search, want 0", e.Len())
	}
	// Smaller questions fit, and the limit error names the limit.
	for n := 0; n <= 900; n += 100 {
		if _, err := e.Value(bg, n); err != nil {
			t.Fatalf("G(%d): %v", n, err)
		}
	}
	if e.Len() != 901 {
		t.Errorf("memo holds %d, want 901", e.Len())
	}
	// Climbing from the finished part needs only new positions.
	if _, err := e.Value(bg, 999); err != nil {
		t.Errorf("G(999) after warm-up: %v", err)
	}
}

func TestCancelledContextThenResume(t *testing.T) {
	ctx, cancel := context.WithCancel(bg)
	cancel()
	e := sg.NewEngine[int](sparseChain{})
	if _, err := e.Value(ctx, 10); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// Cancel in the middle of a long search, through the progress hook.
	ctx, cancel = context.WithCancel(bg)
	calls := 0
	e = sg.NewEngine[int](sparseChain{}, sg.WithProgress(time.Nanosecond, func(s sg.Stats) {
		calls++
		if s.Expanded >= 50_000 {
			cancel()
		}
	}))
	for n := 0; n <= 20_000; n++ { // finished work that must survive
		if _, err := e.Value(bg, n); err != nil {
			t.Fatal(err)
		}
	}
	_, err := e.Value(ctx, 500_000)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if calls == 0 {
		t.Error("progress never reported")
	}
	if e.Len() != 20_001 {
		t.Errorf("after cancel the memo holds %d, want the 20001 finished positions", e.Len())
	}
	v, err := e.Value(bg, 500_000)
	if err != nil || v != 500_000%3 {
		t.Errorf("resumed G(500000) = %v, %v; want %v", v, err, 500_000%3)
	}
}

func TestMovesToAndWinningMove(t *testing.T) {
	e := sg.NewEngine[int](nimHeap{})
	moves, err := e.MovesTo(bg, 7, 3)
	if err != nil || !slices.Equal(moves, []int{3}) {
		t.Errorf("MovesTo(7, *3) = %v, %v", moves, err)
	}
	if _, ok, _ := e.WinningMove(bg, 0); ok {
		t.Error("terminal position has a winning move")
	}
	if m, ok, _ := e.WinningMove(bg, 5); !ok || m != 0 {
		t.Errorf("WinningMove(5) = %v, %v", m, ok)
	}
}

// TestEngineAgreesWithExhaustive checks the engine against the definition
// of P and N: on random acyclic digraphs, the engine's P/N equals the
// exhaustive search's.
func TestEngineAgreesWithExhaustive(t *testing.T) {
	params := gametest.Parameters(t, 500)
	props := gopter.NewProperties(params)
	props.Property("engine outcome = exhaustive outcome on random DAGs", prop.ForAll(
		func(n int, density float64, seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 1))
			d := gametest.RandomDAG(r, n, density)
			e := sg.NewEngine[int](d)
			x := sg.NewExhaustive[int](d)
			for v := range n {
				got, err := e.Outcome(bg, v)
				if err != nil {
					return err.Error()
				}
				want, err := x.Outcome(bg, v)
				if err != nil {
					return err.Error()
				}
				if got != want {
					return fmt.Sprintf("vertex %d: engine %v, exhaustive %v", v, got, want)
				}
				// A winning move exists exactly at N-positions and leads to P.
				moves, _ := e.WinningMoves(bg, v)
				if (len(moves) > 0) != (want == sg.N) {
					return fmt.Sprintf("vertex %d (%v) has winning moves %v", v, want, moves)
				}
				for _, m := range moves {
					if o, _ := x.Outcome(bg, m); o != sg.P {
						return fmt.Sprintf("winning move %d→%d reaches %v", v, m, o)
					}
				}
			}
			return ""
		},
		gen.IntRange(1, 40), gen.Float64Range(0.02, 0.6), gen.UInt64(),
	))
	props.TestingRun(t)
}

func TestMexAgreesWithDefinition(t *testing.T) {
	naive := func(vs []sg.Nimber) sg.Nimber {
		for m := sg.Nimber(0); ; m++ {
			if !slices.Contains(vs, m) {
				return m
			}
		}
	}
	params := gametest.Parameters(t, 2000)
	props := gopter.NewProperties(params)
	props.Property("Mex = least excluded value", prop.ForAll(
		func(raw []uint64, spread uint64) bool {
			vs := make([]sg.Nimber, len(raw))
			for i, x := range raw {
				vs[i] = sg.Nimber(x % (spread + 1))
			}
			var b sg.MexBuffer
			want := naive(vs)
			return sg.Mex(vs) == want && b.Mex(vs) == want
		},
		gen.SliceOf(gen.UInt64()), gen.UInt64Range(0, 300),
	))
	props.TestingRun(t)
	for _, c := range []struct {
		in   []sg.Nimber
		want sg.Nimber
	}{
		{nil, 0}, {[]sg.Nimber{0, 1, 2, 4}, 3}, {[]sg.Nimber{1, 3, 5}, 0}, {[]sg.Nimber{1 << 63, 0}, 1},
	} {
		if got := sg.Mex(c.in); got != c.want {
			t.Errorf("mex%v = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestMexLargeSets(t *testing.T) {
	vs := make([]sg.Nimber, 1000)
	for i := range vs {
		vs[i] = sg.Nimber(i)
	}
	if m := sg.Mex(vs); m != 1000 {
		t.Errorf("mex{0..999} = %v", m)
	}
	vs[637] = 5000
	if m := sg.Mex(vs); m != 637 {
		t.Errorf("mex with a hole at 637 = %v", m)
	}
}

func TestSharedEngineConcurrent(t *testing.T) {
	d := gametest.RandomDAG(rand.New(rand.NewPCG(7, 7)), 300, 0.05)
	want := make([]sg.Nimber, 300)
	plain := sg.NewEngine[int](d)
	for v := range want {
		want[v], _ = plain.Value(bg, v)
	}
	s := sg.NewSharedEngine[int](d)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 300 {
				v := (i*7 + w*13) % 300
				got, err := s.Value(bg, v)
				if err != nil || got != want[v] {
					t.Errorf("worker %d: value of %d = %v, %v; want %v", w, v, got, err, want[v])
					return
				}
				if _, err := s.WinningMoves(bg, v); err != nil {
					t.Error(err)
					return
				}
				if w == 0 && i == 150 {
					if err := s.SolveAll(bg); err != nil {
						t.Error(err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	if s.Len() != 300 {
		t.Errorf("shared memo holds %d, want 300", s.Len())
	}
}

func TestOutcomeString(t *testing.T) {
	if sg.P.String() != "P" || sg.N.String() != "N" || sg.Nimber(3).String() != "*3" || sg.Nimber(0).String() != "0" {
		t.Error("bad String methods")
	}
	if sg.OutcomeOf(0) != sg.P || sg.OutcomeOf(2) != sg.N {
		t.Error("OutcomeOf")
	}
}

// TestProgressDepthOfDeepSearch checks the depth that progress reports
// during a search deeper than one block of the engine's stack: the chain
// searched from 100000 goes straight down, so when k positions have been
// expanded the search is k positions deep; and the stack, left in several
// blocks, serves the next search.
func TestProgressDepthOfDeepSearch(t *testing.T) {
	reports := 0
	e := sg.NewEngine[int](sparseChain{}, sg.WithProgress(time.Nanosecond, func(s sg.Stats) {
		reports++
		if uint64(s.Depth) != s.Expanded {
			t.Fatalf("progress at %d expanded positions reports depth %d, want %d", s.Expanded, s.Depth, s.Expanded)
		}
	}))
	for _, n := range []int{100_000, 250_000} {
		v, err := e.Value(bg, n)
		if err != nil || v != sg.Nimber(n%3) {
			t.Fatalf("G(%d) = %v, %v; want %d", n, v, err, n%3)
		}
		e.Reset()
	}
	if reports < 2 {
		t.Errorf("%d progress reports, want one a search at least", reports)
	}
}
