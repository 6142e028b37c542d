package loopy_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/loopy"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

var bg = context.Background()

func solve(t testing.TB, d *game.Digraph) *loopy.Solution {
	t.Helper()
	s, err := loopy.SolveDigraph(bg, d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func digraph(t testing.TB, n int, arcs string) *game.Digraph {
	t.Helper()
	d, err := game.NewDigraph(n)
	if err != nil {
		t.Fatal(err)
	}
	for a := range strings.SplitSeq(arcs, ",") {
		var u, v int
		if _, err := fmt.Sscanf(a, "%d-%d", &u, &v); err != nil {
			t.Fatalf("arc %q: %v", a, err)
		}
		if err := d.AddArc(u, v); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func valueStrings(s *loopy.Solution) []string {
	var out []string
	for v := range s.Graph().NumVertices() {
		x, ok := s.Value(v)
		if !ok {
			out = append(out, "?")
			continue
		}
		out = append(out, x.String())
	}
	return out
}

// A value is determined by the outcomes of its sums with Nim heaps: *m is
// the one value whose sum with *k is P exactly for k = m and N otherwise,
// and ∞(K) is the value whose sum with *k is N for k in K and D otherwise
// (Smith 1966; Fraenkel and Yesha 1986). So checking every sum u + *k
// against the retrograde analysis of the product graph checks the value of
// u completely, with an oracle that knows nothing of values.
func TestValuesAgainstSumsWithNimHeaps(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 300))
	props.Property("u + *k is P, N or D as the value of u says, for every u and k", prop.ForAll(
		func(n int, density float64, seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 15))
			d := randomLoopy(r, n, density)
			s, err := loopy.SolveDigraph(bg, d)
			if err != nil {
				return err.Error()
			}
			heap := nimHeap(n + 1) // values are at most n
			pr := newProduct(d, heap)
			out := retrograde(pr.size, pr.succ)
			for u := range n {
				val, ok := s.Value(u)
				if !ok {
					return fmt.Sprintf("vertex %d has no value", u)
				}
				for k := 0; k <= n+1; k++ {
					var want loopy.Outcome
					m, fin := val.Nimber()
					switch {
					case fin && m == sg.Nimber(k):
						want = loopy.P
					case fin, val.Escapes(sg.Nimber(k)):
						want = loopy.N
					default:
						want = loopy.D
					}
					if got := out[pr.join([]int{u, k})]; got != want {
						return fmt.Sprintf("vertex %d of value %v plus *%d: retrograde says %v, value says %v", u, val, k, got, want)
					}
				}
			}
			return ""
		},
		gen.IntRange(1, 12), gen.Float64Range(0.05, 0.45), gen.UInt64(),
	))
	props.TestingRun(t)
}

