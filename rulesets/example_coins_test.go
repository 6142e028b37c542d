package rulesets_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// A row of Ruler with heads on coins 2, 3 and 6 is worth 2 ⊕ 1 ⊕ 2 = 1,
// so the player to move wins; the engine playing the rules agrees.
func ExampleCoinRule_Value() {
	var v game.Nimber
	for _, n := range []uint64{2, 3, 6} {
		g, _ := rulesets.Ruler.Value(n)
		v ^= g
	}
	row, _ := rulesets.NewCoinRow(rulesets.Ruler, 8)
	heads := uint64(1<<(2-1) | 1<<(3-1) | 1<<(6-1)) // bit i is coin i+1
	e, _ := sg.NewEngine[uint64](row).Value(context.Background(), heads)
	fmt.Println(v, e)
	// Output: *1 *1
}

// The first values of Mock Turtles are the odious numbers.
func ExampleMockTurtles() {
	for n := range uint64(8) {
		v, _ := rulesets.MockTurtles.Value(n)
		fmt.Print(uint64(v), " ")
	}
	fmt.Println()
	// Output: 1 2 4 7 8 11 13 14
}

// By the Tartan theorem a head at (x, y) of Turning Corners is worth
// x ⊗ y, and one of Ruler × Ruler ("Rugs") G(x) ⊗ G(y).
func ExampleTartanProduct() {
	corners := rulesets.TurningCorners()
	v, _ := corners.Value(5, 7)
	rugs := rulesets.TartanProduct(rulesets.Ruler, rulesets.Ruler)
	w, _ := rugs.Value(12, 8) // 4 ⊗ 8
	fmt.Println(corners, v, rugs, w)
	// Output: twins*twins *13 ruler*ruler *11
}
