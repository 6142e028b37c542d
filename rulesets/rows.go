package rulesets

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
)

// Row games: a row of n stones is a heap of n. Taking k adjacent stones
// leaves nothing, one row (from an end) or two rows (from the middle):
// digit 7. Taking k stones anywhere leaves up to k+1 rows: digit
// 2^(k+2)-1. The package documentation lists them with their codes.

// Adjacent returns the row game "take exactly s adjacent stones, for s in
// sizes": the octal game with digit 7 at each size. Adjacent(2) is
// Dawson's Kayles (0.07), Adjacent(1, 2) is Kayles (0.77), and
// Adjacent(a, b, c) is [Stripes]. Its spec is "adjacent:2,5". It returns an
// error naming a size that is not in 1..[MaxTakeLimit], and for an empty
// list.
func Adjacent(sizes ...int) (*TakeBreak, error) {
	s, err := checkSizes("adjacent", sizes)
	if err != nil {
		return nil, err
	}
	digits := make([]uint32, s[len(s)-1]+1)
	for _, k := range s {
		digits[k] = 7
	}
	return mustTakeBreak(joinSpec("adjacent", s), digits, nil), nil
}

// AnyAdjacent returns the row game "take any number of adjacent stones",
// spec "adjacent", code 0.[7]; G(n) = n.
func AnyAdjacent() *TakeBreak { return mustTakeBreak("adjacent", []uint32{0}, []uint32{7}) }

// Anywhere returns the row game "take exactly s stones for s in sizes, from
// anywhere in the row", which leaves up to s+1 rows: the code with digit
// 2^(s+2)-1 at each size, so sizes may not exceed [MaxHeaps]-1 = 30. Its
// spec is "anywhere:2". Anywhere(1) is 0.7 and Anywhere(2), "any two stones
// of a row, not necessarily adjacent", is the hexadecimal game 0.0F.
func Anywhere(sizes ...int) (*TakeBreak, error) {
	s, err := checkSizes("anywhere", sizes)
	if err != nil {
		return nil, err
	}
	for i, k := range sizes {
		if k > MaxHeaps-1 {
			return nil, fmt.Errorf("rulesets: anywhere: size %d (index %d) would leave up to %d rows; at most %d are supported (use AnyAnywhere for any number)", k, i, k+1, MaxHeaps)
		}
	}
	digits := make([]uint32, s[len(s)-1]+1)
	for _, k := range s {
		digits[k] = uint32(uint64(1)<<uint(k+2) - 1)
	}
	return mustTakeBreak(joinSpec("anywhere", s), digits, nil), nil
}

// AnyAnywhereRule is the row game "take any number of stones from anywhere
// in one row": removing k stones from a row of n leaves the other n-k as
// any number of rows from 1 to k+1 (or none). Since removing k tokens may
// leave more than [MaxHeaps] heaps it is not a [TakeBreak], but its values
// are simply G(n) = n (see the package documentation). Its spec is "anywhere". The
// zero value is ready to use and safe for concurrent use.
type AnyAnywhereRule struct{}

// AnyAnywhere returns the rule "take any number of stones anywhere".
func AnyAnywhere() AnyAnywhereRule { return AnyAnywhereRule{} }

// AppendHeapMoves appends, for each k from 1 to n, the moves that leave
// the n-k other stones as j rows, 1 ≤ j ≤ min(k+1, n-k), or as nothing when
// k = n: O(n²) moves, so it suits small heaps; use ValueOf for large ones.
func (AnyAnywhereRule) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := 1; k <= n; k++ {
		rem := n - k
		if rem == 0 {
			dst = append(dst, game.HeapMove{})
			continue
		}
		for j := 1; j <= rem && j <= k+1; j++ {
			dst = append(dst, game.HeapMove{Remain: rem, Parts: j})
		}
	}
	return dst
}

// ValueOf returns n: every smaller row is an option and no option's value
// can reach n.
func (AnyAnywhereRule) ValueOf(n uint64) (game.Nimber, bool) { return game.Nimber(n), true }

// String returns "anywhere".
func (AnyAnywhereRule) String() string { return "anywhere" }

// Stripes returns the game of the problem "Stripes" (Paski) of the 7th
// Polish Olympiad in Informatics (POI 2000): a move places a stripe of
// length a, b or c on free adjacent squares of a row, so it takes a, b or c
// adjacent stones from a row (the sizes need not differ). It is
// [Adjacent](a, b, c), spec "adjacent:a,b,c".
func Stripes(a, b, c int) (*TakeBreak, error) { return Adjacent(a, b, c) }

var (
	_ = register(&Entry{
		Name:    "adjacent",
		Syntax:  "adjacent[:N,N,…]",
		Doc:     "take N adjacent stones from a row (any N if none)",
		Kind:    game.KindHeap,
		Alone:   func() fmt.Stringer { return AnyAdjacent() },
		WithArg: sizesArg(Adjacent),
		Known: []Known{{
			Spec:   "adjacent:2",
			Values: "0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3",
			Source: "Dawson's Kayles 0.07: OEIS A002187 (Dawson's chess) shifted by one heap",
		}, {
			Spec:   "adjacent:1,2",
			Values: "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2",
			Source: "Kayles 0.77: OEIS A002186",
		}, {
			Spec:   "adjacent",
			Values: "0 1 2 3 4 5 6 7 8 9",
			Source: "G(n) = n: every smaller row is an option, and no option's value reaches n (package documentation)",
		}},
	})
	_ = register(&Entry{
		Name:    "anywhere",
		Syntax:  "anywhere[:N,N,…]",
		Doc:     "take N stones from anywhere in a row (any N if none)",
		Kind:    game.KindHeap,
		Alone:   func() fmt.Stringer { return AnyAnywhere() },
		WithArg: sizesArg(Anywhere),
		Known: []Known{{
			Spec:   "anywhere:1",
			Values: "0 1 0 1 0 1 0 1 0 1",
			Source: "0.7, She-Loves-Me-She-Loves-Me-Not, G(n) = n mod 2: Winning Ways, ch. 4",
		}, {
			Spec:   "anywhere",
			Values: "0 1 2 3 4 5 6",
			Source: "G(n) = n: every smaller row is an option, and no option's value reaches n (package documentation)",
		}},
	})
)
