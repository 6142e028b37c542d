package misere

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

// multisets returns every sum of at most k heaps of sizes 1…n.
func multisets(n, k int) []game.Heaps {
	var out []game.Heaps
	var cur []int
	var rec func(min int)
	rec = func(min int) {
		p, _ := game.MakeHeaps(cur...)
		out = append(out, p)
		if len(cur) == k {
			return
		}
		for h := min; h <= n; h++ {
			cur = append(cur, h)
			rec(h)
			cur = cur[:len(cur)-1]
		}
	}
	rec(1)
	return out
}

// bruteClasses splits the sums of at most k heaps ≤ n into classes by
// their misère outcomes in sum with every sum of at most k heaps ≤ n, with
// no use of the quotient: it returns the number of classes and, for each
// position, its class.
func bruteClasses(t *testing.T, code string, n, k int) (int, map[game.Heaps]int) {
	t.Helper()
	r, err := rulesets.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	g := game.NewHeapGame(r)
	memo := map[game.Heaps]bool{}
	ps := multisets(n, k)
	index := map[string]int{}
	class := map[game.Heaps]int{}
	for _, x := range ps {
		sig := make([]byte, len(ps))
		for i, z := range ps {
			s, _ := game.MakeHeaps(append(x.Sizes(), z.Sizes()...)...)
			if naive[game.Heaps](g, s, memo) {
				sig[i] = 1
			}
		}
		c, ok := index[string(sig)]
		if !ok {
			c = len(index)
			index[string(sig)] = c
		}
		class[x] = c
	}
	return len(index), class
}

// The quotient's classes agree with brute force on small bounds: sums of at
// most k heaps ≤ n are split into classes by their outcomes in sum with
// every such sum, with no use of the quotient, and two of them are in one
// class exactly when the quotient gives them one element. The number of
// brute-force classes equals the order (k is large enough for every
// element to have a position and for every two to be told apart). Heap 10
// of 0.07 and heap 9 of Kayles split elements of the smaller quotients, so
// those bounds check the split passes.
func TestQuotientBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code string
		n, k int
	}{{"0.[3]", 3, 4}, {"0.[3]", 4, 4}, {".07", 5, 4}, {".07", 6, 4}, {".07", 7, 3}, {".77", 3, 4}, {".77", 4, 4}, {".77", 5, 3}, {".137", 4, 4}, {".137", 5, 3}, {".07", 10, 3}, {".77", 9, 3}, {"0.F7", 4, 3}, {"4.7", 5, 3}} {
		brute, class := bruteClasses(t, c.code, c.n, c.k)
		q, err := newCodeQuotient(ctx, c.code, c.n)
		if err != nil {
			t.Fatal(err)
		}
		if brute != q.Order() {
			t.Errorf("%s ≤ %d: %d classes by brute force, quotient order %d", c.code, c.n, brute, q.Order())
		}
		toElem := map[int]int{}
		toClass := map[int]int{}
		for p, cl := range class {
			x, err := q.Element(p.Sizes()...)
			if err != nil {
				t.Fatal(err)
			}
			if y, ok := toElem[cl]; ok && y != x {
				t.Errorf("%s ≤ %d: %v is element %s, another position of its class is %s", c.code, c.n, p, q.Name(x), q.Name(y))
			}
			if d, ok := toClass[x]; ok && d != cl {
				t.Errorf("%s ≤ %d: %v (element %s) is in brute-force class %d, another position of the element in %d", c.code, c.n, p, q.Name(x), cl, d)
			}
			toElem[cl], toClass[x] = x, cl
		}
	}
}

