package search_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/search"
)

// Cram on a 4×5 board: who wins, a winning first domino, and the value.
// An even×odd board is a first-player win (Winning Ways, ch. 22).
func Example() {
	g, err := rulesets.NewCram(4, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := search.New[grid.Set](g, search.WithMemory(16<<20), search.WithWorkers(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	o, _ := s.Outcome(ctx, g.Start())
	fmt.Println("outcome:", o)
	q, ok, _ := s.WinningMove(ctx, g.Start())
	fmt.Println("winning move:", ok, g.MoveString(g.Start(), q))
	v, _ := s.Value(ctx, g.Start())
	fmt.Println("value:", v)
	// Output:
	// outcome: N
	// winning move: true 1,2-2,2
	// value: *2
}

// A search's table saved and read back by another solver, as a long
// search stopped in one process resumes in the next (WithCheckpoint does
// this with a file): the question asked before is answered with no
// search at all.
func ExampleSolver_WriteTo() {
	g, _ := rulesets.NewCram(5, 6)
	s, _ := search.New[grid.Set](g, search.WithWorkers(1))
	ctx := context.Background()
	v, _ := s.Value(ctx, g.Start())
	fmt.Println("value:", v, "searched:", s.Stats().Expanded > 0)

	var saved bytes.Buffer
	if _, err := s.WriteTo(&saved); err != nil {
		fmt.Println(err)
		return
	}
	later, _ := search.New[grid.Set](g, search.WithWorkers(1))
	if _, err := later.ReadFrom(&saved); err != nil {
		fmt.Println(err)
		return
	}
	v, _ = later.Value(ctx, g.Start())
	fmt.Println("value:", v, "searched:", later.Stats().Expanded > 0)
	// Output:
	// value: *2 searched: true
	// value: *2 searched: false
}

// A Strategist settles positions its second player wins by a strategy.
// Cram's reports the regions that are their own half turn with no domino
// meeting its own image: Cram 6×8 is 0 with one position expanded (the
// top's), where the search alone expands 432,808 positions on 6×6
// already (BenchmarkLarge's value-nostrategy). After the central domino
// of the 5×6 board, the same strategy wins for the player who placed it.
func ExampleStrategist() {
	ctx := context.Background()
	g, _ := rulesets.NewCram(6, 8)
	s, _ := search.New[grid.Set](g, search.WithMemory(16<<20), search.WithWorkers(1))
	v, _ := s.Value(ctx, g.Start())
	fmt.Println("6×8:", v, "expanded:", s.Stats().Expanded)

	h, _ := rulesets.ParseCram("....../....../..##../....../......")
	fmt.Println("5×6 after the central domino:", h.SecondPlayerWins(h.Start()))
	// Output:
	// 6×8: 0 expanded: 1
	// 5×6 after the central domino: true
}
