package solve_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
	"github.com/impartial-go/impartial/sg/solve"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

type composite = game.Pair[game.Pair[game.Heaps, game.Heaps], game.Heaps]

// TestPropertyCompositeGame solves a sum of three heap games (heap 1
// takes 1 to 3, heap 2 takes an odd number, the other heaps are Nim
// heaps) as an sg.Sum of HeapParts, and checks the outcome and
// every winning move against plain exhaustive search of the product game.
func TestPropertyCompositeGame(t *testing.T) {
	take3, err := rulesets.Subtraction(1, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	odd, nim := rulesets.Odd(), rulesets.Nim()
	product := game.NewProduct[game.Pair[game.Heaps, game.Heaps], game.Heaps](
		game.NewProduct[game.Heaps, game.Heaps](game.NewHeapGame(take3), game.NewHeapGame(odd)),
		game.NewHeapGame(nim))
	x := sg.NewExhaustive[composite](product)
	heaps := func(n ...uint64) game.Heaps {
		s := make([]int, len(n))
		for i, v := range n {
			s[i] = int(v)
		}
		h, _ := game.MakeHeaps(s...)
		return h
	}
	props := gopter.NewProperties(gametest.Parameters(t, 100))
	props.Property("composite game: sum = product search", prop.ForAll(
		func(a, b uint64, ns []uint64) (bool, error) {
			sum := sg.Sum{sg.PartOf(solve.MustHeapPart(take3, nil, a)), sg.PartOf(solve.MustHeapPart(odd, nil, b))}
			for _, n := range ns {
				sum = append(sum, sg.Heap(n))
			}
			pos := composite{A: game.Pair[game.Heaps, game.Heaps]{A: heaps(a), B: heaps(b)}, B: heaps(ns...)}
			want, err := x.Outcome(context.Background(), pos)
			if err != nil {
				return false, err
			}
			got, err := sum.Outcome(context.Background())
			if err != nil || got != want {
				return false, fmt.Errorf("%v: sum says %v (%v), search says %v", sum, got, err, want)
			}
			moves, err := sum.WinningMoves(context.Background())
			if err != nil {
				return false, err
			}
			if (len(moves) > 0) != (want == sg.N) {
				return false, fmt.Errorf("%v: %d winning moves for outcome %v", sum, len(moves), want)
			}
			for _, m := range moves {
				next, err := sum.Play(m)
				if err != nil {
					return false, err
				}
				if o, _ := next.Outcome(context.Background()); o != sg.P {
					return false, fmt.Errorf("%v: move %v does not reach a P-position", sum, m)
				}
				// The move must be legal: check it against the product game.
				if !legal(t, product, pos, next) {
					return false, fmt.Errorf("%v: move %v is not a legal move", sum, m)
				}
			}
			return true, nil
		},
		gen.UInt64Range(0, 9), gen.UInt64Range(0, 9), gen.SliceOfN(2, gen.UInt64Range(0, 7)),
	))
	props.TestingRun(t)
}

// legal reports whether the sum next is one move from pos in the product.
func legal(t *testing.T, g game.Game[composite], pos composite, next sg.Sum) bool {
	t.Helper()
	get := func(p sg.Part) game.Heaps {
		var sizes []int
		if n, ok := p.Heap(); ok {
			sizes = []int{int(n)}
		} else {
			for _, v := range heapPartOf(t, p).Heaps() {
				sizes = append(sizes, int(v))
			}
		}
		h, _ := game.MakeHeaps(sizes...)
		return h
	}
	var nimSizes []int
	for _, p := range next[2:] {
		n, ok := p.Heap()
		if !ok {
			t.Fatalf("part %v is not a Nim heap", p)
		}
		nimSizes = append(nimSizes, int(n))
	}
	nimHeaps, _ := game.MakeHeaps(nimSizes...)
	want := composite{A: game.Pair[game.Heaps, game.Heaps]{A: get(next[0]), B: get(next[1])}, B: nimHeaps}
	for _, q := range g.AppendMoves(nil, pos) {
		if q == want {
			return true
		}
	}
	return false
}

// TestHeapPartHugeHeaps finds winning moves in sums of heaps near 2^64,
// where only closed forms and certified periods can give values.
func TestHeapPartHugeHeaps(t *testing.T) {
	ctx := context.Background()
	bash5, _ := rulesets.Bash(5)
	sum := sg.Sum{
		sg.PartOf(solve.MustHeapPart(bash5, nil, 1<<63+3)),        // (2^63+3) mod 6 = 5
		sg.PartOf(solve.MustHeapPart(rulesets.Odd(), nil, 1<<62)), // 0
		sg.PartOf(solve.MustHeapPart(rulesets.Nim(), nil, 1<<40)),
		sg.PartOf(solve.MustHeapPart(rulesets.Lasker(), nil, 1<<50+3)), // 2^50+4
	}
	v, err := sum.Value(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := sg.Nimber(5 ^ 1<<40 ^ (1<<50 + 4)); v != want {
		t.Fatalf("value %d, want %d", v, want)
	}
	moves, err := sum.WinningMoves(ctx)
	if err != nil || len(moves) == 0 {
		t.Fatalf("winning moves %v, %v", moves, err)
	}
	for _, m := range moves {
		next, err := sum.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := next.Value(ctx); err != nil || v != 0 {
			t.Errorf("move %v leaves value %d, %v", m, v, err)
		}
	}
	// Lasker's Nim heap 4k+3 (value 4k+4) to value 4k+3 needs a split.
	p := solve.MustHeapPart(rulesets.Lasker(), nil, 1<<50+3)
	q, ok, err := p.MoveTo(ctx, 1<<50+3)
	if err != nil || !ok {
		t.Fatalf("Lasker MoveTo: %v, %v", ok, err)
	}
	if hs := heapPartOf(t, q).Heaps(); len(hs) != 2 || hs[0]+hs[1] != 1<<50+3 {
		t.Errorf("Lasker split = %v", hs)
	}
	// Kayles has no formula: an answer from 5 computed values, where no
	// period can be certified, knows heaps up to 4 only.
	short, err := sequence.Solve(context.Background(), rulesets.Kayles(), 5)
	if err != nil || short.Basis() != sequence.BasisPrefix {
		t.Fatalf("Solve(kayles, 5) = %v, %v", short.Basis(), err)
	}
	if _, err := solve.NewHeapPart(short, 5); err == nil {
		t.Error("Kayles has no formula, but NewHeapPart accepted heap 5 past 5 computed values")
	}
	if _, err := solve.NewHeapPart(short, 4); err != nil {
		t.Errorf("NewHeapPart(heap 4 of 5 computed values): %v", err)
	}
	if _, err := solve.NewHeapPart(nil, 4); err == nil {
		t.Error("NewHeapPart accepted a nil answer")
	}
	if got := p.String(); got != "lasker(1125899906842627)" {
		t.Errorf("String() = %q", got)
	}
}

// TestHeapPartPeriodic values Kayles heaps by the answer of its certified
// period, and checks moves in small positions against the engine.
func TestHeapPartPeriodic(t *testing.T) {
	ctx := context.Background()
	ans, err := sequence.Solve(ctx, rulesets.Kayles(), 1<<12)
	if err != nil || ans.Basis() != sequence.BasisPeriod || !ans.Periodicity().Certified {
		t.Fatalf("Kayles period: %v, %v", ans.Periodicity(), err)
	}
	kaylesPart := func(heaps ...uint64) *solve.HeapPart {
		p, err := solve.NewHeapPart(ans, heaps...)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	e := sg.NewEngine[game.Heaps](game.NewHeapGame(rulesets.Kayles()))
	for a := uint64(0); a < 14; a++ {
		for b := uint64(0); b < 14; b++ {
			p := kaylesPart(a, b)
			h, _ := game.MakeHeaps(int(a), int(b))
			want, _ := e.Value(ctx, h)
			got, err := p.Value(ctx)
			if err != nil || got != want {
				t.Fatalf("kayles(%d, %d) = %d, engine %d", a, b, got, want)
			}
			for v := range want {
				q, ok, err := p.MoveTo(ctx, v)
				if err != nil || !ok {
					t.Fatalf("kayles(%d, %d) has no move to %d", a, b, v)
				}
				qs := heapPartOf(t, q).Heaps()
				sizes := make([]int, len(qs))
				for i, s := range qs {
					sizes[i] = int(s)
				}
				qh, _ := game.MakeHeaps(sizes...)
				if got, _ := e.Value(ctx, qh); got != v {
					t.Fatalf("kayles(%d, %d) → %v has value %d, want %d", a, b, qh, got, v)
				}
				if !slices.Contains(game.NewHeapGame(rulesets.Kayles()).AppendMoves(nil, h), qh) {
					t.Fatalf("kayles(%d, %d) → %v is not a move", a, b, qh)
				}
			}
		}
	}
	// A huge Kayles heap: 2^63+1 ≡ 81 (mod 12), past the preperiod 71, so
	// its value is G(81) = 8 (OEIS A002186), and one move reaches a
	// P-position.
	big := kaylesPart(1<<63 + 1)
	if v, err := big.Value(ctx); err != nil || v != kaylesValues[81] || v != 8 {
		t.Fatalf("kayles(2^63+1) = %d, %v; want G(81) = 8", v, err)
	}
	q, ok, err := big.MoveTo(ctx, 0)
	if err != nil || !ok {
		t.Fatalf("huge Kayles heap: %v %v", ok, err)
	}
	if v, _ := q.Value(ctx); v != 0 {
		t.Fatalf("huge Kayles move leaves %d", v)
	}
}

// TestHeapPartHexadecimal: in 0.0F (take two stones anywhere, leaving up to
// three rows) every move to every smaller value is found, including those
// that need three rows, and is a legal move of the value asked for. So
// are the moves named by a formula: Nim-like codes and Lasker's Nim 4.[3]
// (where the heap 4k+3 needs a split to reach 4k+3).
func TestHeapPartHexadecimal(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.0F", "0.F", "0.{15}F", "0.8", "4.[3]", "0.[3]", "0.[7]", "0.3[B]"} {
		r := mustCode(t, code)
		vs := engineValues(t, r, 24)
		value := func(n uint64) (sg.Nimber, bool) {
			if n < uint64(len(vs)) {
				return vs[n], true
			}
			return 0, false
		}
		g := game.NewHeapGame(r)
		for n := range uint64(24) {
			p := solve.MustHeapPart(r, value, n)
			h, _ := game.MakeHeaps(int(n))
			// The values of the options, some above G(n) (Lasker's Nim
			// has the split (3, 7) of value 4 ⊕ 8 = 12 from the heap 10).
			reach := map[sg.Nimber]bool{}
			for _, q := range g.AppendMoves(nil, h) {
				var x sg.Nimber
				for _, s := range q.Sizes() {
					x ^= vs[s]
				}
				reach[x] = true
			}
			for v := range vs[n] + 8 {
				q, ok, err := p.MoveTo(ctx, v)
				if v < vs[n] && (err != nil || !ok) {
					t.Fatalf("%s heap %d: no move to %d (%v)", code, n, v, err)
				}
				if err != nil || ok != reach[v] {
					t.Fatalf("%s heap %d: MoveTo(%d) = %v, %v; an option has value %d: %v", code, n, v, ok, err, v, reach[v])
				}
				if !ok {
					continue
				}
				qs := heapPartOf(t, q).Heaps()
				sizes := make([]int, len(qs))
				var x sg.Nimber
				for i, s := range qs {
					sizes[i] = int(s)
					x ^= vs[s]
				}
				qh, _ := game.MakeHeaps(sizes...)
				if x != v || !slices.Contains(g.AppendMoves(nil, h), qh) {
					t.Fatalf("%s heap %d → %v: value %d (want %d), legal %v", code, n, qh, x, v, slices.Contains(g.AppendMoves(nil, h), qh))
				}
			}
		}
	}
}

// TestHeapPartAnyAnywhereLarge: on a row of 60000 stones of "take any
// number anywhere", whose heap of n has O(n²) kinds of move, MoveTo answers
// from the formula G(n) = n without listing them (listing them took
// gigabytes), both when the move exists and when no option has the value.
func TestHeapPartAnyAnywhereLarge(t *testing.T) {
	ctx := context.Background()
	p := solve.MustHeapPart(rulesets.AnyAnywhere(), nil, 60000)
	for _, tc := range []struct {
		v  sg.Nimber
		ok bool
	}{{12345, true}, {0, true}, {59999, true}, {60000, false}, {1 << 20, false}} {
		var q sg.Part
		var ok bool
		var err error
		allocs := testing.AllocsPerRun(10, func() { q, ok, err = p.MoveTo(ctx, tc.v) })
		if err != nil || ok != tc.ok {
			t.Fatalf("MoveTo(%d) = %v, %v; want ok %v", tc.v, ok, err, tc.ok)
		}
		if ok {
			if v, _ := q.Value(ctx); v != tc.v {
				t.Errorf("MoveTo(%d) reached %v of value %d", tc.v, q, v)
			}
		}
		if allocs > 6 {
			t.Errorf("MoveTo(%d): %.0f allocations, want at most 6", tc.v, allocs)
		}
		if b := allocBytes(func() { _, _, _ = p.MoveTo(ctx, tc.v) }); b > 1<<16 {
			t.Errorf("MoveTo(%d) allocated %d bytes, want under 64 KiB", tc.v, b)
		}
	}
}

// allocBytes returns the bytes f allocates on the heap.
func allocBytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// countingValue is a ValueFunc that gives every nonempty heap the value 1
// (a stand-in for a period, so that no move reaches the value 5) and counts
// its calls, cancelling cancel (when not nil) after stopAfter calls.
type countingValue struct {
	calls     int
	stopAfter int
	cancel    context.CancelFunc
}

func (c *countingValue) value(n uint64) (sg.Nimber, bool) {
	c.calls++
	if c.cancel != nil && c.calls == c.stopAfter {
		c.cancel()
	}
	return sg.Nimber(min(n, 1)), true
}

// TestHeapPartSearchBounded: a search that finds nothing in 0.[6] (take
// any number, leave one or two heaps) costs at most 2·SearchLimit single
// heaps and SplitWork split calls, for a heap of 60000 and one of 2^40
// (where it used to cost SearchLimit² calls), and stops soon after ctx is
// cancelled.
func TestHeapPartSearchBounded(t *testing.T) {
	r := mustCode(t, "0.[6]")
	for _, n := range []uint64{60000, 1 << 40} {
		c := &countingValue{}
		p := solve.MustHeapPart(r, c.value, n)
		_, ok, err := p.MoveTo(context.Background(), 5)
		if err != nil || ok {
			t.Fatalf("heap %d: MoveTo(5) = %v, %v; want no move", n, ok, err)
		}
		if limit := 2*solve.SearchLimit + solve.SplitWork + 2; c.calls > limit || c.calls < solve.SplitWork {
			t.Errorf("heap %d: %d ValueFunc calls, want from %d to %d", n, c.calls, solve.SplitWork, limit)
		}

		ctx, cancel := context.WithCancel(context.Background())
		c = &countingValue{stopAfter: 100000, cancel: cancel}
		p = solve.MustHeapPart(r, c.value, n)
		_, _, err = p.MoveTo(ctx, 5)
		cancel()
		if !errors.Is(err, context.Canceled) || c.calls > 100000+2048 {
			t.Errorf("heap %d: cancelled after 100000 calls: %v after %d calls", n, err, c.calls)
		}
	}
}

// Kayles (0.77), OEIS A002186, G(0) … G(104).
var kaylesValues = []sg.Nimber{
	0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
	6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
	1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1}

// heapPartOf returns the HeapPart that p holds.
func heapPartOf(t *testing.T, p sg.Part) *solve.HeapPart {
	t.Helper()
	c, _ := p.Component()
	hp, ok := c.(*solve.HeapPart)
	if !ok {
		t.Fatalf("part %v is not a HeapPart", p)
	}
	return hp
}
