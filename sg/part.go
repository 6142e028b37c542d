package sg

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"golang.org/x/exp/constraints"
)

// Component is a position of a game other than a Nim heap, as a part of a
// [Sum]: it can tell its value and move to an option of a given value.
// [PartOf] makes a [Part] of it; [Position] makes one of a position of a
// game solved by an engine.
type Component interface {
	// Value returns the position's Sprague–Grundy value.
	Value(ctx context.Context) (Nimber, error)
	// MoveTo returns an option of the position whose value is v, and
	// false when there is none. When v is less than the position's value
	// there always is one (that is what mex means).
	MoveTo(ctx context.Context, v Nimber) (Part, bool, error)
	// String describes the position for people.
	String() string
}

// Part is one position in a disjunctive sum: a Nim heap ([Heap]), held by
// its size, or a [Component] ([PartOf], [Position]), a position of any
// other game. Parts of one [Sum] may come from different games. A Part is
// a small value: making one of a heap, asking a heap's value or moving it
// costs no allocation and no dynamic call, whatever the heap's size.
//
// The zero Part is nim(0), the empty Nim heap. Parts compare with == as
// heaps of equal sizes, or as equal components (== panics, as Go's == on
// interfaces does, when a component's type is not comparable).
type Part struct {
	c Component // nil: a Nim heap of n tokens
	n uint64
}

// Heap returns a Nim heap of n tokens as a [Part]: its value is n, and it
// can move to any smaller size. Any integer type will do, so a size held
// in an int variable needs no conversion; sizes up to 2^64-1 cost nothing
// to solve. A negative n makes a part whose Value and MoveTo return an
// error naming n (the only case in which Heap allocates).
func Heap[N constraints.Integer](n N) Part {
	if n < 0 {
		return Part{c: negativeHeap(int64(n))}
	}
	return Part{n: uint64(n)}
}

// PartOf returns c as a [Part]. A nil c makes a part whose Value and
// MoveTo return an error.
func PartOf(c Component) Part {
	if c == nil {
		return Part{c: nilComponent{}}
	}
	return Part{c: c}
}

// Value returns the part's Sprague–Grundy value: a heap's size, in O(1),
// or the component's value.
func (p Part) Value(ctx context.Context) (Nimber, error) {
	if p.c == nil {
		return Nimber(p.n), nil
	}
	return p.c.Value(ctx)
}

// MoveTo returns an option of the part whose value is v, and false when
// there is none: for a heap, the heap of v tokens when v is less than its
// size (in O(1), allocating nothing); for a component, the component's
// answer.
func (p Part) MoveTo(ctx context.Context, v Nimber) (Part, bool, error) {
	if p.c == nil {
		if uint64(v) >= p.n {
			return Part{}, false, nil
		}
		return Part{n: uint64(v)}, true, nil
	}
	return p.c.MoveTo(ctx, v)
}

// String formats a heap as "nim(5)", and a component with its String
// ("<nil>" for [PartOf] of nil).
func (p Part) String() string {
	if p.c == nil {
		return "nim(" + strconv.FormatUint(p.n, 10) + ")"
	}
	return p.c.String()
}

// Heap returns the size of a Nim heap made by [Heap], and false for parts
// of other kinds (a component, a heap of negative size).
func (p Part) Heap() (uint64, bool) { return p.n, p.c == nil }

// Component returns the component a part was made of ([PartOf],
// [Position]), and false for a Nim heap and for [PartOf] of nil.
func (p Part) Component() (Component, bool) {
	switch p.c.(type) {
	case nil, negativeHeap, nilComponent:
		return nil, false
	}
	return p.c, true
}

// valid reports whether p can be played: it is not [PartOf] of nil.
func (p Part) valid() bool {
	_, isNil := p.c.(nilComponent)
	return !isNil
}

// errNilComponent is the error of a part made by [PartOf] of nil.
var errNilComponent = errors.New("sg: nil component")

// nilComponent is the component of [PartOf] of nil: every question about
// it fails.
type nilComponent struct{}

func (nilComponent) Value(context.Context) (Nimber, error) { return 0, errNilComponent }

func (nilComponent) MoveTo(context.Context, Nimber) (Part, bool, error) {
	return Part{}, false, errNilComponent
}

func (nilComponent) String() string { return "<nil>" }

// negativeHeap is the component of [Heap] of a negative size: every
// question about it fails with an error naming the size.
type negativeHeap int64

func (h negativeHeap) err() error { return fmt.Errorf("sg: Nim heap of negative size %d", int64(h)) }

func (h negativeHeap) Value(context.Context) (Nimber, error) { return 0, h.err() }

func (h negativeHeap) MoveTo(context.Context, Nimber) (Part, bool, error) {
	return Part{}, false, h.err()
}

func (h negativeHeap) String() string { return "nim(" + strconv.FormatInt(int64(h), 10) + ")" }

// Valuer is what a [Position] part needs from an engine: satisfied by
// [*Engine] and [*SharedEngine].
type Valuer[P comparable] interface {
	Value(ctx context.Context, p P) (Nimber, error)
	MovesTo(ctx context.Context, p P, v Nimber) ([]P, error)
}

// Position returns position p of the game solved by e as a [Part]. Several
// parts may share one engine (tokens on one graph), and then share its memo.
// Use a [SharedEngine] when parts are used from several goroutines. A nil
// e makes a part whose Value and MoveTo return an error naming p.
func Position[P comparable](e Valuer[P], p P) Part {
	return Part{c: position[P]{e: e, p: p}}
}

// position is the component of [Position].
type position[P comparable] struct {
	e Valuer[P]
	p P
}

func (q position[P]) Value(ctx context.Context) (Nimber, error) {
	if q.e == nil {
		return 0, q.noEngine()
	}
	return q.e.Value(ctx, q.p)
}

func (q position[P]) MoveTo(ctx context.Context, v Nimber) (Part, bool, error) {
	if q.e == nil {
		return Part{}, false, q.noEngine()
	}
	opts, err := q.e.MovesTo(ctx, q.p, v)
	if err != nil || len(opts) == 0 {
		return Part{}, false, err
	}
	return Part{c: position[P]{e: q.e, p: opts[0]}}, true, nil
}

func (q position[P]) noEngine() error { return fmt.Errorf("sg: position %v has no engine", q.p) }

func (q position[P]) String() string { return fmt.Sprint(q.p) }

// At returns the position of a part made by [Position], and false for
// parts of other kinds or another position type.
func At[P comparable](p Part) (P, bool) {
	q, ok := p.c.(position[P])
	return q.p, ok
}
