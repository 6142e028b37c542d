package sg

import (
	"context"
	"fmt"
	"strings"
)

// Sum is a disjunctive sum of positions of any games: a move is a move in
// exactly one part. By the Sprague–Grundy theorem its value is the XOR of
// its parts' values, so it is solved part by part and never as a product.
type Sum []Part

// SumMove is a move in a [Sum]: part Index becomes To.
type SumMove struct {
	Index int
	To    Part
}

// String formats the move as "part i → to".
func (m SumMove) String() string { return fmt.Sprintf("part %d → %v", m.Index, m.To) }

// Values returns the values of the parts, in order, in one new slice. It
// returns an error naming the part, by its index from 0, whose value
// fails.
func (s Sum) Values(ctx context.Context) ([]Nimber, error) {
	return s.appendValues(ctx, make([]Nimber, 0, len(s)))
}

// appendValues appends the values of the parts to dst.
func (s Sum) appendValues(ctx context.Context, dst []Nimber) ([]Nimber, error) {
	for i := range s {
		v, err := partValue(ctx, i, &s[i])
		if err != nil {
			return nil, err
		}
		dst = append(dst, v)
	}
	return dst, nil
}

// partValue returns the value of p, part i of a sum: a heap's size, with
// no call, or its component's value, with an error naming i.
func partValue(ctx context.Context, i int, p *Part) (Nimber, error) {
	if p.c == nil {
		return Nimber(p.n), nil
	}
	v, err := p.c.Value(ctx)
	if err != nil {
		return 0, fmt.Errorf("sg: part %d (%v): %w", i, p.c, err)
	}
	return v, nil
}

// Value returns the value of the sum: the XOR of its parts' values. It
// costs one Value a part and allocates nothing of its own (a [Heap] costs
// a load, with no call); it returns an error naming the part whose value
// fails (a [PartOf] of nil, a [Heap] of negative size).
func (s Sum) Value(ctx context.Context) (Nimber, error) {
	var x Nimber
	for i := range s {
		v, err := partValue(ctx, i, &s[i])
		if err != nil {
			return 0, err
		}
		x ^= v
	}
	return x, nil
}

// Outcome returns the outcome of the sum, at the cost of [Sum.Value].
func (s Sum) Outcome(ctx context.Context) (Outcome, error) {
	v, err := s.Value(ctx)
	return OutcomeOf(v), err
}

// WinningMoves returns one winning move in each part where there is one:
// with x the value of the sum and v the value of part i, part i has a
// winning move exactly when v ⊕ x < v, and the move takes it to a position
// of value v ⊕ x (Bouton's rule applied to values). The result is empty
// when the sum is a P-position.
func (s Sum) WinningMoves(ctx context.Context) ([]SumMove, error) {
	var out []SumMove
	err := s.eachWinningMove(ctx, func(m SumMove) bool {
		out = append(out, m)
		return true
	})
	return out, err
}

// WinningMove returns the winning move in the first part that has one, and
// false when the sum is a P-position. It asks each part for its value once
// and one part for a move, where WinningMoves asks every part that has
// one; in O(len(s)) beyond those calls, and with no allocation of its own
// for sums of up to 16 parts (none at all when the parts are Nim heaps).
// It returns an error naming the part whose value or move fails.
func (s Sum) WinningMove(ctx context.Context) (SumMove, bool, error) {
	var move SumMove
	found := false
	err := s.eachWinningMove(ctx, func(m SumMove) bool {
		move, found = m, true
		return false
	})
	return move, found, err
}

// eachWinningMove calls f with the winning move of each part that has one,
// in order, until f returns false.
func (s Sum) eachWinningMove(ctx context.Context, f func(SumMove) bool) error {
	var buf [16]Nimber // on the stack: a sum of up to 16 parts allocates nothing here
	vs, err := s.appendValues(ctx, buf[:0])
	if err != nil {
		return err
	}
	x := NimSum(vs...)
	if x == 0 {
		return nil
	}
	for i, v := range vs {
		t := v ^ x
		if t >= v {
			continue
		}
		q, ok, err := s[i].MoveTo(ctx, t)
		if err != nil {
			return fmt.Errorf("sg: part %d (%v): %w", i, s[i], err)
		}
		if !ok {
			return fmt.Errorf("sg: part %d (%v) of value %v has no option of value %v", i, s[i], v, t)
		}
		if !f(SumMove{Index: i, To: q}) {
			return nil
		}
	}
	return nil
}

// Play returns a new sum with move m made; s is not changed. It returns
// an error naming m.Index when it is not the index of a part, or when m.To
// is [PartOf] of nil.
func (s Sum) Play(m SumMove) (Sum, error) {
	if uint(m.Index) >= uint(len(s)) {
		return nil, fmt.Errorf("sg: move in part %d of a sum of %d parts", m.Index, len(s))
	}
	if !m.To.valid() {
		return nil, fmt.Errorf("sg: move in part %d to a nil part", m.Index)
	}
	t := append(Sum(nil), s...)
	t[m.Index] = m.To
	return t, nil
}

// String lists the parts as "a + b + c".
func (s Sum) String() string {
	parts := make([]string, len(s))
	for i, p := range s {
		parts[i] = p.String()
	}
	return strings.Join(parts, " + ")
}