// Sums of two or three random loopy graphs: the outcome and the moves that
// Play gives for every tuple agree with the retrograde analysis of the
// product graph, and the value Sum gives agrees with the value the solver
// finds for the product graph itself (Smith's sum theorem).
func TestSumsAgainstProductGraph(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 150))
	props.Property("Play and Sum agree with the product game", prop.ForAll(
		func(k int, density float64, seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 16))
			parts := make([]*game.Digraph, k)
			sols := make([]*loopy.Solution, k)
			for i := range parts {
				n := 2 + r.IntN(5)
				if k == 2 {
					n += 2
				}
				parts[i] = randomLoopy(r, n, density)
				var err error
				if sols[i], err = loopy.SolveDigraph(bg, parts[i]); err != nil {
					return err.Error()
				}
			}
			pr := newProduct(parts...)
			out := retrograde(pr.size, pr.succ)
			whole, err := loopy.SolveGame[int](bg, pr, []int{0})
			if err != nil {
				return err.Error()
			}
			var buf []int
			for t := range pr.size {
				xs := pr.split(t)
				ps := make([]loopy.Part, k)
				vals := make([]loopy.Value, k)
				for i, x := range xs {
					ps[i] = loopy.Part{Solution: sols[i], Vertex: x}
					vals[i], _ = sols[i].Value(x)
				}
				sum := loopy.Sum(vals...)
				got, moves, err := loopy.Play(ps...)
				if err != nil {
					return err.Error()
				}
				if got != out[t] || sum.Outcome() != out[t] {
					return fmt.Sprintf("sum %v of %v: Play says %v, Sum says %v, retrograde %v", xs, vals, got, sum.Outcome(), out[t])
				}
				if wv, ok := whole.Value(t); ok && !wv.Equal(sum) {
					return fmt.Sprintf("sum %v of %v: Sum = %v, solver on the product = %v", xs, vals, sum, wv)
				}
				// The moves Play lists are exactly the options of the
				// product with the outcome a good move leaves.
				var want []int
				if got != loopy.P {
					target := loopy.P
					if got == loopy.D {
						target = loopy.D
					}
					buf = pr.succ(t, buf[:0])
					for _, w := range buf {
						if out[w] == target {
							want = append(want, w)
						}
					}
					slices.Sort(want)
					want = slices.Compact(want)
				}
				var have []int
				for _, m := range moves {
					ys := slices.Clone(xs)
					if ys[m.Part] != m.From {
						return fmt.Sprintf("move %+v does not start at %v", m, xs)
					}
					ys[m.Part] = m.To
					w := pr.join(ys)
					if m.Result.Outcome() != out[w] {
						return fmt.Sprintf("move %+v: result %v is %v, retrograde %v", m, m.Result, m.Result.Outcome(), out[w])
					}
					have = append(have, w)
				}
				slices.Sort(have)
				have = slices.Compact(have)
				if !slices.Equal(have, want) {
					return fmt.Sprintf("sum %v (%v): moves to %v, want %v", xs, got, have, want)
				}
				if got == loopy.N && len(moves) == 0 || got == loopy.D && len(moves) == 0 {
					return fmt.Sprintf("sum %v is %v but has no good move", xs, got)
				}
			}
			return ""
		},
		gen.IntRange(2, 3), gen.Float64Range(0.1, 0.5), gen.UInt64(),
	))
	props.TestingRun(t)
}

// On a game with no cycles the generalized function is the ordinary one:
// every value is finite and equal to the engine's.
func TestAcyclicAgreesWithEngine(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 200))
	props.Property("loopy values = sg.Engine values on DAGs", prop.ForAll(
		func(n int, density float64, seed uint64) string {
			d := gametest.RandomDAG(rand.New(rand.NewPCG(seed, 17)), n, density)
			s, err := loopy.SolveDigraph(bg, d)
			if err != nil {
				return err.Error()
			}
			e := sg.NewEngine[int](d)
			for v := range n {
				want, err := e.Value(bg, v)
				if err != nil {
					return err.Error()
				}
				got, ok := s.Finite(v)
				if !ok || got != want {
					x, _ := s.Value(v)
					return fmt.Sprintf("vertex %d: loopy %v, engine %v", v, x, want)
				}
			}
			return ""
		},
		gen.IntRange(1, 60), gen.Float64Range(0.02, 0.6), gen.UInt64(),
	))
	props.TestingRun(t)
}

