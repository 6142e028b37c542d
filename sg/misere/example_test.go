package misere_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/misere"
)

// Misère Nim: (2, 2) is a P-position, but (2, 2, 1) is not, though (1) is.
func ExampleEngine_Outcome() {
	e := misere.NewEngine[game.Heaps](game.NewHeapGame(rulesets.Nim()))
	ctx := context.Background()
	for _, sizes := range [][]int{{2, 2}, {1}, {2, 2, 1}} {
		p, _ := game.MakeHeaps(sizes...)
		o, _ := e.Outcome(ctx, p)
		moves, _ := e.WinningMoves(ctx, p)
		fmt.Println(p, o, moves)
	}
	// Output:
	// (2, 2) P []
	// (1) P []
	// (1, 2, 2) N [(2, 2)]
}

// The genera of Kayles heaps (0.77) under misère play.
func ExampleEngine_Genus() {
	e := misere.NewEngine[game.Heaps](game.NewHeapGame(rulesets.Kayles()))
	ctx := context.Background()
	for n := 0; n <= 4; n++ {
		p, _ := game.MakeHeaps(n)
		g, _ := e.Genus(ctx, p)
		tame, _ := e.IsTame(ctx, p)
		fmt.Println(n, g, tame)
	}
	// Output:
	// 0 0^120 true
	// 1 1^031 true
	// 2 2^20 true
	// 3 3^31 true
	// 4 1^031 true
}

// The quotient T2 of misère Nim on heaps of at most 3 (Plambeck and
// Siegel 2008), and play from it.
func ExampleNewQuotient() {
	nim, _ := rulesets.ParseCode("0.[3]")
	q, err := misere.NewQuotient(context.Background(), nim, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Order(), q.Relations())
	var p []string
	for _, x := range q.PPortion() {
		p = append(p, q.Name(x))
	}
	fmt.Println(p)
	o, _ := q.Outcome(2, 2, 1)
	moves, _ := q.WinningMoves(2, 2, 1)
	fmt.Println(o, moves)
	// Output:
	// 6 [a^2=1 b^3=b]
	// [a b^2]
	// N [{2 1 []}]
}

// Dawson's Kayles (0.07): heap 25 tells apart positions of smaller heaps
// that the quotient of heaps ≤ 24 identifies, and the quotient grows from
// 24 to 144 elements. Extend resumes from the bound reached.
func ExampleQuotient_Extend() {
	ctx := context.Background()
	q, err := misere.NewQuotient(ctx, rulesets.DawsonsKayles(), 24)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Max(), q.Order(), len(q.PPortion()))
	if err := q.Extend(ctx, 25); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Max(), q.Order(), len(q.PPortion()))
	o, _ := q.Outcome(25, 21)
	fmt.Println(o)
	// Output:
	// 24 24 5
	// 25 144 23
	// P
}

// Notakto (Plambeck and Whitehead, The Secrets of Notakto, 2013): the
// quotient of the 3×3 board has 18 elements; one empty board is won by
// the first player, by the centre alone, and two are lost by the player
// to move.
func ExampleNewGameQuotient() {
	n, _ := rulesets.NewNotakto(1)
	q, err := misere.NewGameQuotient[rulesets.NotaktoBoard](context.Background(), n, n.Start())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Order(), len(q.PPortion()))
	var empty rulesets.NotaktoBoard
	one, _ := q.Outcome(empty)
	two, _ := q.Outcome(empty, empty)
	moves, _ := q.WinningMoves(empty)
	fmt.Println(one, two, len(moves), moves[0].To)
	// Output:
	// 18 4
	// N P 1 .../.x./...
}

// The quotient of 4.7 on heaps ≤ 20 (122 elements, found by split passes)
// on one goroutine and on four: the same elements and relations.
func ExampleWithWorkers() {
	r, _ := rulesets.ParseCode("4.7")
	ctx := context.Background()
	one, _ := misere.NewQuotient(ctx, r, 20, misere.WithWorkers(1))
	four, _ := misere.NewQuotient(ctx, r, 20, misere.WithWorkers(4))
	fmt.Println(one.Order(), four.Order(), len(one.PPortion()))
	fmt.Println(fmt.Sprint(one.Relations()) == fmt.Sprint(four.Relations()))
	// Output:
	// 122 122 30
	// true
}
