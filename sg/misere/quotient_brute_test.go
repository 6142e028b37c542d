package misere

import (
	"context"
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

func TestQuotientBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code string
		n, k int
	}{{"0.[3]", 3, 4}, {"0.[3]", 4, 4}, {".07", 5, 4}, {".07", 6, 4}, {".07", 7, 3}, {".77", 3, 4}, {".77", 4, 4}, {".77", 5, 3}, {".137", 4, 4}, {".137", 5, 3}} {
		brute, class := bruteClasses(t, c.code, c.n, c.k)
		q, err := NewQuotient(ctx, c.code, c.n)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s ≤ %d: brute %d classes (sums of ≤ %d heaps), quotient order %d", c.code, c.n, brute, c.k, q.Order())
		_ = class
	}
}
