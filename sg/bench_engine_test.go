package sg_test

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"testing"
	"time"

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
// visits the graph. BenchmarkVersus compares both with hand-written code.
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
// slice memo through game.Indexer, "engine/dense" indexes it by the
// positions themselves (game.Dense), "engine/map" uses the hash table, and
// "engine/dense-ascending" asks for 0, 1, 2, … in turn, a bot's pattern.
// BenchmarkVersus compares them with hand-written code.
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
	b.Run("engine/dense", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := sg.NewEngine[int](denseChain{chain{n: chainLen + 1}}).Value(ctx, chainLen); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/chainLen, "ns/position")
	})
	b.Run("engine/dense-ascending", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e := sg.NewEngine[int](denseChain{chain{n: chainLen + 1}})
			for p := range chainLen + 1 {
				if _, err := e.Value(ctx, p); err != nil {
					b.Fatal(err)
				}
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
}

// denseChain is the chain game declared dense: its positions are their own
// memo indexes.
type denseChain struct{ chain }

func (denseChain) IdentityIndex() {}

// BenchmarkWarmValue is a bot's hot call: the value of a position whose
// value is already memoized, in a map ("map": a subtraction game) and in a
// dense game's slice ("dense": the chain).
func BenchmarkWarmValue(b *testing.B) {
	ctx := context.Background()
	b.Run("map", func(b *testing.B) {
		e := sg.NewEngine[int](subtraction{1, 3, 4})
		_, _ = e.Value(ctx, 1000)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := e.Value(ctx, 777); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("dense", func(b *testing.B) {
		e := sg.NewEngine[int](denseChain{chain{n: 1001}})
		_, _ = e.Value(ctx, 1000)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := e.Value(ctx, 777); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSharedValue is a game server's hot call: many goroutines asking
// a SharedEngine for values it has answered before (run with -cpu 1,2,4 to
// see it scale), in a dense game and in one with the hash-table memo.
func BenchmarkSharedValue(b *testing.B) {
	ctx := context.Background()
	for _, c := range []struct {
		name string
		g    game.Game[int]
	}{{"dense", denseChain{chain{n: 1001}}}, {"map", subtraction{1, 3, 4}}} {
		b.Run(c.name, func(b *testing.B) {
			s := sg.NewSharedEngine[int](c.g)
			for p := range 1000 {
				if _, err := s.Value(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				p := 0
				for pb.Next() {
					if _, err := s.Value(ctx, p); err != nil {
						b.Error(err)
						return
					}
					if p++; p == 1000 {
						p = 0
					}
				}
			})
		})
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

// BenchmarkVersus times the engine against hand-written Go for the same
// game, interleaved: every iteration runs both, alternating which goes
// first, so that the drift of a shared machine touches both alike. It
// reports each side's cost per position and "ratio", the engine's time
// over the hand-written time.
//
// Each workload pairs an engine call with the hand-written code that does
// the same work in the same order:
//
//   - "solve-all": Engine.SolveAll, every position of the game in
//     increasing order, against the one-pass loop a programmer writes
//     around the same game's moves (the vertices of the DAG and the chain's
//     positions are in topological order);
//   - "ascending": Engine.Value for each position in increasing order, a
//     bot's pattern of successive questions, against a hand-written
//     memoized function called in the same order;
//   - "search": Engine.Value for the top position first, so that the
//     engine's own iterative search visits the game, against a
//     hand-written recursive memoized search.
//
// Two more pair SolveAll on the chain with other loops:
// "solve-all-inlined-rule" with a loop that generates no moves at all, the
// chain's rule (n → n-1, n-2) written into it, and
// "solve-all-interface-loop" with the loop that generic code would write,
// calling the game's moves through the game.Game interface.
func BenchmarkVersus(b *testing.B) {
	ctx := context.Background()
	// values asks e for the values of 0, 1, …, n-1, or in the reverse
	// order: a plain loop, as a caller would write it.
	values := func(e *sg.Engine[int], n int, up bool) error {
		if up {
			for p := range n {
				if _, err := e.Value(ctx, p); err != nil {
					return err
				}
			}
			return nil
		}
		for p := n - 1; p >= 0; p-- {
			if _, err := e.Value(ctx, p); err != nil {
				return err
			}
		}
		return nil
	}
	// run times one workload: engine and hand-written code, interleaved.
	run := func(b *testing.B, positions int, engine func() error, hand func()) {
		var te, th time.Duration
		i := 0
		for b.Loop() {
			for k := range 2 {
				start := time.Now()
				if (i+k)%2 == 0 {
					if err := engine(); err != nil {
						b.Fatal(err)
					}
					te += time.Since(start)
				} else {
					hand()
					th += time.Since(start)
				}
			}
			i++
		}
		per := float64(b.N) * float64(positions)
		b.ReportMetric(float64(te.Nanoseconds())/per, "engine-ns/position")
		b.ReportMetric(float64(th.Nanoseconds())/per, "hand-ns/position")
		b.ReportMetric(float64(te)/float64(th), "ratio")
	}
	// searches runs the "ascending" and "search" workloads: e against
	// handSearch(up), the hand-written memoized search asked upwards or
	// from the top.
	searches := func(b *testing.B, n int, e *sg.Engine[int], handSearch func(up bool)) {
		for _, up := range []bool{true, false} {
			name := "search"
			if up {
				name = "ascending"
			}
			b.Run(name, func(b *testing.B) {
				run(b, n, func() error { e.Reset(); return values(e, n, up) },
					func() { handSearch(up) })
			})
		}
	}
	// Each game is built in its own sub-benchmark, so that it is garbage
	// by the time the next one runs: a graph of 2^20 slices left on the
	// heap makes every collection, and so every other workload, slower.
	// Both sides reuse their memory from one run to the next (the engine
	// through Reset), so that neither pays the operating system for fresh
	// pages, whose cost varies from run to run.
	for _, n := range []int{1 << 14, dagSize} {
		b.Run(fmt.Sprintf("dag-2^%d", bits.Len(uint(n))-1), func(b *testing.B) {
			d := bigDAG(n, dagDegree)
			e := sg.NewEngine[int](d)
			val := make([]uint64, n)
			memo := make([]int32, n)
			handSearch := func(up bool) {
				for i := range memo {
					memo[i] = -1
				}
				for k := range n {
					v := n - 1 - k
					if up {
						v = k
					}
					handSearchDAG(d, memo, v)
				}
			}
			b.Run("solve-all", func(b *testing.B) {
				run(b, n, func() error { e.Reset(); return e.SolveAll(ctx) },
					func() { clear(val); handWrittenDAG(d, val) })
			})
			searches(b, n, e, handSearch)
		})
	}
	b.Run("chain-10^6", func(b *testing.B) {
		n := chainLen + 1
		g := denseChain{chain{n: n}}
		e := sg.NewEngine[int](g)
		val := make([]uint64, n)
		memo := make([]int32, n)
		handSearch := func(up bool) {
			for i := range memo {
				memo[i] = -1
			}
			if !up {
				handSearchChain(memo, n-1)
				return
			}
			for p := range memo {
				handSearchChain(memo, p)
			}
		}
		b.Run("solve-all", func(b *testing.B) {
			run(b, n, func() error { e.Reset(); return e.SolveAll(ctx) },
				func() { clear(val); handLoopChainMoves(g.chain, val) })
		})
		b.Run("solve-all-inlined-rule", func(b *testing.B) {
			run(b, n, func() error { e.Reset(); return e.SolveAll(ctx) },
				func() { clear(val); handLoopChain(val) })
		})
		b.Run("solve-all-interface-loop", func(b *testing.B) {
			run(b, n, func() error { e.Reset(); return e.SolveAll(ctx) },
				func() { clear(val); handLoopInterface(g, val) })
		})
		searches(b, n, e, handSearch)
	})
}

// handLoopInterface is the one-pass loop written once for any game whose
// positions 0, 1, … have their options below them, calling the game's
// moves through the game.Game interface as generic code must: the least
// that code generic over games can cost.
func handLoopInterface(g game.Game[int], val []uint64) {
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

// handLoopChainMoves is the one-pass loop a programmer would write around
// the chain game's own moves, called directly (so the compiler inlines
// them) into a buffer on the stack.
func handLoopChainMoves(g chain, val []uint64) {
	var buf [2]int
	for p := range val {
		var seen uint64
		for _, q := range g.AppendMoves(buf[:0], p) {
			seen |= 1 << val[q]
		}
		val[p] = uint64(bits.TrailingZeros64(^seen))
	}
}

// handLoopChain is the bottom-up loop a programmer would write for the
// chain game: options n-1 and n-2 are below n, so one ascending pass with a
// one-word mex computes every value.
func handLoopChain(val []uint64) {
	for p := range val {
		var seen uint64
		if p > 0 {
			seen |= 1 << val[p-1]
		}
		if p > 1 {
			seen |= 1 << val[p-2]
		}
		val[p] = uint64(bits.TrailingZeros64(^seen))
	}
}

// BenchmarkChainMapDeep is the hash-table memo's cost per position on the
// chain game searched from 10^6 and, with IMPARTIAL_LARGE=1, from 10^7
// (about 1 GB allocated, 0.9 GB resident): the figure a user measures for
// a search that deep, where every position is on the stack at once.
func BenchmarkChainMapDeep(b *testing.B) {
	ctx := context.Background()
	sizes := []int{1_000_000}
	if os.Getenv("IMPARTIAL_LARGE") != "" {
		sizes = append(sizes, 10_000_000)
	}
	for _, n := range sizes {
		b.Run(fmt.Sprintf("depth-%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sg.NewEngine[int](sparseChain{}, sg.WithMaxPositions(n+1)).Value(ctx, n); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/position")
		})
	}
}
