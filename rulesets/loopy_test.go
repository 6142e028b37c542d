package rulesets_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/loopy"
	"github.com/impartial-go/impartial/sg/solve"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func loopyValues(t testing.TB, l *rulesets.Loopy) []string {
	t.Helper()
	s, err := solve.Loopy(bg, l)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, l.NumPositions())
	for v := range out {
		x, ok := s.Value(v)
		if !ok {
			t.Fatalf("%v: no value for %d", l, v)
		}
		out[v] = x.String()
	}
	return out
}

func TestLoopyKnownValues(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		// WindUp, Alfie Davies's modular subtraction game (Games-at-Dal
		// 2023): these four rows are the ones the cgt crate's tests list
		// (github.com/t4ccer/cgt-tools, WindUp), an independent
		// implementation. By hand for windup:4/2: 2 → 0 is *1, and 1 → 3 →
		// 1 is a cycle with no way out, ∞{}.
		{"windup:7/1,2,5", "*0 *1 *2 *0 *1 *2 *0"},
		{"windup:4/2", "*0 ∞{} *1 ∞{}"},
		{"windup:5/1,3", "*0 ∞{0} ∞{0} ∞{0} *0"},
		{"windup:6/2,3", "*0 *1 *1 *2 *0 *0"},
		// By hand: a heap of 1 is won by taking it; from any larger heap,
		// taking one token down to 1 loses, so both players add for ever.
		{"subadd:1/1/10", "*0 ∞{0} ∞{} ∞{} ∞{} ∞{} ∞{} ∞{} ∞{} ∞{} ∞{}"},
		// By hand: take 3 or add 1 alternates *0, *1 — a heap of 1 can only
		// grow to 2 (*0), 3 takes to 0 or grows to 4 (*0), and so on; the
		// bound 14 can only take 3, to 11 (*1).
		{"subadd:3/1/14", "*0 *1 *0 *1 *0 *1 *0 *1 *0 *1 *0 *1 *0 *1 *0"},
		// T. S. Ferguson, "Game Theory", Part I, Figure 3.4: a cycle a, b, c
		// with an exit c → d → e; a, b and c are tied.
		{"digraph:0-1,1-2,2-0,2-3,3-4", "∞{} ∞{} ∞{1} *1 *0"},
	} {
		l, err := rulesets.ParseLoopy(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(loopyValues(t, l), " "); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.spec, got, tc.want)
		}
	}
}

func TestParseLoopy(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"subadd:3,2,2/1/20", "subadd:2,3/1/20"},
		{" SubAdd: 2 , 3 / 1 / 20", "subadd:2,3/1/20"},
		{"windup:5/3,1", "windup:5/1,3"},
		{"WINDUP: 5 /1", "windup:5/1"},
		{"digraph:0-1, 1-0,1-2", "digraph:0-1,1-0,1-2"},
		{"digraph: 3 - 3", "digraph:3-3"},
	} {
		l, err := rulesets.ParseLoopy(tc.spec)
		if err != nil {
			t.Errorf("%q: %v", tc.spec, err)
			continue
		}
		if l.String() != tc.want {
			t.Errorf("%q parses as %q, want %q", tc.spec, l, tc.want)
		}
		again, err := rulesets.ParseLoopy(l.String())
		if err != nil || again.String() != l.String() || again.NumPositions() != l.NumPositions() {
			t.Errorf("%q does not parse back: %v", l, err)
		}
	}
	l, _ := rulesets.ParseLoopy("digraph: 3 - 3")
	if l.NumPositions() != 4 || !slices.Equal(l.AppendMoves(nil, 3), []int{3}) || l.AppendMoves(nil, 9) != nil {
		t.Errorf("digraph:3-3: %d vertices, moves of 3 %v", l.NumPositions(), l.AppendMoves(nil, 3))
	}
}

func TestParseLoopyErrors(t *testing.T) {
	for _, tc := range []struct {
		spec, token string
		pos         int
	}{
		{"subadd:2,x/1/20", "x", 10},
		{"subadd:2/1", "2/1", 8},
		{"subadd:2/1/0", "0", 12},
		{"subadd:2//20", "", 10},
		{"windup:0/1", "0", 8},
		{"windup:5/1,-2", "-2", 12},
		{"windup:5", "5", 8},
		{"digraph:0-1,1+0", "1+0", 13},
		{"digraph:0-1, 1-x", "1-x", 14},
		{"digraph:0-1,1--1", "1--1", 13},
		{"digraph:0-1048576", "0-1048576", 9},
		{"digraph:", "", 9},
		{"loopy:1", "loopy", 0}, // an unknown name has no position, as in Parse
		{"windup", "windup", 1},
	} {
		_, err := rulesets.ParseLoopy(tc.spec)
		var se *rulesets.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a SyntaxError", tc.spec, err)
			continue
		}
		if se.Token != tc.token || se.Pos != tc.pos {
			t.Errorf("%q: token %q at %d, want %q at %d (%v)", tc.spec, se.Token, se.Pos, tc.token, tc.pos, err)
		}
	}
	if _, err := rulesets.ParseArcs("0-1,2"); err == nil || !strings.Contains(err.Error(), `"2" at position 5`) {
		t.Errorf("ParseArcs: %v", err)
	}
	for _, f := range []func() (*rulesets.Loopy, error){
		func() (*rulesets.Loopy, error) { return rulesets.SubtractAdd(nil, []int{1}, 5) },
		func() (*rulesets.Loopy, error) {
			return rulesets.SubtractAdd([]int{1}, []int{1}, rulesets.MaxLoopyPositions)
		},
		func() (*rulesets.Loopy, error) { return rulesets.WindUp(-3, 1) },
		func() (*rulesets.Loopy, error) { return rulesets.WindUp(3, 0) },
		func() (*rulesets.Loopy, error) { return rulesets.ArcGame() },
		func() (*rulesets.Loopy, error) { return rulesets.ArcGame([2]int{0, -1}) },
	} {
		if l, err := f(); err == nil {
			t.Errorf("%v accepted", l)
		}
	}
}

