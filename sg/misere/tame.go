package misere

import (
	"context"
	"errors"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// ErrNotTame is wrapped by the error returned when a sum rule is asked about
// a part that is not tame.
var ErrNotTame = errors.New("game is not tame")

// IsTame reports whether p is tame: whether every position reachable from p,
// p included, has the genus of a Nim position (see [IsNimGenus]). Tame
// games are those that behave in sums like misère Nim (On Numbers and
// Games, ch. 12; Winning Ways, ch. 13, "tame and wild"): a sum of tame
// games is tame, and its outcome follows from the parts' genera by
// misère Nim's rule, which [Engine.SumOutcome] applies. The cost is a
// genus for every position reachable from p.
func (e *Engine[P]) IsTame(ctx context.Context, p P) (bool, error) {
	p = e.canonical(p)
	if e.tame == nil {
		e.tame = make(map[P]bool)
	}
	if t, ok := e.tame[p]; ok {
		return t, nil
	}
	// Visit every follower; each is memoized with its own verdict only
	// after all its options have been decided, so the walk is exact.
	type item struct {
		p    P
		done bool
	}
	stack := []item{{p: p}}
	onStack := map[P]bool{}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := e.tame[it.p]; ok {
			continue
		}
		if !it.done {
			if onStack[it.p] {
				return false, &sg.CycleError[P]{Position: it.p}
			}
			onStack[it.p] = true
			stack = append(stack, item{p: it.p, done: true})
			for _, q := range e.g.AppendMoves(nil, it.p) {
				q = e.canonical(q)
				if _, ok := e.tame[q]; !ok {
					stack = append(stack, item{p: q})
				}
			}
			continue
		}
		delete(onStack, it.p)
		gen, err := e.Genus(ctx, it.p)
		if err != nil {
			return false, err
		}
		ok := kindOf(gen) != wild
		for _, q := range e.g.AppendMoves(nil, it.p) {
			ok = ok && e.tame[e.canonical(q)]
		}
		e.tame[it.p] = ok
	}
	return e.tame[p], nil
}

// sumKind returns the nim-sum and whether some part is big, for tame parts.
func (e *Engine[P]) sumKind(ctx context.Context, parts []P) (sg.Nimber, bool, error) {
	var x sg.Nimber
	anyBig := false
	for i, p := range parts {
		t, err := e.IsTame(ctx, p)
		if err != nil {
			return 0, false, err
		}
		if !t {
			return 0, false, fmt.Errorf("misere: part %d (%s): %w", i, posString(p), ErrNotTame)
		}
		gen, err := e.Genus(ctx, p)
		if err != nil {
			return 0, false, err
		}
		x ^= gen.Normal
		anyBig = anyBig || kindOf(gen) == big
	}
	return x, anyBig, nil
}

// nimGenus returns the genus of a Nim position of nim-sum x that has a heap
// of 2 or more (big) or not.
func nimGenus(x sg.Nimber, isBig bool) Genus {
	if isBig {
		return Genus{Normal: x, Misere: []sg.Nimber{x, x ^ 2}}
	}
	if x == 0 {
		return Genus{Normal: 0, Misere: []sg.Nimber{1, 2, 0}}
	}
	return Genus{Normal: 1, Misere: []sg.Nimber{0, 3, 1}}
}

// SumGenus returns the genus of the sum of the tame parts, computed from
// the parts' genera alone as for misère Nim: the nim-sum g of their
// normal values, and 0^120 or 1^031 when every part has one of those
// genera, otherwise g^(g, g⊕2). A part that is not tame gives an error
// wrapping [ErrNotTame]: for wild games the genus of a sum is not a
// function of the parts' genera.
func (e *Engine[P]) SumGenus(ctx context.Context, parts ...P) (Genus, error) {
	x, isBig, err := e.sumKind(ctx, parts)
	if err != nil {
		return Genus{}, err
	}
	return nimGenus(x, isBig), nil
}

// SumOutcome returns the misère outcome of the sum of the tame parts by
// misère Nim's rule: when some part has a genus g^(g, g⊕2) the sum is P
// exactly when the nim-sum of the normal values is 0, and otherwise
// exactly when it is 1. Parts that are not tame give an error wrapping
// [ErrNotTame].
func (e *Engine[P]) SumOutcome(ctx context.Context, parts ...P) (sg.Outcome, error) {
	x, isBig, err := e.sumKind(ctx, parts)
	if err != nil {
		return 0, err
	}
	return sumOutcome(x, isBig), nil
}

func sumOutcome(x sg.Nimber, isBig bool) sg.Outcome {
	if (isBig && x == 0) || (!isBig && x == 1) {
		return sg.P
	}
	return sg.N
}

// SumWinningMove returns a winning move in the misère sum of the tame parts:
// the index of the part to move and the position it moves to, chosen so
// that the sum left is a misère P-position by [Engine.SumOutcome]'s rule.
// ok is false when the sum is a P-position (there is no winning move) and
// when no part has a move (the mover has already won).
func (e *Engine[P]) SumWinningMove(ctx context.Context, parts ...P) (part int, to P, ok bool, err error) {
	x, isBig, err := e.sumKind(ctx, parts)
	if err != nil {
		return 0, to, false, err
	}
	if sumOutcome(x, isBig) == sg.P {
		return 0, to, false, nil
	}
	bigs := 0
	kinds := make([]Genus, len(parts))
	for i, p := range parts {
		kinds[i], _ = e.Genus(ctx, p) // memoized by sumKind
		if kindOf(kinds[i]) == big {
			bigs++
		}
	}
	for i, p := range parts {
		rest := x ^ kinds[i].Normal
		restBig := bigs-b2i(kindOf(kinds[i]) == big) > 0
		for _, q := range e.g.AppendMoves(nil, p) {
			gq, err := e.Genus(ctx, q)
			if err != nil {
				return 0, to, false, err
			}
			if sumOutcome(rest^gq.Normal, restBig || kindOf(gq) == big) == sg.P {
				return i, q, true, nil
			}
		}
	}
	for _, p := range parts {
		if !game.Terminal(e.g, p) {
			// Unreachable for tame parts: a tame N-position with a move
			// has a move to a P-position.
			return 0, to, false, fmt.Errorf("misere: no winning move found in a tame sum of nim-sum %d: %w", x, ErrNotTame)
		}
	}
	return 0, to, false, nil // no move at all: the mover has already won
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
