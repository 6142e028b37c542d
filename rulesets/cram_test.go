package rulesets_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// checkComponents checks the Decomposer and Canonicalizer contract of
// package game at p: each component of p appends exactly itself, its
// canonical form is a component too, and the value of p from moves alone
// is the XOR of its components' values.
func checkComponents[P comparable](plain *sg.Engine[P], d game.Decomposer[P], c game.Canonicalizer[P], p P) error {
	want, err := plain.Value(bg, p)
	if err != nil {
		return err
	}
	var x game.Nimber
	for _, part := range d.AppendComponents(nil, p) {
		if again := d.AppendComponents(nil, part); len(again) != 1 || again[0] != part {
			return fmt.Errorf("component %v of %v splits into %v", part, p, again)
		}
		can := c.Canonical(part)
		if again := d.AppendComponents(nil, can); len(again) != 1 || again[0] != can {
			return fmt.Errorf("canonical form %v of component %v splits into %v", can, part, again)
		}
		v, err := plain.Value(bg, part)
		if err != nil {
			return err
		}
		x ^= v
	}
	if x != want {
		return fmt.Errorf("%v: components XOR to %v, the value is %v", p, x, want)
	}
	return nil
}

// movesOnly hides every capability of a game but its moves, so that the
// engines search it position by position: the reference for Decomposer
// and Canonicalizer.
type movesOnly[P comparable] struct{ g game.Game[P] }

func (m movesOnly[P]) AppendMoves(dst []P, p P) []P { return m.g.AppendMoves(dst, p) }

