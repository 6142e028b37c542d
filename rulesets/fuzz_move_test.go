package rulesets_test

import (
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/rulesets"
)

// fuzzMoveSpecs are the games whose moves FuzzParseMove reads: every kind
// of position type that names its moves with game.Notation.
var fuzzMoveSpecs = []string{"cram:3x4", "chomp:3x4", "nodekayles:path:7", "sprouts:2", "sprouts:1a1a.0.}]!"}

// checkParseMove: text either names one of p's moves (and that move's
// own name reads back to it) or is refused with an error; never a panic.
func checkParseMove[P comparable](t *testing.T, g game.Started[P], text string) {
	p := g.Start()
	q, err := g.ParseMove(p, text)
	if err != nil {
		if err.Error() == "" {
			t.Fatalf("%v: ParseMove(%q): empty error", g, text)
		}
		return
	}
	found := false
	for _, m := range g.AppendMoves(nil, p) {
		if m == q {
			found = true
			break
		}
	}
	if !found {
		t.Fatalf("%v: ParseMove(%q) accepted a position that is not a move", g, text)
	}
	name := g.MoveString(p, q)
	if again, err := g.ParseMove(p, name); err != nil || again != q {
		t.Fatalf("%v: ParseMove(%q) = %q, whose name does not read back (%v)", g, text, name, err)
	}
}

// FuzzParseMove: no text makes a game's ParseMove panic, and whatever it
// accepts is a legal move whose canonical name reads back to it.
func FuzzParseMove(f *testing.F) {
	type started struct {
		sets   game.Started[bitset.Set]
		string game.Started[string]
	}
	var games []started
	for _, spec := range fuzzMoveSpecs {
		r, err := rulesets.ParseRules(spec)
		if err != nil {
			f.Fatalf("%s: %v", spec, err)
		}
		var s started
		s.sets, _ = r.Board.(game.Started[bitset.Set])
		s.string, _ = r.Board.(game.Started[string])
		if s.sets == nil && s.string == nil {
			f.Fatalf("%s: no game.Started of a known position type", spec)
		}
		games = append(games, s)
		if s.sets != nil {
			for _, m := range game.MoveStrings(s.sets, s.sets.Start()) {
				f.Add(m)
			}
		} else {
			for _, m := range game.MoveStrings(s.string, s.string.Start()) {
				f.Add(m)
			}
		}
	}
	for _, s := range []string{"", " ", "0,0-0,1", "1,1-1,2", "a1", "9999999999999999999-0", "-1", "\xff", strings.Repeat("1", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range games {
			if s.sets != nil {
				checkParseMove(t, s.sets, text)
			} else {
				checkParseMove(t, s.string, text)
			}
		}
	})
}

// FuzzNotaktoBoard: every string either reads as a board whose String
// reads back to the same board, or is refused with an error that quotes
// valid UTF-8; never a panic.
func FuzzNotaktoBoard(f *testing.F) {
	for _, s := range []string{"x...x...x", "x../.x./..x", ".........", "xxx......", "x.", "x../", "/x..", "x..//.x.", "xxxxxxxxxx", "ö........"} {
		f.Add(s)
	}
	n, err := rulesets.NewNotakto(1)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := rulesets.ParseNotaktoBoard(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "rulesets: notakto board") {
				t.Fatalf("ParseNotaktoBoard(%q): error %q", s, err)
			}
			return
		}
		again, err := rulesets.ParseNotaktoBoard(b.String())
		if err != nil || again != b {
			t.Fatalf("ParseNotaktoBoard(%q) = %v, which reads back as %v (%v)", s, b, again, err)
		}
		for _, m := range n.AppendMoves(nil, b) {
			if m&b != b || m == b {
				t.Fatalf("%v: move to %v does not add one X", b, m)
			}
		}
	})
}
