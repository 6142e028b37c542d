package solve

import (
	"context"
	"slices"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

// The bounds of HeapPart's move search, for the tests that count its
// value lookups.
const (
	SearchLimit = searchLimit
	SplitWork   = splitWork
)

// MustHeapPart returns the heaps under r valued by value, or by r's
// formula when value is nil; it panics when r has no formula and value is
// nil. Tests use it to value heaps by a function of their own (a certified
// period, or one that counts its calls).
func MustHeapPart(r game.HeapRule, value func(uint64) (sg.Nimber, bool), heaps ...uint64) *HeapPart {
	if value == nil {
		a, err := sequence.Solve(context.Background(), r, 0)
		if err != nil {
			panic(err)
		}
		p, err := NewHeapPart(a, heaps...)
		if err != nil {
			panic(err)
		}
		return p
	}
	p := &HeapPart{rule: r, value: value}
	for _, h := range heaps {
		if h > 0 {
			p.heaps = append(p.heaps, h)
		}
	}
	slices.Sort(p.heaps)
	return p
}
