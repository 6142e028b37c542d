package split_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/split"
)

// Cram on a 4×4 board cut into jobs, each run as its own process would
// run it, and merged: the board is a second-player win (every even×even
// board is, by the symmetry strategy).
func Example() {
	r, _ := rulesets.ParseRules("cram:4x4")
	g := r.Board.(game.Started[bitset.Set])
	ctx := context.Background()
	m, err := split.Split(ctx, g, g.Start(), r.String(), split.SetCodec{}, split.WithJobs(4), split.WithSmall(4))
	if err != nil {
		fmt.Println(err)
		return
	}
	var results []split.Result
	for _, j := range m.Jobs { // on any machine, in any order
		res, err := split.Run(ctx, g, split.SetCodec{}, j)
		if err != nil {
			fmt.Println(err)
			return
		}
		results = append(results, res)
	}
	sol, err := split.Merge(m, results, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(m.Jobs) >= 4, sol.Value, sol.Outcome(), len(sol.Moves))
	// Output:
	// true 0 P 0
}
