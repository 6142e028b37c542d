package rulesets

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// ValueFunc gives G(n) for a heap of n tokens, and false when it does not
// know it. [ValueOf] (closed forms) is one; a certified period is another:
//
//	func(n uint64) (sg.Nimber, bool) { return per.ValueAt(seq, n) }
type ValueFunc func(n uint64) (sg.Nimber, bool)

// SearchLimit bounds how far [HeapPart.MoveTo] looks for a move in one
// heap: move sizes up to SearchLimit, heaps left up to SearchLimit tokens,
// and the smaller part of a split up to SearchLimit.
const SearchLimit = 1 << 16

// HeapPart is a position of a heap game, some heaps played under one rule,
// as an [sg.Part]: heaps of different games then add up in an [sg.Sum],
// as in the seed notes' composite game (one heap of take-1-to-3, one of
// take-an-odd-number, and Nim heaps):
//
//	sum := sg.Sum{
//		rulesets.MustHeapPart(bash3, nil, 7),
//		rulesets.MustHeapPart(rulesets.Odd(), nil, 6),
//		sg.Heap(5),
//	}
//
// Heaps may be as large as 2^64-1: values come from a [ValueFunc] (the
// rule's closed form when none is given), never from a table of all
// smaller heaps, so a winning move in a sum of huge heaps is found in
// O([SearchLimit]) time per heap at worst. A HeapPart is immutable and safe
// for concurrent use when its ValueFunc is.
type HeapPart struct {
	rule  game.HeapRule
	value ValueFunc
	heaps []uint64 // nonempty heaps, sorted
}

