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
// wrapping sg.ErrMemoLimit, not an exhausted memory, when the board is
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
