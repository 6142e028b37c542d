package rulesets_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// Kayles (0.77), OEIS A002186, G(0) … G(104).
var kaylesValues = nimbers(
	0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
	6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
	1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1)

// Dawson's chess (0.137), OEIS A002187, a(0) … a(131); Dawson's Kayles
// (0.07) has G(n) = a(n-1) for n ≥ 1.
var dawsonChessValues = nimbers(
	0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
	0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
	8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
	8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4)

// Grundy's game, OEIS A002188, G(0) … G(20).
var grundyValues = nimbers(0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0)

func TestPublishedValues(t *testing.T) {
	n := 90
	if testing.Short() {
		n = 60
	}
	equalPrefix(t, "kayles", engineValues(t, rulesets.Kayles(), n), kaylesValues[:n])

	dawson := append(nimbers(0), dawsonChessValues...)
	equalPrefix(t, "dawson", engineValues(t, rulesets.DawsonsKayles(), n), dawson[:n])
	equalPrefix(t, "dawson's chess 0.137", engineValues(t, mustCode(t, "0.137"), n), dawsonChessValues[:n])
	equalPrefix(t, "grundy", engineValues(t, rulesets.Grundy{}, len(grundyValues)), grundyValues)
}

// TestPublishedPeriods checks the periods quoted in the docs on the
// published tables themselves: Kayles has period 12 from heap 71 and G(70)
// is an exception; Dawson's Kayles has period 34 from heap 53 and G(52) is
// an exception.
func TestPublishedPeriods(t *testing.T) {
	check := func(name string, vs []game.Nimber, pre, per int) {
		for n := pre; n+per < len(vs); n++ {
			if vs[n] != vs[n+per] {
				t.Errorf("%s: G(%d) = %d but G(%d) = %d", name, n, vs[n], n+per, vs[n+per])
			}
		}
		if vs[pre-1] == vs[pre-1+per] {
			t.Errorf("%s: G(%d) is not an exception", name, pre-1)
		}
	}
	check("kayles", kaylesValues, 71, 12)
	check("dawson", append(nimbers(0), dawsonChessValues...), 53, 34)
}

func TestGrundyLargeValues(t *testing.T) {
	if testing.Short() {
		t.Skip("engine on Grundy's game to heap 160")
	}
	// Sparse values from Achim Flammenkamp's table of Grundy's game
	// (uni-bielefeld.de/achim/grundy.html).
	vs := engineValues(t, rulesets.Grundy{}, 160)
	for n, want := range map[int]game.Nimber{87: 7, 90: 7, 93: 7, 146: 6, 149: 6, 152: 6, 158: 11} {
		if vs[n] != want {
			t.Errorf("grundy G(%d) = %d, want %d", n, vs[n], want)
		}
	}
}

// TestTwoAdjacentStones checks "take two adjacent stones from a row",
// which is Dawson's Kayles 0.07: its values G(0) … G(7) (OEIS A002187
// shifted by one), and the positions (7, 3, 3) won, (3, 4, 6) lost and
// (7, 3, 5) lost, by the values and by plain exhaustive search.
func TestTwoAdjacentStones(t *testing.T) {
	c, err := rulesets.Adjacent(2)
	if err != nil || c.String() != "adjacent:2" || c.Code() != "0.07" {
		t.Errorf("Adjacent(2) = %v, code %v, %v", c, c.Code(), err)
	}
	f := engineValues(t, c, 8)
	equalPrefix(t, "adjacent:2", f, nimbers(0, 0, 1, 1, 2, 0, 3, 1))
	// The options of a row of 7 are (5), (1, 4) and (2, 3).
	var opts []string
	for _, m := range c.AppendHeapMoves(nil, 7) {
		opts = append(opts, formatMove(m))
	}
	if got := strings.Join(opts, " ; "); got != "5 ; 2 parts of 5" {
		t.Errorf("moves from 7 = %q", got)
	}
	x := sg.NewExhaustive[game.Heaps](game.NewHeapGame(c))
	for _, tc := range []struct {
		heaps []int
		want  game.Outcome
	}{
		{[]int{7, 3, 3}, game.N},
		{[]int{3, 4, 6}, game.P},
		{[]int{7, 3, 5}, game.P},
		{[]int{7}, game.N},
	} {
		if got := exhaustiveOutcome(t, x, tc.heaps...); got != tc.want {
			t.Errorf("exhaustive %v = %v, want %v", tc.heaps, got, tc.want)
		}
		var s game.Nimber
		for _, h := range tc.heaps {
			s ^= f[h]
		}
		if got := sg.OutcomeOf(s); got != tc.want {
			t.Errorf("#%v = %d, outcome %v, want %v", tc.heaps, s, got, tc.want)
		}
	}
}

