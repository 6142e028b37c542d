package rulesets_test

import (
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/search"
)

// BenchmarkSproutsStart values the start of p spots from scratch with
// sg/search on one worker; it reports the positions expanded a second.
func BenchmarkSproutsStart(b *testing.B) {
	for _, p := range []int{5, 6, 7} {
		b.Run(fmt.Sprintf("p=%d", p), func(b *testing.B) {
			var expanded uint64
			for range b.N {
				g, err := rulesets.NewSprouts(p)
				if err != nil {
					b.Fatal(err)
				}
				s, err := search.New[string](g, search.WithMemory(256<<20), search.WithWorkers(1))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.Value(bg, g.Start()); err != nil {
					b.Fatal(err)
				}
				expanded += s.Stats().Expanded
			}
			b.ReportMetric(float64(expanded)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
