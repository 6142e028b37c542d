package rulesets_test

import (
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
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

// BenchmarkHugeSumWinningMove finds the winning move in a sum of heaps near
// 2^63 of Bash, Lasker's Nim and Nim.
func BenchmarkHugeSumWinningMove(b *testing.B) {
	bash5, _ := rulesets.Bash(5)
	sum := sg.Sum{
		rulesets.MustHeapPart(bash5, nil, 1<<63+3),
		rulesets.MustHeapPart(rulesets.Lasker(), nil, 1<<62+7),
		rulesets.MustHeapPart(rulesets.Nim(), nil, 1<<61+5),
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok, err := sum.WinningMove(bg); err != nil || !ok {
			b.Fatal(err)
		}
	}
}
