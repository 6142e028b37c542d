package game_test

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
)

// The nimbers below 16 are a field of 16 elements: 2 ⊗ 2 = 3 and
// 4 ⊗ 4 = 6 (ONAG ch. 6), and a Fermat 2-power squared is 3/2 of itself.
func ExampleNimber_Mul() {
	fmt.Println(game.Nimber(2).Mul(2), game.Nimber(4).Mul(4), game.Nimber(5).Mul(7))
	f := game.Nimber(1) << 32
	fmt.Println(uint64(f.Mul(f)) == 3<<31)
	// Output:
	// *3 *6 *13
	// true
}

func ExampleNimber_Inv() {
	inv, err := game.Nimber(4).Inv()
	fmt.Println(inv, err, game.Nimber(4).Mul(inv))
	_, err = game.Nimber(0).Inv()
	fmt.Println(err)
	// Output:
	// *15 <nil> *1
	// game: inverse of 0: the nimber 0 has no inverse
}

func ExampleNimber_Div() {
	q, _ := game.Nimber(1).Div(2)
	fmt.Println(q, q.Mul(2))
	// Output: *3 *1
}

func ExampleNimber_Sqrt() {
	s := game.Nimber(2).Sqrt()
	fmt.Println(s, s.Mul(s))
	// Output: *3 *2
}

func ExampleNimber_Pow() {
	// The multiplicative group of the nimbers below 4 has order 3.
	fmt.Println(game.Nimber(2).Pow(2), game.Nimber(2).Pow(3), game.Nimber(12345).Pow(1<<64-1))
	// Output: *3 *1 *1
}
