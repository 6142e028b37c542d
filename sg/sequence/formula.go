package sequence

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// Formula gives G(n) for a heap of n tokens in O(1), for any n up to
// 2^64-1, and false when G(n) does not fit in an [sg.Nimber].
type Formula func(n uint64) (sg.Nimber, bool)

// FormulaRule is the optional capability of a heap rule whose values
// follow a formula, such as Nim (G(n) = n), take 1 to m (n mod (m+1)) or
// Lasker's Nim. Formula returns the formula, and false when this rule has
// none: a type may hold rules with and without one (package rulesets'
// take-and-break codes have a formula only for some digits).
//
// [Solve] answers from the formula without computing anything, and
// [Values] and [Period] (with [MethodAuto]) read their values from it
// instead of searching the moves. The formula must agree with the rule's
// moves: the tests of a rule hold the two to each other.
type FormulaRule interface {
	Formula() (Formula, bool)
}

// FormulaOf returns r's formula, and false when r does not announce one
// through [FormulaRule].
func FormulaOf(r game.HeapRule) (Formula, bool) {
	fr, ok := r.(FormulaRule)
	if !ok {
		return nil, false
	}
	f, ok := fr.Formula()
	if !ok || f == nil {
		return nil, false
	}
	return f, true
}

// formulaEngine appends values read from a rule's formula: O(1) each.
type formulaEngine struct {
	r  game.HeapRule
	f  Formula
	rs *runState
}

func (e *formulaEngine) extend(ctx context.Context, s *Sequence, n int) error {
	for s.Len() < n {
		i := s.Len()
		if i%pollFormula == 0 {
			if err := e.rs.poll(ctx, s, 0, 0, MethodFormula); err != nil {
				return err
			}
		}
		v, ok := e.f(uint64(i))
		if !ok {
			return fmt.Errorf("sequence: the formula of %s has no value for heap %d", ruleName(e.r), i)
		}
		if i == 0 {
			v = 0 // a heap of 0 tokens has no moves, whatever the formula says
		}
		s.Append(v)
	}
	return nil
}

// pollFormula is the number of values the formula engine appends between
// two polls.
const pollFormula = 1 << 16
