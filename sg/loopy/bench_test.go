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

// layeredGraph returns a graph of n vertices and m arcs of which a fraction
// back go to a random vertex and the others to a random lower-numbered
// vertex: mostly a DAG, with cycles through the back arcs, so that many
// vertices have finite values and the solver runs many levels.
func layeredGraph(b testing.TB, n, m int, back float64, seed uint64) *loopy.Graph {
	r := rand.New(rand.NewPCG(seed, 2))
	tails, heads := make([]int, m), make([]int, m)
	for i := range m {
		u := 1 + r.IntN(n-1)
		tails[i] = u
		if r.Float64() < back {
			heads[i] = r.IntN(n)
		} else {
			heads[i] = r.IntN(u)
		}
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

// BenchmarkSolveLayered solves a graph of 10^6 vertices and 4·10^6 arcs,
// 99% of them going down and 1% anywhere: about half the vertices have
// finite values (up to *4; 30% are *0) and the solver runs five levels, where
// on the uniform random graph of BenchmarkSolveRandom 97% of the vertices
// are infinite and three levels suffice.
func BenchmarkSolveLayered(b *testing.B) {
	const n, m = 1_000_000, 4_000_000
	g := layeredGraph(b, n, m, 0.01, 15)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := loopy.Solve(bg, g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/m, "ns/arc")
}

// BenchmarkSolveGame explores and solves a game given by its rules: the
// modular subtraction game WindUp on a clock of 2^17 hours with moves
// {1, 2, 5} (see ExampleSolveGame), whose positions are keyed by a map.
// ns/position is the time per position, exploration included.
func BenchmarkSolveGame(b *testing.B) {
	const n = 1 << 17
	w := clock{n: n, s: []int{1, 2, 5}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loopy.SolveGame[int](bg, w, []int{n - 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/position")
}
