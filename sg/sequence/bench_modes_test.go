package sequence

import (
	"context"
	"testing"

	"github.com/impartial-go/impartial/game"
)

// BenchmarkModes times each way the sparse engine has to use two
// processors against one core and against its own choice, on short
// prefixes of representative games: .16 and .56 (cheap heaps, few splits
// with a rare part), .354 (cheap heaps whose work is mostly marking
// splits with a large rare part), .1777 (cheap heaps, a long confirmation
// scan), and Grundy's game (costly heaps). Each mode is forced through
// the knobs, with no trial against the others:
//
//	one       WithWorkers(1)
//	auto      two workers, the engine's choice (trials, probes)
//	pipeline  two workers, the pipeline only (withMarker(-1))
//	marker    two workers, the marker mode (withMarker(1); codes only)
//
// Run it on two processors, alternating the modes, for example:
//
//	go test -run '^$' -bench Modes -benchtime 1x -count 5 -cpu 2 ./sg/sequence
func BenchmarkModes(b *testing.B) {
	const from = 4096 // the first heap in the forced mode
	modes := []struct {
		name string
		opts []Option
	}{
		{"one", []Option{WithWorkers(1)}},
		{"auto", []Option{WithWorkers(2)}},
		{"pipeline", []Option{WithWorkers(2), withMarker(-1), withParallelFrom(from)}},
		{"marker", []Option{WithWorkers(2), withMarker(1), withParallelFrom(from)}},
	}
	for _, g := range []struct {
		name string
		r    game.HeapRule
		n    int
	}{
		{".16", seqParse(".16"), 1 << 20},
		{".56", seqParse(".56"), 1 << 20},
		{".354", seqParse(".354"), 1 << 20},
		{".1777", seqParse(".1777"), 1 << 20},
		{"grundy", seqGrundy{}, 1 << 17},
	} {
		for _, m := range modes {
			if m.name == "marker" && g.name == "grundy" {
				continue // the marker mode runs on codes only
			}
			b.Run(g.name+"/"+m.name, func(b *testing.B) {
				opts := append([]Option{WithMethod(MethodSparse)}, m.opts...)
				for b.Loop() {
					if _, err := Values(context.Background(), g.r, g.n, opts...); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(g.n)*float64(b.N)/b.Elapsed().Seconds(), "heaps/s")
			})
		}
	}
}