// The cyclic graph of T. S. Ferguson, "Game Theory", Part I (Impartial
// Combinatorial Games), §3.4, Figure 3.4: a → b → c → a, c → d → e. The
// text: e is terminal (0), d has value 1, a player at c will not move to d,
// so play goes round a, b, c for ever: a, b and c are tied, and the
// ordinary Sprague–Grundy function does not exist. The generalized values:
// e = *0, d = *1, c = ∞{1}, a = b = ∞{}.
func TestFergusonCycle(t *testing.T) {
	const a, b, c, d, e = 0, 1, 2, 3, 4
	g := digraph(t, 5, "0-1,1-2,2-0,2-3,3-4")
	s := solve(t, g)
	want := []string{"∞{}", "∞{}", "∞{1}", "*1", "*0"}
	if got := valueStrings(s); !slices.Equal(got, want) {
		t.Errorf("values %v, want %v", got, want)
	}
	for v, o := range map[int]loopy.Outcome{a: loopy.D, b: loopy.D, c: loopy.D, d: loopy.N, e: loopy.P} {
		if got, _ := s.Outcome(v); got != o {
			t.Errorf("outcome of %d = %v, want %v", v, got, o)
		}
	}
	// c + d: c's escape to d (*1) meets d's *1: c → d leaves *1 + *1 = 0.
	out, moves, err := loopy.Play(loopy.Part{Solution: s, Vertex: c}, loopy.Part{Solution: s, Vertex: d})
	if err != nil || out != loopy.N || len(moves) != 1 || moves[0].Part != 0 || moves[0].To != d {
		t.Errorf("c + d: %v %+v %v, want N with the move c → d", out, moves, err)
	}
}

// Small graphs whose values follow from the definition by hand.
func TestHandValues(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		arcs string
		want []string
	}{
		// A loop: the player to move can always move back; nothing to escape to.
		{"self-loop", 1, "0-0", []string{"∞{}"}},
		// A vertex with a loop and a move to a terminal vertex wins at once.
		{"loop with exit", 2, "0-0,0-1", []string{"∞{0}", "*0"}},
		// Two-cycle with one exit: 2 is terminal (*0), so 0, whose only
		// option 1 can move to 2, is *0 (every escape is answered by a move
		// to *0), and 1, with options 0 and 2 both *0, is *1.
		{"two-cycle with exit", 3, "0-1,1-0,1-2", []string{"*0", "*1", "*0"}},
		// A reversible move: 1 may move up to 2 (*2), but 2 has an option 3
		// of value *1, so the move is answered and 1 keeps the value *1.
		{"reversible move", 4, "1-0,1-2,2-0,2-3,3-0", []string{"*0", "*1", "*2", "*1"}},
		// The same move up answered only by returning to 1 itself is no
		// answer: 1 and 2 chase each other, and both are ∞{0}.
		{"move up answered only by a loop", 3, "1-0,2-0,2-1,1-2", []string{"*0", "∞{0}", "∞{0}"}},
	} {
		s := solve(t, digraph(t, tc.n, tc.arcs))
		if got := valueStrings(s); !slices.Equal(got, tc.want) {
			t.Errorf("%s (%s): values %v, want %v", tc.name, tc.arcs, got, tc.want)
		}
	}
}

func TestValueAndSumRules(t *testing.T) {
	inf := loopy.Infinite
	fin := loopy.Finite
	for _, tc := range []struct {
		vals []loopy.Value
		want string
		out  loopy.Outcome
	}{
		{nil, "*0", loopy.P},
		{[]loopy.Value{fin(3), fin(5)}, "*6", loopy.N},
		{[]loopy.Value{fin(3), fin(3)}, "*0", loopy.P},
		{[]loopy.Value{inf(2, 0, 2), fin(2)}, "∞{0,2}", loopy.N},
		{[]loopy.Value{inf(1), fin(2)}, "∞{3}", loopy.D},
		{[]loopy.Value{inf(0), inf(0)}, "∞{}", loopy.D},
		{[]loopy.Value{inf(0, 1), fin(1), inf(), fin(7)}, "∞{}", loopy.D},
		{[]loopy.Value{inf()}, "∞{}", loopy.D},
		{[]loopy.Value{inf(0)}, "∞{0}", loopy.N},
	} {
		s := loopy.Sum(tc.vals...)
		if s.String() != tc.want || s.Outcome() != tc.out {
			t.Errorf("Sum(%v) = %v (%v), want %s (%v)", tc.vals, s, s.Outcome(), tc.want, tc.out)
		}
	}
	v := inf(4, 1)
	if k := v.K(); !slices.Equal(k, []sg.Nimber{1, 4}) || !v.Escapes(4) || v.Escapes(2) || v.IsFinite() {
		t.Errorf("∞{1,4}: K %v, escapes 4 %v, 2 %v", k, v.Escapes(4), v.Escapes(2))
	}
	if n, ok := fin(7).Nimber(); !ok || n != 7 || fin(7).K() != nil || fin(0).String() != "*0" {
		t.Error("finite value accessors")
	}
	for o, s := range map[loopy.Outcome]string{loopy.P: "P", loopy.N: "N", loopy.D: "D", 7: "Outcome(7)"} {
		if o.String() != s {
			t.Errorf("%d prints %q", o, o.String())
		}
	}
}

