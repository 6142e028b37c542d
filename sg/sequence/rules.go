package sequence

import (
	"fmt"
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// codeDigit returns Digit(k) of the take-and-break code tb as the moves it
// allows from a nonempty heap. For k = 0 it clears bit 0: removing nothing
// and leaving no heap could only apply to the empty heap, which has no
// moves (so "5.07" plays as "4.07", for every engine and for [FindPeriod]).
// Bit 1 for k = 0 would let a heap stay as it is: codeDigit clears it and
// returns an error wrapping [ErrBadRule].
func codeDigit(tb game.TakeBreakRule, k int) (uint32, error) {
	d := tb.Digit(k)
	if k != 0 {
		return d, nil
	}
	if d&2 != 0 {
		return d &^ 3, fmt.Errorf("sequence: rule %s: digit %d for removing 0 tokens lets a heap stay as it is: %w",
			ruleName(tb), d, ErrBadRule)
	}
	return d &^ 1, nil
}

// codeDigits holds the digits of a take-and-break code, decoded by
// codeDigit, for the removal amounts k < known. Both engines read codes
// through it.
type codeDigits struct {
	tb    game.TakeBreakRule
	known int
	whole []bool  // whole[k]: a heap of exactly k tokens may be removed
	one   []int   // the k ≥ 1 that may leave one heap, ascending
	two   []int   // the k that may leave two heaps, ascending
	many  [][]int // many[j] for j ≥ 3: the k that may leave j heaps
	parts int     // the most heaps a move leaves (0 when none leaves any)
	bad   error   // the first error of codeDigit
}

// learn decodes the digits of the removal amounts below k.
func (c *codeDigits) learn(k int) {
	for ; c.known < k; c.known++ {
		d, err := codeDigit(c.tb, c.known)
		if err != nil && c.bad == nil {
			c.bad = err
		}
		c.whole = append(c.whole, d&1 != 0)
		if d&2 != 0 {
			c.one = append(c.one, c.known)
		}
		if d&4 != 0 {
			c.two = append(c.two, c.known)
		}
		for j := 3; j < 32; j++ {
			if d&(1<<j) != 0 {
				for len(c.many) <= j {
					c.many = append(c.many, nil)
				}
				c.many[j] = append(c.many[j], c.known)
			}
		}
		c.parts = max(c.parts, bits.Len32(d)-1)
	}
}

// checkHeapMove checks move i, mv, of rule r from a heap of h ≥ 1 tokens.
// It returns skip for a move that does not exist (as in game.HeapGame:
// Parts 0 with Remain ≠ 0, Parts < 0, or too few tokens for the parts), and
// an error wrapping ErrBadRule for a move that can leave a heap of h tokens
// or more.
func checkHeapMove(r game.HeapRule, h, i int, mv game.HeapMove) (skip bool, err error) {
	switch {
	case mv.Parts == 0:
		return mv.Remain != 0, nil
	case mv.Parts < 0 || mv.Remain < mv.Parts:
		return true, nil
	}
	// The largest part any split can have: the others are 1 each, or
	// 1, 2, …, Parts-1 when the parts must differ.
	largest := mv.Remain - (mv.Parts - 1)
	if mv.Unequal {
		largest = mv.Remain - mv.Parts*(mv.Parts-1)/2
		if largest < mv.Parts {
			return true, nil // too few tokens for Parts different sizes
		}
	}
	if largest >= h {
		return false, fmt.Errorf("sequence: heap %d: move %d of rule %s, %+v, can leave a heap of %d tokens: %w",
			h, i, ruleName(r), mv, largest, ErrBadRule)
	}
	return false, nil
}

// ruleName returns r's String() when it has one, else its Go type.
func ruleName(r game.HeapRule) string {
	if s, ok := r.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", r)
}
