package rulesets_test

import (
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/rulesets"
)

// roundTrip checks that the name of every option of p parses back to that
// option, and that a bad name is refused.
func roundTrip[P comparable](t *testing.T, name string, g interface {
	game.Game[P]
	game.Notation[P]
}, p P) {
	t.Helper()
	options := g.AppendMoves(nil, p)
	names := game.MoveStrings(g, p)
	if len(names) != len(options) || len(options) == 0 {
		t.Fatalf("%s: %d names for %d options", name, len(names), len(options))
	}
	for i, n := range names {
		q, err := g.ParseMove(p, " "+n+" ")
		if err != nil || q != options[i] {
			t.Errorf("%s: %q parses to %v, %v; want option %d", name, n, q, err, i)
		}
	}
	if _, err := g.ParseMove(p, "99,99-99,98"); err == nil {
		t.Errorf("%s: a bad move parsed", name)
	}
}

// TestNotation: every game with a start position, a loopy game and a row
// of heaps name their moves and read the names back.
func TestNotation(t *testing.T) {
	cram, _ := rulesets.ParseCram("..../.#../....")
	roundTrip[bitset.Set](t, "cram", cram, cram.Start())
	if q, err := cram.ParseMove(cram.Start(), "0,1 - 0,0"); err != nil || cram.MoveString(cram.Start(), q) != "0,0-0,1" {
		t.Errorf("cram: a domino written backwards: %v", err)
	}
	chomp, _ := rulesets.ParseChomp("3,2,2")
	roundTrip[bitset.Set](t, "chomp", chomp, chomp.Start())
	tri, _ := rulesets.ParseNodeKayles("0-1,1-2,2-0,2-3")
	roundTrip[bitset.Set](t, "nodekayles", tri, tri.Start())
	grid, _ := rulesets.ParseNodeKayles("grid:2x3")
	roundTrip[bitset.Set](t, "nodekayles grid", grid, grid.Start())
	l, _ := rulesets.ParseLoopy("windup:7/1,2,5")
	roundTrip[int](t, "windup", l, 4)
	row, _ := rulesets.NewCoinRow(rulesets.MockTurtles, 6)
	roundTrip[uint64](t, "mock turtles", row, 0b101101)
	board, _ := rulesets.TurningCorners().Grid(3, 3)
	roundTrip[uint64](t, "corners", board, 0b110010011)
	pic, _ := rulesets.ParseHackenbush("g-1,1-2,g-3,3-3")
	hg, start, _ := pic.Game()
	roundTrip[uint64](t, "hackenbush", hg, start)
	heaps, _ := game.MakeHeaps(3, 5, 7)
	roundTrip[game.Heaps](t, "kayles", game.NewHeapGame(rulesets.Kayles()), heaps)
}
