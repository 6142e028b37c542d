package loopy_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/loopy"
)

// A token on a graph with a cycle: 0 → 1 → 2 → 0, with a way out from 2 to
// 3 and from 3 to the terminal vertex 4 (T. S. Ferguson, "Game Theory",
// Part I, Figure 3.4). Vertices 0, 1 and 2 are drawn: nobody wants to leave
// the cycle.
func ExampleSolveDigraph() {
	d, _ := game.NewDigraph(5)
	for _, a := range [][2]int{{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}} {
		_ = d.AddArc(a[0], a[1])
	}
	s, err := loopy.SolveDigraph(context.Background(), d)
	if err != nil {
		fmt.Println(err)
		return
	}
	for v := range 5 {
		val, _ := s.Value(v)
		fmt.Println(v, val, val.Outcome())
	}
	// Output:
	// 0 ∞{} D
	// 1 ∞{} D
	// 2 ∞{1} D
	// 3 *1 N
	// 4 *0 P
}

// Two draws make a draw, but a draw plus a nimber can be a win: vertex 2 of
// value ∞{1} beside vertex 3 of value *1 is won by the move 2 → 3, which
// leaves *1 + *1 = *0.
func ExamplePlay() {
	d, _ := game.NewDigraph(5)
	for _, a := range [][2]int{{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}} {
		_ = d.AddArc(a[0], a[1])
	}
	s, _ := loopy.SolveDigraph(context.Background(), d)
	part := func(v int) loopy.Part { return loopy.Part{Solution: s, Vertex: v} }

	out, moves, _ := loopy.Play(part(2), part(0))
	fmt.Println("∞{1} + ∞{}:", out, len(moves), "moves keep the draw, e.g.", moves[0].From, "→", moves[0].To)
	out, moves, _ = loopy.Play(part(2), part(3))
	fmt.Println("∞{1} + *1:", out, "by", moves[0].From, "→", moves[0].To, "leaving", moves[0].Result)
	// Output:
	// ∞{1} + ∞{}: D 3 moves keep the draw, e.g. 2 → 0
	// ∞{1} + *1: N by 2 → 3 leaving *0
}

func ExampleSum() {
	fmt.Println(loopy.Sum(loopy.Finite(3), loopy.Finite(5)))
	fmt.Println(loopy.Sum(loopy.Infinite(0, 2), loopy.Finite(2)), loopy.Sum(loopy.Infinite(0, 2), loopy.Finite(2)).Outcome())
	fmt.Println(loopy.Sum(loopy.Infinite(0, 2), loopy.Finite(1)).Outcome())
	fmt.Println(loopy.Sum(loopy.Infinite(0), loopy.Infinite(0)).Outcome())
	// Output:
	// *6
	// ∞{0,2} N
	// D
	// D
}

// A game given by its rules: a counter on a clock of 5 hours moves 1 or 3
// hours back, and may not move from 0 o'clock: Alfie Davies's modular
// subtraction game WindUp (Games-at-Dal 2023) with n = 5 and S = {1, 3}.
// From 1, 2 or 3 the player to move can reach 0 and win; 4 is lost.
func ExampleSolveGame() {
	windUp := clock{n: 5, s: []int{1, 3}}
	s, err := loopy.SolveGame[int](context.Background(), windUp, []int{0, 1, 2, 3, 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	for h := range 5 {
		v, _ := s.Value(h)
		fmt.Print(v, " ")
	}
	fmt.Println()
	// Output: *0 ∞{0} ∞{0} ∞{0} *0
}

type clock struct {
	n int
	s []int
}

func (c clock) AppendMoves(dst []int, h int) []int {
	if h == 0 {
		return dst
	}
	for _, k := range c.s {
		dst = append(dst, ((h-k)%c.n+c.n)%c.n)
	}
	return dst
}
