package rulesets_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// sproutsWins reports the published outcome of the start of p spots: the
// first player wins exactly when p is 3, 4 or 5 modulo 6 (Applegate,
// Jacobson and Sleator 1991 for p ≤ 11; Lemoine and Viennot 2015 for
// p ≤ 32).
func sproutsWins(p int) bool { return p%6 >= 3 }

// sproutsStartValue values the start of p spots with sg/search, in a
// table of the given bytes.
func sproutsStartValue(t testing.TB, p int, memory int64) sg.Nimber {
	t.Helper()
	g, err := rulesets.NewSprouts(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := search.New[string](g, search.WithMemory(memory))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	v, err := s.Value(bg, g.Start())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("sprouts:%d = %v (%v, %+v)", p, v, time.Since(start), s.Stats())
	return v
}

// sproutsNimber is the published nimber of the start of p spots: 0 when
// p is 0, 1 or 2 modulo 6 and 1 otherwise, for every p computed (the
// Grundy table of the World Game of Sprouts Association, "Sprouts with
// misère Grundy tables", 2007, from p = 0 to 26; its outcomes are those of
// Lemoine and Viennot 2015).
func sproutsNimber(p int) sg.Nimber {
	if sproutsWins(p) {
		return 1
	}
	return 0
}

// TestSproutsStarts: the values of the starts of few spots agree with
// the published ones (IMPARTIAL_LONG=1: up to 9 spots).
func TestSproutsStarts(t *testing.T) {
	top := 7
	if gametest.Long() {
		top = 9
	}
	for p := 0; p <= top; p++ {
		v := sproutsStartValue(t, p, 256<<20)
		if (v != 0) != sproutsWins(p) || v != sproutsNimber(p) {
			t.Errorf("sprouts:%d has value %v; want %v (the first player wins: %v)", p, v, sproutsNimber(p), sproutsWins(p))
		}
	}
}

func TestSproutsParse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0.0.0", "0.0.0.}]!"},
		{"0.0.0.}]!", "0.0.0.}]!"},
		{"", "!"},
		{"!", "!"},
		{"A.}A.}]!", "!"},              // one life in each region: no move
		{"aa.}", "!"},                  // a letter between dead spots is a '2'; alone it cannot move
		{"1aa.}", "12.}]!"},            // the manual's example
		{"0.1.}]0.}]!", "0.1.}]0.}]!"}, // lands sorted
		{"0.}]0.1.}]", "0.1.}]0.}]!"},  // lands sorted
		{"AB.}BA.}]!", "AB.}AB.}]!"},   // the second region mirrored
		{"BA.}AB.}]!", "AB.}AB.}]!"},   // relabelled
		{"12.AB.}AB.}]0.2ABC.}0.1ab1bcDca.ACB.}D.}]!", ""}, // the manual's figure, reduced below
	} {
		got, err := rulesets.ParseSproutsPosition(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if c.want != "" && got != c.want {
			t.Errorf("%q reads as %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSproutsBadStrings(t *testing.T) {
	for _, c := range []struct {
		in    string
		pos   int
		token string
	}{
		{"0.0#", 4, "#"},
		{"00.}]!", 1, "0"},
		{"A.}]!", 4, "]"},
		{"AA.}]!", 2, "A"},
		{"a.}a.}]!", 4, "a"},
		{"aaa.}]!", 3, "a"},
		{"..}]!", 1, "."},
		{"}]!", 1, "}"},
		{"]!", 1, "]"},
		{"0.}]!0", 6, "0"},
		{"0.}!", 4, "!"},
		{"0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.}]!", 0, ""},
	} {
		_, err := rulesets.ParseSproutsPosition(c.in)
		var se *rulesets.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a SyntaxError", c.in, err)
			continue
		}
		if c.pos > 0 && (se.Pos != c.pos || se.Token != c.token) {
			t.Errorf("%q: %v: want %q at %d", c.in, err, c.token, c.pos)
		}
	}
	if _, err := rulesets.Parse("sprouts:18"); err == nil {
		t.Error("sprouts:18 accepted")
	}
}

func TestSproutsNotation(t *testing.T) {
	for _, s := range []string{"sprouts:1", "sprouts:2", "sprouts:3", "sprouts:0.1.}]12.}]!", "sprouts:1a1a.0.}]!", "sprouts:AB.0.}AB.0.}]!"} {
		r, err := rulesets.ParseRules(s)
		if err != nil {
			t.Fatal(err)
		}
		g := r.Board.(*rulesets.Sprouts)
		roundTrip[string](t, s, g, g.Start())
	}
	g, _ := rulesets.NewSprouts(2)
	if got := g.MoveStrings(g.Start()); fmt.Sprint(got) != "[1-3 1-1/-]" {
		t.Errorf("moves of 2 spots: %v", got)
	}
	for _, bad := range []string{"1-9", "x", "1-3/1", "1-1/9"} {
		if _, err := g.ParseMove(g.Start(), bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// a move MoveStrings does not list, equal to one it does
	q, err := g.ParseMove(g.Start(), "3-3/1")
	if err != nil || q != "0.AB.}AB.}]!" {
		t.Errorf("3-3/1: %q, %v", q, err)
	}
	var _ game.Started[string] = g
}

// FuzzSprouts: no text makes the parser, the moves or the reader of
// moves panic, and what the parser accepts it writes canonically.
func FuzzSprouts(f *testing.F) {
	for _, s := range []string{"0.0.0", "1a1a.0.}]!", "AB.}AB.}]!", "12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!", "0.}]0.}]!"} {
		f.Add(s, "1-3/5")
	}
	f.Fuzz(func(t *testing.T, text, move string) {
		p, err := rulesets.ParseSproutsPosition(text)
		if err != nil {
			return
		}
		if q, err := rulesets.ParseSproutsPosition(p); err != nil || q != p {
			t.Fatalf("%q reads as %q, which reads as %q, %v", text, p, q, err)
		}
		if len(p) > 24 {
			return
		}
		g, err := rulesets.ParseSprouts(p)
		if err != nil {
			t.Fatal(err)
		}
		opts := g.AppendMoves(nil, p)
		if names := g.MoveStrings(p); len(names) != len(opts) {
			t.Fatalf("%s: %d names for %d options", p, len(names), len(opts))
		}
		_, _ = g.ParseMove(p, move)
	})
}

// TestSproutsRecordStarts: the starts of 8 to 10 spots
// (IMPARTIAL_LARGE=1, under a minute on two processors) and of 11 and 12
// spots (IMPARTIAL_HUGE=1, tens of minutes more) have the published
// values, computed from scratch (Applegate, Jacobson and Sleator reached
// 11 spots).
func TestSproutsRecordStarts(t *testing.T) {
	top := 0
	if os.Getenv("IMPARTIAL_LARGE") != "" {
		top = 10
	}
	if os.Getenv("IMPARTIAL_HUGE") != "" {
		top = 12
	}
	if top == 0 {
		t.Skip("record test: set IMPARTIAL_LARGE=1 (8 to 10 spots) or IMPARTIAL_HUGE=1 (up to 12)")
	}
	for p := 8; p <= top; p++ {
		v := sproutsStartValue(t, p, 4<<30)
		if v != sproutsNimber(p) {
			t.Errorf("sprouts:%d has value %v; want %v", p, v, sproutsNimber(p))
		}
	}
}

// TestSproutsSymmetricLand: a land of sprouts:9 as symmetric as a
// tetrahedron (its six regions of two lives are the edges, its four of
// three lives the vertices) has one canonical string however it is
// written; its canonical form once kept a state for every way of naming
// the letters of the edges (tens of thousands), and now keeps about one
// for each of its symmetries.
func TestSproutsSymmetricLand(t *testing.T) {
	const land = "AB.}CD.}EF.}GH.}IJ.}KL.}ABC.}DEG.}FHI.}JKL.}]!"
	want, err := rulesets.ParseSproutsPosition(land)
	if err != nil {
		t.Fatal(err)
	}
	regions := strings.Split(strings.TrimSuffix(land, "]!"), "}")
	regions = regions[:len(regions)-1]
	rng := rand.New(rand.NewPCG(9, 9))
	for range 20 {
		rng.Shuffle(len(regions), func(i, j int) { regions[i], regions[j] = regions[j], regions[i] })
		perm := rng.Perm(12)
		text := strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'L' {
				return 'A' + rune(perm[r-'A'])
			}
			return r
		}, strings.Join(regions, "}")+"}]!")
		got, err := rulesets.ParseSproutsPosition(text)
		if err != nil || got != want {
			t.Fatalf("%s reads as %q (%v), want %q", text, got, err, want)
		}
	}
}
