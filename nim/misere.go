package nim

import (
	"github.com/impartial-go/impartial/sg"
	"golang.org/x/exp/constraints"
)

// misereScan gathers what misère play needs in one pass: the nim-sum, the
// number of heaps of size 1, the number of heaps larger than 1 and the
// index of the last of those.
func misereScan[S ~[]T, T constraints.Integer](heaps S) (s T, ones, big, last int, err error) {
	var or T
	last = -1
	for i, a := range heaps {
		s ^= a
		or |= a
		if a > 1 {
			big++
			last = i
		} else {
			ones += int(a) // a is 0 or 1 (or negative, reported below)
		}
	}
	if or < 0 {
		return 0, 0, 0, -1, negative("heap", heaps)
	}
	return s, ones, big, last, nil
}

// MisereOutcome returns the outcome of the Nim position under misère play,
// where whoever takes the last token loses. Bouton's rule: when some heap
// has 2 or more tokens the outcome is the same as in normal Nim (P iff the
// nim-sum is 0); when every heap has 0 or 1 token, the position is P iff
// the number of 1-heaps is odd. In particular the empty position is N: the
// opponent took the last token and lost, so the player to move has won.
// O(n), no allocation.
func MisereOutcome[S ~[]T, T constraints.Integer](heaps S) (sg.Outcome, error) {
	s, ones, big, _, err := misereScan(heaps)
	switch {
	case err != nil || big > 0:
		return outcome(s, err)
	case ones%2 == 1:
		return sg.P, nil
	}
	return sg.N, nil
}

// AppendMisereWinningMoves appends every winning move of the position under
// misère play to dst, in increasing heap order.
//
//   - Two or more heaps larger than 1: the normal-play moves of
//     [AppendWinningMoves]. Each keeps a heap larger than 1 (a move changes
//     one heap), so it reaches a misère P-position.
//   - Exactly one heap larger than 1: the only winning move reduces it to 0
//     or 1, whichever leaves an odd number of 1-heaps.
//   - Every heap 0 or 1 (the endgame): with an even, nonzero number of
//     1-heaps, emptying any one of them wins; otherwise there is no winning
//     move (an odd count is a P-position, and the empty position has no
//     moves at all although the player to move has already won).
func AppendMisereWinningMoves[S ~[]T, T constraints.Integer](dst []Move[T], heaps S) ([]Move[T], error) {
	s, ones, big, last, err := misereScan(heaps)
	switch {
	case err != nil:
		return dst, err
	case big >= 2:
		dst = appendNimMoves(dst, heaps, s)
	case big == 1:
		to := T(1)
		if ones%2 == 1 {
			to = 0
		}
		dst = append(dst, Move[T]{Heap: last, From: heaps[last], To: to})
	case ones%2 == 0:
		for i, a := range heaps {
			if a == 1 {
				dst = append(dst, Move[T]{Heap: i, From: 1, To: 0})
			}
		}
	}
	return dst, nil
}

// MisereWinningMoves returns every winning move under misère play (see
// [AppendMisereWinningMoves]), or nil when there is none.
func MisereWinningMoves[S ~[]T, T constraints.Integer](heaps S) ([]Move[T], error) {
	return AppendMisereWinningMoves(nil, heaps)
}

// MisereWinningMove returns one winning move under misère play, the one on
// the lowest-numbered heap, and false when there is none. It does not
// allocate.
func MisereWinningMove[S ~[]T, T constraints.Integer](heaps S) (Move[T], bool, error) {
	s, ones, big, last, err := misereScan(heaps)
	switch {
	case err != nil:
		return Move[T]{}, false, err
	case big >= 2:
		m, ok := nimMove(heaps, s)
		return m, ok, nil
	case big == 1:
		return Move[T]{Heap: last, From: heaps[last], To: T(1 - ones%2)}, true, nil
	case ones > 0 && ones%2 == 0:
		for i, a := range heaps {
			if a == 1 {
				return Move[T]{Heap: i, From: 1, To: 0}, true, nil
			}
		}
	}
	return Move[T]{}, false, nil
}