// Adjoining heap after heap to the proven quotient gives the quotient that
// exhaustive search gives: the same order, the same P-portion size, and the
// same partition of sums of two heaps.
func TestQuotientAdjoinMatchesSearch(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code string
		n    int
	}{{"0.[3]", 9}, {".07", 12}, {".77", 9}, {".137", 11}, {".15", 9}, {".6", 10}} {
		q, err := newCodeQuotient(ctx, c.code, c.n)
		if err != nil {
			t.Fatal(err)
		}
		s, err := newCodeQuotient(ctx, c.code, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.bySearch(ctx, c.n, c.n); err != nil {
			t.Fatal(err)
		}
		if q.Order() != s.Order() || len(q.PPortion()) != len(s.PPortion()) {
			t.Errorf("%s ≤ %d: adjoined order %d (%d P), searched %d (%d P)", c.code, c.n, q.Order(), len(q.PPortion()), s.Order(), len(s.PPortion()))
		}
		for a := 0; a <= c.n; a++ {
			for b := a; b <= c.n; b++ {
				for d := 0; d <= c.n; d++ {
					for e := d; e <= c.n; e++ {
						x1, _ := q.Element(a, b)
						x2, _ := q.Element(d, e)
						y1, _ := s.Element(a, b)
						y2, _ := s.Element(d, e)
						if (x1 == x2) != (y1 == y2) || q.IsP(x1) != s.IsP(y1) {
							t.Fatalf("%s ≤ %d: %d+%d and %d+%d: adjoined %s %s, searched %s %s", c.code, c.n, a, b, d, e, q.Name(x1), q.Name(x2), s.Name(y1), s.Name(y2))
						}
					}
				}
			}
		}
	}
}

// The proof of exactness rejects wrong quotients: a proven quotient with
// one element moved in or out of the P-portion or one product by a
// generator changed, and the classes found with the empty position as the
// only test.
func TestQuotientVerifyRejects(t *testing.T) {
	ctx := context.Background()
	q, err := newCodeQuotient(ctx, ".77", 8)
	if err != nil {
		t.Fatal(err)
	}
	b := &built{monoid: q.monoid}
	if w, err := q.verify(ctx, b, 8); err != nil || w != nil {
		t.Fatalf("proven quotient rejected: %v, %v", w, err)
	}
	for x := 1; x < q.Order(); x++ {
		b.isP = slices.Clone(q.isP)
		b.isP[x] = !b.isP[x]
		if w, err := q.verify(ctx, b, 8); w == nil && !errors.Is(err, errUnverified) {
			t.Errorf("P-portion with %s flipped accepted: %v", q.Name(x), err)
		}
	}
	// A product by a generator sent to another element: no longer a
	// commutative monoid, or one the positions do not follow.
	b.isP = slices.Clone(q.isP)
	for x := 0; x < q.Order(); x++ {
		for j := range q.gens {
			b.next = slices.Clone(q.next)
			b.next[x] = slices.Clone(q.next[x])
			b.next[x][j] = (q.next[x][j] + 1) % q.Order()
			if w, err := q.verify(ctx, b, 8); w == nil && !errors.Is(err, errUnverified) {
				t.Errorf("%s·%s changed to %s accepted: %v", q.Name(x), genName(j), q.Name(b.next[x][j]), err)
			}
		}
	}
	r, err := newCodeQuotient(ctx, ".77", 0)
	if err != nil {
		t.Fatal(err)
	}
	r.g.extend(8)
	coarse, err := r.build(ctx, 8, 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(coarse.reps) >= q.Order() {
		t.Fatalf("one test gives %d classes, not fewer than %d", len(coarse.reps), q.Order())
	}
	if w, err := r.verify(ctx, coarse, 8); w == nil && !errors.Is(err, errUnverified) {
		t.Errorf("coarse quotient of %d elements accepted: %v", len(coarse.reps), err)
	}
}

// newCodeQuotient is NewQuotient of the take-and-break game with the given
// code, as rulesets.ParseCode reads it.
func newCodeQuotient(ctx context.Context, code string, n int, opts ...Option) (*Quotient, error) {
	r, err := rulesets.ParseCode(code)
	if err != nil {
		return nil, err
	}
	return NewQuotient(ctx, r, n, opts...)
}
