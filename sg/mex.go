package sg

import "math/bits"

// Mex returns the minimum excludant of vs: the least nimber not in vs.
// mex{} = 0, mex{0, 1, 2, 4} = 3, mex{1, 3, 5} = 0.
//
// The mex of k values is at most k, so values ≥ k are ignored and a bitset
// of k+1 bits suffices: for fewer than 64 values (the common case) it is one
// machine word and Mex does not allocate. Larger sets allocate one bitset;
// use a [MexBuffer] to reuse it. Mex runs in O(len(vs)).
func Mex(vs []Nimber) Nimber {
	if len(vs) < 64 {
		return mexWord(vs)
	}
	var b MexBuffer
	return b.Mex(vs)
}

// mexWord is the mex of fewer than 64 values, in one machine word. It is
// generic so that the engine can run it on its 32-bit memo cells.
func mexWord[T ~uint32 | ~uint64](vs []T) T {
	var seen uint64
	for _, v := range vs {
		if v < 64 {
			seen |= 1 << v
		}
	}
	return T(bits.TrailingZeros64(^seen))
}

// MexBuffer computes mex values with a reusable bitset, so that repeated
// calls on large sets do not allocate. The zero value is ready to use.
// A MexBuffer is not safe for concurrent use.
type MexBuffer struct {
	words []uint64
}

// Mex returns the minimum excludant of vs, as [Mex] does.
func (b *MexBuffer) Mex(vs []Nimber) Nimber { return mexInto(b, vs) }

// mexInto is [MexBuffer.Mex] for either width of value.
func mexInto[T ~uint32 | ~uint64](b *MexBuffer, vs []T) T {
	if len(vs) < 64 {
		return mexWord(vs)
	}
	n := len(vs)/64 + 1
	if cap(b.words) < n {
		b.words = make([]uint64, n)
	}
	w := b.words[:n]
	clear(w)
	limit := T(len(vs))
	for _, v := range vs {
		if v < limit {
			w[v/64] |= 1 << (v % 64)
		}
	}
	for i, x := range w {
		if x != ^uint64(0) {
			return T(i*64 + bits.TrailingZeros64(^x))
		}
	}
	return T(n * 64) // unreachable: n*64 > len(vs)
}