// The moves of subadd and windup are those of their definitions, for
// random rules.
func TestLoopyMovesFollowTheRules(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 200))
	props.Property("moves are the definition's", prop.ForAll(
		func(seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 15))
			sub, add := gametest.SubtractionSet(r, 5), gametest.SubtractionSet(r, 4)
			bound := 1 + r.IntN(30)
			l, err := rulesets.SubtractAdd(sub, add, bound)
			if err != nil {
				return err.Error()
			}
			for n := 0; n <= bound; n++ {
				var want []int
				for _, s := range sub {
					if s <= n {
						want = append(want, n-s)
					}
				}
				for _, a := range add {
					if n > 0 && n+a <= bound {
						want = append(want, n+a)
					}
				}
				if got := l.AppendMoves(nil, n); !slices.Equal(sortInts(got), sortInts(want)) {
					return fmt.Sprintf("%v: moves of %d = %v, want %v", l, n, got, want)
				}
			}
			clock := 1 + r.IntN(20)
			w, err := rulesets.WindUp(clock, sub...)
			if err != nil {
				return err.Error()
			}
			for h := range clock {
				var want []int
				for _, s := range sub {
					if h > 0 {
						want = append(want, ((h-s)%clock+clock)%clock)
					}
				}
				if got := w.AppendMoves(nil, h); !slices.Equal(sortInts(got), sortInts(want)) {
					return fmt.Sprintf("%v: moves of %d = %v, want %v", w, h, got, want)
				}
			}
			return ""
		}, gen.UInt64()))
	props.TestingRun(t)
}

func sortInts(s []int) []int {
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}

// A position of two heaps of a loopy rule is a sum: its outcome from the
// heaps' values (loopy.Play) is the one a retrograde analysis of the
// two-heap game finds, for random subadd rules.
func TestLoopyTwoHeapSums(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 100))
	props.Property("Play on two heaps = retrograde analysis of the pairs", prop.ForAll(
		func(seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 16))
			l, err := rulesets.SubtractAdd(gametest.SubtractionSet(r, 4), gametest.SubtractionSet(r, 3), 2+r.IntN(12))
			if err != nil {
				return err.Error()
			}
			s, err := solve.Loopy(bg, l)
			if err != nil {
				return err.Error()
			}
			n := l.NumPositions()
			out := pairOutcomes(l, n)
			for a := range n {
				for b := range n {
					got, _, err := loopy.Play(loopy.Part{Solution: s, Vertex: a}, loopy.Part{Solution: s, Vertex: b})
					if err != nil {
						return err.Error()
					}
					if got != out[a*n+b] {
						return fmt.Sprintf("%v: heaps %d + %d: Play %v, retrograde %v", l, a, b, got, out[a*n+b])
					}
				}
			}
			return ""
		}, gen.UInt64()))
	props.TestingRun(t)
}

// pairOutcomes labels every pair of heaps (a, b), index a*n+b, P, N or D by
// the definitions alone: N when some move reaches P, P when every move
// reaches N, D when neither is ever established.
func pairOutcomes(l *rulesets.Loopy, n int) []loopy.Outcome {
	succ := func(t int) []int {
		a, b := t/n, t%n
		var out []int
		for _, x := range l.AppendMoves(nil, a) {
			out = append(out, x*n+b)
		}
		for _, y := range l.AppendMoves(nil, b) {
			out = append(out, a*n+y)
		}
		return out
	}
	out := make([]loopy.Outcome, n*n)
	known := make([]bool, n*n)
	for changed := true; changed; {
		changed = false
		for t := range out {
			if known[t] {
				continue
			}
			allN, someP := true, false
			for _, w := range succ(t) {
				someP = someP || known[w] && out[w] == loopy.P
				allN = allN && known[w] && out[w] == loopy.N
			}
			switch {
			case someP:
				out[t], known[t], changed = loopy.N, true, true
			case allN:
				out[t], known[t], changed = loopy.P, true, true
			}
		}
	}
	for t := range out {
		if !known[t] {
			out[t] = loopy.D
		}
	}
	return out
}

// ParseLoopy never panics, and what it accepts prints a spec that parses
// back to the same rules.
func FuzzParseLoopy(f *testing.F) {
	for _, s := range []string{"subadd:2,3/1/20", "windup:5/1,3", "digraph:0-1,1-0,1-2", "digraph:0-", "subadd:1//", "windup:99999999999999999999/1", "digraph:-1-2", ":", "subadd:1/1/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		l, err := rulesets.ParseLoopy(spec)
		if err != nil {
			var se *rulesets.SyntaxError
			if !errors.As(err, &se) && !strings.Contains(err.Error(), "rulesets:") {
				t.Fatalf("%q: error %v is not from rulesets", spec, err)
			}
			return
		}
		again, err := rulesets.ParseLoopy(l.String())
		if err != nil || again.String() != l.String() || again.NumMoves() != l.NumMoves() {
			t.Fatalf("%q → %q does not parse back: %v", spec, l, err)
		}
	})
}
