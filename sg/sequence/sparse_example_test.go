package sequence_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence"
)

// sparseGrundy is Grundy's game: split a heap into two heaps of different
// sizes. Its moves leave two heaps, so the sparse-space engine handles it.
type sparseGrundy struct{}

// AppendHeapMoves lists the one kind of move from a heap of n tokens.
func (sparseGrundy) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n >= 3 {
		dst = append(dst, game.HeapMove{Remain: n, Parts: 2, Unequal: true})
	}
	return dst
}

// Grundy's game has no known period; its values (OEIS A002188) are
// computed to large heaps by the sparse-space method, which WithMethod
// asks for (MethodAuto would choose it too).
func ExampleValues_sparse() {
	s, err := sequence.Values(context.Background(), sparseGrundy{}, 1<<15, sequence.WithMethod(sequence.MethodSparse))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.AppendValues(nil, 0, 21))
	fmt.Println("largest value:", s.Max())
	// Output:
	// [0 0 0 *1 0 *2 *1 0 *2 *1 0 *2 *1 *3 *2 *1 *3 *2 *4 *3 0]
	// largest value: *195
}

// The octal game .16 (take one token from a heap of one, or two tokens
// leaving one or two heaps) becomes periodic only after 105351 heaps, with
// period 149459 (Gangolli & Plambeck 1989). Period computes the values
// with the sparse-space engine until the period is proved.
func ExamplePeriod_sparse() {
	dot16 := octal{0, 1, 6}
	_, p, err := sequence.Period(context.Background(), dot16, 1<<22)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Preperiod, p.Period, p.Certified)
	// Output:
	// 105351 149459 true
}