// NewHeapPart returns the position made of the given heaps (zeros are
// dropped) under rule r, valued by value, or by r's closed form when value
// is nil. It returns an error when value is nil and r has no closed form.
func NewHeapPart(r game.HeapRule, value ValueFunc, heaps ...uint64) (*HeapPart, error) {
	if value == nil {
		_, ok := r.(ClosedForm)
		if t, isCode := r.(*TakeBreak); isCode {
			ok = t.form != closedNone
		}
		if !ok {
			return nil, fmt.Errorf("rulesets: %v has no closed form: pass a ValueFunc (from a certified period)", r)
		}
		value = func(n uint64) (sg.Nimber, bool) { return ValueOf(r, n) }
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

// MustHeapPart is like [NewHeapPart] but panics on error; it is for rules
// known to have a closed form, in examples and tests.
func MustHeapPart(r game.HeapRule, value ValueFunc, heaps ...uint64) *HeapPart {
	p, err := NewHeapPart(r, value, heaps...)
	if err != nil {
		panic(err)
	}
	return p
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
		return 0, fmt.Errorf("rulesets: %v: no value known for heap %d", p.rule, n)
	}
	return v, nil
}

// MoveTo returns a position reached by one move whose value is v, and
// false when none exists (or none was found within [SearchLimit]). It
// tries each heap in turn, looking for a move that leaves it with value
// G(heap) ⊕ x ⊕ v (x the current value), among moves that leave at most two
// heaps and, when at most 40 tokens remain, moves into more heaps.
func (p *HeapPart) MoveTo(ctx context.Context, v sg.Nimber) (sg.Part, bool, error) {
	x, err := p.Value(ctx)
	if err != nil {
		return nil, false, err
	}
	for i, h := range p.heaps {
		g, _ := p.heapValue(h)
		want := g ^ x ^ v
		parts, ok, err := p.heapMoveTo(ctx, h, want)
		if err != nil {
			return nil, false, err
		}
		if ok {
			next := slices.Concat(p.heaps[:i], p.heaps[i+1:])
			for _, h := range parts {
				if h > 0 {
					next = append(next, h)
				}
			}
			slices.Sort(next)
			return &HeapPart{rule: p.rule, value: p.value, heaps: next}, true, nil
		}
	}
	return nil, false, nil
}

// heapMoveTo finds a move from one heap of n to heaps of total value want.
func (p *HeapPart) heapMoveTo(ctx context.Context, n uint64, want sg.Nimber) ([]uint64, bool, error) {
	if n <= SearchLimit {
		return p.smallHeapMoveTo(ctx, int(n), want)
	}
	t, ok := p.rule.(*TakeBreak)
	if !ok {
		if _, any := p.rule.(AnyAnywhereRule); any && uint64(want) < n {
			return []uint64{uint64(want)}, true, nil
		}
		return nil, false, nil
	}
	if t.form == closedNim && uint64(want) < n {
		return []uint64{uint64(want)}, true, nil // take n - want, leaving one heap
	}
	if t.form == closedLasker {
		// G swaps 4k+3 and 4k+4 and fixes the rest, so it is its own
		// inverse; when that heap is not smaller (v = n = 4k+3), the split
		// (1, n-1) has value 1 ⊕ (4k+2) = n, and the search below finds it.
		if r, ok := laskerValue(uint64(want)); ok && uint64(r) < n {
			return []uint64{uint64(r)}, true, nil
		}
	}
	// Small takes (k ≤ SearchLimit), then small remainders (n-k ≤ SearchLimit).
	try := func(k uint64) ([]uint64, bool) {
		d := t.digitU(k)
		rem := n - k
		if d&2 != 0 && rem > 0 {
			if g, ok := p.value(rem); ok && g == want {
				return []uint64{rem}, true
			}
		}
		if d&4 != 0 && rem >= 2 {
			for a := uint64(1); a <= rem/2 && a <= SearchLimit; a++ {
				ga, ok1 := p.value(a)
				gb, ok2 := p.value(rem - a)
				if ok1 && ok2 && ga^gb == want {
					return []uint64{a, rem - a}, true
				}
			}
		}
		return nil, false
	}
	for k := uint64(0); k <= SearchLimit; k++ {
		if k%1024 == 0 && ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		if parts, ok := try(k); ok {
			return parts, true, nil
		}
	}
	for rem := uint64(0); rem <= SearchLimit; rem++ {
		d := t.digitU(n - rem)
		if d&1 != 0 && rem == 0 && want == 0 {
			return nil, true, nil
		}
		if d&2 != 0 && rem > 0 {
			if g, ok := p.value(rem); ok && g == want {
				return []uint64{rem}, true, nil
			}
		}
	}
	return nil, false, nil
}

// smallHeapMoveTo enumerates the rule's moves from a heap of n ≤
// SearchLimit that leave at most two heaps.
func (p *HeapPart) smallHeapMoveTo(ctx context.Context, n int, want sg.Nimber) ([]uint64, bool, error) {
	moves := p.rule.AppendHeapMoves(nil, n)
	for i, m := range moves {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		switch m.Parts {
		case 0:
			if want == 0 {
				return nil, true, nil
			}
		case 1:
			if g, ok := p.value(uint64(m.Remain)); ok && g == want {
				return []uint64{uint64(m.Remain)}, true, nil
			}
		case 2:
			for a := 1; 2*a <= m.Remain; a++ {
				b := m.Remain - a
				if m.Unequal && a == b {
					continue
				}
				ga, ok1 := p.value(uint64(a))
				gb, ok2 := p.value(uint64(b))
				if ok1 && ok2 && ga^gb == want {
					return []uint64{uint64(a), uint64(b)}, true, nil
				}
			}
		default:
			if m.Remain <= maxSplitSearch {
				if parts, ok := p.splitTo(m, want); ok {
					return parts, true, nil
				}
			}
		}
	}
	return nil, false, nil
}

// maxSplitSearch bounds the tokens left by a move into three or more heaps
// that MoveTo enumerates: the partitions of 40 number 37,338.
const maxSplitSearch = 40

// splitTo looks for a way to leave m.Remain tokens as m.Parts heaps
// (nondecreasing, or increasing when m.Unequal) whose values XOR to want.
func (p *HeapPart) splitTo(m game.HeapMove, want sg.Nimber) ([]uint64, bool) {
	parts := make([]uint64, 0, m.Parts)
	var rec func(left uint64, k int, lo uint64, x sg.Nimber) bool
	rec = func(left uint64, k int, lo uint64, x sg.Nimber) bool {
		if k == 1 {
			if left < lo {
				return false
			}
			g, ok := p.value(left)
			if ok && x^g == want {
				parts = append(parts, left)
				return true
			}
			return false
		}
		for a := lo; a*uint64(k) <= left; a++ {
			g, ok := p.value(a)
			if !ok {
				continue
			}
			parts = append(parts, a)
			next := a
			if m.Unequal {
				next = a + 1
			}
			if rec(left-a, k-1, next, x^g) {
				return true
			}
			parts = parts[:len(parts)-1]
		}
		return false
	}
	if rec(uint64(m.Remain), m.Parts, 1, 0) {
		return parts, true
	}
	return nil, false
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

// digitU is Digit for move sizes up to 2^64-1.
func (t *TakeBreak) digitU(k uint64) uint32 {
	if k <= uint64(int(^uint(0)>>1)) {
		return t.Digit(int(k))
	}
	switch {
	case t.rule != nil:
		return t.rule(k)
	case len(t.repeat) == 0:
		return 0
	}
	return t.repeat[(k-uint64(len(t.digits)))%uint64(len(t.repeat))]
}
