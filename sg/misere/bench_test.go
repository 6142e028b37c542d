package misere

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
)

// BenchmarkQuotient computes misère quotients from scratch, each proven
// exact. Dawson's Kayles (0.07): heap 25 is the first whose adjoining
// splits elements of the smaller quotient (24 elements at heap 24, 144 at
// 25), and the quotient of heaps ≤ 30 has the 360 elements Siegel reports;
// heap 33 (638 elements) is the largest bound reached. Kayles (0.77): 40
// elements from heap 27 on (to heap 253, MisereSolver's bound of proof).
// 4.7: 122 elements at heap 20. Run with -benchtime 1x.
func BenchmarkQuotient(b *testing.B) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.[3]", 15}, {"0.[3]", 64}, {"0.07", 12}, {"0.07", 24}, {"0.07", 25}, {"0.07", 30}, {"0.07", 33}, {"0.77", 11}, {"0.77", 40}, {"0.77", 100}, {"0.77", 253}, {"4.7", 20}, {"4.7", 26}, {"4.7", 30}} {
		b.Run(fmt.Sprintf("%s/%d", c.code, c.n), func(b *testing.B) {
			order := 0
			for b.Loop() {
				q, err := newCodeQuotient(context.Background(), c.code, c.n)
				if err != nil {
					b.Fatal(err)
				}
				order = q.Order()
			}
			b.ReportMetric(float64(order), "elements")
		})
	}
}

// BenchmarkNotaktoQuotient computes the quotient of the Notakto board (18
// elements), listing its closed set first.
func BenchmarkNotaktoQuotient(b *testing.B) {
	n, _ := rulesets.NewNotakto(1)
	for b.Loop() {
		q, err := NewGameQuotient[rulesets.NotaktoBoard](context.Background(), n, n.Start())
		if err != nil || q.Order() != 18 {
			b.Fatal(q, err)
		}
	}
}

// BenchmarkQuotientOutcome plays a sum of 8 heaps from the quotient of
// 0.07 on heaps ≤ 12: one product per heap.
func BenchmarkQuotientOutcome(b *testing.B) {
	q, err := newCodeQuotient(context.Background(), "0.07", 12)
	if err != nil {
		b.Fatal(err)
	}
	heaps := []int{3, 5, 7, 9, 11, 12, 4, 10}
	for b.Loop() {
		if _, err := q.Outcome(heaps...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEngine fills a fresh misère engine with every position of a
// random 2000-vertex game.
func BenchmarkEngine(b *testing.B) {
	d := gametest.RandomDAG(rand.New(rand.NewPCG(1, 1)), 2000, 0.01)
	ctx := context.Background()
	for b.Loop() {
		e := NewEngine[int](game.Game[int](d))
		for p := range 2000 {
			if _, err := e.Value(ctx, p); err != nil {
				b.Fatal(err)
			}
		}
	}
}
