package nim

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/impartial-go/impartial/sg"
	"golang.org/x/exp/constraints"
)

// mooreCounts returns, for each binary digit, how many heaps have a 1
// there, after checking k and the heaps.
func mooreCounts[S ~[]T, T constraints.Integer](heaps S, k int) (counts [64]int, err error) {
	if k < 1 {
		return counts, fmt.Errorf("nim: Moore's Nim_k needs k ≥ 1, got k = %d", k)
	}
	var or T
	for _, a := range heaps {
		or |= a
		for x := uint64(a); x != 0; x &= x - 1 {
			counts[bits.TrailingZeros64(x)]++
		}
	}
	if or < 0 {
		return counts, negative("heap", heaps)
	}
	return counts, nil
}

// mooreResidue returns c mod (k+1) without overflowing k+1.
func mooreResidue(c, k int) int {
	if c <= k {
		return c
	}
	return c % (k + 1)
}

// MooreOutcome returns the outcome of the position in Moore's Nim_k, where
// a move removes at least one token from each of between 1 and k heaps.
// Moore's theorem (E. H. Moore, "A generalization of the game called nim",
// Annals of Mathematics 11 (1910) 93–94): the position is P exactly when,
// for every binary digit, the number of heaps with a 1 in that digit is
// divisible by k+1. For k = 1 this is Bouton's rule. A k below 1 is an
// error. O(64·n), no allocation.
func MooreOutcome[S ~[]T, T constraints.Integer](heaps S, k int) (sg.Outcome, error) {
	counts, err := mooreCounts(heaps, k)
	if err != nil {
		return sg.P, err
	}
	for _, c := range counts {
		if mooreResidue(c, k) != 0 {
			return sg.N, nil
		}
	}
	return sg.P, nil
}

// MooreWinningMove returns a winning move of Moore's Nim_k as the list of
// heaps it changes (at most k, each lowered, in increasing heap order), or
// nil for a P-position. See [AppendMooreWinningMove].
func MooreWinningMove[S ~[]T, T constraints.Integer](heaps S, k int) ([]Move[T], error) {
	return AppendMooreWinningMove(nil, heaps, k)
}

// AppendMooreWinningMove appends a winning move of Moore's Nim_k to dst, as
// one [Move] per heap changed, and returns the extended slice; it appends
// nothing for a P-position.
//
// The construction goes down the binary digits from the highest, keeping
// the set M of heaps already lowered. A heap in M was lowered in a higher
// digit, so its lower digits are free. At each digit let r be the number
// of heaps outside M with a 1 there, modulo k+1. If M holds at least
// (k+1-r) mod (k+1) heaps, that many of them get a 1 and the count becomes
// divisible by k+1. Otherwise r heaps outside M with a 1 there join M and
// get a 0, which lowers them; then |M| + r ≤ k, because the first case
// failed. Each digit ends with a count divisible by k+1, so the result is a
// P-position, and at most k heaps were lowered.
//
// It takes O(64·(n + min(k, 64)²)) time: at each of the 64 digits one
// pass over the heaps, in which at most |M| + r ≤ k distinct heaps are
// looked up in M, each lookup a scan of M (|M| ≤ min(k, 64) whenever
// lookups scan). Besides growing dst it allocates only when k > 64 and
// there are more than 64 heaps: one bitmap of n bits, for lookups in O(1).
func AppendMooreWinningMove[S ~[]T, T constraints.Integer](dst []Move[T], heaps S, k int) ([]Move[T], error) {
	counts, err := mooreCounts(heaps, k)
	if err != nil {
		return dst, err
	}
	start := len(dst) // dst[start:] is M, with To built up digit by digit
	// M has at most k heaps. For small k, membership is a scan of M; for
	// large k and many heaps, a bitmap of the heap indices in M.
	var inM []uint64
	if k > 64 && len(heaps) > 64 {
		inM = make([]uint64, (len(heaps)+63)/64)
	}
	member := func(i int) bool {
		if inM != nil {
			return inM[i/64]&(1<<(i%64)) != 0
		}
		for _, m := range dst[start:] {
			if m.Heap == i {
				return true
			}
		}
		return false
	}
	for b := 63; b >= 0; b-- {
		bit := uint64(1) << b
		c := counts[b]
		for _, m := range dst[start:] {
			if uint64(m.From)&bit != 0 {
				c--
			}
		}
		r := mooreResidue(c, k)
		if r == 0 {
			continue
		}
		m := len(dst) - start
		if need := k - (r - 1); need <= m { // (k+1) - r without overflow
			for j := range need {
				dst[start+j].To |= T(bit)
			}
			continue
		}
		for i, a := range heaps {
			if r == 0 {
				break
			}
			if uint64(a)&bit != 0 && !member(i) {
				if inM != nil {
					inM[i/64] |= 1 << (i % 64)
				}
				high := uint64(a) &^ (bit<<1 - 1) // the digits above b, kept
				dst = append(dst, Move[T]{Heap: i, From: a, To: T(high)})
				r--
			}
		}
	}
	slices.SortFunc(dst[start:], func(x, y Move[T]) int { return x.Heap - y.Heap })
	return dst, nil
}
