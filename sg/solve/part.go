package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

// valueFunc gives G(n) for a heap of n tokens, and false when it is not
// known.
type valueFunc func(n uint64) (sg.Nimber, bool)

// searchLimit bounds how far [HeapPart.MoveTo] looks for a move in one
// heap: move sizes up to searchLimit (2^16), heaps left up to searchLimit
// tokens, and the smaller part of a split up to searchLimit.
const searchLimit = 1 << 16

// splitWork bounds the value lookups [HeapPart.MoveTo] spends, for one
// heap, on moves that leave two or more heaps (2^22): a heap of n may be
// split in about n/2 ways after each of up to n move sizes, so without a
// bound the search would cost O(searchLimit²). Moves that leave at most
// one heap are always all tried first.
const splitWork = 1 << 22

// HeapPart is a position of a heap game, some heaps played under one rule,
// as an [sg.Component] (an [sg.Part] by [sg.PartOf]): heaps of different
// games then add up in an [sg.Sum],
// as in this sum of one heap of take-1-to-3, one of take-an-odd-number,
// and Nim heaps:
//
//	a, err := sequence.Solve(ctx, bash3, 0) // a formula: nothing computed
//	...
//	b, err := sequence.Solve(ctx, rulesets.Odd(), 0)
//	...
//	p, err := solve.NewHeapPart(a, 7)
//	q, err := solve.NewHeapPart(b, 6)
//	sum := sg.Sum{sg.PartOf(p), sg.PartOf(q), sg.Heap(5)}
//
// Heaps may be as large as 2^64-1: values come from a
// [sequence.Answer] (a formula or a certified period), never from a table
// of all smaller heaps. Finding a move costs O(1) per heap for the rules whose
// formula names the move (a [game.FormulaMover]: the Nim-like codes such
// as 0.[3] and 0.[7], any-anywhere, Lasker's Nim) and otherwise at most about 2^16 + 2^22
// value lookups per heap (move sizes and heaps left up to 2^16 tokens,
// then at most 2^22 lookups for splits, including the splits into three
// or more heaps of at most 40 tokens), whatever the heap size. A HeapPart
// is immutable and safe for concurrent use.
type HeapPart struct {
	rule  game.HeapRule
	value valueFunc
	heaps []uint64 // nonempty heaps, sorted
}

// NewHeapPart returns the position made of the given heaps (zeros are
// dropped) under the rule of a, valued by a: see [sequence.Solve]. It
// returns an error when a is nil, or when a knows only a computed prefix
// (no formula and no certified period) that does not hold every heap
// given; moves are then searched only among heaps a knows.
func NewHeapPart(a *sequence.Answer, heaps ...uint64) (*HeapPart, error) {
	if a == nil {
		return nil, errors.New("solve: NewHeapPart: nil answer")
	}
	r := a.Rule()
	for _, h := range heaps {
		if !a.Known(h) {
			return nil, fmt.Errorf("solve: %v: heap %d is past the %d values known, with no formula or certified period", r, h, a.Len())
		}
	}
	value := func(n uint64) (sg.Nimber, bool) {
		if !a.Known(n) {
			return 0, false
		}
		v, err := a.At(n)
		return v, err == nil
	}
	hs := make([]uint64, 0, len(heaps))
	for _, h := range heaps {
		if h > 0 {
			hs = append(hs, h)
		}
	}
	slices.Sort(hs)
	return &HeapPart{rule: r, value: value, heaps: hs}, nil
}

// Heaps returns a copy of the heap sizes, smallest first.
func (p *HeapPart) Heaps() []uint64 { return slices.Clone(p.heaps) }

// Rule returns the rule the heaps are played under.
func (p *HeapPart) Rule() game.HeapRule { return p.rule }

// Value returns the XOR of the heaps' values.
func (p *HeapPart) Value(ctx context.Context) (sg.Nimber, error) {
	var x sg.Nimber
	for _, h := range p.heaps {
		v, err := p.heapValue(h)
		if err != nil {
			return 0, err
		}
		x ^= v
	}
	return x, ctx.Err()
}

