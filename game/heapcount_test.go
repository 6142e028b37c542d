package game_test

import (
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
)

// codeRule is a take-and-break code: digits d0, d1, … then group
// repeated for ever (none when group is empty).
type codeRule struct{ digits, group []uint32 }

func (c codeRule) Digit(k int) uint32 {
	switch {
	case k < len(c.digits):
		return c.digits[k]
	case len(c.group) == 0:
		return 0
	}
	return c.group[(k-len(c.digits))%len(c.group)]
}

func (c codeRule) MaxTake() int {
	if len(c.group) > 0 {
		return -1
	}
	return len(c.digits) - 1
}

func (c codeRule) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := 0; k <= n && (len(c.group) > 0 || k < len(c.digits)); k++ {
		d, rem := c.Digit(k), n-k
		if d&1 != 0 && rem == 0 {
			dst = append(dst, game.HeapMove{})
		}
		for j := 1; j < 32 && j <= rem; j++ {
			if d&(1<<j) != 0 {
				dst = append(dst, game.HeapMove{Remain: rem, Parts: j})
			}
		}
	}
	return dst
}

// fourUnequal splits a heap of n into four different heaps, or takes one.
type fourUnequal struct{}

func (fourUnequal) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	return append(dst, game.HeapMove{Remain: n, Parts: 4, Unequal: true}, game.HeapMove{Remain: n - 1, Parts: 1})
}

// NumMoves counts what AppendMoves lists, for codes, Grundy's game and
// splits into three and four parts, on random positions.
func TestHeapGameNumMoves(t *testing.T) {
	rules := []game.HeapRule{
		codeRule{digits: []uint32{0, 7, 7}},                        // Kayles
		codeRule{digits: []uint32{4}, group: []uint32{3}},          // Lasker's Nim
		codeRule{digits: []uint32{0, 0xF, 0, 0x1E}},                // hexadecimal
		codeRule{digits: []uint32{0, 0x1F}, group: []uint32{0x15}}, // up to four parts
		grundyRule{}, splitThree{}, fourUnequal{},
	}
	r := gametest.Rand(t)
	for _, rule := range rules {
		g := game.NewHeapGame(rule)
		for range 200 {
			sizes := make([]int, 1+r.IntN(3))
			for i := range sizes {
				sizes[i] = r.IntN(25)
			}
			if r.IntN(3) == 0 {
				sizes = append(sizes, sizes[0]) // equal heaps expand once
			}
			p, _ := game.MakeHeaps(sizes...)
			if got, want := g.NumMoves(p), len(g.AppendMoves(nil, p)); got != want {
				t.Fatalf("%T%v: NumMoves%v = %d, AppendMoves lists %d", rule, rule, p, got, want)
			}
		}
	}
}

// Issue 38, point 2: a heap of 2^40 tokens of Kayles has 2^40 options;
// counting them (up to 2^31) must not list them.
func TestHeapGameNumMovesHuge(t *testing.T) {
	if ^uint(0)>>32 == 0 {
		t.Skip("int has 32 bits")
	}
	start := time.Now()
	for _, rule := range []game.HeapRule{codeRule{digits: []uint32{0, 7, 7}}, grundyRule{}, splitThree{}, fourUnequal{}} {
		p, _ := game.MakeHeaps(huge, 3)
		if n := game.NewHeapGame(rule).NumMoves(p); int64(n) < 1<<31 {
			t.Errorf("%T: NumMoves of a heap of 2^40 = %d, want at least 2^31", rule, n)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("counting took %v", d)
	}
}

// huge is 2^40 where int has 64 bits (and 1 where it has 32, where the
// tests that use it skip).
const huge = 1 << (40 & (^uint(0) >> 58))
