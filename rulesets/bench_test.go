package rulesets_test

import (
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

func BenchmarkAppendHeapMovesKayles1000(b *testing.B) {
	r := rulesets.Kayles()
	buf := make([]game.HeapMove, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		buf = r.AppendHeapMoves(buf[:0], 1000)
	}
}

func BenchmarkAppendHeapMovesNim1000(b *testing.B) {
	r := rulesets.Nim()
	buf := make([]game.HeapMove, 0, 2048)
	b.ReportAllocs()
	for b.Loop() {
		buf = r.AppendHeapMoves(buf[:0], 1000)
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rulesets.Parse("4.0[7F]"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWythoffOutcome(b *testing.B) {
	w := rulesets.Wythoff{}
	p := [2]uint64{1<<62 - 12345, 1 << 61}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := w.Outcome(p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWythoffWinningMoves(b *testing.B) {
	w := rulesets.Wythoff{}
	p := [2]uint64{1<<62 - 12345, 1 << 61}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := w.WinningMoves(p); err != nil {
			b.Fatal(err)
		}
	}
}