func (p *HeapPart) heapValue(n uint64) (sg.Nimber, error) {
	if n == 0 {
		return 0, nil
	}
	v, ok := p.value(n)
	if !ok {
		return 0, fmt.Errorf("solve: %v: no value known for heap %d", p.rule, n)
	}
	return v, nil
}

// MoveTo returns a position reached by one move whose value is v, and
// false when none exists (or none was found within the bounds described
// at [HeapPart]). It tries each heap in turn, looking for a move that leaves
// it with value G(heap) ⊕ x ⊕ v (x the current value): from the formula
// when the rule's names the move, else among the moves that leave at most
// one heap, then those that leave two heaps and, when at most 40 tokens
// remain, more. It returns ctx's error when ctx is done during the search.
// The position reached is a HeapPart, as [sg.Part.Component] tells.
func (p *HeapPart) MoveTo(ctx context.Context, v sg.Nimber) (sg.Part, bool, error) {
	x, err := p.Value(ctx)
	if err != nil {
		return sg.Part{}, false, err
	}
	for i, h := range p.heaps {
		g, _ := p.heapValue(h)
		want := g ^ x ^ v
		parts, ok, err := p.heapMoveTo(ctx, h, want)
		if err != nil {
			return sg.Part{}, false, err
		}
		if ok {
			next := make([]uint64, 0, len(p.heaps)-1+len(parts))
			next = append(next, p.heaps[:i]...)
			next = append(next, p.heaps[i+1:]...)
			for _, h := range parts {
				if h > 0 {
					next = append(next, h)
				}
			}
			slices.Sort(next)
			return sg.PartOf(&HeapPart{rule: p.rule, value: p.value, heaps: next}), true, nil
		}
	}
	return sg.Part{}, false, nil
}

// heapMoveTo finds a move from one heap of n to heaps of total value want.
func (p *HeapPart) heapMoveTo(ctx context.Context, n uint64, want sg.Nimber) ([]uint64, bool, error) {
	if parts, ok, known := p.formulaMove(n, want); known {
		return parts, ok, nil
	}
	s := &moveSearch{ctx: ctx, value: p.value, left: splitWork}
	if n <= searchLimit {
		return s.smallHeap(p.rule, int(n), want)
	}
	if t, ok := p.rule.(game.TakeBreakRule); ok {
		return s.largeHeap(t, n, want)
	}
	return nil, false, nil
}

// formulaMove answers from the rule's formula, in O(1), for the rules
// whose formula names a move ([game.FormulaMover]): known is false for
// the others.
func (p *HeapPart) formulaMove(n uint64, want sg.Nimber) (parts []uint64, ok, known bool) {
	fm, isMover := p.rule.(game.FormulaMover)
	if !isMover {
		return nil, false, false
	}
	return fm.FormulaMove(n, want)
}

// moveSearch is the state of one heap's search for a move: the context,
// checked every 1024 steps, and the value lookups left for splits.
type moveSearch struct {
	ctx   context.Context
	value valueFunc
	left  int // value lookups left for splits (of splitWork)
	steps int // steps since ctx was checked
}

// step counts one step of the search and returns ctx's error every 1024
// steps.
func (s *moveSearch) step() error {
	if s.steps++; s.steps < 1024 {
		return nil
	}
	s.steps = 0
	return s.ctx.Err()
}

// spend takes k value lookups from the split budget, reporting false when
// it is spent.
func (s *moveSearch) spend(k int) (bool, error) {
	if s.left < k {
		return false, nil
	}
	s.left -= k
	return true, s.step()
}

// xor returns the XOR of the values of the heaps, false when one is not
// known.
func (s *moveSearch) xor(heaps []int) (sg.Nimber, bool) {
	var x sg.Nimber
	for _, h := range heaps {
		g, ok := s.value(uint64(h))
		if !ok {
			return 0, false
		}
		x ^= g
	}
	return x, true
}

