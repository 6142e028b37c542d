package sg_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

type (
	pair2 = game.Pair[int, int]
	pair3 = game.Pair[pair2, int]
	pair4 = game.Pair[pair3, int]
)

// TestSumTheorem checks the Sprague–Grundy theorem. For a random acyclic
// digraph token D, a random subtraction-game heap S and a Nim heap H, the
// exhaustive search over the product game D+S+H (no Grundy values anywhere)
// says P exactly when G(D) ⊕ G(S) ⊕ G(H) = 0, and the sum's value equals
// that XOR: D+S+H+*k is P exactly for k = G(D) ⊕ G(S) ⊕ G(H), which is the
// definition of equality of values tested with outcomes only. The engine run
// on the product game, which knows nothing of the decomposition, must find
// the same value.
func TestSumTheorem(t *testing.T) {
	params := gametest.Parameters(t, 300)
	props := gopter.NewProperties(params)
	props.Property("value of a sum = XOR of values", prop.ForAll(
		func(seed uint64, nv, d, s, h int) string {
			r := rand.New(rand.NewPCG(seed, 2))
			dag := gametest.RandomDAG(r, nv, 0.3)
			set := subtraction(gametest.SubtractionSet(r, 4))
			d %= nv
			three := game.NewProduct[pair2, int](game.NewProduct[int, int](dag, set), nimHeap{})
			four := game.NewProduct[pair3, int](three, nimHeap{})

			gd, _ := sg.NewEngine[int](dag).Value(bg, d)
			gs, _ := sg.NewEngine[int](set).Value(bg, s)
			x := gd ^ gs ^ sg.Nimber(h)

			pos := pair3{A: pair2{A: d, B: s}, B: h}
			o, err := sg.NewExhaustive[pair3](three).Outcome(bg, pos)
			if err != nil {
				return err.Error()
			}
			if o != sg.OutcomeOf(x) {
				return fmt.Sprintf("%v: exhaustive %v, XOR %v", pos, o, x)
			}
			ex := sg.NewExhaustive[pair4](four)
			for k := 0; k < 16; k++ {
				o, err := ex.Outcome(bg, pair4{A: pos, B: k})
				if err != nil {
					return err.Error()
				}
				if (o == sg.P) != (sg.Nimber(k) == x) {
					return fmt.Sprintf("%v + *%d is %v but the XOR of values is %v", pos, k, o, x)
				}
			}
			v, err := sg.NewEngine[pair3](three).Value(bg, pos)
			if err != nil {
				return err.Error()
			}
			if v != x {
				return fmt.Sprintf("%v: engine on the product %v, XOR %v", pos, v, x)
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(1, 10), gen.IntRange(0, 9), gen.IntRange(0, 10), gen.IntRange(0, 7),
	))
	props.TestingRun(t)
}

// TestSumWinningMoves checks sg.Sum on mixed parts: every move it proposes
// reaches a P-position according to the exhaustive search over the product.
func TestSumWinningMoves(t *testing.T) {
	params := gametest.Parameters(t, 300)
	props := gopter.NewProperties(params)
	props.Property("sum winning moves reach P", prop.ForAll(
		func(seed uint64, d, s, h int) string {
			r := rand.New(rand.NewPCG(seed, 3))
			dag := gametest.RandomDAG(r, 10, 0.35)
			set := subtraction(gametest.SubtractionSet(r, 4))
			sum := sg.Sum{sg.Position(sg.NewEngine[int](dag), d), sg.Position(sg.NewEngine[int](set), s), sg.Heap(h)}
			prod := sg.NewExhaustive[pair3](game.NewProduct[pair2, int](game.NewProduct[int, int](dag, set), nimHeap{}))
			o, err := sum.Outcome(bg)
			if err != nil {
				return err.Error()
			}
			if want, _ := prod.Outcome(bg, pair3{A: pair2{A: d, B: s}, B: h}); o != want {
				return fmt.Sprintf("outcome %v, exhaustive %v", o, want)
			}
			moves, err := sum.WinningMoves(bg)
			if err != nil {
				return err.Error()
			}
			if (len(moves) > 0) != (o == sg.N) {
				return fmt.Sprintf("%v position with %d winning moves", o, len(moves))
			}
			for _, m := range moves {
				next, err := sum.Play(m)
				if err != nil {
					return err.Error()
				}
				dd, _ := sg.At[int](next[0])
				ss, _ := sg.At[int](next[1])
				hv, _ := next[2].Value(bg)
				if o, _ := prod.Outcome(bg, pair3{A: pair2{A: dd, B: ss}, B: int(hv)}); o != sg.P {
					return fmt.Sprintf("move %v from %v reaches %v", m, sum, o)
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, 9), gen.IntRange(0, 12), gen.IntRange(0, 7),
	))
	props.TestingRun(t)
}

func TestSumCompositeGame(t *testing.T) {
	// A sum of three heap games: from heap 1 take 1 to 3 tokens (value
	// n mod 4), from heap 2 an odd number (value n mod 2), the rest are Nim
	// heaps. (5, 4, 3, 2):
	// 1 ⊕ 0 ⊕ 3 ⊕ 2 = 0, a P-position; (6, 3, 3, 2): 2 ⊕ 1 ⊕ 3 ⊕ 2 = 2, N.
	odd := subtraction{1, 3, 5, 7, 9}
	mk := func(a, b, c, d int) sg.Sum {
		return sg.Sum{sg.Position(sg.NewEngine[int](subtraction{1, 2, 3}), a), sg.Position(sg.NewEngine[int](odd), b), sg.Heap(c), sg.Heap(d)}
	}
	if v, err := mk(5, 4, 3, 2).Value(bg); err != nil || v != 0 {
		t.Errorf("(5,4,3,2) = %v, %v; want 0", v, err)
	}
	s := mk(6, 3, 3, 2)
	if v, _ := s.Value(bg); v != 2 {
		t.Errorf("(6,3,3,2) = %v, want *2", v)
	}
	moves, err := s.WinningMoves(bg)
	if err != nil {
		t.Fatal(err)
	}
	// Part 0 (value 2) → value 0: 6 → 4; part 3 (heap 2) → 0; part 2 (3) → 1.
	got := fmt.Sprint(moves)
	if got != "[part 0 → 4 part 2 → nim(1) part 3 → nim(0)]" {
		t.Errorf("winning moves %s", got)
	}
	if m, ok, err := s.WinningMove(bg); err != nil || !ok || m.Index != 0 || fmt.Sprint(m.To) != "4" {
		t.Errorf("WinningMove = %v, %v, %v; want part 0 → 4", m, ok, err)
	}
	if _, ok, err := mk(5, 4, 3, 2).WinningMove(bg); ok || err != nil {
		t.Errorf("P-position has a winning move (%v)", err)
	}
	if s.String() != "6 + 3 + nim(3) + nim(2)" {
		t.Errorf("String = %q", s.String())
	}
}

func TestHugeNimHeapsInSum(t *testing.T) {
	s := sg.Sum{sg.Heap(uint64(1<<64 - 1)), sg.Heap(uint64(1 << 63)), sg.Heap(12345)}
	v, _ := s.Value(bg)
	if v != (1<<64-1)^(1<<63)^12345 {
		t.Errorf("value %v", v)
	}
	moves, _ := s.WinningMoves(bg)
	for _, m := range moves {
		next, err := s.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if w, _ := next.Value(bg); w != 0 {
			t.Errorf("move %v leaves %v", m, w)
		}
	}
	if len(moves) != 1 {
		t.Errorf("moves = %v, want exactly one (the heap with the top bit)", moves)
	}
}

// TestSumValueAllocatesNothing checks that the value, outcome and winning
// move of a sum of Nim heaps, a bot's hot calls, allocate nothing, for
// heaps of any size held in variables of any integer type.
func TestSumValueAllocatesNothing(t *testing.T) {
	a, b, c := int64(1<<40+7), uint64(1<<33+1000), int32(3<<20)
	want := sg.Nimber(a) ^ sg.Nimber(b) ^ sg.Nimber(c)
	var (
		v   sg.Nimber
		o   sg.Outcome
		m   sg.SumMove
		ok  bool
		err error
	)
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"Value", func() { v, err = sg.Sum{sg.Heap(a), sg.Heap(b), sg.Heap(c)}.Value(bg) }},
		{"Outcome", func() { o, err = sg.Sum{sg.Heap(a), sg.Heap(b), sg.Heap(c)}.Outcome(bg) }},
		{"WinningMove", func() { m, ok, err = sg.Sum{sg.Heap(a), sg.Heap(b), sg.Heap(c)}.WinningMove(bg) }},
	} {
		if n := testing.AllocsPerRun(100, tc.f); n != 0 || err != nil {
			t.Errorf("Sum.%s: %v allocations (want 0), error %v", tc.name, n, err)
		}
	}
	if v != want || o != sg.N || !ok {
		t.Fatalf("value %v, outcome %v, winning move %v (%v); want %v, N, a move", v, o, m, ok, want)
	}
	next, err := sg.Sum{sg.Heap(a), sg.Heap(b), sg.Heap(c)}.Play(m)
	if w, _ := next.Value(bg); err != nil || w != 0 {
		t.Errorf("winning move %v leaves %v (%v)", m, w, err)
	}
}

// TestHeapPart checks a Nim heap as a part: sizes of every integer type,
// the zero Part, and negative sizes, which are errors naming the size (and
// never panics), in the heap's own methods and in a sum's.
func TestHeapPart(t *testing.T) {
	if p := (sg.Part{}); p != sg.Heap(0) || p.String() != "nim(0)" {
		t.Errorf("zero Part = %v, want nim(0)", p)
	}
	for _, p := range []sg.Part{sg.Heap(int8(100)), sg.Heap(uint16(100)), sg.Heap(100), sg.Heap(uintptr(100)), sg.Heap(int64(100))} {
		if n, ok := p.Heap(); !ok || n != 100 || p != sg.Heap(100) {
			t.Errorf("%v: Heap() = %d, %v", p, n, ok)
		}
		if _, ok := p.Component(); ok {
			t.Errorf("%v has a component", p)
		}
		if q, ok, err := p.MoveTo(bg, 37); !ok || err != nil || q != sg.Heap(37) {
			t.Errorf("%v.MoveTo(37) = %v, %v, %v", p, q, ok, err)
		}
		if _, ok, err := p.MoveTo(bg, 100); ok || err != nil {
			t.Errorf("%v.MoveTo(100) = %v, %v", p, ok, err)
		}
	}
	for _, p := range []sg.Part{sg.Heap(-3), sg.Heap(int8(-3)), sg.Heap(int64(-3))} {
		if _, err := p.Value(bg); err == nil || !strings.Contains(err.Error(), "-3") {
			t.Errorf("%v.Value: error %v, want one naming -3", p, err)
		}
		if _, _, err := p.MoveTo(bg, 0); err == nil || !strings.Contains(err.Error(), "-3") {
			t.Errorf("%v.MoveTo: error %v, want one naming -3", p, err)
		}
		if _, ok := p.Heap(); ok || p.String() != "nim(-3)" {
			t.Errorf("%v is a heap", p)
		}
		if _, ok := p.Component(); ok {
			t.Errorf("%v has a component", p)
		}
		s := sg.Sum{sg.Heap(2), p}
		if _, err := s.Value(bg); err == nil || !strings.Contains(err.Error(), "part 1 (nim(-3))") {
			t.Errorf("%v.Value: error %v, want one naming part 1", s, err)
		}
		if _, _, err := s.WinningMove(bg); err == nil {
			t.Errorf("%v.WinningMove: no error", s)
		}
	}
}

// TestPartOf checks a component as a part: the component comes back, At
// finds a Position's position, and a nil component or engine is an error.
func TestPartOf(t *testing.T) {
	e := sg.NewEngine[int](subtraction{1, 2})
	p := sg.Position(e, 5)
	c, ok := p.Component()
	if !ok || sg.PartOf(c) != p {
		t.Fatalf("Component() = %v, %v", c, ok)
	}
	if q, ok := sg.At[int](sg.PartOf(c)); !ok || q != 5 {
		t.Errorf("At = %v, %v", q, ok)
	}
	if _, ok := sg.At[int](sg.Heap(5)); ok {
		t.Error("At of a heap found a position")
	}
	if _, ok := sg.At[string](p); ok {
		t.Error("At of another position type found a position")
	}
	if _, ok := p.Heap(); ok {
		t.Error("a position is a heap")
	}
	if q, ok, err := p.MoveTo(bg, 0); !ok || err != nil || q.String() != "3" {
		t.Errorf("MoveTo(0) = %v, %v, %v", q, ok, err)
	}
	nilPart := sg.PartOf(nil)
	if _, ok := nilPart.Component(); ok {
		t.Error("PartOf(nil) has a component")
	}
	if _, _, err := nilPart.MoveTo(bg, 0); err == nil {
		t.Error("PartOf(nil).MoveTo: no error")
	}
	noEngine := sg.Position[int](nil, 7)
	if _, err := (sg.Sum{noEngine}).Value(bg); err == nil || !strings.Contains(err.Error(), "position 7") {
		t.Errorf("Position(nil, 7): error %v, want one naming the position", err)
	}
	if _, _, err := noEngine.MoveTo(bg, 0); err == nil {
		t.Error("Position(nil, 7).MoveTo: no error")
	}
}

// BenchmarkSumValue is the value of a sum of three Nim heaps, against
// which nim.WinningMove on the same heaps is the bar.
func BenchmarkSumValue(b *testing.B) {
	s := sg.Sum{sg.Heap(1000), sg.Heap(2000), sg.Heap(3000)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Value(bg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSumWinningMove is the winning move of a sum of three heaps.
func BenchmarkSumWinningMove(b *testing.B) {
	s := sg.Sum{sg.Heap(1000), sg.Heap(2000), sg.Heap(3000)}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := s.WinningMove(bg); err != nil {
			b.Fatal(err)
		}
	}
}
