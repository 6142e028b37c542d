package sg_test

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// bigDAG returns a random acyclic digraph of n vertices where each vertex
// v > 0 has deg arcs to uniformly random lower vertices: a "large digraph
// game" with about n*deg moves.
func bigDAG(n, deg int) *game.Digraph {
	r := rand.New(rand.NewPCG(1, 2))
	d, _ := game.NewDigraph(n)
	for v := 1; v < n; v++ {
		for range deg {
			_ = d.AddArc(v, r.IntN(v))
		}
	}
	return d
}

// handWrittenDAG is what a programmer would write for this one graph: the
// vertices are already in topological order (arcs go down), so one pass
// with a one-word mex computes every value.
func handWrittenDAG(d *game.Digraph, val []uint64) {
	for v := range val {
		var seen uint64
		for _, w := range d.Successors(v) {
			if x := val[w]; x < 64 {
				seen |= 1 << x
			}
		}
		val[v] = uint64(bits.TrailingZeros64(^seen))
	}
}

const (
	dagSize   = 1 << 20
	dagDegree = 4
	chainLen  = 1_000_000
)

// BenchmarkDigraph computes the value of every vertex of a 2^20-vertex
// random DAG (out-degree 4). "engine/ascending" asks the engine for each
// vertex in turn (each call finds its options memoized), "engine/root-first"
// asks for the top vertices first so the engine's own iterative search
// visits the graph, and "hand-written" is the one-pass loop above.
func BenchmarkDigraph(b *testing.B) {
	d := bigDAG(dagSize, dagDegree)
	ctx := context.Background()
	b.Run("engine/ascending", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e := sg.NewEngine[int](d)
			for v := range dagSize {
				if _, err := e.Value(ctx, v); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/dagSize, "ns/position")
	})
	b.Run("engine/root-first", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e := sg.NewEngine[int](d)
			for v := dagSize - 1; v >= 0; v-- {
				if _, err := e.Value(ctx, v); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/dagSize, "ns/position")
	})
	b.Run("hand-written/search-root-first", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			memo := make([]int32, dagSize)
			for i := range memo {
				memo[i] = -1
			}
			for v := dagSize - 1; v >= 0; v-- {
				handSearchDAG(d, memo, v)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/dagSize, "ns/position")
	})
	b.Run("hand-written/search-ascending", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			memo := make([]int32, dagSize)
			for i := range memo {
				memo[i] = -1
			}
			for v := range dagSize {
				handSearchDAG(d, memo, v)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/dagSize, "ns/position")
	})
	b.Run("hand-written/topological", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			val := make([]uint64, dagSize)
			handWrittenDAG(d, val)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/dagSize, "ns/position")
	})
}

// handSearchDAG is the memoized search a programmer would write for this
// graph by hand when no topological order is known: recursive, with a
// slice memo (-1 unknown) and a one-word mex.
func handSearchDAG(d *game.Digraph, memo []int32, v int) int32 {
	if x := memo[v]; x >= 0 {
		return x
	}
	var seen uint64
	for _, w := range d.Successors(v) {
		if x := handSearchDAG(d, memo, w); x < 64 {
			seen |= 1 << x
		}
	}
	memo[v] = int32(bits.TrailingZeros64(^seen))
	return memo[v]
}

// BenchmarkChain computes G(10^6) of the chain game (n → n-1, n-2) from the
// top, so the search is 10^6 positions deep: "engine/indexed" uses the
// slice memo (the game implements game.Indexer), "engine/map" the map memo,
// and "hand-written" is the bottom-up loop a programmer would write.
func BenchmarkChain(b *testing.B) {
	ctx := context.Background()
	b.Run("engine/indexed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := sg.NewEngine[int](chain{n: chainLen + 1}).Value(ctx, chainLen); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/chainLen, "ns/position")
	})
	b.Run("engine/map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := sg.NewEngine[int](sparseChain{}).Value(ctx, chainLen); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/chainLen, "ns/position")
	})
	b.Run("hand-written/search", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			memo := make([]int32, chainLen+1)
			for i := range memo {
				memo[i] = -1
			}
			handSearchChain(memo, chainLen)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/chainLen, "ns/position")
	})
	b.Run("hand-written/bottom-up", func(b *testing.B) {
		b.ReportAllocs()
		var g chain
		for b.Loop() {
			val := make([]uint64, chainLen+1)
			var buf []int
			for p := range val {
				var seen uint64
				buf = g.AppendMoves(buf[:0], p)
				for _, q := range buf {
					seen |= 1 << val[q]
				}
				val[p] = uint64(bits.TrailingZeros64(^seen))
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/chainLen, "ns/position")
	})
}

// BenchmarkWarmValue is a bot's hot call: the value of a position whose
// value is already memoized.
func BenchmarkWarmValue(b *testing.B) {
	ctx := context.Background()
	e := sg.NewEngine[int](subtraction{1, 3, 4})
	_, _ = e.Value(ctx, 1000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Value(ctx, 777); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMex is the mex of 20 small values.
func BenchmarkMex(b *testing.B) {
	vs := []sg.Nimber{3, 0, 1, 7, 2, 5, 4, 9, 8, 6, 12, 11, 10, 14, 13, 15, 17, 16, 19, 30}
	b.ReportAllocs()
	for b.Loop() {
		if sg.Mex(vs) != 18 {
			b.Fatal("bad mex")
		}
	}
}

// handSearchChain is the hand-written memoized search for the chain game,
// from the top as the engine does it (recursion a million calls deep is
// fine for a goroutine, whose stack grows).
func handSearchChain(memo []int32, p int) int32 {
	if x := memo[p]; x >= 0 {
		return x
	}
	var seen uint64
	if p > 0 {
		seen |= 1 << handSearchChain(memo, p-1)
	}
	if p > 1 {
		seen |= 1 << handSearchChain(memo, p-2)
	}
	memo[p] = int32(bits.TrailingZeros64(^seen))
	return memo[p]
}
