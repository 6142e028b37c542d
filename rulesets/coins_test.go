package rulesets_test

import (
	"errors"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

var allCoinRules = []rulesets.CoinRule{rulesets.TurningTurtles, rulesets.MockTurtles, rulesets.Ruler, rulesets.Twins}

func TestCoinRuleKnownValues(t *testing.T) {
	cases := []struct {
		r    rulesets.CoinRule
		want []game.Nimber // values of coins First(), First()+1, …
	}{
		// Winning Ways ch. 14: Turning Turtles is Nim, coins from 1.
		{rulesets.TurningTurtles, []game.Nimber{1, 2, 3, 4, 5, 6, 7, 8}},
		// The odious numbers, OEIS A000069: Mock Turtles, coins from 0.
		{rulesets.MockTurtles, []game.Nimber{1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31}},
		// Ruler, coins from 1: the largest power of 2 dividing n (OEIS A006519).
		{rulesets.Ruler, []game.Nimber{1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16}},
		// Twins, coins from 0 (Ferguson §5.2): Nim.
		{rulesets.Twins, []game.Nimber{0, 1, 2, 3, 4, 5, 6, 7}},
	}
	for _, c := range cases {
		for i, w := range c.want {
			n := c.r.First() + uint64(i)
			if got, err := c.r.Value(n); err != nil || got != w {
				t.Errorf("%v: coin %d: value %d, %v; want %d", c.r, n, got, err, w)
			}
		}
	}
	if v, err := rulesets.MockTurtles.Value(1<<63 - 1); err != nil || v != game.Nimber(1<<64-2) {
		t.Errorf("mock-turtles at 2^63-1 (63 ones, odious): %d, %v; want 2^64-2", v, err)
	}
}

// engineRowValues returns the values of single heads on a row of n coins
// by the engine over the rules played on the row.
func engineRowValues(t *testing.T, r rulesets.CoinRule, n int) []game.Nimber {
	t.Helper()
	row, err := rulesets.NewCoinRow(r, n)
	if err != nil {
		t.Fatal(err)
	}
	e := sg.NewEngine[uint64](row)
	out := make([]game.Nimber, n)
	for i := range n {
		v, err := e.Value(bg, 1<<i)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = v
	}
	return out
}

func TestCoinRuleFormulasAgainstRules(t *testing.T) {
	for _, r := range allCoinRules {
		vals := engineRowValues(t, r, 12)
		for i, v := range vals {
			n := r.First() + uint64(i)
			if f, _ := r.Value(n); f != v {
				t.Errorf("%v: coin %d: formula %d, play of the rules %d", r, n, f, v)
			}
		}
	}
}

func TestCoinRowPositions(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 200))
	props.Property("a row's value is the XOR of its heads, and its outcome follows", prop.ForAll(
		func(ri int, heads uint64) bool {
			r := allCoinRules[ri]
			row, _ := rulesets.NewCoinRow(r, 10)
			v, err := sg.NewEngine[uint64](row).Value(bg, heads)
			if err != nil {
				return false
			}
			o, err := sg.NewExhaustive[uint64](row).Outcome(bg, heads)
			return err == nil && v == row.Value(heads) && o == sg.OutcomeOf(v)
		}, gen.IntRange(0, 3), gen.UInt64Range(0, 1<<10-1)))
	props.TestingRun(t)
}

func TestTartanTheorem(t *testing.T) {
	// Every product of two rules on a 3×4 board: a head's value by play of
	// the rules equals the nim-product of the factors' values.
	for _, x := range allCoinRules {
		for _, y := range allCoinRules {
			b := rulesets.TartanProduct(x, y)
			g, err := b.Grid(3, 4)
			if err != nil {
				t.Fatal(err)
			}
			e := sg.NewEngine[uint64](g)
			for r := range 3 {
				for c := range 4 {
					v, err := e.Value(bg, g.Bit(r, c))
					if err != nil {
						t.Fatal(err)
					}
					f, _ := b.Value(x.First()+uint64(r), y.First()+uint64(c))
					if v != f {
						t.Errorf("%v: head (%d, %d): rules give %d, Tartan %d", b, r, c, v, f)
					}
				}
			}
		}
	}
}