func TestSolveGameExploresAndLimits(t *testing.T) {
	// A token on a cycle of 6 cells, moving 1 or 2 forward, with cell 0 an
	// exit to a terminal position -1: every cell reaches the exit.
	ring := ringGame{n: 6}
	s, err := loopy.SolveGame[int](bg, ring, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 7 || s.Position(0) != 3 || s.Index(-1) < 0 || s.Index(99) != -1 {
		t.Fatalf("explored %d positions, first %d", s.Len(), s.Position(0))
	}
	if _, ok := s.Value(99); ok {
		t.Error("value of an unreached position")
	}
	if _, ok := s.Part(99); ok {
		t.Error("part of an unreached position")
	}
	p, ok := s.Part(3)
	if !ok {
		t.Fatal("no part for the root")
	}
	if _, _, err := loopy.Play(p); err != nil {
		t.Error(err)
	}
	_, err = loopy.SolveGame[int](bg, ring, []int{0}, loopy.WithMaxPositions(4))
	if !errors.Is(err, sg.ErrLimit) || !strings.Contains(err.Error(), "more than 4 positions") {
		t.Errorf("limit: %v", err)
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	if _, err := loopy.SolveGame[int](ctx, ring, []int{0}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// ringGame: cells 0..n-1 on a cycle, a move goes 1 or 2 cells forward;
// from cell 0 a player may also leave the ring to the terminal position -1.
type ringGame struct{ n int }

func (r ringGame) AppendMoves(dst []int, p int) []int {
	if p < 0 {
		return dst
	}
	dst = append(dst, (p+1)%r.n, (p+2)%r.n)
	if p == 0 {
		dst = append(dst, -1)
	}
	return dst
}

func TestCancelledSolveKeepsFinishedValues(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	d := randomLoopy(r, 400, 0.01)
	full := solve(t, d)
	g, err := loopy.FromDigraph(d)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(bg)
	levels := 0
	s, err := loopy.Solve(ctx, g, loopy.WithProgress(time.Nanosecond, func(p loopy.Progress) {
		levels++
		if p.Level == 1 {
			cancel()
		}
	}))
	if !errors.Is(err, context.Canceled) || s == nil || s.Complete() {
		t.Fatalf("cancelled solve: %v", err)
	}
	known := 0
	for v := range g.NumVertices() {
		if x, ok := s.Value(v); ok {
			known++
			if y, _ := full.Value(v); !x.Equal(y) {
				t.Errorf("vertex %d: partial %v, full %v", v, x, y)
			}
		}
	}
	if known == 0 || known == g.NumVertices() || levels != 1 {
		t.Errorf("%d of %d values kept after %d levels", known, g.NumVertices(), levels)
	}
	if _, _, err := loopy.Play(loopy.Part{Solution: s, Vertex: unknownVertex(s)}); err == nil || !strings.Contains(err.Error(), "not known") {
		t.Errorf("Play on an unknown value: %v", err)
	}
}

func unknownVertex(s *loopy.Solution) int {
	for v := range s.Graph().NumVertices() {
		if _, ok := s.Value(v); !ok {
			return v
		}
	}
	return -1
}

func TestBadInput(t *testing.T) {
	if _, err := loopy.NewGraph(-1, nil, nil); err == nil {
		t.Error("negative size accepted")
	}
	if _, err := loopy.NewGraph(2, []int{0}, nil); err == nil {
		t.Error("unequal lists accepted")
	}
	if _, err := loopy.NewGraph(2, []int{0, 1}, []int{1, 2}); err == nil || !strings.Contains(err.Error(), "arc 1 (1→2)") {
		t.Errorf("bad arc: %v", err)
	}
	g, err := loopy.NewGraph(3, []int{0, 1, 1}, []int{1, 0, 2})
	if err != nil {
		t.Fatal(err)
	}
	if g.NumArcs() != 3 || !slices.Equal(g.Successors(1), []uint32{0, 2}) || g.Successors(3) != nil {
		t.Errorf("graph: %d arcs, succ(1) = %v", g.NumArcs(), g.Successors(1))
	}
	s, err := loopy.Solve(bg, g)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Value(-1); ok {
		t.Error("value of vertex -1")
	}
	if _, _, err := loopy.Play(loopy.Part{Solution: s, Vertex: 5}); err == nil || !strings.Contains(err.Error(), "vertex 5 out of range") {
		t.Errorf("Play out of range: %v", err)
	}
	if _, _, err := loopy.Play(loopy.Part{}); err == nil {
		t.Error("Play without a solution")
	}
}

// A Solution is read by many goroutines at once (run with -race): every
// goroutine sees the same values and the same moves.
func TestConcurrentReads(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	d := randomLoopy(r, 60, 0.05)
	s := solve(t, d)
	want := valueStrings(s)
	errs := make(chan string, 8)
	for range 8 {
		go func() {
			got := valueStrings(s)
			for v := range 60 {
				if _, _, err := loopy.Play(loopy.Part{Solution: s, Vertex: v}, loopy.Part{Solution: s, Vertex: (v * 7) % 60}); err != nil {
					errs <- err.Error()
					return
				}
			}
			if !slices.Equal(got, want) {
				errs <- "values differ"
				return
			}
			errs <- ""
		}()
	}
	for range 8 {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}

// pairRing is two tokens on the ring of ringGame, moved one at a time:
// the sum of two copies, as one game. Its canonical form sorts the pair,
// since the two tokens are alike.
type pairRing struct{ ring ringGame }

func (g pairRing) AppendMoves(dst [][2]int, p [2]int) [][2]int {
	var buf []int
	for i := range 2 {
		for _, q := range g.ring.AppendMoves(buf[:0], p[i]) {
			np := p
			np[i] = q
			dst = append(dst, np)
		}
	}
	return dst
}

func (pairRing) Canonical(p [2]int) [2]int {
	if p[0] > p[1] {
		p[0], p[1] = p[1], p[0]
	}
	return p
}

// A Canonicalizer merges alike positions, and the merged game has the
// values Sum gives for the two tokens.
func TestSolveGameCanonical(t *testing.T) {
	ring := ringGame{n: 5}
	one, err := loopy.SolveGame[int](bg, ring, []int{0, 1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	two, err := loopy.SolveGame[[2]int](bg, pairRing{ring}, [][2]int{{3, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if two.Len() != 21 { // unordered pairs of 6 positions (5 cells and the exit)
		t.Errorf("%d positions, want 21", two.Len())
	}
	if two.Index([2]int{1, 3}) != two.Index([2]int{3, 1}) || two.Position(0) != [2]int{1, 3} {
		t.Errorf("(1,3) and (3,1) are not one vertex")
	}
	for a := -1; a < 5; a++ {
		for b := -1; b < 5; b++ {
			va, _ := one.Value(a)
			vb, _ := one.Value(b)
			got, ok := two.Value([2]int{a, b})
			if want := loopy.Sum(va, vb); !ok || !got.Equal(want) {
				t.Errorf("(%d, %d): %v, want %v + %v = %v", a, b, got, va, vb, want)
			}
		}
	}
}