func formatMove(m game.HeapMove) string {
	switch m.Parts {
	case 0:
		return "nothing"
	case 1:
		return strconv.Itoa(m.Remain)
	}
	return strconv.Itoa(m.Parts) + " parts of " + strconv.Itoa(m.Remain)
}

// TestRowGames checks the row games of the package documentation (take
// adjacent stones, or stones from anywhere, and POI 2000 Stripes) against
// the generic engine, and the codes and formulas it claims for them.
func TestRowGames(t *testing.T) {
	twoAdjacent, _ := rulesets.Adjacent(2)
	three, _ := rulesets.Adjacent(3)
	two, _ := rulesets.Anywhere(2)
	stripes, _ := rulesets.Stripes(1, 5, 3)
	tests := []struct {
		rule rulesets.Ruleset
		spec string
		code string // "" when not a TakeBreak
		n    int
	}{
		{twoAdjacent, "adjacent:2", "0.07", 30},
		{three, "adjacent:3", "0.007", 30},
		{rulesets.AnyAdjacent(), "adjacent", "0.[7]", 25},
		{two, "anywhere:2", "0.0F", 20},
		{rulesets.AnyAnywhere(), "anywhere", "", 10},
		{stripes, "adjacent:1,3,5", "0.70707", 25},
	}
	for _, tc := range tests {
		if got := tc.rule.String(); got != tc.spec {
			t.Errorf("spec %q, want %q", got, tc.spec)
		}
		if tb, ok := tc.rule.(*rulesets.TakeBreak); ok && tb.Code() != tc.code {
			t.Errorf("%v: code %q, want %q", tc.rule, tb.Code(), tc.code)
		}
		parsed, err := rulesets.Parse(tc.spec)
		if err != nil || parsed.String() != tc.spec {
			t.Errorf("Parse(%q) = %v, %v", tc.spec, parsed, err)
		}
		vs := engineValues(t, tc.rule, tc.n)
		for n, v := range vs {
			if c, ok := valueOf(tc.rule, uint64(n)); ok && c != v {
				t.Errorf("%v: ValueOf(%d) = %d, engine %d", tc.rule, n, c, v)
			}
		}
	}
	// The "any number" variations are Nim: G(n) = n.
	for _, r := range []rulesets.Ruleset{rulesets.AnyAdjacent(), rulesets.AnyAnywhere()} {
		for n := range uint64(12) {
			if v, ok := valueOf(r, n); !ok || v != game.Nimber(n) {
				t.Errorf("%v: ValueOf(%d) = %d, %v", r, n, v, ok)
			}
		}
	}
	// Nim's spec is "nim"; Bash (take at most m) is "bash:m".
	b, err := rulesets.Bash(4)
	if err != nil || b.String() != "bash:4" || rulesets.Nim().String() != "nim" {
		t.Errorf("Nim, Bash(4) = %v, %v, %v", rulesets.Nim(), b, err)
	}
	// Taking at most 4 from a heap of 9 leaves 8, 7, 6 or 5.
	if got := len(b.AppendHeapMoves(nil, 9)); got != 4 {
		t.Errorf("bash:4 moves from 9: %d", got)
	}
}

