package rulesets_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

func ExampleParse() {
	for _, spec := range []string{".07", "sub:4,1,3", "bash:3", "kayles", "0.333…", "sub:1,x"} {
		r, err := rulesets.Parse(spec)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-10s → %v\n", spec, r)
	}
	// Output:
	// .07        → 0.07
	// sub:4,1,3  → sub:1,3,4
	// bash:3     → bash:3
	// kayles     → kayles
	// 0.333…     → 0.[3]
	// rulesets: "sub:1,x": "x" at position 7: not a size between 1 and 1048576
}

func ExampleParseCode() {
	r, err := rulesets.ParseCode(".07")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Removing 2 tokens from a row of 7 leaves one heap of 5, or two
	// heaps totalling 5: the options of 7 are (5), (1, 4) and (2, 3).
	fmt.Println(r, r.Digit(2), r.AppendHeapMoves(nil, 7))

	_, err = rulesets.ParseCode("0.0x7")
	fmt.Println(err)
	// Output:
	// 0.07 7 [{5 1 false} {5 2 false}]
	// rulesets: "0.0x7": "x" at position 4: not a digit (want 0-9, A-F, {n}, [group] or …)
}

// Taking two adjacent stones from a row is Dawson's Kayles, 0.07: its
// values G(n), and three positions whose values XOR to the outcome.
func ExampleAdjacent_twoStones() {
	ctx := context.Background()
	two, err := rulesets.Adjacent(2)
	if err != nil {
		fmt.Println(err)
		return
	}
	seq, err := sequence.Values(ctx, two, 8)
	if err != nil {
		fmt.Println(err)
		return
	}
	f := seq.AppendValues(nil, 0, 8)
	fmt.Print("G =")
	for _, v := range f {
		fmt.Print(" ", uint64(v))
	}
	fmt.Println()
	for _, pos := range [][]int{{7, 3, 3}, {3, 4, 6}, {7, 3, 5}} {
		var x game.Nimber
		for _, h := range pos {
			x ^= f[h]
		}
		fmt.Println(pos, "XOR =", uint64(x), sg.OutcomeOf(x))
	}
	// Output:
	// G = 0 0 1 1 2 0 3 1
	// [7 3 3] XOR = 1 N
	// [3 4 6] XOR = 0 P
	// [7 3 5] XOR = 0 P
}

func ExampleWythoff() {
	w := rulesets.Wythoff{}
	for k := range uint64(5) {
		a, b, _ := rulesets.WythoffPair(k)
		fmt.Printf("(%d,%d)\n", a, b)
	}
	moves, _ := w.WinningMoves([2]uint64{10, 1 << 60})
	fmt.Println(moves)
	// Output:
	// (0,0)
	// (1,2)
	// (3,5)
	// (4,7)
	// (6,10)
	// [[10 6]]
}

// Rules with a formula announce it, and their value at any heap costs
// O(1).
func ExampleTakeBreak_Formula() {
	for _, spec := range []string{"nim", "bash:3", "odd", "lasker", "kayles"} {
		r, _ := rulesets.Parse(spec)
		var v game.Nimber
		f, ok := game.FormulaOf(r)
		if ok {
			v, ok = f(1<<63 + 3)
		}
		fmt.Println(spec, uint64(v), ok)
	}
	// Output:
	// nim 9223372036854775811 true
	// bash:3 3 true
	// odd 1 true
	// lasker 9223372036854775812 true
	// kayles 0 false
}

// Kayles' values are periodic with period 12 from heap 71 on, and package
// sg certifies it from the first 256 values, after which any heap has a
// value.
func ExampleKayles() {
	ctx := context.Background()
	seq, per, err := sequence.Period(ctx, rulesets.Kayles(), 1<<12)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(per.Preperiod, per.Period, per.Certified)
	v, _ := per.ValueAt(seq, 1_000_000_000_000)
	fmt.Println("G(10^12) =", uint64(v))
	// Output:
	// 71 12 true
	// G(10^12) = 1
}

func ExampleSubtraction() {
	r, err := rulesets.Subtraction(1, 3, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	seq, _ := sequence.Values(context.Background(), r, 14)
	fmt.Print(r, " ", r.Code(), ":")
	for _, v := range seq.AppendValues(nil, 0, seq.Len()) {
		fmt.Print(" ", uint64(v))
	}
	fmt.Println()
	_, err = rulesets.Subtraction(2, -1)
	fmt.Println(err)
	// Output:
	// sub:1,3,4 0.3033: 0 1 0 1 2 3 2 0 1 0 1 2 3 2
	// rulesets: sub: size -1 (index 1) must be between 1 and 1048576
}
