package solve

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/loopy"
)

// LoopyGraph returns the graph of l's moves for package sg/loopy: vertex n
// is position n, with l's moves in l's order. It costs O(positions +
// moves) and returns an error wrapping sg.ErrLimit when l is larger than
// a loopy.Graph holds.
func LoopyGraph(l game.Loopy) (*loopy.Graph, error) {
	n := l.NumPositions()
	var tails, heads, buf []int
	for v := range n {
		buf = l.AppendMoves(buf[:0], v)
		for _, w := range buf {
			tails, heads = append(tails, v), append(heads, w)
		}
	}
	g, err := loopy.NewGraph(n, tails, heads)
	if err != nil {
		return nil, fmt.Errorf("solve: %v: %w", l, err)
	}
	return g, nil
}

// Loopy returns the generalized Sprague–Grundy value of every position of
// l (vertex n of the solution is position n), by [loopy.Solve] with opts.
func Loopy(ctx context.Context, l game.Loopy, opts ...loopy.Option) (*loopy.Solution, error) {
	g, err := LoopyGraph(l)
	if err != nil {
		return nil, err
	}
	return loopy.Solve(ctx, g, opts...)
}
