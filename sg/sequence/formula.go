package sequence

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
)

// formulaEngine appends values read from a rule's formula: O(1) each.
type formulaEngine struct {
	r  game.HeapRule
	f  game.Formula
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
