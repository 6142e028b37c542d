package rulesets

import (
	"fmt"
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// MaxWythoffHeap is the largest heap the closed-form Wythoff functions
// accept: 2^62. Every intermediate value then fits in a uint64.
const MaxWythoffHeap = 1 << 62

// Wythoff is Wythoff's game on two heaps: a move takes any positive number
// of tokens from one heap, or the same positive number from both. It is
// not a heap game (a move may touch both heaps), so it is a game.Game over
// positions [2]uint64, and also a game.Canonicalizer ((a, b) and (b, a) are
// the same game).
//
// The P-positions are the pairs (A_k, B_k) and (B_k, A_k) for k ≥ 0, with
// A_k = ⌊kφ⌋ and B_k = A_k + k = ⌊kφ²⌋, φ the golden ratio (Wythoff, 1907).
// [WythoffPair], [Wythoff.Outcome] and [Wythoff.WinningMoves] compute them
// exactly in integers, for heaps up to [MaxWythoffHeap], in O(1) (a 128-bit
// integer square root: ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋) / 2⌋, because √(5k²) is
// irrational for k > 0). AppendMoves enumerates every move, which is for
// small heaps (engines and exhaustive search).
//
// The zero value is ready to use and safe for concurrent use.
type Wythoff struct{}

// AppendMoves appends every position reachable from p: (a-i, b), (a, b-i)
// and (a-i, b-i) for i ≥ 1. It takes O(a+b) time.
func (Wythoff) AppendMoves(dst [][2]uint64, p [2]uint64) [][2]uint64 {
	a, b := p[0], p[1]
	for i := uint64(1); i <= a; i++ {
		dst = append(dst, [2]uint64{a - i, b})
	}
	for i := uint64(1); i <= b; i++ {
		dst = append(dst, [2]uint64{a, b - i})
	}
	for i := uint64(1); i <= a && i <= b; i++ {
		dst = append(dst, [2]uint64{a - i, b - i})
	}
	return dst
}

// Canonical returns p with the smaller heap first.
func (Wythoff) Canonical(p [2]uint64) [2]uint64 {
	if p[0] > p[1] {
		return [2]uint64{p[1], p[0]}
	}
	return p
}

// String returns "wythoff".
func (Wythoff) String() string { return "wythoff" }

// WythoffPair returns the k-th P-position (A_k, B_k) of Wythoff's game,
// A_k = ⌊kφ⌋ and B_k = A_k + k: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), …
// (OEIS A000201 and A001950). It returns an error naming k when k exceeds
// [MaxWythoffHeap].
func WythoffPair(k uint64) (a, b uint64, err error) {
	if k > MaxWythoffHeap {
		return 0, 0, fmt.Errorf("rulesets: wythoff: index %d exceeds 2^62", k)
	}
	a = floorPhi(k)
	return a, a + k, nil
}

// floorPhi returns ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋ = (k + ⌊√(5k²)⌋) / 2 for
// k ≤ 2^62: with r = ⌊√(5k²)⌋ < √(5k²) < r+1, halving k+r or k+r+1 lands
// on the same integer part because k+√(5k²) is never an integer.
func floorPhi(k uint64) uint64 {
	hi, lo := bits.Mul64(k, k)
	// 5k² = 4k² + k², as a 128-bit number (k ≤ 2^62 keeps it below 2^127).
	h4, l4 := hi<<2|lo>>62, lo<<2
	l5, carry := bits.Add64(l4, lo, 0)
	h5 := h4 + hi + carry
	return (k + isqrt128(h5, l5)) / 2
}

// isqrt128 returns ⌊√(hi·2^64 + lo)⌋, which is below 2^64, bit by bit.
func isqrt128(hi, lo uint64) uint64 {
	var r uint64
	for bit := uint64(1) << 63; bit != 0; bit >>= 1 {
		c := r | bit
		h, l := bits.Mul64(c, c)
		if h < hi || (h == hi && l <= lo) {
			r = c
		}
	}
	return r
}

// wythoffPartner returns the heap b such that (a, b) is a P-position: every
// a ≥ 1 is either some A_k or some B_k, never both (Beatty's theorem), and
// its partner is then B_k or A_k. a must be at most MaxWythoffHeap.
func wythoffPartner(a uint64) uint64 {
	if a == 0 {
		return 0
	}
	fa := floorPhi(a) // ⌊aφ⌋ = a + ⌊a/φ⌋
	// a = A_k needs kφ in [a, a+1), so k = ⌈a/φ⌉ = ⌊a/φ⌋ + 1.
	if k := fa - a + 1; floorPhi(k) == a {
		return a + k
	}
	// Otherwise a = B_k = ⌊kφ²⌋ with k = ⌈a/φ²⌉ = ⌈2a - aφ⌉ = 2a - ⌊aφ⌋.
	k := 2*a - fa
	return a - k
}

func checkWythoff(p [2]uint64) error {
	for i, h := range p {
		if h > MaxWythoffHeap {
			return fmt.Errorf("rulesets: wythoff: heap %d (index %d) exceeds 2^62", h, i)
		}
	}
	return nil
}

// Outcome returns P when p is a P-position (the player to move loses) and
// N otherwise, in O(1). It returns an error naming a heap above
// [MaxWythoffHeap].
func (Wythoff) Outcome(p [2]uint64) (game.Outcome, error) {
	if err := checkWythoff(p); err != nil {
		return 0, err
	}
	if wythoffPartner(p[0]) == p[1] {
		return game.P, nil
	}
	return game.N, nil
}

// WinningMoves returns every move from p to a P-position, heaps in the
// order of p: at most one that lowers the first heap, one that lowers the
// second, and one that lowers both. It is empty when p is a P-position, and
// an error names a heap above [MaxWythoffHeap].
func (Wythoff) WinningMoves(p [2]uint64) ([][2]uint64, error) {
	if err := checkWythoff(p); err != nil {
		return nil, err
	}
	x, y := p[0], p[1]
	if wythoffPartner(x) == y {
		return nil, nil
	}
	var out [][2]uint64
	if t := wythoffPartner(y); t < x {
		out = append(out, [2]uint64{t, y})
	}
	if t := wythoffPartner(x); t < y {
		out = append(out, [2]uint64{x, t})
	}
	// Same amount from both: the difference k = |x-y| stays, and the only
	// P-position with that difference is (A_k, B_k).
	lo, hi := min(x, y), max(x, y)
	k := hi - lo
	if ak := floorPhi(k); ak < lo {
		d := lo - ak
		out = append(out, [2]uint64{x - d, y - d})
	}
	return out, nil
}
