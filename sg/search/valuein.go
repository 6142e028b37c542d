package search

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/sg"
)

// ValueIn answers the set question of Beling and Rogalski about p: is
// its value one of set (bit v of set for the value v, so set holds
// values below 64), and which? It returns p's value and true when the
// value is in set, and 0 and false when it is not (including when set is
// empty). For a sum it values every component but the largest, as
// [Solver.Value] does, and asks the largest the set shifted by their
// XOR, m its largest value: the candidate tests of the package
// documentation, 0, 1, …, m, each stopping at the first option found to
// have the candidate value (and so a witness of each value below the
// position's), and no test above m. (The set search that answers such
// questions below the top would pin down the values of the options that
// lie in the set, where a test needs only a witness.) It costs no more
// than [Solver.Value] and usually much less: a position of value above m
// is left after m+1 witnesses. The workers divide the options at each
// test, as for [Solver.Value]. What it learns is stored in the table,
// and its errors are those of [Solver.Value].
func (s *Solver[P]) ValueIn(ctx context.Context, p P, set uint64) (_ sg.Nimber, _ bool, err error) {
	ctx, end := s.begin(ctx)
	defer func() { err = end(err) }()
	v, in, err := s.valueIn(ctx, p, set)
	if err != nil {
		return 0, false, fmt.Errorf("search: value of %v in a set: %w", p, err)
	}
	return v, in, nil
}

func (s *Solver[P]) valueIn(ctx context.Context, p P, set uint64) (sg.Nimber, bool, error) {
	comps := s.split(nil, p)
	if len(comps) == 0 || set == 0 {
		return 0, set&1 != 0, nil
	}
	c, x, err := s.othersValue(ctx, comps)
	if err != nil {
		return 0, false, err
	}
	in := func(v uint32) (sg.Nimber, bool, error) {
		if v^x < setBits && set&(1<<(v^x)) != 0 {
			return sg.Nimber(v ^ x), true, nil
		}
		return 0, false, nil
	}
	if v, ok := s.known(c); ok {
		return in(v)
	}
	if x >= setBits {
		v, err := s.componentValue(ctx, c)
		if err != nil {
			return 0, false, err
		}
		return in(v)
	}
	m := highest(xorSet(set, x))
	v, err := s.componentUpTo(ctx, c, m)
	if err != nil || v > m {
		return 0, false, err
	}
	return in(v)
}
