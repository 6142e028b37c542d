package rulesets_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/rulesets"
)

// A tree (trunk 1, branches of 1 and 2 edges: 1 + (1 ⊕ 2) = 4) beside a
// triangle on the ground (an odd cycle fuses to a loop, *1): the picture is
// worth 4 ⊕ 1 = 5, and the one winning cut is 3-4.
func ExampleParseHackenbush() {
	h, err := rulesets.ParseHackenbush("g-1,1-2,1-3,3-4,g-5,5-6,6-g")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Value())
	win, _ := h.WinningMoves(context.Background())
	for _, m := range win {
		fmt.Printf("cut edge %d (%s)\n", m.Edge, m.Text)
	}
	_, err = rulesets.ParseHackenbush("g-1,1-")
	fmt.Println(err)
	// Output:
	// *5
	// cut edge 3 (3-4)
	// rulesets: "g-1,1-": "1-" at position 5: edge 1: want two vertex names joined by "-", as in g-1
}