func TestTurningCornersIsTheMultiplicationTable(t *testing.T) {
	// Turning Corners on a 4×4 board by its rules gives the top-left corner
	// of ONAG's nim-multiplication table (Winning Ways ch. 14).
	g, err := rulesets.TurningCorners().Grid(4, 4)
	if err != nil {
		t.Fatal(err)
	}
	e := sg.NewEngine[uint64](g)
	for r := range 4 {
		for c := range 4 {
			v, err := e.Value(bg, g.Bit(r, c))
			if err != nil {
				t.Fatal(err)
			}
			if v != game.Nimber(onagCorner[r][c]) {
				t.Errorf("corner (%d, %d): %d, want %d", r, c, v, onagCorner[r][c])
			}
		}
	}
}

// onagCorner is the nim-multiplication table of 0..3 (ONAG ch. 6).
var onagCorner = [4][4]int{{0, 0, 0, 0}, {0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}}

func TestAcrosticTwins(t *testing.T) {
	// Ferguson §5.5: g(x, y) = x ⊕ y.
	b := rulesets.AcrosticTwins()
	g, err := b.Grid(4, 5)
	if err != nil {
		t.Fatal(err)
	}
	e := sg.NewEngine[uint64](g)
	for r := range 4 {
		for c := range 5 {
			v, err := e.Value(bg, g.Bit(r, c))
			if err != nil {
				t.Fatal(err)
			}
			if v != game.Nimber(r^c) {
				t.Errorf("(%d, %d): %d, want %d", r, c, v, r^c)
			}
		}
	}
}

func TestCoinGridPositions(t *testing.T) {
	boards := []rulesets.CoinBoard{rulesets.TurningCorners(), rulesets.AcrosticTwins(),
		rulesets.TartanProduct(rulesets.Ruler, rulesets.MockTurtles), rulesets.TartanProduct(rulesets.MockTurtles, rulesets.TurningTurtles)}
	props := gopter.NewProperties(gametest.Parameters(t, 100))
	props.Property("a board's value is the XOR of its heads' values", prop.ForAll(
		func(bi int, heads uint64) bool {
			g, _ := boards[bi].Grid(3, 3)
			v, err := sg.NewEngine[uint64](g).Value(bg, heads)
			o, err2 := sg.NewExhaustive[uint64](g).Outcome(bg, heads)
			return err == nil && err2 == nil && v == g.Value(heads) && o == sg.OutcomeOf(v)
		}, gen.IntRange(0, len(boards)-1), gen.UInt64Range(0, 1<<9-1)))
	props.TestingRun(t)
}

func TestCoinErrors(t *testing.T) {
	if _, err := rulesets.Ruler.Value(0); err == nil {
		t.Error("ruler coin 0: no error")
	}
	if _, err := rulesets.MockTurtles.Value(1 << 63); err == nil {
		t.Error("mock-turtles coin 2^63: no error")
	}
	if _, err := rulesets.CoinRule(9).Value(1); err == nil {
		t.Error("unknown rule: no error")
	}
	for _, n := range []int{-1, 65} {
		if _, err := rulesets.NewCoinRow(rulesets.Twins, n); err == nil {
			t.Errorf("row of %d coins: no error", n)
		}
	}
	if _, err := rulesets.TurningCorners().Grid(9, 8); err == nil {
		t.Error("9×8 grid: no error")
	}
	if _, err := rulesets.TurningCorners().Grid(-1, 1<<30); err == nil {
		t.Error("negative grid: no error")
	}
	var se *rulesets.SyntaxError
	if _, err := rulesets.ParseCoinRule("rulers"); !errors.As(err, &se) || se.Token != "rulers" {
		t.Errorf("ParseCoinRule(rulers): %v", err)
	}
	if _, err := rulesets.ParseCoinBoard("ruler*twin"); !errors.As(err, &se) || se.Token != "twin" || se.Pos != 7 {
		t.Errorf("ParseCoinBoard(ruler*twin): %#v", err)
	}
	for _, s := range []string{"ruler*twins", "corners", "acrostic-twins", "mock-turtles*turtles"} {
		b, err := rulesets.ParseCoinBoard(s)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if c, _ := rulesets.ParseCoinBoard(b.String()); c != b {
			t.Errorf("%s: round trip through %q", s, b.String())
		}
	}
	for _, r := range allCoinRules {
		if p, err := rulesets.ParseCoinRule(r.String()); err != nil || p != r {
			t.Errorf("%v: round trip %v, %v", r, p, err)
		}
	}
}
