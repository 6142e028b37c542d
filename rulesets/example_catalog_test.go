package rulesets_test

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

// ParseRules reads any spec of the catalogue, typed by its kind: the
// field the kind names holds the game.
func ExampleParseRules() {
	for _, spec := range []string{"Kayles", ".07", "sub: 4,1,3", "coins:ruler:1,2,3,4", "windup:5/1,3", "sub:1,x"} {
		r, err := rulesets.ParseRules(spec)
		if err != nil {
			fmt.Println(err)
			continue
		}
		switch r.Kind {
		case game.KindHeap:
			fmt.Println(r.Heap, "is a heap rule")
		case game.KindBoard:
			fmt.Println(r, "is a game with its start position")
		case game.KindLoopy:
			fmt.Println(r.Loopy, "is a loopy game of", r.Loopy.NumPositions(), "positions")
		}
	}
	// Output:
	// kayles is a heap rule
	// 0.07 is a heap rule
	// sub:1,3,4 is a heap rule
	// coins:ruler:1,2,3,4 is a game with its start position
	// windup:5/1,3 is a loopy game of 5 positions
	// rulesets: "sub:1,x": "x" at position 7: not a size between 1 and 1048576
}

// Lookup finds a catalogue entry by name: its syntax, doc and published
// values with their source.
func ExampleLookup() {
	e, ok := rulesets.Lookup("kayles")
	fmt.Println(ok, e.Syntax, e.Kind)
	fmt.Println(e.Doc)
	fmt.Println(e.Known[0].Values[:23], "…", e.Known[0].Source)
	// Output:
	// true kayles heap
	// Kayles: take 1 or 2 adjacent pins, code 0.77
	// 0 1 2 3 1 4 3 2 1 4 2 6 … OEIS A002186; Winning Ways, ch. 4
}
