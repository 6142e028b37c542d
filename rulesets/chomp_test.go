package rulesets_test

import (
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// Two-rowed Chomp: the P-positions are exactly the rows of lengths a and
// a-1 (Zeilberger, "Three-rowed Chomp", Adv. Appl. Math. 26, 2001, where
// the two-rowed case is the warm-up), and one row of a squares is a Nim
// heap of a-1.
func TestChompTwoRows(t *testing.T) {
	const top = 40
	g, err := rulesets.NewChomp(2, top)
	if err != nil {
		t.Fatal(err)
	}
	e := sg.NewEngine[grid.Set](g)
	for a := 1; a <= top; a++ {
		for b := 0; b <= a; b++ {
			p, ok := g.Position(a, b)
			if !ok {
				t.Fatalf("no position (%d, %d)", a, b)
			}
			v, err := e.Value(bg, p)
			if err != nil {
				t.Fatal(err)
			}
			if (v == 0) != (b == a-1) {
				t.Fatalf("rows (%d, %d): value %v", a, b, v)
			}
			if b == 0 && v != game.Nimber(a-1) {
				t.Fatalf("one row of %d: value %v, want %d", a, v, a-1)
			}
		}
	}
}

// Every rectangle but 1×1 is a first-player win (strategy stealing), and
// on a square the bite at (1,1) wins.
func TestChompRectangles(t *testing.T) {
	for m := 1; m <= 5; m++ {
		for n := 1; n <= 6; n++ {
			g, err := rulesets.NewChomp(m, n)
			if err != nil {
				t.Fatal(err)
			}
			e := sg.NewEngine[grid.Set](g)
			v, err := e.Value(bg, g.Start())
			if err != nil {
				t.Fatal(err)
			}
			if (v == 0) != (m*n == 1) {
				t.Errorf("chomp %d×%d = %v", m, n, v)
			}
			if m != n || m == 1 {
				continue
			}
			wins, err := e.WinningMoves(bg, g.Start())
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, q := range wins {
				found = found || g.MoveString(g.Start(), q) == "1,1"
			}
			if !found {
				t.Errorf("chomp %d×%d: biting 1,1 is not among the winning moves", m, n)
			}
		}
	}
}

// On random staircases: the value with canonical forms equals the value
// from moves alone, and its outcome equals plain exhaustive search's;
// canonical forms are idempotent and keep the value; every move has a
// notation that names the bite.
func TestPropertyChomp(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 100))
	props.Property("chomp: engine = moves alone = exhaustive", prop.ForAll(
		func(rows []int) (bool, error) {
			// Make the lengths a staircase: non-increasing, from 1.
			for i := range rows {
				if i > 0 {
					rows[i] = min(rows[i], rows[i-1])
				}
			}
			g, err := rulesets.NewChompRows(rows...)
			if err != nil {
				return false, err
			}
			plain := sg.NewEngine[grid.Set](movesOnly[grid.Set]{g})
			want, err := plain.Value(bg, g.Start())
			if err != nil {
				return false, err
			}
			got, err := sg.NewEngine[grid.Set](g).Value(bg, g.Start())
			if err != nil || got != want {
				return false, fmt.Errorf("%v: value %v (%v), from moves alone %v", g, got, err, want)
			}
			o, err := sg.NewExhaustive[grid.Set](movesOnly[grid.Set]{g}).Outcome(bg, g.Start())
			if err != nil || (o == game.P) != (want == 0) {
				return false, fmt.Errorf("%v: exhaustive %v, value %v", g, o, want)
			}
			for _, q := range g.AppendMoves(nil, g.Start()) {
				c := g.Canonical(q)
				vq, _ := plain.Value(bg, q)
				vc, _ := plain.Value(bg, c)
				if g.Canonical(c) != c || vq != vc {
					return false, fmt.Errorf("%v: canonical form of %s", g, g.PositionString(q))
				}
				if g.MoveString(g.Start(), q) == "?" {
					return false, fmt.Errorf("%v: no notation for the move to %s", g, g.PositionString(q))
				}
			}
			again, err := rulesets.ParseChomp(g.String()[len("chomp:"):])
			if err != nil || again.Start() != g.Start() {
				return false, fmt.Errorf("%v does not parse back: %v", g, err)
			}
			return true, nil
		},
		gen.SliceOfN(4, gen.IntRange(1, 5)).SuchThat(func(s []int) bool { return len(s) > 0 }),
	))
	props.TestingRun(t)
}

func TestChompParse(t *testing.T) {
	for _, c := range []struct{ arg, spec string }{
		{"3x4", "chomp:3x4"},
		{"4,4,4", "chomp:3x4"},
		{"5, 3,1", "chomp:5,3,1"},
		{"7", "chomp:1x7"},
	} {
		g, err := rulesets.ParseChomp(c.arg)
		if err != nil {
			t.Fatalf("ParseChomp(%q): %v", c.arg, err)
		}
		if g.String() != c.spec {
			t.Errorf("ParseChomp(%q) = %s, want %s", c.arg, g, c.spec)
		}
	}
	checkSyntaxErrors(t, "ParseChomp", rulesets.ParseChomp, []syntaxCase{
		{"", "", 1},
		{"0x4", "0", 1},
		{"3,4", "4", 3},
		{"3,0", "0", 3},
		{"3,a", "a", 3},
		{"12x11", "12x11", 1},
		{"100,100", "100,100", 1},
	})
}
