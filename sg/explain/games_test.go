package explain_test

import (
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

// pair is a two-heap Nim position (x, y).
type pair struct{ x, y int }

func (p pair) String() string { return fmt.Sprintf("(%d, %d)", p.x, p.y) }

// twoHeapNim is Nim on two heaps, with (x, y) and (y, x) merged.
type twoHeapNim struct{}

func (twoHeapNim) AppendMoves(dst []pair, p pair) []pair {
	for x := range p.x {
		dst = append(dst, pair{x, p.y})
	}
	for y := range p.y {
		dst = append(dst, pair{p.x, y})
	}
	return dst
}

func (twoHeapNim) Canonical(p pair) pair {
	if p.x > p.y {
		return pair{p.y, p.x}
	}
	return p
}

// plainTwoHeapNim is twoHeapNim without the Canonicalizer.
type plainTwoHeapNim struct{}

func (plainTwoHeapNim) AppendMoves(dst []pair, p pair) []pair {
	return twoHeapNim{}.AppendMoves(dst, p)
}

// subtraction returns the subtraction game with the given move sizes.
func subtraction(tb testing.TB, set ...int) *rulesets.TakeBreak {
	tb.Helper()
	r, err := rulesets.Subtraction(set...)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// looper takes 0 or 1 token from a heap: "take 0" leaves a heap as it is,
// so play need not end. (No ruleset allows that; it is the bad rule.)
type looper struct{}

func (looper) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := range min(n, 1) + 1 {
		if k == n {
			dst = append(dst, game.HeapMove{})
		} else {
			dst = append(dst, game.HeapMove{Remain: n - k, Parts: 1})
		}
	}
	return dst
}

var (
	gameC  = rulesets.GameC()  // .07, Dawson's Kayles: take two adjacent tokens
	kayles = rulesets.Kayles() // .77: Kayles
)
