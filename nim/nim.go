package nim

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/impartial-go/impartial/sg"
	"golang.org/x/exp/constraints"
)

// ErrNegative is wrapped by every error that reports a negative heap, step
// or node value. The message names the index of the bad value.
var ErrNegative = errors.New("negative count")

// Move is a move in Nim: heap number Heap (an index into the caller's
// slice) goes from From tokens to To tokens, To < From. In Moore's Nim a
// move is a list of these, one per heap touched.
type Move[T constraints.Integer] struct {
	Heap     int
	From, To T
}

// Take returns the number of tokens the move removes, From - To.
func (m Move[T]) Take() T { return m.From - m.To }

// String formats m as "heap 2: 5 → 3 (take 2)".
func (m Move[T]) String() string {
	return fmt.Sprintf("heap %d: %d → %d (take %d)", m.Heap, m.From, m.To, m.Take())
}

// negative returns the error for the first negative entry of s, which the
// caller has found to exist. what names the kind of entry ("heap", "step").
func negative[S ~[]T, T constraints.Integer](what string, s S) error {
	for i, a := range s {
		if a < 0 {
			return fmt.Errorf("nim: %s %d is %d: %w", what, i, a, ErrNegative)
		}
	}
	return nil
}

// topBit returns the value with only the highest set bit of s (s > 0).
func topBit[T constraints.Integer](s T) T {
	return T(1) << (bits.Len64(uint64(s)) - 1)
}

// Sum returns the nim-sum a_1 ⊕ a_2 ⊕ … ⊕ a_n of the heaps, which is the
// Sprague–Grundy value of the Nim position. It runs in O(n) without
// allocating. A negative heap is an error that names its index and wraps
// [ErrNegative].
func Sum[S ~[]T, T constraints.Integer](heaps S) (T, error) {
	// OR-ing every heap finds a negative one with no branch in the loop:
	// the OR is negative exactly when some heap is.
	var s, or T
	for _, a := range heaps {
		s ^= a
		or |= a
	}
	if or < 0 {
		return 0, negative("heap", heaps)
	}
	return s, nil
}

// Outcome returns [sg.P] when the player to move loses the Nim position
// (its nim-sum is 0, Bouton's theorem) and [sg.N] otherwise. O(n).
func Outcome[S ~[]T, T constraints.Integer](heaps S) (sg.Outcome, error) {
	return outcome(Sum(heaps))
}

// outcome turns a Sprague–Grundy value s, and the error of computing it,
// into the verdict: [sg.P] for 0 and [sg.N] otherwise, or [sg.P] with the
// error.
func outcome[T constraints.Integer](s T, err error) (sg.Outcome, error) {
	if err != nil {
		return sg.P, err
	}
	return sg.OutcomeOf(sg.Nimber(s)), nil
}

// AppendWinningMoves appends every winning move of the Nim position to dst,
// in increasing heap order, and returns the extended slice. With nim-sum
// s ≠ 0 the winning moves are exactly the moves of heap a_i to a_i ⊕ s on
// the heaps where a_i ⊕ s < a_i, that is, the heaps with a 1 in the
// highest binary digit of s; a P-position (s = 0) has none.
//
// It makes two passes over heaps and allocates only when dst must grow, so a
// bot that reuses dst calls it on a million heaps without garbage.
func AppendWinningMoves[S ~[]T, T constraints.Integer](dst []Move[T], heaps S) ([]Move[T], error) {
	s, err := Sum(heaps)
	if err != nil {
		return dst, err
	}
	return appendNimMoves(dst, heaps, s), nil
}

// appendNimMoves appends the winning moves of the Nim position heaps, whose
// nim-sum is s, to dst: a_i to a_i ⊕ s on every heap with a 1 in the
// highest digit of s, none when s = 0.
func appendNimMoves[S ~[]T, T constraints.Integer](dst []Move[T], heaps S, s T) []Move[T] {
	if s == 0 {
		return dst
	}
	top := topBit(s)
	for i, a := range heaps {
		if a&top != 0 {
			dst = append(dst, Move[T]{Heap: i, From: a, To: a ^ s})
		}
	}
	return dst
}

// WinningMoves returns every winning move of the Nim position (see
// [AppendWinningMoves]); it is nil for a P-position.
func WinningMoves[S ~[]T, T constraints.Integer](heaps S) ([]Move[T], error) {
	return AppendWinningMoves(nil, heaps)
}

// WinningMove returns the winning move on the lowest-numbered heap that has
// one, and false when the position is a P-position. It does not allocate.
func WinningMove[S ~[]T, T constraints.Integer](heaps S) (Move[T], bool, error) {
	s, err := Sum(heaps)
	if err != nil {
		return Move[T]{}, false, err
	}
	m, ok := nimMove(heaps, s)
	return m, ok, nil
}

// nimMove returns the first of the moves [appendNimMoves] would append, and
// false when s = 0.
func nimMove[S ~[]T, T constraints.Integer](heaps S, s T) (Move[T], bool) {
	if s == 0 {
		return Move[T]{}, false
	}
	top := topBit(s)
	for i, a := range heaps {
		if a&top != 0 {
			return Move[T]{Heap: i, From: a, To: a ^ s}, true
		}
	}
	panic("nim: unreachable: no heap has the top bit of the nim-sum")
}
