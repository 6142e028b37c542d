package rulesets

import (
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game/grid"
)

// BenchmarkCramComponents splits the options of positions of random play
// on the 5×7 board into their reduced regions, as a search does for
// every option it looks at; an op is one option.
func BenchmarkCramComponents(b *testing.B) {
	g, err := NewCram(5, 7)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var opts []grid.Set
	for range 500 {
		p := g.Start()
		for range r.IntN(12) {
			ms := g.AppendMoves(nil, p)
			if len(ms) == 0 {
				break
			}
			p = ms[r.IntN(len(ms))]
		}
		opts = g.AppendMoves(opts, p)
	}
	var dst []grid.Set
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		dst = g.AppendComponents(dst[:0], opts[i%len(opts)])
	}
}
