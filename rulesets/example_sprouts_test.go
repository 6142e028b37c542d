package rulesets_test

import (
	"fmt"

	"github.com/impartial-go/impartial/rulesets"
)

// Sprouts from two spots: join them, or draw a loop round one (the other
// spot inside or outside the loop is the same game on the sphere).
func ExampleSprouts() {
	g, _ := rulesets.NewSprouts(2)
	fmt.Println(g.Start())
	for i, q := range g.AppendMoves(nil, g.Start()) {
		fmt.Println(g.MoveStrings(g.Start())[i], "→", q)
	}
	p, _ := rulesets.ParseSproutsPosition("1aa.}")
	fmt.Println(p)
	// Output:
	// 0.0.}]!
	// 1-3 → 1a1a.}]!
	// 1-1/- → 0.AB.}AB.}]!
	// 12.}]!
}
