package grid

import (
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// Set is a set of cells of a board of up to [MaxCells] cells: bit i of the
// 128-bit number Hi·2^64 + Lo is cell i. The zero Set is empty. Sets are
// values: every method returns a new set and leaves its receiver alone.
type Set struct{ Lo, Hi uint64 }

// Has reports whether cell i is in s; false for i outside 0…127.
func (s Set) Has(i int) bool {
	switch {
	case i < 0 || i >= MaxCells:
		return false
	case i < 64:
		return s.Lo>>uint(i)&1 != 0
	}
	return s.Hi>>uint(i-64)&1 != 0
}

// With returns s with cell i added. It panics when i is outside 0…127
// (a programmer error: cells come from a [Board]).
func (s Set) With(i int) Set {
	checkCell(i)
	if i < 64 {
		s.Lo |= 1 << uint(i)
	} else {
		s.Hi |= 1 << uint(i-64)
	}
	return s
}

// Without returns s with cell i removed. It panics when i is outside 0…127.
func (s Set) Without(i int) Set {
	checkCell(i)
	if i < 64 {
		s.Lo &^= 1 << uint(i)
	} else {
		s.Hi &^= 1 << uint(i-64)
	}
	return s
}

func checkCell(i int) {
	if i < 0 || i >= MaxCells {
		panic("grid: cell out of range 0…127")
	}
}

// Len returns the number of cells in s.
func (s Set) Len() int { return bits.OnesCount64(s.Lo) + bits.OnesCount64(s.Hi) }

// IsEmpty reports whether s has no cells.
func (s Set) IsEmpty() bool { return s.Lo|s.Hi == 0 }

// And returns the cells in both s and t.
func (s Set) And(t Set) Set { return Set{s.Lo & t.Lo, s.Hi & t.Hi} }

// Or returns the cells in s or t.
func (s Set) Or(t Set) Set { return Set{s.Lo | t.Lo, s.Hi | t.Hi} }

// AndNot returns the cells of s that are not in t.
func (s Set) AndNot(t Set) Set { return Set{s.Lo &^ t.Lo, s.Hi &^ t.Hi} }

// Lowest returns the smallest cell of s, or -1 when s is empty.
func (s Set) Lowest() int {
	if s.Lo != 0 {
		return bits.TrailingZeros64(s.Lo)
	}
	if s.Hi != 0 {
		return 64 + bits.TrailingZeros64(s.Hi)
	}
	return -1
}

// Highest returns the largest cell of s, or -1 when s is empty.
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
// sets, by which [Board.Canonical] picks between a strip and its mirror
// image.
func (s Set) Less(t Set) bool { return s.Hi < t.Hi || (s.Hi == t.Hi && s.Lo < t.Lo) }

// Key returns s as a [game.Key], losslessly: the packed form that bounded
// transposition tables store.
func (s Set) Key() game.Key { return game.Key{Lo: s.Lo, Hi: s.Hi} }

// AppendCells appends the cells of s to dst in increasing order.
func (s Set) AppendCells(dst []int) []int {
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

// shl returns s shifted k cells up (k < 128).
func (s Set) shl(k uint) Set {
	if k >= 64 {
		return Set{0, s.Lo << (k - 64)}
	}
	if k == 0 {
		return s
	}
	return Set{s.Lo << k, s.Hi<<k | s.Lo>>(64-k)}
}

// shr returns s shifted k cells down (k < 128).
func (s Set) shr(k uint) Set {
	if k >= 64 {
		return Set{s.Hi >> (k - 64), 0}
	}
	if k == 0 {
		return s
	}
	return Set{s.Lo>>k | s.Hi<<(64-k), s.Hi >> k}
}
