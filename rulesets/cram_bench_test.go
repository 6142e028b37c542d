package rulesets

import (
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game/grid"
)

// randomCramOptions returns the options of 500 positions of random play
// (up to 11 dominoes) on the 5×7 board: the positions a search splits.
func randomCramOptions(b *testing.B) (*Cram, []grid.Set) {
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
	return g, opts
}

// BenchmarkCramComponents splits the options of positions of random play
// on the 5×7 board into their reduced regions, as a search does for
// every option it looks at; an op is one option.
func BenchmarkCramComponents(b *testing.B) {
	g, opts := randomCramOptions(b)
	var dst []grid.Set
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		dst = g.AppendComponents(dst[:0], opts[i%len(opts)])
	}
}

// BenchmarkCramFill fills each region of the reduced options of
// BenchmarkCramComponents from its seed, as AppendComponents does: by
// runs (fill64, "runs") and a cell's step a round (fill64Cells, "cells");
// an op is one region.
func BenchmarkCramFill(b *testing.B) {
	g, opts := randomCramOptions(b)
	type fill struct{ p, cut, i uint64 }
	var fills []fill
	for _, o := range opts {
		p, l, r, u, d := g.reduce64Dirs(o.Lo)
		cut := cuts64Dirs(p, l, r, u, d, g.k)
		for rest := p; rest != 0; {
			i := g.seed64(rest)
			fills = append(fills, fill{p, cut, i})
			rest &^= g.fill64(p, cut, i)
		}
	}
	for _, m := range []struct {
		name string
		f    func(p, cut, i uint64) uint64
	}{{"runs", g.fill64}, {"cells", g.fill64Cells}} {
		b.Run(m.name, func(b *testing.B) {
			var sum uint64
			for i := 0; b.Loop(); i++ {
				f := fills[i%len(fills)]
				sum += m.f(f.p, f.cut, f.i)
			}
			if sum == 0 {
				b.Fatal("no cells filled")
			}
		})
	}
}

// BenchmarkCramMoves lists the moves of the positions of random play on
// the 5×7 board, in the board's order (plain) and from the centre out
// (ordered, what a search expands with); an op is one position.
func BenchmarkCramMoves(b *testing.B) {
	g, opts := randomCramOptions(b)
	var dst []grid.Set
	b.Run("plain", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			dst = g.AppendMoves(dst[:0], opts[i%len(opts)])
		}
	})
	b.Run("ordered", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			dst = g.AppendOrderedMoves(dst[:0], opts[i%len(opts)])
		}
	})
}
