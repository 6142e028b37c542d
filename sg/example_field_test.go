package sg_test

import (
	"fmt"

	"github.com/impartial-go/impartial/sg"
)

// The nimbers below 16 are a field of 16 elements: 2 ⊗ 2 = 3 and
// 4 ⊗ 4 = 6 (ONAG ch. 6), and a Fermat 2-power squared is 3/2 of itself.
func ExampleNimber_Mul() {
	fmt.Println(sg.Nimber(2).Mul(2), sg.Nimber(4).Mul(4), sg.Nimber(5).Mul(7))
	f := sg.Nimber(1) << 32
	fmt.Println(uint64(f.Mul(f)) == 3<<31)
	// Output:
	// *3 *6 *13
	// true
}

func ExampleNimber_Inv() {
	inv, err := sg.Nimber(4).Inv()
	fmt.Println(inv, err, sg.Nimber(4).Mul(inv))
	_, err = sg.Nimber(0).Inv()
	fmt.Println(err)
	// Output:
	// *15 <nil> *1
	// sg: inverse of 0: the nimber 0 has no inverse
}

func ExampleNimber_Div() {
	q, _ := sg.Nimber(1).Div(2)
	fmt.Println(q, q.Mul(2))
	// Output: *3 *1
}

func ExampleNimber_Sqrt() {
	s := sg.Nimber(2).Sqrt()
	fmt.Println(s, s.Mul(s))
	// Output: *3 *2
}

func ExampleNimber_Pow() {
	// The multiplicative group of the nimbers below 4 has order 3.
	fmt.Println(sg.Nimber(2).Pow(2), sg.Nimber(2).Pow(3), sg.Nimber(12345).Pow(1<<64-1))
	// Output: *3 *1 *1
}
