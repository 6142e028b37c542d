package explain_test

import (
	"context"
	"fmt"
	"os"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/explain"
)

// Why derives the label of a position from the definition of P and N.
func ExampleWhy() {
	n, err := explain.Why(context.Background(), game.Game[pair](twoHeapNim{}), pair{2, 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(n.Text())
	// Output:
	// (2, 2) is P: every option is N: (0, 2), (1, 2).
	//   (0, 2) is N: it moves to (0, 0), which is P.
	//     (0, 0) is P: it has no moves.
	//   (1, 2) is N: it moves to (1, 1), which is P.
	//     (1, 1) is P: every option is N: (0, 1).
	//       (0, 1) is N: it moves to (0, 0), which is P.
	//         (0, 0) is P (shown above).
}

// Nim writes Bouton's computation out in binary.
func ExampleNim() {
	t, err := explain.Nim([]int{3, 4, 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(t.Text())
	// Output:
	// heap 1  3  011
	// heap 2  4  100
	// heap 3  5  101
	// XOR     2  010
	// the highest set bit of the XOR is bit 1 (value 2); heap 1 has it:
	// 3 XOR 2 = 1 < 3, so take 3 - 1 = 2 from heap 1, leaving XOR 0.
}

// SumTable does the same for a sum of games, on their Grundy values.
func ExampleSumTable() {
	rule, err := rulesets.Subtraction(1, 2, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	takeOneToThree := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(rule)))
	seven, _ := game.MakeHeaps(7)
	s := sg.Sum{sg.Position(takeOneToThree, seven), sg.Heap(2)}
	t, err := explain.SumTable(context.Background(), s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(t.Text())
	// Output:
	// (7)     3  11
	// nim(2)  2  10
	// XOR     1  01
	// the highest set bit of the XOR is bit 0 (value 1); (7) has it:
	// 3 XOR 1 = 2 < 3, so move (7) to (6), of value 2, leaving XOR 0.
}

// HeapTable explains each value of a heap game: here Dawson's Kayles,
// where a move takes two adjacent tokens from a row (octal code .07).
func ExampleHeapTable() {
	t, err := explain.HeapTable(context.Background(), dawsonsKayles, 8)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(t.Rows[7].Text())
	fmt.Print(t.Summary())
	// Output:
	// options of 7: (5), (1, 4), (2, 3)
	//   (5): G(5) = 0
	//   (1, 4): G(1) ⊕ G(4) = 0 ⊕ 2 = 2
	//   (2, 3): G(2) ⊕ G(3) = 1 ⊕ 1 = 0
	// option values {0, 2}; excluded {1, 3, 4, …}; G(7) = mex{0, 2} = 1
	// n    0 1 2 3 4 5 6 7
	// G(n) 0 0 1 1 2 0 3 1
}

// DOT draws the game graph for Graphviz.
func ExampleDOT() {
	err := explain.DOT(context.Background(), os.Stdout, game.Game[pair](twoHeapNim{}), pair{1, 1})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// digraph "(1, 1)" {
	//   node [shape=circle, fontname="Helvetica"];
	//   n0 [label="(1, 1)\nG=0", shape=doublecircle];
	//   n1 [label="(0, 1)\nG=1", shape=circle];
	//   n2 [label="(0, 0)\nG=0", shape=doublecircle];
	//   n0 -> n1;
	//   n1 -> n2;
	// }
}
