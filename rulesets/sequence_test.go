package rulesets_test

import (
	"testing"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/sequence"
)

// catalogue is one rule of every kind the package makes.
func catalogue(t testing.TB) []rulesets.Ruleset {
	var out []rulesets.Ruleset
	for _, spec := range []string{
		"nim", "kayles", "dawson", "grundy", "lasker", "odd", "fib", "bash:3", "sub:1,3,4",
		"allbut:1,2", "adjacent:3", "adjacent", "anywhere:2", "anywhere", "0.137", "4.07",
		"0.6", "0.F", "0.[13]", "adjacent:1,3,5",
	} {
		r, err := rulesets.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// TestSequenceMatchesEngine: package sg's value sequence of every rule
// equals the generic engine's values on the same heap game.
func TestSequenceMatchesEngine(t *testing.T) {
	for _, r := range catalogue(t) {
		n := 30
		if r.String() == "anywhere" {
			n = 14 // O(n²) moves per heap, each expanded into partitions
		}
		seq, err := sequence.Values(bg, r, n)
		if err != nil {
			t.Fatalf("%v: %v", r, err)
		}
		equalPrefix(t, r.String(), seq.AppendValues(nil, 0, n), engineValues(t, r, n))
	}
}

// TestCertifiedPeriods: Kayles has period 12 after a preperiod of 71 and
// Dawson's Kayles period 34 after 53 (see the docs of Kayles and
// DawsonsKayles for the sources), certified by package sg; subtraction
// games are certified too, and Grundy's game has no period.
func TestCertifiedPeriods(t *testing.T) {
	sub134, _ := rulesets.Subtraction(1, 3, 4)
	twoAdjacent, _ := rulesets.Adjacent(2)
	tests := []struct {
		rule        rulesets.Ruleset
		pre, period int
		certified   bool
	}{
		{rulesets.Kayles(), 71, 12, true},
		{rulesets.DawsonsKayles(), 53, 34, true},
		{twoAdjacent, 53, 34, true},
		{sub134, 0, 7, true},
		{rulesets.Odd(), 0, 2, false}, // infinite move set: observed only
	}
	for _, tc := range tests {
		_, p, err := sequence.Period(bg, tc.rule, 1<<12)
		if err != nil {
			t.Fatalf("%v: %v", tc.rule, err)
		}
		if p.Preperiod != tc.pre || p.Period != tc.period || p.Certified != tc.certified {
			t.Errorf("%v: %v, want preperiod %d period %d certified %v", tc.rule, p, tc.pre, tc.period, tc.certified)
		}
	}
	if testing.Short() {
		return
	}
	_, p, err := sequence.Period(bg, rulesets.Grundy{}, 3000)
	if err != nil || p.Period != 0 {
		t.Errorf("grundy: %v, %v; want no period", p, err)
	}
}
