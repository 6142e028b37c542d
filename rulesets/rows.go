package rulesets

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// Row games: a row of n stones is a heap of n. Taking k adjacent stones
// leaves nothing, one row (from an end) or two rows (from the middle):
// digit 7. Taking k stones anywhere leaves up to k+1 rows: digit
// 2^(k+2)-1. See the package documentation for the seed notes' games and
// which rule each one is.

// Adjacent returns the row game "take exactly s adjacent stones, for s in
// sizes": the octal game with digit 7 at each size. Adjacent(2) is game C,
// Adjacent(a, b, c) is POI 2000 Stripes (game D). Its spec is
// "adjacent:2,5". It returns an error naming a size that is not in
// 1..[MaxTakeLimit], and for an empty list.
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
// spec is "anywhere:2". Anywhere(2) is the seed notes' "any two stones of a
// row, not necessarily adjacent", code 0.0F.
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
// are simply G(n) = n (see the table above). Its spec is "anywhere". The
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
func (AnyAnywhereRule) ValueOf(n uint64) (sg.Nimber, bool) { return sg.Nimber(n), true }

// String returns "anywhere".
func (AnyAnywhereRule) String() string { return "anywhere" }

// GameA returns the seed notes' game A: Nim (any number from one heap).
func GameA() *TakeBreak { return Nim() }

// GameB returns the seed notes' game B: take at most m from one heap, whose
// function is f(x) = x mod (m+1). It is [Bash].
func GameB(m int) (*TakeBreak, error) { return Bash(m) }

// GameC returns the seed notes' game C: take two adjacent stones from a
// row. Its table is f = 0, 0, 1, 1, 2, 0, 3, 1 for rows of 0 to 7 stones;
// it is Dawson's Kayles (0.07), with spec "adjacent:2".
func GameC() *TakeBreak {
	t, _ := Adjacent(2)
	return t
}

// Stripes returns game D, POI 2000 Stripes: take a, b or c adjacent
// stones from a row (the sizes need not differ). It is [Adjacent](a, b, c).
func Stripes(a, b, c int) (*TakeBreak, error) { return Adjacent(a, b, c) }