func TestClosedForms(t *testing.T) {
	bash3, _ := rulesets.Bash(3)
	sub123, _ := rulesets.Subtraction(3, 1, 2)
	seven := mustCode(t, "0.[7]")
	tests := []struct {
		rule rulesets.Ruleset
		f    func(n uint64) uint64
	}{
		{rulesets.Nim(), func(n uint64) uint64 { return n }},
		{seven, func(n uint64) uint64 { return n }},
		// The rest of the class TakeBreak.analyze calls Nim-like: every
		// digit from d1 on allows leaving nothing or one heap (d&3 = 3),
		// whatever else it allows, and they repeat for ever.
		{mustCode(t, "0.[F]"), func(n uint64) uint64 { return n }},
		{mustCode(t, "0.3[B]"), func(n uint64) uint64 { return n }},
		{mustCode(t, "0.7[3]"), func(n uint64) uint64 { return n }},
		{rulesets.AnyAnywhere(), func(n uint64) uint64 { return n }},
		{bash3, func(n uint64) uint64 { return n % 4 }},
		{sub123, func(n uint64) uint64 { return n % 4 }},
		{rulesets.Odd(), func(n uint64) uint64 { return n % 2 }},
		{rulesets.Lasker(), func(n uint64) uint64 {
			switch {
			case n == 0:
				return 0
			case n%4 == 3:
				return n + 1
			case n%4 == 0:
				return n - 1
			}
			return n
		}},
	}
	for _, tc := range tests {
		size := 26
		if _, ok := tc.rule.(rulesets.AnyAnywhereRule); ok {
			size = 12 // O(n²) kinds of move, each into up to n heaps
		}
		vs := engineValues(t, tc.rule, size)
		f, hasForm := game.FormulaOf(tc.rule)
		if !hasForm {
			t.Errorf("%v: ClosedFormOf says no formula", tc.rule)
			continue
		}
		for n, v := range vs {
			c, ok := valueOf(tc.rule, uint64(n))
			if !ok || c != v || uint64(v) != tc.f(uint64(n)) {
				t.Errorf("%v: G(%d): engine %d, ValueOf %d %v, formula %d", tc.rule, n, v, c, ok, tc.f(uint64(n)))
			}
			if c, ok := f(uint64(n)); !ok || c != v {
				t.Errorf("%v: ClosedFormOf's G(%d) = %d, %v; engine %d", tc.rule, n, c, ok, v)
			}
		}
		for _, n := range []uint64{1 << 40, 1<<63 + 5, ^uint64(0) - 1} {
			if c, ok := valueOf(tc.rule, n); !ok || uint64(c) != tc.f(n) {
				t.Errorf("%v: ValueOf(%d) = %d, %v; want %d", tc.rule, n, c, ok, tc.f(n))
			}
		}
	}
	if _, ok := valueOf(rulesets.Lasker(), ^uint64(0)); ok {
		t.Error("Lasker's G(2^64-1) = 2^64 does not fit, but ValueOf said ok")
	}
	for _, r := range []rulesets.Ruleset{rulesets.Kayles(), rulesets.Grundy{}, rulesets.Fibonacci(), mustCode(t, "0.[6]"), mustCode(t, "0.[5]")} {
		if _, ok := valueOf(r, 5); ok {
			t.Errorf("%v has a closed form?", r)
		}
		if f, ok := game.FormulaOf(r); ok || f != nil {
			t.Errorf("ClosedFormOf(%v) = %v, %v; want none", r, f != nil, ok)
		}
	}
	// Any FormulaRule counts, when it announces a formula.
	if f, ok := game.FormulaOf(halfForm{}); !ok || f == nil {
		t.Error("FormulaOf(halfForm) found no formula")
	} else if v, ok := f(9); !ok || v != 4 {
		t.Errorf("halfForm G(9) = %d, %v; want 4", v, ok)
	}
	if _, ok := game.FormulaOf(noForm{}); ok {
		t.Error("FormulaOf(noForm) found a formula, but noForm announces none")
	}
}

// valueOf returns G(n) from r's formula, and false when r has none.
func valueOf(r game.HeapRule, n uint64) (game.Nimber, bool) {
	f, ok := game.FormulaOf(r)
	if !ok {
		return 0, false
	}
	return f(n)
}

// halfForm is a FormulaRule outside the package (its values are not those
// of any rule: FormulaOf does not check them); noForm implements
// FormulaRule without having a formula.
type (
	halfForm struct{ rulesets.Grundy }
	noForm   struct{ rulesets.Grundy }
)

func (halfForm) Formula() (game.Formula, bool) {
	return func(n uint64) (game.Nimber, bool) { return game.Nimber(n / 2), true }, true
}
func (noForm) Formula() (game.Formula, bool) { return nil, false }

func mustCode(t testing.TB, code string) *rulesets.TakeBreak {
	t.Helper()
	r, err := rulesets.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