func mustCram(t testing.TB, rows, cols int) *rulesets.Cram {
	t.Helper()
	g, err := rulesets.NewCram(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func cramValue(t testing.TB, g *rulesets.Cram) game.Nimber {
	t.Helper()
	v, err := sg.NewEngine[grid.Set](g, sg.WithMaxPositions(0)).Value(bg, g.Start())
	if err != nil {
		t.Fatalf("%v: %v", g, err)
	}
	return v
}

// A 1×n (or n×1) Cram board is a row of n cells from which a move removes
// two adjacent ones: Dawson's Kayles, octal .07 (Winning Ways, ch. 4 and
// 22), whose G(n) is Dawson's chess's a(n-1) (OEIS A002187), checked here
// both against the published values and against the generic engine on
// rulesets.DawsonsKayles.
func TestCramStripIsDawsonsKayles(t *testing.T) {
	n := 80
	heap := engineValues(t, rulesets.DawsonsKayles(), grid.MaxCells+1)
	for k := 1; k <= grid.MaxCells; k++ {
		if k > n && k != grid.MaxCells {
			continue
		}
		row, col := cramValue(t, mustCram(t, 1, k)), cramValue(t, mustCram(t, k, 1))
		if row != heap[k] || col != heap[k] {
			t.Fatalf("cram 1×%d = %v, %d×1 = %v; Dawson's Kayles G(%d) = %v", k, row, k, col, k, heap[k])
		}
		if k-1 < len(dawsonChessValues) && row != dawsonChessValues[k-1] {
			t.Fatalf("cram 1×%d = %v, OEIS A002187 a(%d) = %v", k, row, k-1, dawsonChessValues[k-1])
		}
	}
}

// Winning Ways, ch. 22: on an even×even board the second player wins by
// playing the half turn of each domino (value 0); on an even×odd board the
// first player covers the two central cells and then does the same
// (nonzero value).
func TestCramSymmetryFamilies(t *testing.T) {
	for _, d := range [][2]int{{2, 2}, {2, 4}, {4, 2}, {2, 6}, {4, 4}, {2, 8}, {4, 6}} {
		if v := cramValue(t, mustCram(t, d[0], d[1])); v != 0 {
			t.Errorf("cram %d×%d = %v, want 0 (even×even)", d[0], d[1], v)
		}
	}
	for _, d := range [][2]int{{2, 1}, {2, 3}, {3, 2}, {2, 5}, {4, 3}, {2, 7}, {4, 5}, {6, 3}} {
		if v := cramValue(t, mustCram(t, d[0], d[1])); v == 0 {
			t.Errorf("cram %d×%d = 0, want nonzero (even×odd)", d[0], d[1])
		}
	}
}

// Cram values of rectangles: 5×6 = *2 (Schneider, "Das Spiel Juvavum",
// master's thesis, Salzburg 2009, whose table goes to 5×7; Uiterwijk,
// "Solving Cram using combinatorial game theory", 2019).
func TestCramKnownValues(t *testing.T) {
	if testing.Short() {
		t.Skip("5×6 takes seconds")
	}
	if v := cramValue(t, mustCram(t, 5, 6)); v != 2 {
		t.Errorf("cram 5×6 = %v, want *2", v)
	}
}

// The values of Beling's table of Cram's rectangles
// (https://github.com/beling/impartial-games, README): 4×5 = *2, 4×7 =
// *3, 5×5 = 0, 5×6 = *2, 5×7 = *1, 4×9 = *1, found by the solver of
// package search, which splits every option it meets with Cram's
// AppendComponents (the 5×6 value is also Schneider's and Uiterwijk's:
// see TestCramKnownValues). The two largest take about a second each
// and are skipped with -short.
func TestCramBelingValues(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		want       game.Nimber
	}{{4, 5, 2}, {4, 7, 3}, {5, 5, 0}, {5, 6, 2}, {5, 7, 1}, {4, 9, 1}} {
		if testing.Short() && c.rows*c.cols > 30 {
			continue
		}
		s, err := search.New[grid.Set](mustCram(t, c.rows, c.cols), search.WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		if v, err := s.Value(bg, s.Game().(*rulesets.Cram).Start()); err != nil || v != c.want {
			t.Errorf("cram %d×%d = %v, %v; want %v", c.rows, c.cols, v, err, c.want)
		}
	}
}

// randomBoard returns a board of rows × cols cells with the cells of mask
// (bit i for cell i) blocked.
func randomCram(t testing.TB, rows, cols int, mask uint64) *rulesets.Cram {
	b, err := grid.NewBoard(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	return rulesets.NewCramBoard(b, b.Full().AndNot(grid.Set{Lo: mask}))
}

// On random small boards with random blocked cells: the engine's value
// (components, canonical forms) equals the value from moves alone, its
// outcome equals plain exhaustive search's, and the canonical form of any
// option has the option's value.
func TestPropertyCram(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 80))
	props.Property("cram: engine = moves alone = exhaustive", prop.ForAll(
		func(rows, cols int, mask, sparse uint64) (bool, error) {
			g := randomCram(t, rows, cols, mask&sparse) // a quarter of the cells blocked
			plain := sg.NewEngine[grid.Set](movesOnly[grid.Set]{g})
			want, err := plain.Value(bg, g.Start())
			if err != nil {
				return false, err
			}
			got := cramValue(t, g)
			if got != want {
				return false, errors.New(g.String() + ": value " + got.String() + ", from moves alone " + want.String())
			}
			o, err := sg.NewExhaustive[grid.Set](movesOnly[grid.Set]{g}).Outcome(bg, g.Start())
			if err != nil {
				return false, err
			}
			if (o == game.P) != (got == 0) {
				return false, errors.New(g.String() + ": exhaustive outcome " + o.String() + ", value " + got.String())
			}
			for _, q := range g.AppendMoves(nil, g.Start()) {
				if err := checkComponents[grid.Set](plain, g, g, q); err != nil {
					return false, err
				}
				c := g.Canonical(q)
				if g.Canonical(c) != c {
					return false, errors.New(g.String() + ": Canonical is not idempotent")
				}
				vq, _ := plain.Value(bg, q)
				vc, _ := plain.Value(bg, c)
				if vq != vc {
					return false, errors.New(g.String() + ": canonical form has another value")
				}
			}
			return true, nil
		},
		gen.IntRange(1, 4), gen.IntRange(1, 5), gen.UInt64Range(0, 1<<20-1), gen.UInt64Range(0, 1<<20-1),
	))
	props.TestingRun(t)
}

func TestCramParse(t *testing.T) {
	for _, c := range []struct{ arg, spec string }{
		{"5x6", "cram:5x6"},
		{"5×6", "cram:5x6"},
		{"../.#", "cram:../.#"},
		{"../..", "cram:2x2"},
	} {
		g, err := rulesets.ParseCram(c.arg)
		if err != nil {
			t.Fatalf("ParseCram(%q): %v", c.arg, err)
		}
		if g.String() != c.spec {
			t.Errorf("ParseCram(%q) = %s, want %s", c.arg, g, c.spec)
		}
		again, err := rulesets.ParseCram(strings.TrimPrefix(g.String(), "cram:"))
		if err != nil || again.Start() != g.Start() {
			t.Errorf("%s does not parse back: %v", g, err)
		}
	}
	checkSyntaxErrors(t, "ParseCram", rulesets.ParseCram, []syntaxCase{
		{"", "", 1},
		{"0x3", "0", 1},
		{"3x-1", "-1", 3},
		{"12x11", "12x11", 1},
		{"5by6", "5by6", 1},
		{"../.x", "x", 5},
		{"../...", "...", 4},
	})
}

func TestCramMoves(t *testing.T) {
	g, err := rulesets.ParseCram("..#/...")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, q := range g.AppendMoves(nil, g.Start()) {
		got = append(got, g.MoveString(g.Start(), q))
	}
	want := "0,0-0,1 1,0-1,1 1,1-1,2 0,0-1,0 0,1-1,1"
	if strings.Join(got, " ") != want {
		t.Errorf("moves of %s: %s, want %s", g, strings.Join(got, " "), want)
	}
	if s := g.MoveString(g.Start(), g.Start()); s != "?" {
		t.Errorf("MoveString of no move = %q, want ?", s)
	}
	if got := g.Pack(g.Start()); got != (game.Key{Lo: 0b111011}) {
		t.Errorf("Pack = %+v", got)
	}
}
