package sequence_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

// octal is a small octal game written for these examples (package
// rulesets has complete ones): digits[k] says what removing k tokens may
// leave, bit j set meaning "j nonempty heaps".
type octal []uint32

// Digit returns the code digit for removing k tokens.
func (o octal) Digit(k int) uint32 {
	if k < len(o) {
		return o[k]
	}
	return 0
}

// MaxTake returns the largest number of tokens a move removes.
func (o octal) MaxTake() int { return len(o) - 1 }

// AppendHeapMoves lists the moves from a heap of n tokens.
func (o octal) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := 1; k < len(o) && k <= n; k++ {
		r := n - k
		if o[k]&1 != 0 && r == 0 {
			dst = append(dst, game.HeapMove{})
		}
		if o[k]&2 != 0 && r >= 1 {
			dst = append(dst, game.HeapMove{Remain: r, Parts: 1})
		}
		if o[k]&4 != 0 && r >= 2 {
			dst = append(dst, game.HeapMove{Remain: r, Parts: 2})
		}
	}
	return dst
}

var (
	kayles = octal{0, 7, 7} // .77: knock down one pin or two adjacent pins
	dawson = octal{0, 0, 7} // .07: take two adjacent stones from a row
	sub123 = octal{0, 3, 3, 3}
)

// The value sequence of Dawson's Kayles (take two adjacent stones from a
// row, octal code .07): a position of several rows is lost for the
// player to move exactly when the XOR of its rows' values is 0.
func ExampleValues() {
	s, err := sequence.Values(context.Background(), dawson, 8)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	fmt.Println("(7,3,3):", sg.OutcomeOf(s.At(7)^s.At(3)^s.At(3)))
	fmt.Println("(3,4,6):", sg.OutcomeOf(s.At(3)^s.At(4)^s.At(6)))
	// Output:
	// 0 0 1 1 2 0 3 1
	// (7,3,3): N
	// (3,4,6): P
}

// Kayles is periodic with period 12 after its last exceptional value
// G(70): the Guy–Smith theorem certifies it from a few hundred values, and
// then any heap, however large, has a known value.
func ExamplePeriod() {
	s, p, err := sequence.Period(context.Background(), kayles, 1_000_000)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p)
	v, ok := p.ValueAt(s, math.MaxUint64)
	fmt.Println("G(2^64-1) =", v, ok)
	// Output:
	// preperiod 71, period 12 (certified from 256 values)
	// G(2^64-1) = *8 true
}

// FindPeriod examines values already computed; for the subtraction game
// {1, 2, 3} the values are n mod 4.
func ExampleFindPeriod() {
	s, err := sequence.Values(context.Background(), sub123, 20)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	fmt.Println(sequence.FindPeriod(s, sub123))
	// Output:
	// 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3
	// preperiod 0, period 4 (certified from 20 values)
}

// A Sequence stores one byte per value while the values are small, and
// widens its storage when a larger value arrives.
func ExampleSequence() {
	s := sequence.New(0)
	s.Append(3)
	s.Append(200)
	fmt.Println(s.Len(), s.Max())
	s.Append(1000)
	fmt.Println(s.Len(), s.Max())
	for n, v := range s.All() {
		fmt.Printf("G(%d) = %v\n", n, v)
	}
	// Output:
	// 2 *200
	// 3 *1000
	// G(0) = *3
	// G(1) = *200
	// G(2) = *1000
}

// A long run saves checkpoints and resumes from them: here the first run
// is cancelled at once, and the second one picks up its values.
func ExampleWithCheckpoint() {
	dir, err := os.MkdirTemp("", "sg-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "kayles.ckpt")

	// A run that is interrupted still saves what it computed.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = sequence.Values(ctx, kayles, 1000, sequence.WithCheckpoint(path, time.Minute))
	fmt.Println(errors.Is(err, context.Canceled))

	s, p, err := sequence.Period(context.Background(), kayles, 1000, sequence.WithCheckpoint(path, time.Minute))
	fmt.Println(s.Len(), p, err)

	// A checkpoint of another game is refused.
	_, err = sequence.Values(context.Background(), dawson, 10, sequence.WithCheckpoint(path, time.Minute))
	fmt.Println(errors.Is(err, sequence.ErrCheckpoint))
	// Output:
	// true
	// 256 preperiod 71, period 12 (certified from 256 values) <nil>
	// true
}

// Solve gives the one answer to "what is G(n)?": for Dawson's Kayles
// (.07) it computes values until the Guy–Smith theorem certifies the
// period (34, from heap 53: OEIS A002187), and reads every later value
// from the period, in O(1).
func ExampleSolve() {
	ctx := context.Background()
	dawson := octal{0, 0, 7}
	a, err := sequence.Solve(ctx, dawson, 1<<20)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Basis(), a.Periodicity())
	v, _ := a.At(1_000_000_000_000)
	fmt.Println("G(10^12) =", v)
	vs, _ := a.AppendValues(nil, 1<<40, 1<<40+8)
	fmt.Println(vs)
	// Output:
	// period preperiod 53, period 34 (certified from 256 values)
	// G(10^12) = *4
	// [*9 *3 *3 0 *1 *1 *3 0]
}

// A rule that announces a formula through FormulaRule is answered from it:
// nothing is computed.
func ExampleFormulaRule() {
	a, _ := sequence.Solve(context.Background(), nimRule{}, 1<<20)
	v, _ := a.At(1 << 62)
	fmt.Println(a.Basis(), a.Len(), v == 1<<62)
	// Output:
	// formula 0 true
}

// nimRule is Nim: take any number of tokens from a heap. Its values are
// G(n) = n (Bouton, 1901), which it announces.
type nimRule struct{}

// AppendHeapMoves lists the heaps of 0 … n-1 tokens that a move leaves.
func (nimRule) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := range n {
		dst = append(dst, game.HeapMove{Remain: k, Parts: min(k, 1)})
	}
	return dst
}

// game.Formula returns G(n) = n.
func (nimRule) Formula() (game.Formula, bool) {
	return func(n uint64) (sg.Nimber, bool) { return sg.Nimber(n), true }, true
}
