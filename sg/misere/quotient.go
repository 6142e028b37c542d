package misere

import (
	"context"
	"fmt"
	"slices"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// DefaultMaxElements bounds the order of a computed misère quotient unless
// [WithMaxElements] says otherwise.
const DefaultMaxElements = 1 << 12

// MaxHeapBound is the largest heap bound [NewQuotient] accepts. Far smaller
// bounds already exhaust the position limit for most games; the bound only
// keeps a mistyped number from being taken at its word.
const MaxHeapBound = 1 << 12

// WithMaxElements bounds the order of a quotient: a computation that finds
// more elements stops with a [*sg.LimitError] of Bound "elements". n ≤ 0
// means no bound.
func WithMaxElements(n int) Option {
	return func(c *config) { c.maxElements = n }
}

// WithQuotientProgress asks for f to be called after each heap (each
// component, for a [GameQuotient]) a quotient computation completes, and
// after each pass of exhaustive search over them. f runs on the computing
// goroutine.
func WithQuotientProgress(f func(Progress)) Option {
	return func(c *config) { c.qprogress = f }
}

// Progress reports the advance of a quotient computation.
type Progress struct {
	// Heap is the heap size (the component number) just completed, and
	// Max the bound asked for.
	Heap, Max int
	// Round counts the passes over the heaps when the quotient is computed
	// by exhaustive search: each pass tests equality of positions against
	// a larger set of positions, until no class splits. It is 0 when heap
	// Heap was adjoined to the quotient of the smaller heaps (see
	// [NewQuotient]).
	Round int
	// Order is the number of elements found so far in this round.
	Order int
	// Positions is the number of positions whose misère outcomes are
	// held: memoized by exhaustive search, plus those of the last split
	// pass at heap Heap (see [NewQuotient]).
	Positions int
}

// Quotient is the misère quotient of a heap game (an octal game, or any
// [game.HeapRule]) restricted to heaps of at most Max tokens (Plambeck,
// Taming the wild in impartial combinatorial games, INTEGERS 5 (2005) G5;
// Plambeck and Siegel, Misère quotients for impartial games, J. Combin.
// Theory Ser. A 115 (2008)). Its elements are the classes of positions
// (sums of such heaps) that no sum with another such position tells apart
// under misère play; they form a commutative monoid under the sum of
// positions, numbered 0 (the empty position) to Order()-1. The pretending
// function maps each heap size to its element, and a position is a misère
// P-position exactly when the product of its heaps' elements lies in the
// P-portion.
//
// Elements are named by words in generators a, b, c, … (the heaps whose
// classes are not products of smaller heaps' classes), with exponents, as
// "ab^2"; the identity is "1".
//
// A Quotient keeps its outcome memo, so [Quotient.Extend] resumes a
// computation at a larger bound. It is not safe for concurrent use while
// Extend runs; its other methods only read it.
type Quotient struct {
	quotient
	rule game.HeapRule
}

// NewQuotient computes the misère quotient of the heap game played with
// rule r (an octal game such as rulesets.ParseCode(".07") returns, or any
// [game.HeapRule]) restricted to heaps of at most n tokens. Heap h is
// component h of the construction the package documentation describes:
// adjoined heap after heap, each candidate proven exact before it is
// kept.
//
// Reach: 0.07 to heap 33 (638 elements; 360 at heap 30, the figure
// Siegel reports); Kayles and misère Nim heap after heap to any bound the
// position limit allows.
//
// Errors: a nil rule; n outside 0…MaxHeapBound; a [*sg.LimitError] (a
// quotient or candidate past the element limit, an outcome search or
// split pass past the position limit or 2^23 outcomes, a proof past
// [MaxVerifyStates] states); a done context. The last two name the heap
// reached, and what was computed is kept: call Extend on the returned
// quotient (non-nil with these errors) to resume.
func NewQuotient(ctx context.Context, r game.HeapRule, n int, opts ...Option) (*Quotient, error) {
	if r == nil {
		return nil, fmt.Errorf("misere: NewQuotient of a nil heap rule")
	}
	q := &Quotient{quotient: newCore(heapRules{r}, "heap", "misere.NewQuotient", opts), rule: r}
	return q, q.Extend(ctx, n)
}

// Extend computes the quotient for heaps of at most n tokens, reusing the
// outcomes and test positions of the earlier computation; it does nothing
// when n is not above the current bound. On error the quotient keeps its
// last completed bound.
func (q *Quotient) Extend(ctx context.Context, n int) error {
	if n < 0 || n > MaxHeapBound {
		return fmt.Errorf("misere: heap bound %d: want 0 to %d", n, MaxHeapBound)
	}
	return q.extend(ctx, n)
}

// Code returns the code of the game: its rule's Code method's result when
// it has one (as an octal rule of package rulesets does), else its
// String's, else "?".
func (q *Quotient) Code() string {
	switch r := q.rule.(type) {
	case interface{ Code() string }:
		return r.Code()
	case fmt.Stringer:
		return r.String()
	}
	return "?"
}

// Generators returns the heap sizes whose classes generate the quotient,
// named a, b, c, … in this order.
func (q *Quotient) Generators() []int { return slices.Clone(q.gens) }

// Representative returns the smallest position found in class x.
func (q *Quotient) Representative(x int) game.Heaps { return q.reps[x] }

// Pretending returns the element of a heap of h tokens, 0 ≤ h ≤ Max; it
// panics on a heap outside that range, a programmer error.
func (q *Quotient) Pretending(h int) int { return q.pretend[h] }

// Element returns the element of the sum of heaps of the given sizes, or
// an error naming a heap outside 0…Max.
func (q *Quotient) Element(heaps ...int) (int, error) {
	x := 0
	for i, h := range heaps {
		if h < 0 || h > q.max {
			return 0, fmt.Errorf("misere: heap %d has size %d: the quotient of %s covers heaps 0 to %d", i, h, q.Code(), q.max)
		}
		x = q.Mul(x, q.pretend[h])
	}
	return x, nil
}

// Outcome returns the misère outcome of the sum of heaps of the given
// sizes, read from the quotient.
func (q *Quotient) Outcome(heaps ...int) (sg.Outcome, error) {
	x, err := q.Element(heaps...)
	if err != nil {
		return 0, err
	}
	if q.isP[x] {
		return sg.P, nil
	}
	return sg.N, nil
}

// Move is a move in a sum of heaps: heap number Heap, of From tokens, is
// replaced by the heaps To (none when it is taken away).
type Move struct {
	Heap int
	From int
	To   []int
}

// WinningMoves returns every move from the sum of heaps of the given sizes
// to a misère P-position, read from the quotient: heap i becomes parts
// whose product with the other heaps' elements lies in the P-portion.
// Equal heaps are listed once (the first of them).
func (q *Quotient) WinningMoves(heaps ...int) ([]Move, error) {
	if _, err := q.Element(heaps...); err != nil {
		return nil, err
	}
	var win []Move
	var hm []game.HeapMove
	for i, h := range heaps {
		if slices.Contains(heaps[:i], h) {
			continue
		}
		rest := 0
		for j, k := range heaps {
			if j != i {
				rest = q.Mul(rest, q.pretend[k])
			}
		}
		hm = q.rule.AppendHeapMoves(hm[:0], h)
		for _, m := range hm {
			for parts := range game.Partitions(m) {
				x := rest
				for _, k := range parts {
					x = q.Mul(x, q.pretend[k])
				}
				if q.isP[x] {
					win = append(win, Move{Heap: i, From: h, To: slices.Clone(parts)})
				}
			}
		}
	}
	return win, nil
}

// Periodic reports whether the quotient is proven to be the quotient of
// every heap bound from Max on, by the periodicity of its pretending
// function Φ, and returns the preperiod n0 ≥ 1 and the least period p
// for which the proof below holds:
// Φ(h+p) = Φ(h) for every h ≥ n0, for every heap bound.
//
// It holds for an octal game (a [game.TakeBreakRule] whose digits are 0
// to 7 and whose last nonzero digit is at a finite position t) when Φ(h)
// = Φ(h−p) for n0+p ≤ h ≤ Max and Max ≥ 2n0 + 2p + t − 1. Proof, by
// induction on h > Max: every option of heap h leaves heaps of sizes
// h−k, or a and b with a+b = h−k, b ≥ (h−k)/2 ≥ n0+p; replacing the
// largest heap by one p smaller gives an option of heap h−p of the same
// element, and conversely adding p to the largest heap of an option of
// heap h−p (b ≥ (h−p−t)/2 ≥ n0) gives an option of heap h. So heap h has
// the element of heap h−p and the same state in the proof of exactness
// (its element, whether it has a move, the elements of its options), the
// closure of states that proved the quotient is unchanged, and the
// quotient with Φ(h) = Φ(h−p) is the quotient of heaps ≤ h. This is the
// argument of the periodicity theorem of normal play (Guy and Smith
// 1956), made for the quotient as Plambeck and Siegel (2008) do.
//
// Kayles (0.77) is proven periodic at heap 167 (n0 = 71, p = 12); it
// returns ok false for any rule with unbounded takes (misère Nim) or
// more than two parts, and whenever the bound is not reached yet.
func (q *Quotient) Periodic() (n0, p int, ok bool) {
	tb, isTB := q.rule.(game.TakeBreakRule)
	if !isTB || tb.MaxTake() < 0 {
		return 0, 0, false
	}
	t := tb.MaxTake()
	for k := 0; k <= t; k++ {
		if tb.Digit(k) > 7 {
			return 0, 0, false
		}
	}
	last := q.max
	for p := 1; 2*p <= last; p++ {
		// the least n0 ≥ 1 with Φ(h) = Φ(h−p) for n0+p ≤ h ≤ last
		n0 := 1
		for h := last; h-p >= 1; h-- {
			if q.pretend[h] != q.pretend[h-p] {
				n0 = h - p + 1
				break
			}
		}
		if last >= 2*n0+2*p+t-1 {
			return n0, p, true
		}
	}
	return 0, 0, false
}
