package sg

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
)

// Exhaustive decides who wins by the definition of P- and N-positions alone,
// with no Grundy values, no decomposition and no canonical forms: a position
// is N when some move reaches a P-position, and P when every move reaches an
// N-position (in particular when there is no move). It is the oracle that
// the property tests compare the engine and the closed-form solvers with,
// so it is deliberately plain. Its cost is the number of positions reachable
// from the one asked about, which for a sum is the product of the parts'.
//
// Like [Engine] it is iterative, memoizes across calls, honours a memo limit
// and a context, and reports cycles. It is not safe for concurrent use.
type Exhaustive[P comparable] struct {
	g     game.Game[P]
	cfg   config
	memo  map[P]int8 // 1: N (win for the mover), -1: P, 0: in progress
	stack []exFrame[P]
	kids  []P
	work  int // options listed since ctx was last polled
}

type exFrame[P comparable] struct {
	pos      P
	lo, next int
}

// NewExhaustive returns an exhaustive search over g.
func NewExhaustive[P comparable](g game.Game[P], opts ...Option) *Exhaustive[P] {
	return &Exhaustive[P]{g: g, cfg: newConfig(opts), memo: make(map[P]int8)}
}

// Len returns the number of positions decided so far.
func (s *Exhaustive[P]) Len() int { return len(s.memo) }

// Outcome returns the outcome of p under normal play.
func (s *Exhaustive[P]) Outcome(ctx context.Context, p P) (Outcome, error) {
	if r, ok := s.memo[p]; ok && r != 0 {
		return outcomeOfSign(r), nil
	}
	s.stack = s.stack[:0]
	s.kids = s.kids[:0]
	if err := s.push(p); err != nil {
		return 0, err
	}
	for {
		f := &s.stack[len(s.stack)-1]
		result := int8(-1) // P unless some child is P
		descended := false
		for f.next < len(s.kids) {
			c := s.kids[f.next]
			r, ok := s.memo[c]
			if !ok {
				if err := s.push(c); err != nil {
					return 0, err
				}
				if s.work >= pollWork {
					s.work = 0
					if err := ctx.Err(); err != nil {
						return 0, s.fail(fmt.Errorf("sg: outcome of %v: %w", p, err))
					}
				}
				descended = true
				break
			}
			if r == 0 {
				return 0, s.fail(&CycleError[P]{Position: c})
			}
			if r == -1 {
				result = 1
				break
			}
			f.next++
		}
		if descended {
			continue
		}
		s.memo[f.pos] = result
		s.kids = s.kids[:f.lo]
		s.stack = s.stack[:len(s.stack)-1]
		if len(s.stack) == 0 {
			return outcomeOfSign(result), nil
		}
	}
}

func (s *Exhaustive[P]) push(p P) error {
	if s.cfg.maxPositions > 0 && len(s.memo) >= s.cfg.maxPositions {
		return s.fail(&LimitError{Op: "sg.Exhaustive.Outcome", Bound: "positions", Limit: int64(s.cfg.maxPositions),
			Detail: fmt.Sprintf("cannot add %v (raise it with WithMaxPositions)", p)})
	}
	s.memo[p] = 0
	lo := len(s.kids)
	s.kids = s.g.AppendMoves(s.kids, p)
	s.work += 1 + len(s.kids) - lo
	s.stack = append(s.stack, exFrame[P]{pos: p, lo: lo, next: lo})
	return nil
}

func (s *Exhaustive[P]) fail(err error) error {
	for _, f := range s.stack {
		delete(s.memo, f.pos)
	}
	s.stack = s.stack[:0]
	s.kids = s.kids[:0]
	return err
}

func outcomeOfSign(r int8) Outcome {
	if r > 0 {
		return N
	}
	return P
}