// is reports whether the heap h (0: none) has value want.
func (s *moveSearch) is(h uint64, want sg.Nimber) bool {
	if h == 0 {
		return want == 0
	}
	g, ok := s.value(h)
	return ok && g == want
}

// maxSplitSearch bounds the tokens left by a move into three or more heaps
// that MoveTo enumerates: the partitions of 40 number 37,338.
const maxSplitSearch = 40

// smallHeap enumerates the rule's moves from a heap of n ≤ searchLimit:
// first those that leave at most one heap, then the splits, within the
// budget.
func (s *moveSearch) smallHeap(r game.HeapRule, n int, want sg.Nimber) ([]uint64, bool, error) {
	moves := r.AppendHeapMoves(nil, n)
	for _, m := range moves {
		if err := s.step(); err != nil {
			return nil, false, err
		}
		if m.Parts <= 1 && s.is(uint64(m.Remain), want) {
			return []uint64{uint64(m.Remain)}, true, nil
		}
	}
	for _, m := range moves {
		if m.Parts <= 1 || (m.Parts > 2 && m.Remain > maxSplitSearch) {
			continue
		}
		for parts := range game.Partitions(m) {
			ok, err := s.spend(len(parts))
			if err != nil || !ok {
				return nil, false, err
			}
			if x, ok := s.xor(parts); ok && x == want {
				out := make([]uint64, len(parts))
				for i, h := range parts {
					out[i] = uint64(h)
				}
				return out, true, nil
			}
		}
	}
	return nil, false, nil
}

// largeHeap looks for a move from a heap of n > searchLimit under a
// take-and-break code: one heap left after a small take (k ≤
// searchLimit) or a small heap left (n-k ≤ searchLimit), nothing left, and
// then two heaps after a small take, the smaller one up to searchLimit,
// within the budget.
func (s *moveSearch) largeHeap(t game.TakeBreakRule, n uint64, want sg.Nimber) ([]uint64, bool, error) {
	for k := uint64(1); k <= searchLimit; k++ {
		if err := s.step(); err != nil {
			return nil, false, err
		}
		if digitOf(t, k)&2 != 0 && s.is(n-k, want) {
			return []uint64{n - k}, true, nil
		}
	}
	for rem := uint64(0); rem <= searchLimit; rem++ {
		if err := s.step(); err != nil {
			return nil, false, err
		}
		d := digitOf(t, n-rem)
		if rem == 0 && d&1 != 0 && want == 0 {
			return nil, true, nil
		}
		if rem > 0 && d&2 != 0 && s.is(rem, want) {
			return []uint64{rem}, true, nil
		}
	}
	for k := uint64(0); k <= searchLimit; k++ {
		if digitOf(t, k)&4 == 0 {
			if err := s.step(); err != nil {
				return nil, false, err
			}
			continue
		}
		rem := n - k
		for a := uint64(1); a <= rem/2 && a <= searchLimit; a++ {
			ok, err := s.spend(2)
			if err != nil || !ok {
				return nil, false, err
			}
			ga, ok1 := s.value(a)
			gb, ok2 := s.value(rem - a)
			if ok1 && ok2 && ga^gb == want {
				return []uint64{a, rem - a}, true, nil
			}
		}
	}
	return nil, false, nil
}

// String formats the position as "kayles(3, 7)".
func (p *HeapPart) String() string {
	var b strings.Builder
	b.WriteString(fmt.Sprint(p.rule))
	b.WriteByte('(')
	for i, h := range p.heaps {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatUint(h, 10))
	}
	b.WriteByte(')')
	return b.String()
}

// digitOf is t's digit for a move of k tokens, k up to 2^64-1: through
// [game.WideDigits] past the range of int, and 0 there for a rule without
// it.
func digitOf(t game.TakeBreakRule, k uint64) uint32 {
	if k <= uint64(int(^uint(0)>>1)) {
		return t.Digit(int(k))
	}
	if w, ok := t.(game.WideDigits); ok {
		return w.DigitOf(k)
	}
	return 0
}
