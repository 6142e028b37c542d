package loopy_test

import (
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/sg/loopy"
)

// randomGraph returns a graph of n vertices and m arcs with uniformly random
// tails and heads: a random digraph full of cycles (and some loops).
func randomGraph(b testing.TB, n, m int, seed uint64) *loopy.Graph {
	r := rand.New(rand.NewPCG(seed, 1))
	tails, heads := make([]int, m), make([]int, m)
	for i := range m {
		tails[i], heads[i] = r.IntN(n), r.IntN(n)
	}
	g, err := loopy.NewGraph(n, tails, heads)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkSolveRandom solves a random digraph of 10^6 vertices and 4·10^6
// arcs with cycles; ns/arc is the time per arc.
func BenchmarkSolveRandom(b *testing.B) {
	const n, m = 1_000_000, 4_000_000
	g := randomGraph(b, n, m, 15)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := loopy.Solve(bg, g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/m, "ns/arc")
}
