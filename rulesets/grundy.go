package rulesets

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
)

// Grundy is Grundy's game: a move splits one heap into two nonempty heaps
// of different sizes, so heaps of 1 and 2 are dead. Its spec is "grundy".
//
// Its values start 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4,
// 3, 0 (OEIS A002188), and no period is known: Achim Flammenkamp's table
// of its rare values (uni-bielefeld.de/achim/grundy.html) shows them still
// appearing far out, e.g. G(87) = 7 and G(158) = 11. It is not an octal
// game, since the Unequal condition is not a digit, so it has no
// [game.TakeBreakRule] loops and no certified period.
//
// The zero value is ready to use and safe for concurrent use.
type Grundy struct{}

// AppendHeapMoves appends the single move kind of Grundy's game: split a
// heap of n ≥ 3 into two unequal parts.
func (Grundy) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n >= 3 {
		dst = append(dst, game.HeapMove{Remain: n, Parts: 2, Unequal: true})
	}
	return dst
}

// String returns "grundy".
func (Grundy) String() string { return "grundy" }

// Lasker returns Lasker's Nim, spec "lasker", code 4.[3]: take any number
// of tokens from a heap, or split a heap into two nonempty heaps without
// taking. Its values follow the formula of [TakeBreak.ValueOf]:
// G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3
// (Winning Ways, ch. 4; the sequence is arithmetic-periodic with period 4
// and saltus 4).
func Lasker() *TakeBreak { return mustTakeBreak("lasker", []uint32{4}, []uint32{3}) }

// laskerValue is G(n) for Lasker's Nim; false when it overflows (the heap
// 2^64-1 has value 2^64).
func laskerValue(n uint64) (game.Nimber, bool) {
	switch {
	case n == 0:
		return 0, true
	case n%4 == 3:
		if n == ^uint64(0) {
			return 0, false
		}
		return game.Nimber(n + 1), true
	case n%4 == 0:
		return game.Nimber(n - 1), true
	}
	return game.Nimber(n), true
}

var (
	_ = register(&Entry{
		Name:   "grundy",
		Syntax: "grundy",
		Doc:    "Grundy's game: split a heap into two unequal heaps",
		Kind:   game.KindHeap,
		Alone:  func() fmt.Stringer { return Grundy{} },
		Known: []Known{{
			Spec:   "grundy",
			Values: "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0",
			Source: "OEIS A002188; Winning Ways, ch. 4",
		}},
	})
	_ = register(&Entry{
		Name:   "lasker",
		Syntax: "lasker",
		Doc:    "Lasker's Nim: take any number or split, code 4.[3]",
		Kind:   game.KindHeap,
		Alone:  func() fmt.Stringer { return Lasker() },
		Known: []Known{{
			Spec:   "lasker",
			Values: "0 1 2 4 3 5 6 8 7 9 10 12 11",
			Source: "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3; Winning Ways, ch. 4",
		}},
	})
)
