package solve_test

import (
	"context"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/solve"
)

// BenchmarkHugeSumWinningMove finds the winning move in a sum of heaps near
// 2^63 of Bash, Lasker's Nim and Nim.
func BenchmarkHugeSumWinningMove(b *testing.B) {
	bash5, _ := rulesets.Bash(5)
	sum := sg.Sum{
		sg.PartOf(solve.MustHeapPart(bash5, nil, 1<<63+3)),
		sg.PartOf(solve.MustHeapPart(rulesets.Lasker(), nil, 1<<62+7)),
		sg.PartOf(solve.MustHeapPart(rulesets.Nim(), nil, 1<<61+5)),
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok, err := sum.WinningMove(context.Background()); err != nil || !ok {
			b.Fatal(err)
		}
	}
}

// BenchmarkBoardCram finds the value and every winning move of Cram 5×6,
// as `sgtool solve cram:5x6` does, with the default table and workers.
func BenchmarkBoardCram(b *testing.B) {
	r, err := rulesets.ParseRules("cram:5x6")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		sol, err := solve.Board(context.Background(), r.Board)
		if err != nil || sol.Value != 2 || len(sol.Moves) != 9 {
			b.Fatal(sol, err)
		}
	}
}
