package gametest_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
)

func ExampleRandomDAG() {
	// A fixed generator gives the same graph every time; tests use
	// gametest.Rand(t) instead, seeded from IMPARTIAL_SEED.
	r := rand.New(rand.NewPCG(1, 2))
	d := gametest.RandomDAG(r, 6, 0.5)
	e := sg.NewEngine[int](d)
	x := sg.NewExhaustive[int](d)
	agree := true
	for v := range 6 {
		a, _ := e.Outcome(context.Background(), v)
		b, _ := x.Outcome(context.Background(), v)
		agree = agree && a == b
	}
	fmt.Println("vertex 0 is terminal:", len(d.Successors(0)) == 0, "engine agrees with search:", agree)
	// Output: vertex 0 is terminal: true engine agrees with search: true
}
