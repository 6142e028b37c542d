package nim_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
)

// The position (1, 2, 3, 4): nim-sum 100₂, so the first player wins by
// emptying the heap of 4.
func ExampleWinningMove() {
	heaps := []int{1, 2, 3, 4}
	s, _ := nim.Sum(heaps)
	o, _ := nim.Outcome(heaps)
	m, ok, _ := nim.WinningMove(heaps)
	fmt.Printf("nim-sum %b, %v\n", s, o)
	fmt.Println(m, ok)
	// Output:
	// nim-sum 100, N
	// heap 3: 4 → 0 (take 4) true
}

// A bot reuses one buffer, so finding all winning moves allocates nothing
// once the buffer is large enough. Heaps of any integer type work, up to
// 2^64-1.
func ExampleAppendWinningMoves() {
	var buf []nim.Move[uint64]
	for _, heaps := range [][]uint64{{3, 3, 1}, {1 << 63, 1<<63 + 5}} {
		buf, _ = nim.AppendWinningMoves(buf[:0], heaps)
		fmt.Println(buf)
	}
	// Output:
	// [heap 0: 3 → 2 (take 1) heap 1: 3 → 2 (take 1) heap 2: 1 → 0 (take 1)]
	// [heap 1: 9223372036854775813 → 9223372036854775808 (take 5)]
}

func ExampleSum_negative() {
	_, err := nim.Sum([]int{3, -1})
	fmt.Println(err)
	// Output:
	// nim: heap 1 is -1: negative count
}

// Misère Nim: whoever takes the last token loses. With a big heap left the
// play is Nim's; in the endgame of single tokens, leave an odd number.
func ExampleMisereWinningMove() {
	for _, heaps := range [][]int{{3, 3, 1}, {1, 5, 1}, {1, 1, 0, 1, 1}, {1, 1, 1}} {
		o, _ := nim.MisereOutcome(heaps)
		m, ok, _ := nim.MisereWinningMove(heaps)
		fmt.Println(heaps, o, m, ok)
	}
	// Output:
	// [3 3 1] N heap 0: 3 → 2 (take 1) true
	// [1 5 1] N heap 1: 5 → 1 (take 4) true
	// [1 1 0 1 1] N heap 0: 1 → 0 (take 1) true
	// [1 1 1] P heap 0: 0 → 0 (take 0) false
}

// Staircase Nim: only the odd steps count. After the opponent moves a coin
// from the even step 4 to step 3, the answer moves it on to step 2.
func ExampleStaircaseWinningMove() {
	steps := []int{0, 3, 5, 3, 1} // step 0 is the ground
	o, _ := nim.StaircaseOutcome(steps)
	fmt.Println(o)
	steps[4], steps[3] = 0, 4 // the opponent's move
	m, _, _ := nim.StaircaseWinningMove(steps)
	fmt.Println(m)
	// Output:
	// P
	// move 1 from 3 to 2
}

// The sample of the contest problem "ore transport" (矿物运输, solved by
// examples/ore): the first player wins by sending 2 units from node 1 to
// the root.
func ExampleTreeWinningMove() {
	tree, err := nim.NewTree([]int{-1, 0, 0, 2, 2, 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	values := []int{1, 4, 0, 1, 1, 2}
	o, _ := nim.TreeOutcome(tree, values)
	m, _, _ := nim.TreeWinningMove(tree, values)
	fmt.Println(o, m)
	// Output:
	// N move 2 from 1 to 0
}

func ExampleNewTree_cycle() {
	_, err := nim.NewTree([]int{-1, 3, 1, 2})
	fmt.Println(err)
	// Output:
	// nim: node 1 is on a cycle: not a rooted tree
}

// Moore's Nim_2: take from one or two heaps at once. (1, 1, 1) is P; from
// (2, 3, 5) the winning move lowers two heaps.
func ExampleMooreWinningMove() {
	o, _ := nim.MooreOutcome([]int{1, 1, 1}, 2)
	fmt.Println(o)
	moves, _ := nim.MooreWinningMove([]int{2, 3, 5}, 2)
	fmt.Println(moves)
	// Output:
	// P
	// [heap 1: 3 → 2 (take 1) heap 2: 5 → 2 (take 3)]
}

// TreeGame lets the exhaustive search of package sg play staircase Nim
// move by move, on a path whose root is the ground: for coins 3, 1, 2, 4
// on steps 1 to 4 it agrees with the closed form (odd steps 3 ⊕ 2 = 1,
// so the player to move wins).
func ExampleTreeGame() {
	steps := []int{0, 3, 1, 2, 4}
	path, _ := nim.NewTree([]int{-1, 0, 1, 2, 3})
	g, _ := nim.NewTreeGame(path)
	var p [8]uint8
	for i, c := range steps {
		p[i] = uint8(c)
	}
	searched, _ := sg.NewExhaustive[[8]uint8](g).Outcome(context.Background(), p)
	closed, _ := nim.StaircaseOutcome(steps)
	fmt.Println(searched, closed)
	// Output:
	// N N
}
