package solve_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/sequence"
	"github.com/impartial-go/impartial/sg/solve"
)

// A sum of three heap games: heap 1 takes 1 to 3, heap 2 takes an odd
// number, the others are Nim heaps. Each part is solved on its own.
func ExampleHeapPart() {
	ctx := context.Background()
	take3, _ := rulesets.Subtraction(1, 2, 3)
	// Both rules have a formula: their answers compute nothing.
	a, _ := sequence.Solve(ctx, take3, 0)
	b, _ := sequence.Solve(ctx, rulesets.Odd(), 0)
	p, _ := solve.NewHeapPart(a, 7) // 7 mod 4 = 3
	q, _ := solve.NewHeapPart(b, 6) // 6 mod 2 = 0
	sum := sg.Sum{sg.PartOf(p), sg.PartOf(q), sg.Heap(5), sg.Heap(1)}
	v, _ := sum.Value(ctx)
	fmt.Println(sum, "=", v)
	moves, _ := sum.WinningMoves(ctx)
	for _, m := range moves {
		fmt.Println(m)
	}
	// Output:
	// sub:1,2,3(7) + odd(6) + nim(5) + nim(1) = *7
	// part 2 → nim(2)
}

// Cram on a 4×5 board: Board finds the value and every winning move,
// BoardValue the value alone, which costs less.
func ExampleBoardValue() {
	ctx := context.Background()
	cram, _ := rulesets.NewCram(4, 5)
	sol, _ := solve.Board(ctx, cram, search.WithWorkers(1))
	fmt.Println(sol.Value, sol.Outcome(), sol.Moves)
	val, _ := solve.BoardValue(ctx, cram, search.WithWorkers(1))
	fmt.Println(val.Value, val.Moves == nil, val.Stats.Expanded < sol.Stats.Expanded)
	// Output:
	// *2 N [1,0-2,0 1,1-2,1 1,2-2,2 1,3-2,3 1,4-2,4]
	// *2 true true
}
