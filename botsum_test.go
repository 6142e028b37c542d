package impartial_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
)

// A bot's question on a sum of three Nim heaps, asked of sg.Sum (any games'
// positions, here Heaps) and of package nim (heaps only, the bar).
var botHeaps = []uint64{1000, 2000, 3000}

// bigHeaps are Nim heaps far past the sizes Go boxes without allocating
// (0 to 255), of nonzero nim-sum, for the benchmarks.
var bigHeaps = []uint64{1<<40 + 7, 1<<33 + 1000, 3 << 20}

// TestSumOfHeapsAllocatesNothing checks that sg.Sum's Value on Nim heaps
// allocates nothing, as nim.WinningMove does not: for a sum written as a
// literal of constant heaps, for one made once and asked again, and for
// one made on each call from heaps of 256 or more held in variables (a
// Part is a value, so no heap is boxed). sg's TestSumValueAllocatesNothing
// checks Value, Outcome and WinningMove on heaps of 2^20 to 2^40 held in
// variables of several integer types.
func TestSumOfHeapsAllocatesNothing(t *testing.T) {
	ctx := context.Background()
	want := sg.Nimber(botHeaps[0] ^ botHeaps[1] ^ botHeaps[2])
	made := sg.Sum{sg.Heap(botHeaps[0]), sg.Heap(botHeaps[1]), sg.Heap(botHeaps[2])}
	check := func(v sg.Nimber, err error) error {
		if err == nil && v != want {
			err = fmt.Errorf("value %v, want %v", v, want)
		}
		return err
	}
	for _, c := range []struct {
		name string
		ask  func() error
	}{
		{"sg.Sum.Value, literal", func() error {
			return check(sg.Sum{sg.Heap(1000), sg.Heap(2000), sg.Heap(3000)}.Value(ctx))
		}},
		{"sg.Sum.Value, made once", func() error { return check(made.Value(ctx)) }},
		{"sg.Sum.Value, variables", func() error {
			return check(sg.Sum{sg.Heap(botHeaps[0]), sg.Heap(botHeaps[1]), sg.Heap(botHeaps[2])}.Value(ctx))
		}},
		{"nim.WinningMove", func() error {
			_, _, err := nim.WinningMove(botHeaps)
			return err
		}},
	} {
		var err error
		if n := testing.AllocsPerRun(100, func() { err = c.ask() }); n != 0 || err != nil {
			t.Errorf("%s: %v allocations (want 0), error %v", c.name, n, err)
		}
	}
}

// BenchmarkSumOfHeaps times sg.Sum's Value on three Nim heaps against
// nim.WinningMove on the same heaps.
func BenchmarkSumOfHeaps(b *testing.B) {
	ctx := context.Background()
	b.Run("sg.Sum.Value", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := (sg.Sum{sg.Heap(1000), sg.Heap(2000), sg.Heap(3000)}).Value(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sg.Sum.Value/made-once", func(b *testing.B) {
		s := sg.Sum{sg.Heap(botHeaps[0]), sg.Heap(botHeaps[1]), sg.Heap(botHeaps[2])}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.Value(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	// Heaps far past 255, in variables: the sum is made in the loop, as a
	// bot makes it from the sizes of the position it is asked about (a
	// Part is a value, so nothing is boxed).
	big := bigHeaps
	b.Run("variable-large-heaps/Value", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := (sg.Sum{sg.Heap(big[0]), sg.Heap(big[1]), sg.Heap(big[2])}).Value(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("variable-large-heaps/Outcome", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := (sg.Sum{sg.Heap(big[0]), sg.Heap(big[1]), sg.Heap(big[2])}).Outcome(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("variable-large-heaps/WinningMove", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok, err := (sg.Sum{sg.Heap(big[0]), sg.Heap(big[1]), sg.Heap(big[2])}).WinningMove(ctx); err != nil || !ok {
				b.Fatal(ok, err)
			}
		}
	})
	b.Run("nim.WinningMove", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := nim.WinningMove(botHeaps); err != nil {
				b.Fatal(err)
			}
		}
	})
}
