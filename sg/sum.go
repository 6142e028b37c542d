package sg

import (
	"context"
	"fmt"
	"strings"
)

// Part is one position in a disjunctive sum: a position of some game that
// can tell its value and move to an option of a given value. Parts of one
// [Sum] may come from different games: a subtraction-game heap, a Nim heap
// ([Heap]), a token on a graph ([Position] over a game.Digraph engine).
type Part interface {
	// Value returns the position's Sprague–Grundy value.
	Value(ctx context.Context) (Nimber, error)
	// MoveTo returns an option of the position whose value is v, and
	// false when there is none. When v is less than the position's value
	// there always is one (that is what mex means).
	MoveTo(ctx context.Context, v Nimber) (Part, bool, error)
	// String describes the position for people.
	String() string
}

// Sum is a disjunctive sum of positions of any games: a move is a move in
// exactly one part. By the Sprague–Grundy theorem its value is the XOR of
// its parts' values, so it is solved part by part and never as a product.
type Sum []Part

// SumMove is a move in a [Sum]: part Index becomes To.
type SumMove struct {
	Index int
	To    Part
}

// String formats the move as "part i: from → to" without the from.
func (m SumMove) String() string { return fmt.Sprintf("part %d → %v", m.Index, m.To) }

// Values returns the values of the parts, in order. It returns an error
// naming the part, by its index from 0, whose value fails or that is nil.
func (s Sum) Values(ctx context.Context) ([]Nimber, error) {
	return s.appendValues(ctx, make([]Nimber, 0, len(s)))
}

// appendValues appends the values of the parts to dst.
func (s Sum) appendValues(ctx context.Context, dst []Nimber) ([]Nimber, error) {
	for i, p := range s {
		v, err := partValue(ctx, i, p)
		if err != nil {
			return nil, err
		}
		dst = append(dst, v)
	}
	return dst, nil
}

// partValue returns the value of p, part i of a sum. A [Heap] costs no
// call.
func partValue(ctx context.Context, i int, p Part) (Nimber, error) {
	switch q := p.(type) {
	case Heap:
		return Nimber(q), nil
	case nil:
		return 0, fmt.Errorf("sg: part %d is nil", i)
	}
	v, err := p.Value(ctx)
	if err != nil {
		return 0, fmt.Errorf("sg: part %d (%v): %w", i, p, err)
	}
	return v, nil
}

// Value returns the value of the sum: the XOR of its parts' values. It
// costs one Value a part and allocates nothing of its own (a [Heap] costs
// a load); it returns an error naming the part whose value fails or that
// is nil.
func (s Sum) Value(ctx context.Context) (Nimber, error) {
	var x Nimber
	for i, p := range s {
		v, err := partValue(ctx, i, p)
		if err != nil {
			return 0, err
		}
		x ^= v
	}
	return x, nil
}

// Outcome returns the outcome of the sum.
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
// false when the sum is a P-position. It asks one part for a move, where
// WinningMoves asks every part that has one.
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
// is nil.
func (s Sum) Play(m SumMove) (Sum, error) {
	if uint(m.Index) >= uint(len(s)) {
		return nil, fmt.Errorf("sg: move in part %d of a sum of %d parts", m.Index, len(s))
	}
	if m.To == nil {
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
		if p == nil {
			parts[i] = "<nil>"
			continue
		}
		parts[i] = p.String()
	}
	return strings.Join(parts, " + ")
}

// Heap is a Nim heap as a [Part]: its value is its size, and it can move to
// any smaller size. Heaps up to 2^64-1 cost nothing to solve.
type Heap uint64

// Value returns the heap's size.
func (h Heap) Value(context.Context) (Nimber, error) { return Nimber(h), nil }

// MoveTo returns the heap of size v when v < h.
func (h Heap) MoveTo(_ context.Context, v Nimber) (Part, bool, error) {
	if uint64(v) >= uint64(h) {
		return nil, false, nil
	}
	return Heap(v), true, nil
}

// String formats the heap as "nim(5)".
func (h Heap) String() string { return fmt.Sprintf("nim(%d)", uint64(h)) }

// Valuer is what a [Position] part needs from an engine: satisfied by
// [*Engine] and [*SharedEngine].
type Valuer[P comparable] interface {
	Value(ctx context.Context, p P) (Nimber, error)
	MovesTo(ctx context.Context, p P, v Nimber) ([]P, error)
}

// Position returns position p of the game solved by e as a [Part]. Several
// parts may share one engine (tokens on one graph), and then share its memo.
// Use a [SharedEngine] when parts are used from several goroutines.
func Position[P comparable](e Valuer[P], p P) Part {
	return position[P]{e: e, p: p}
}

type position[P comparable] struct {
	e Valuer[P]
	p P
}

func (q position[P]) Value(ctx context.Context) (Nimber, error) { return q.e.Value(ctx, q.p) }

func (q position[P]) MoveTo(ctx context.Context, v Nimber) (Part, bool, error) {
	opts, err := q.e.MovesTo(ctx, q.p, v)
	if err != nil || len(opts) == 0 {
		return nil, false, err
	}
	return position[P]{e: q.e, p: opts[0]}, true, nil
}

func (q position[P]) String() string { return fmt.Sprint(q.p) }

// At returns the position of a part made by [Position], and false for
// parts of other kinds or another position type.
func At[P comparable](p Part) (P, bool) {
	q, ok := p.(position[P])
	return q.p, ok
}
