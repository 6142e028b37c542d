package bitset

import (
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// Size is the number of elements a Set can hold: 0 … 127.
const Size = 128

// Set is a set of the numbers 0 … 127 (elements of a board, vertices of a
// graph): bit i of the 128-bit number Hi·2^64 + Lo is i. The zero Set is
// empty. Sets are values: every method returns a new set and leaves its
// receiver alone.
type Set struct{ Lo, Hi uint64 }

// Has reports whether element i is in s; false for i outside 0…127.
func (s Set) Has(i int) bool {
	switch {
	case i < 0 || i >= Size:
		return false
	case i < 64:
		return s.Lo>>uint(i)&1 != 0
	}
	return s.Hi>>uint(i-64)&1 != 0
}

// With returns s with element i added. It panics when i is outside 0…127
// (a programmer error).
func (s Set) With(i int) Set {
	check(i)
	if i < 64 {
		s.Lo |= 1 << uint(i)
	} else {
		s.Hi |= 1 << uint(i-64)
	}
	return s
}

// Without returns s with element i removed. It panics when i is outside 0…127.
func (s Set) Without(i int) Set {
	check(i)
	if i < 64 {
		s.Lo &^= 1 << uint(i)
	} else {
		s.Hi &^= 1 << uint(i-64)
	}
	return s
}

func check(i int) {
	if i < 0 || i >= Size {
		panic("bitset: element out of range 0…127")
	}
}

// Len returns the number of elements in s.
func (s Set) Len() int { return bits.OnesCount64(s.Lo) + bits.OnesCount64(s.Hi) }

// IsEmpty reports whether s has no elements.
func (s Set) IsEmpty() bool { return s.Lo|s.Hi == 0 }

// And returns the elements in both s and t.
func (s Set) And(t Set) Set { return Set{s.Lo & t.Lo, s.Hi & t.Hi} }

// Or returns the elements in s or t.
func (s Set) Or(t Set) Set { return Set{s.Lo | t.Lo, s.Hi | t.Hi} }

// AndNot returns the elements of s that are not in t.
func (s Set) AndNot(t Set) Set { return Set{s.Lo &^ t.Lo, s.Hi &^ t.Hi} }

// Lowest returns the smallest element of s, or -1 when s is empty.
func (s Set) Lowest() int {
	if s.Lo != 0 {
		return bits.TrailingZeros64(s.Lo)
	}
	if s.Hi != 0 {
		return 64 + bits.TrailingZeros64(s.Hi)
	}
	return -1
}

// Highest returns the largest element of s, or -1 when s is empty.
func (s Set) Highest() int {
	if s.Hi != 0 {
		return 127 - bits.LeadingZeros64(s.Hi)
	}
	if s.Lo != 0 {
		return 63 - bits.LeadingZeros64(s.Lo)
	}
	return -1
}

// Less reports whether s is below t as 128-bit numbers: a total order on
// sets, by which canonical forms pick the least of a set's images.
func (s Set) Less(t Set) bool { return s.Hi < t.Hi || (s.Hi == t.Hi && s.Lo < t.Lo) }

// Key returns s as a [game.Key], losslessly: the packed form that bounded
// transposition tables store.
func (s Set) Key() game.Key { return game.Key{Lo: s.Lo, Hi: s.Hi} }

// AppendCells appends the elements of s to dst in increasing order.
func (s Set) Append(dst []int) []int {
	for w, base := s.Lo, 0; ; w, base = s.Hi, 64 {
		for w != 0 {
			dst = append(dst, base+bits.TrailingZeros64(w))
			w &= w - 1
		}
		if base == 64 {
			return dst
		}
	}
}

// Shl returns s shifted k elements up (k < 128).
func (s Set) Shl(k uint) Set {
	if k >= 64 {
		return Set{0, s.Lo << (k - 64)}
	}
	if k == 0 {
		return s
	}
	return Set{s.Lo << k, s.Hi<<k | s.Lo>>(64-k)}
}

// Shr returns s shifted k elements down (k < 128).
func (s Set) Shr(k uint) Set {
	if k >= 64 {
		return Set{s.Hi >> (k - 64), 0}
	}
	if k == 0 {
		return s
	}
	return Set{s.Lo>>k | s.Hi<<(64-k), s.Hi >> k}
}

// Each calls f with every element of s in increasing order.
func (s Set) Each(f func(int)) {
	for w, base := s.Lo, 0; ; w, base = s.Hi, 64 {
		for w != 0 {
			f(base + bits.TrailingZeros64(w))
			w &= w - 1
		}
		if base == 64 {
			return
		}
	}
}
