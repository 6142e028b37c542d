package explain_test

import (
	"io"
	"strconv"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/explain"
)

func BenchmarkWhyThreeThree(b *testing.B) {
	g := game.Game[pair](twoHeapNim{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := explain.Why(ctx, g, pair{3, 3}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNimTable(b *testing.B) {
	heaps := []uint64{1, 2, 3, 4, 5, 6, 7, 8}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := explain.Nim(heaps); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHeapTableDawsonsKayles100(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := explain.HeapTable(ctx, dawsonsKayles, 100); err != nil {
			b.Fatal(err)
		}
	}
}

// A rule that may leave any number of heaps lists, for a heap of x, every
// partition of every number below x (p(43) = 63,261; OEIS A000041): the
// cost follows the number of options, which the merging of repeats keeps
// linear. The sizes show the growth.
func BenchmarkHeapTableAnyAnywhere(b *testing.B) {
	for _, n := range []int{22, 33, 44} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			var options int
			for b.Loop() {
				tab, err := explain.HeapTable(ctx, rulesets.AnyAnywhere(), n)
				if err != nil {
					b.Fatal(err)
				}
				options = 0
				for _, r := range tab.Rows {
					options += len(r.Options)
				}
			}
			b.ReportMetric(float64(options), "options")
		})
	}
}

func BenchmarkDOTFiveFive(b *testing.B) {
	g := game.Game[pair](twoHeapNim{})
	b.ReportAllocs()
	for b.Loop() {
		if err := explain.DOT(ctx, io.Discard, g, pair{5, 5}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSumTable is the nim-sum table of a sum of three Nim heaps.
func BenchmarkSumTable(b *testing.B) {
	sizes := []uint64{1<<40 + 7, 1<<33 + 1000, 3 << 20}
	b.ReportAllocs()
	for b.Loop() {
		s := sg.Sum{sg.Heap(sizes[0]), sg.Heap(sizes[1]), sg.Heap(sizes[2])}
		if _, err := explain.SumTable(ctx, s); err != nil {
			b.Fatal(err)
		}
	}
}
