// Package moves reads the moves of a heap rule the way the engines of
// package sequence use them: a take-and-break code's digits decoded once
// ([Code]), and the moves of one heap sorted into those that take the
// heap whole, leave one heap, or split it into two ([Heap]). Reading a
// heap's moves costs O(t) for a code with t removal amounts (no
// allocation once the slices have grown), and O(m·log m) for a rule asked
// for its m moves.
package moves

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/impartial-go/impartial/game"
)

// ErrBadRule is wrapped by the error returned when a heap rule's moves
// cannot define a value sequence: a move that leaves a heap at least as
// large as the one moved from. Package sequence exports it.
var ErrBadRule = errors.New("heap rule has a move that does not shrink the heap")

// NewCode returns the digits of the take-and-break code tb, none decoded
// yet (see Learn).
func NewCode(tb game.TakeBreakRule) *Code { return &Code{TB: tb} }

// Digit returns Digit(k) of the take-and-break code tb as the moves it
// allows from a nonempty heap. For k = 0 it clears bit 0: removing nothing
// and leaving no heap could only apply to the empty heap, which has no
// moves (so "5.07" plays as "4.07", for every engine and for [FindPeriod]).
// Bit 1 for k = 0 would let a heap stay as it is: Digit clears it and
// returns an error wrapping [ErrBadRule].
func Digit(tb game.TakeBreakRule, k int) (uint32, error) {
	d := tb.Digit(k)
	if k != 0 {
		return d, nil
	}
	if d&2 != 0 {
		return d &^ 3, fmt.Errorf("sequence: rule %s: digit %d for removing 0 tokens lets a heap stay as it is: %w",
			RuleName(tb), d, ErrBadRule)
	}
	return d &^ 1, nil
}

// Code holds the digits of a take-and-break code, decoded by Digit, for
// the removal amounts learnt so far (see Learn). Both engines of package
// sequence read codes through it.
type Code struct {
	TB    game.TakeBreakRule
	known int
	Whole []bool  // Whole[k]: a heap of exactly k tokens may be removed
	One   []int   // the k ≥ 1 that may leave one heap, ascending
	Two   []int   // the k that may leave two heaps, ascending
	Many  [][]int // Many[j] for j ≥ 3: the k that may leave j heaps
	Parts int     // the most heaps a move leaves (0 when none leaves any)
	Bad   error   // the first error of Digit
}

// Learn decodes the digits of the removal amounts below k.
func (c *Code) Learn(k int) {
	for ; c.known < k; c.known++ {
		d, err := Digit(c.TB, c.known)
		if err != nil && c.Bad == nil {
			c.Bad = err
		}
		c.Whole = append(c.Whole, d&1 != 0)
		if d&2 != 0 {
			c.One = append(c.One, c.known)
		}
		if d&4 != 0 {
			c.Two = append(c.Two, c.known)
		}
		for j := 3; j < 32; j++ {
			if d&(1<<j) != 0 {
				for len(c.Many) <= j {
					c.Many = append(c.Many, nil)
				}
				c.Many[j] = append(c.Many[j], c.known)
			}
		}
		c.Parts = max(c.Parts, bits.Len32(d)-1)
	}
}

// CheckMove checks move i, mv, of rule r from a heap of h ≥ 1 tokens.
// It returns skip for a move that does not exist (as in game.HeapGame:
// Parts 0 with Remain ≠ 0, Parts < 0, or too few tokens for the parts), and
// an error wrapping ErrBadRule for a move that can leave a heap of h tokens
// or more.
func CheckMove(r game.HeapRule, h, i int, mv game.HeapMove) (skip bool, err error) {
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
			h, i, RuleName(r), mv, largest, ErrBadRule)
	}
	return false, nil
}

// RuleName returns r's String() when it has one, else its Go type.
func RuleName(r game.HeapRule) string {
	if s, ok := r.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", r)
}

// Heap holds the moves of the current heap, as the sparse engine
// uses them, and what the rule's moves allow in general.
type Heap struct {
	// The digits of a take-and-break code with finite MaxTake (nil for
	// other rules, which are asked for their moves at each heap).
	Code     *Code
	moveBuf  []game.HeapMove
	ParityOK bool // the parity variant applies
	K0       int  // parity of n - r for every split size r of heap n

	// Moves of the current heap: Zero (taken whole), One (sizes of the
	// single heap left), Two/Uneq (sizes r split into two heaps, in
	// decreasing order, and whether the two heaps must differ), and, for a
	// rule met at this heap with a move the engine cannot use, HandOff.
	Zero    bool
	One     []int
	Two     []int
	Uneq    []bool
	HandOff bool
}

// Load fills Zero, One, Two and Uneq with the moves from a heap of
// n ≥ 1. It sets HandOff for a move leaving three heaps or more, and
// returns an error wrapping [ErrBadRule] for a move that does not shrink
// the heap.
func (e *Heap) Load(rule game.HeapRule, n int) error {
	e.Zero = false
	e.One = e.One[:0]
	e.Two = e.Two[:0]
	e.Uneq = e.Uneq[:0]
	if c := e.Code; c != nil {
		e.Zero = n < len(c.Whole) && c.Whole[n]
		for _, k := range c.One {
			if n-k >= 1 {
				e.One = append(e.One, n-k)
			}
		}
		e.CodeSplits(n)
		return nil
	}
	e.moveBuf = rule.AppendHeapMoves(e.moveBuf[:0], n)
	for i, m := range e.moveBuf {
		if skip, err := CheckMove(rule, n, i, m); err != nil {
			return err
		} else if skip {
			continue
		}
		switch m.Parts {
		case 0:
			e.Zero = true
		case 1:
			e.One = append(e.One, m.Remain)
		case 2:
			e.addSplit(m.Remain, m.Unequal)
			if (n-m.Remain)&1 != e.K0 {
				e.ParityOK = false // the caller drops the parity variant
			}
		default:
			e.HandOff = true
			return nil
		}
	}
	return nil
}

// CodeSplits fills Two and Uneq with the splits of heap n under a
// take-and-break code (e.Code, not nil), whose two heaps may be equal.
func (e *Heap) CodeSplits(n int) {
	e.Two, e.Uneq = e.Two[:0], e.Uneq[:0]
	for _, k := range e.Code.Two {
		if n-k >= 2 {
			e.Two = append(e.Two, n-k)
			e.Uneq = append(e.Uneq, false)
		}
	}
}

// addSplit records a split of r tokens into two heaps, keeping two in
// decreasing order without duplicates (an unrestricted split of r subsumes
// an unequal one).
func (e *Heap) addSplit(r int, unequal bool) {
	i := 0
	for i < len(e.Two) && e.Two[i] > r {
		i++
	}
	if i < len(e.Two) && e.Two[i] == r {
		e.Uneq[i] = e.Uneq[i] && unequal
		return
	}
	e.Two = slices.Insert(e.Two, i, r)
	e.Uneq = slices.Insert(e.Uneq, i, unequal)
}
