package rulesets_test

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// randomCode draws a code with up to four digits after the point (octal or
// hexadecimal), an integer digit of 0 or 4, and sometimes a repeating group.
func randomCode(d0 bool, digits []uint32, repeat []uint32, hex bool) string {
	var b strings.Builder
	if d0 {
		b.WriteByte('4')
	}
	b.WriteByte('.')
	mask := uint32(7)
	if hex {
		mask = 15
	}
	for _, d := range digits {
		fmt.Fprintf(&b, "%X", d&mask)
	}
	if len(repeat) > 0 {
		b.WriteByte('[')
		for _, d := range repeat {
			fmt.Fprintf(&b, "%X", d&mask)
		}
		b.WriteByte(']')
	}
	return b.String()
}

// TestPropertyCodes: for random codes, (1) the canonical String parses back
// to the same digits, (2) package sg's value sequence equals the generic
// engine's values, (3) the outcome of small positions of several heaps
// found by plain exhaustive search equals the XOR of the engine's values,
// and (4) a closed form, when the code has one, agrees with the engine.
func TestPropertyCodes(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 60))
	digitGen := gen.SliceOfN(4, gen.UInt32Range(0, 15))
	props.Property("codes: round trip, exhaustive outcomes, closed forms", prop.ForAll(
		func(d0 bool, digits, repeat []uint32, hex bool, heaps []int) (bool, error) {
			code := randomCode(d0, digits, repeat, hex)
			r, err := rulesets.ParseCode(code)
			if err != nil {
				return false, err
			}
			again, err := rulesets.ParseCode(r.String())
			if err != nil {
				return false, err
			}
			for k := range 40 {
				if r.Digit(k) != again.Digit(k) {
					return false, fmt.Errorf("%s → %s: digit %d differs", code, r, k)
				}
			}
			vs := engineValues(t, r, 13)
			seq, err := sequence.Values(bg, r, 13, sequence.WithMethod(sequence.MethodDirect))
			if err != nil {
				return false, err
			}
			for n, v := range vs {
				if seq.At(n) != v {
					return false, fmt.Errorf("%s: sequence.Values G(%d) = %d, engine %d", r, n, seq.At(n), v)
				}
			}
			x := sg.NewExhaustive[game.Heaps](game.NewHeapGame(r))
			var s game.Nimber
			for _, h := range heaps {
				s ^= vs[h]
			}
			if got := exhaustiveOutcome(t, x, heaps...); got != sg.OutcomeOf(s) {
				return false, fmt.Errorf("%s heaps %v: exhaustive %v, values %v", r, heaps, got, vs)
			}
			for n, v := range vs {
				if c, ok := r.ValueOf(uint64(n)); ok && c != v {
					return false, fmt.Errorf("%s: ValueOf(%d) = %d, engine %d", r, n, c, v)
				}
			}
			return true, nil
		},
		gen.Bool(), digitGen, gen.SliceOfN(2, gen.UInt32Range(0, 15)).Map(func(s []uint32) []uint32 {
			if s[0]%3 == 0 {
				return nil
			}
			return s
		}), gen.Bool(), gen.SliceOfN(3, gen.IntRange(0, 6)),
	))
	props.TestingRun(t)
}

// TestPropertySubtraction: random finite subtraction sets and all-but sets
// agree with the engine on the definition G(n) = mex{G(n-s)}, computed
// here directly, and Parse(String()) gives the same rule.
func TestPropertySubtraction(t *testing.T) {
	r := gametest.Rand(t)
	for range 30 {
		set := gametest.SubtractionSet(r, 7)
		for _, allBut := range []bool{false, true} {
			var rule *rulesets.TakeBreak
			var err error
			in := func(k int) bool { return slices.Contains(set, k) }
			if allBut {
				rule, err = rulesets.AllBut(set...)
				in = func(k int) bool { return !slices.Contains(set, k) }
			} else {
				rule, err = rulesets.Subtraction(set...)
			}
			if err != nil {
				t.Fatal(err)
			}
			parsed, err := rulesets.Parse(rule.String())
			if err != nil || parsed.String() != rule.String() {
				t.Fatalf("Parse(%q) = %v, %v", rule, parsed, err)
			}
			vs := engineValues(t, rule, 25)
			for n := range vs {
				var opts []game.Nimber
				for k := 1; k <= n; k++ {
					if in(k) {
						opts = append(opts, vs[n-k])
					}
				}
				if m := sg.Mex(opts); m != vs[n] {
					t.Fatalf("%v: G(%d) = %d, mex of options %d", rule, n, vs[n], m)
				}
			}
		}
	}
}

// TestRowSimulation plays the row games on actual rows of
// stones: every way to take k stones (adjacent or anywhere) from a row of
// n gives a multiset of remaining rows, and the set of these must be the
// set of options the rule gives the heap game.
func TestRowSimulation(t *testing.T) {
	adj2, _ := rulesets.Adjacent(2)
	adj3, _ := rulesets.Adjacent(3)
	any2, _ := rulesets.Anywhere(2)
	stripes, _ := rulesets.Stripes(1, 2, 4)
	tests := []struct {
		rule     game.HeapRule
		sizes    []int // nil: any number
		adjacent bool
	}{
		{adj2, []int{2}, true},
		{adj3, []int{3}, true},
		{rulesets.AnyAdjacent(), nil, true},
		{any2, []int{2}, false},
		{rulesets.AnyAnywhere(), nil, false},
		{stripes, []int{1, 2, 4}, true},
	}
	for _, tc := range tests {
		g := game.NewHeapGame(tc.rule)
		for n := 0; n <= 9; n++ {
			want := map[game.Heaps]bool{}
			// Each subset of the n stones, as a bit mask, is a candidate
			// set of stones to take.
			for mask := 1; mask < 1<<n; mask++ {
				k := bits.OnesCount(uint(mask))
				if tc.sizes != nil && !slices.Contains(tc.sizes, k) {
					continue
				}
				lo, hi := bits.TrailingZeros(uint(mask)), bits.Len(uint(mask))-1
				if tc.adjacent && hi-lo+1 != k {
					continue
				}
				var rows []int
				run := 0
				for i := 0; i <= n; i++ {
					if i < n && mask&(1<<i) == 0 {
						run++
						continue
					}
					if run > 0 {
						rows = append(rows, run)
					}
					run = 0
				}
				h, _ := game.MakeHeaps(rows...)
				want[h] = true
			}
			start, _ := game.MakeHeaps(n)
			got := map[game.Heaps]bool{}
			for _, q := range g.AppendMoves(nil, start) {
				got[q] = true
			}
			if len(got) != len(want) {
				t.Errorf("%v, row of %d: rule gives %d options, rows give %d", tc.rule, n, len(got), len(want))
				continue
			}
			for h := range want {
				if !got[h] {
					t.Errorf("%v, row of %d: option %v missing", tc.rule, n, h)
				}
			}
		}
	}
}
