package nim

import (
	"fmt"

	"github.com/impartial-go/impartial/sg"
	"golang.org/x/exp/constraints"
)

// Transfer is a move of staircase Nim and tree staircase Nim: Count tokens
// (at least 1) go from place From to place To, where To is the step below
// From (From - 1) on a staircase and From's parent in a tree.
type Transfer[T constraints.Integer] struct {
	From, To int
	Count    T
}

// String formats t as "move 3 from 4 to 2".
func (t Transfer[T]) String() string {
	return fmt.Sprintf("move %d from %d to %d", t.Count, t.From, t.To)
}

// StaircaseSum returns the nim-sum of the odd-numbered steps,
// steps[1] ⊕ steps[3] ⊕ …, which is the Sprague–Grundy value of the
// staircase position; steps[0] is the ground and never matters. O(n), no
// allocation. A negative step is an error naming its index.
func StaircaseSum[S ~[]T, T constraints.Integer](steps S) (T, error) {
	var s, or T
	for i, a := range steps {
		or |= a
		s ^= a & -T(i&1) // keep odd steps: the mask is all ones for odd i
	}
	if or < 0 {
		return 0, negative("step", steps)
	}
	return s, nil
}

// StaircaseOutcome returns [sg.P] when the player to move loses the
// staircase position (the odd steps' nim-sum is 0) and [sg.N] otherwise.
func StaircaseOutcome[S ~[]T, T constraints.Integer](steps S) (sg.Outcome, error) {
	return outcome(StaircaseSum(steps))
}

// AppendStaircaseWinningMoves appends every winning move of the staircase
// position to dst, in increasing order of the step moved from. With odd-step
// nim-sum s ≠ 0, a move wins exactly when it turns one odd step a into
// a ⊕ s, in one of two ways:
//
//   - from an odd step i with a_i ⊕ s < a_i: move a_i - (a_i ⊕ s) coins down
//     to the even step i-1, as in Nim;
//   - from an even step j ≥ 2 onto the odd step below it, when
//     a_{j-1} ⊕ s > a_{j-1} and step j holds the difference: move
//     (a_{j-1} ⊕ s) - a_{j-1} coins. This is how the winner answers an
//     opponent who moved coins from an even step: push the same coins on
//     down to the next even step, or fix the sum with the coins just moved.
//
// O(n); allocates only when dst grows.
func AppendStaircaseWinningMoves[S ~[]T, T constraints.Integer](dst []Transfer[T], steps S) ([]Transfer[T], error) {
	s, err := StaircaseSum(steps)
	if err != nil || s == 0 {
		return dst, err
	}
	for i := 1; i < len(steps); i++ {
		if t, ok := transferRule(i, i-1, i&1 == 1, steps[i], steps[i-1], s); ok {
			dst = append(dst, t)
		}
	}
	return dst, nil
}

// transferRule is the winning-move rule shared by staircase Nim and tree
// staircase Nim, for a nim-sum s ≠ 0 of the odd places: it returns the
// winning move from place from, which holds a, to the place below it (the
// step below or the parent), which holds b, if there is one. From an odd
// place it lowers a to a ⊕ s, as in Nim, when a ⊕ s < a; from an even
// place it raises the odd place below from b to b ⊕ s, when b ⊕ s > b and
// a covers the difference. b is not read from an odd place.
func transferRule[T constraints.Integer](from, to int, odd bool, a, b, s T) (Transfer[T], bool) {
	if odd {
		if a^s < a {
			return Transfer[T]{From: from, To: to, Count: a - (a ^ s)}, true
		}
	} else if b^s > b && (b^s)-b <= a {
		return Transfer[T]{From: from, To: to, Count: (b ^ s) - b}, true
	}
	return Transfer[T]{}, false
}

// StaircaseWinningMoves returns every winning move of the staircase
// position (see [AppendStaircaseWinningMoves]); nil for a P-position.
func StaircaseWinningMoves[S ~[]T, T constraints.Integer](steps S) ([]Transfer[T], error) {
	return AppendStaircaseWinningMoves(nil, steps)
}

// StaircaseWinningMove returns a winning move of the staircase position,
// preferring a move down from an odd step (one always exists when the
// position is N), and false for a P-position. It does not allocate.
func StaircaseWinningMove[S ~[]T, T constraints.Integer](steps S) (Transfer[T], bool, error) {
	s, err := StaircaseSum(steps)
	if err != nil || s == 0 {
		return Transfer[T]{}, false, err
	}
	for i := 1; i < len(steps); i += 2 {
		if t, ok := transferRule(i, i-1, true, steps[i], steps[i-1], s); ok {
			return t, true, nil
		}
	}
	panic("nim: unreachable: no odd step has the top bit of the nim-sum")
}
