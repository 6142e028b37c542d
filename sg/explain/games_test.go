package explain_test

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
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

// subtraction takes any number of tokens in the set from one heap.
type subtraction []int

func (s subtraction) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for _, k := range s {
		switch {
		case k == n:
			dst = append(dst, game.HeapMove{})
		case k < n:
			dst = append(dst, game.HeapMove{Remain: n - k, Parts: 1})
		}
	}
	return dst
}

// nim takes any number of tokens.
type nim struct{}

func (nim) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := 1; k <= n; k++ {
		if k == n {
			dst = append(dst, game.HeapMove{})
		} else {
			dst = append(dst, game.HeapMove{Remain: n - k, Parts: 1})
		}
	}
	return dst
}

// octal plays a take-and-break code with digits d[1], d[2], …: removing k
// tokens may leave j nonempty heaps when bit j of d[k] is set.
type octal []uint32

func (o octal) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := 1; k < len(o) && k <= n; k++ {
		r := n - k
		for j := 0; j <= 2; j++ {
			if o[k]&(1<<j) == 0 {
				continue
			}
			if (j == 0) != (r == 0) || r < j {
				continue
			}
			dst = append(dst, game.HeapMove{Remain: r, Parts: j})
		}
	}
	return dst
}

var (
	gameC  = octal{0, 0, 7}    // .07: take two adjacent tokens (seed 004's game C)
	kayles = octal{0, 7, 7}    // .77: Kayles
	looper = subtraction{0, 1} // "take 0" loops
)
