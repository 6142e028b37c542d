package explain_test

import (
	"io"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/explain"
)

func BenchmarkWhyThreeThree(b *testing.B) {
	g := game.Game[pair](twoHeapNim{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := explain.Why(ctx, g, pair{3, 3}, nil); err != nil {
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

func BenchmarkHeapTableGameC100(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := explain.HeapTable(ctx, gameC, 100); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDOTFiveFive(b *testing.B) {
	g := game.Game[pair](twoHeapNim{})
	b.ReportAllocs()
	for b.Loop() {
		if err := explain.DOT(ctx, io.Discard, g, pair{5, 5}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
