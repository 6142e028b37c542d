package sequence

import (
	"slices"

	"github.com/impartial-go/impartial/game"
)

// The moves of the current heap, as the sparse engine uses them: taken
// whole, leaving one heap, or split into two.

// heapMoves holds the moves of the current heap, as the sparse engine
// uses them, and what the rule's moves allow in general.
type heapMoves struct {
	// The digits of a take-and-break code with finite MaxTake (nil for
	// other rules, which are asked for their moves at each heap).
	code     *codeDigits
	moveBuf  []game.HeapMove
	parityOK bool // the parity variant applies
	k0       int  // parity of n - r for every split size r of heap n

	// Moves of the current heap: zero (taken whole), one (sizes of the
	// single heap left), two/uneq (sizes r split into two heaps, in
	// decreasing order, and whether the two heaps must differ), and, for a
	// rule met at this heap with a move the engine cannot use, handOff.
	zero    bool
	one     []int
	two     []int
	uneq    []bool
	handOff bool
}

// loadMoves fills zero, one, two and uneq with the moves from a heap of
// n ≥ 1. It sets handOff for a move leaving three heaps or more, and
// returns an error wrapping [ErrBadRule] for a move that does not shrink
// the heap.
func (e *heapMoves) loadMoves(rule game.HeapRule, n int) error {
	e.zero = false
	e.one = e.one[:0]
	e.two = e.two[:0]
	e.uneq = e.uneq[:0]
	if c := e.code; c != nil {
		e.zero = n < len(c.whole) && c.whole[n]
		for _, k := range c.one {
			if n-k >= 1 {
				e.one = append(e.one, n-k)
			}
		}
		e.codeSplits(n)
		return nil
	}
	e.moveBuf = rule.AppendHeapMoves(e.moveBuf[:0], n)
	for i, m := range e.moveBuf {
		if skip, err := checkHeapMove(rule, n, i, m); err != nil {
			return err
		} else if skip {
			continue
		}
		switch m.Parts {
		case 0:
			e.zero = true
		case 1:
			e.one = append(e.one, m.Remain)
		case 2:
			e.addSplit(m.Remain, m.Unequal)
			if (n-m.Remain)&1 != e.k0 {
				e.parityOK = false // the caller drops the parity variant
			}
		default:
			e.handOff = true
			return nil
		}
	}
	return nil
}

// codeSplits fills two and uneq with the splits of heap n under a
// take-and-break code (e.code, not nil), whose two heaps may be equal.
func (e *heapMoves) codeSplits(n int) {
	e.two, e.uneq = e.two[:0], e.uneq[:0]
	for _, k := range e.code.two {
		if n-k >= 2 {
			e.two = append(e.two, n-k)
			e.uneq = append(e.uneq, false)
		}
	}
}

// addSplit records a split of r tokens into two heaps, keeping two in
// decreasing order without duplicates (an unrestricted split of r subsumes
// an unequal one).
func (e *heapMoves) addSplit(r int, unequal bool) {
	i := 0
	for i < len(e.two) && e.two[i] > r {
		i++
	}
	if i < len(e.two) && e.two[i] == r {
		e.uneq[i] = e.uneq[i] && unequal
		return
	}
	e.two = slices.Insert(e.two, i, r)
	e.uneq = slices.Insert(e.uneq, i, unequal)
}
