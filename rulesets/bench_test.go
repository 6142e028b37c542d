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

func benchValues(b *testing.B, r game.HeapRule, n int) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sg.Values(bg, r, n); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValuesDawson1e4(b *testing.B)  { benchValues(b, rulesets.DawsonsKayles(), 1e4) }
func BenchmarkValuesDawson1e5(b *testing.B)  { benchValues(b, rulesets.DawsonsKayles(), 1e5) }
func BenchmarkValuesKayles1e5(b *testing.B)  { benchValues(b, rulesets.Kayles(), 1e5) }
func BenchmarkValuesSub134_1e6(b *testing.B) { benchValues(b, mustSub(b, 1, 3, 4), 1e6) }
func BenchmarkValuesGrundy1e4(b *testing.B)  { benchValues(b, rulesets.Grundy{}, 1e4) }
func BenchmarkValuesFib1e4(b *testing.B)     { benchValues(b, rulesets.Fibonacci(), 1e4) }

func mustSub(b *testing.B, set ...int) *rulesets.TakeBreak {
	r, err := rulesets.Subtraction(set...)
	if err != nil {
		b.Fatal(err)
	}
	return r
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
		if _, err := sum.WinningMoves(bg); err != nil {
			b.Fatal(err)
		}
	}
}
