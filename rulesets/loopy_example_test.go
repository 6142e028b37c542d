package rulesets_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/loopy"
	"github.com/impartial-go/impartial/sg/solve"
)

// Take 2 or 3 tokens, or add 1 to a nonempty heap, on heaps of at most 12:
// heaps of 2, 3 and 4 are won by moving to a heap of 0 or 1 (both P), and
// from 5 on neither player may let the heap fall to 2, 3 or 4, so both
// add tokens for ever.
func ExampleParseLoopy() {
	l, err := rulesets.ParseLoopy("subadd:2,3/1/12")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _ := solve.Loopy(context.Background(), l)
	for n := range 7 {
		v, _ := s.Value(n)
		fmt.Print(v, ";")
	}
	fmt.Println()
	// Two heaps of 5 are two draws: a draw, and every move keeps it (two
	// infinite parts remain). A heap of 2 (∞{0}, which escapes to *0)
	// beside a heap of 1 (*0): the player to move wins by 2 → 0.
	out, moves, _ := loopy.Play(loopy.Part{Solution: s, Vertex: 5}, loopy.Part{Solution: s, Vertex: 5})
	fmt.Println("5 + 5:", out, len(moves), "moves keep the draw")
	out, moves, _ = loopy.Play(loopy.Part{Solution: s, Vertex: 2}, loopy.Part{Solution: s, Vertex: 1})
	fmt.Println("2 + 1:", out, moves[0].From, "→", moves[0].To)

	_, err = rulesets.ParseLoopy("windup:5/1,x")
	fmt.Println(err)
	// Output:
	// *0;*0;∞{0};∞{0};∞{0};∞{};∞{};
	// 5 + 5: D 6 moves keep the draw
	// 2 + 1: N 2 → 0
	// rulesets: "windup:5/1,x": "x" at position 12: not a size between 1 and 1048576
}
