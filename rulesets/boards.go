package rulesets

import (
	"context"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/sg"
)

// StartValue returns the Sprague–Grundy value of the starting position,
// by the engine of package sg with its default memo limit: an error
// wrapping sg.ErrLimit, not an exhausted memory, when the board is
// beyond it, and ctx's error when ctx is done first.
func (g *Cram) StartValue(ctx context.Context) (sg.Nimber, error) {
	return sg.NewEngine[grid.Set](g).Value(ctx, g.start)
}

// StartValue returns the Sprague–Grundy value of the starting position
// (every vertex), as [Cram.StartValue] does.
func (k *NodeKayles) StartValue(ctx context.Context) (sg.Nimber, error) {
	return sg.NewEngine[graph.Set](k).Value(ctx, k.Start())
}

// StartValue returns the Sprague–Grundy value of the starting position,
// as [Cram.StartValue] does.
func (g *Chomp) StartValue(ctx context.Context) (sg.Nimber, error) {
	return sg.NewEngine[grid.Set](g).Value(ctx, g.start)
}

// The capabilities each board game declares.
var (
	_ game.Decomposer[grid.Set]     = (*Cram)(nil)
	_ game.Canonicalizer[grid.Set]  = (*Cram)(nil)
	_ game.Packer[grid.Set]         = (*Cram)(nil)
	_ game.Decomposer[graph.Set]    = (*NodeKayles)(nil)
	_ game.Canonicalizer[graph.Set] = (*NodeKayles)(nil)
	_ game.Packer[graph.Set]        = (*NodeKayles)(nil)
	_ game.Canonicalizer[grid.Set]  = (*Chomp)(nil)
	_ game.Packer[grid.Set]         = (*Chomp)(nil)
)

var (
	_ = register(&Entry{
		Name:    "cram",
		Syntax:  "cram:MxN|cram:ROW/ROW/…",
		Doc:     "Cram: cover two adjacent free cells with a domino ('.' free, '#' blocked), up to 128 cells",
		Kind:    KindBoard,
		WithArg: func(arg string) (Rules, error) { return ParseCram(arg) },
		Known: []Known{
			{Spec: "cram:4x4", Values: "0", Source: "even×even: the second player copies by the half turn; Winning Ways, ch. 22"},
			{Spec: "cram:1x10", Values: "3", Source: "a 1×n strip is Dawson's Kayles .07; OEIS A002187 a(9)"},
			{Spec: "cram:5x6", Values: "2", Source: "M. Schneider, Das Spiel Juvavum, 2009; J. Uiterwijk, Solving Cram using combinatorial game theory, 2019"},
		},
	})
	_ = register(&Entry{
		Name:    "nodekayles",
		Syntax:  "nodekayles:path:N|cycle:N|grid:MxN|EDGES",
		Doc:     "Node Kayles: take a vertex and its neighbours; a path of n is octal .137; up to 128 vertices",
		Kind:    KindBoard,
		WithArg: func(arg string) (Rules, error) { return ParseNodeKayles(arg) },
		Known: []Known{
			{Spec: "nodekayles:path:10", Values: "3", Source: "octal .137 (Dawson's chess), OEIS A002187 a(10)"},
			{Spec: "nodekayles:cycle:7", Values: "1", Source: "the first move leaves a path of 4, worth 0 (.137)"},
			{Spec: "nodekayles:grid:4x4", Values: "0", Source: "even×even grid: half-turn copying (Tweedledum–Tweedledee, Winning Ways, ch. 2)"},
		},
	})
	_ = register(&Entry{
		Name:    "chomp",
		Syntax:  "chomp:MxN|chomp:R1,R2,…",
		Doc:     "Chomp: bite a square and all squares below and right of it; the poisoned corner cannot be taken",
		Kind:    KindBoard,
		WithArg: func(arg string) (Rules, error) { return ParseChomp(arg) },
		Known: []Known{
			{Spec: "chomp:5,4", Values: "0", Source: "two rows (a, a-1) are P; D. Zeilberger, Three-rowed Chomp, 2001"},
			{Spec: "chomp:1x6", Values: "5", Source: "one row of a squares is a Nim heap of a-1"},
		},
	})
)

// moveStrings is MoveStrings for a game that names each move by where it
// goes: the notation of every option of p, in the order of AppendMoves.
func moveStrings[P comparable](g interface {
	AppendMoves(dst []P, p P) []P
	MoveString(p, q P) string
}, p P) []string {
	var out []string
	for _, q := range g.AppendMoves(nil, p) {
		out = append(out, g.MoveString(p, q))
	}
	return out
}
