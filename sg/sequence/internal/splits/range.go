package splits

import (
	"encoding/binary"
)

// Range looks for the values marked in needs among all splits whose
// smaller part a is in [a0, a1), clearing each one it finds. It returns
// how many are left, the a to resume from, and the number of splits it
// looked at. It runs over a in increasing order and, for each a, over
// every split size at once (two is in decreasing order), so that it stops
// as soon as the last needed value turns up, whichever size gives it.
func Range[T uint8 | uint16](vals []T, two []int, uneq []bool, needs *Tab, _ []int, cnt, a0, a1 int) (left, next, steps int) {
	top := two[0]
	a1 = min(a1, top/2+1)
	if len(two) == 1 {
		if uneq[0] && top%2 == 0 {
			a1 = min(a1, top/2)
		}
		v := vals[:top]
		for a := a0; a < a1; a++ {
			x := v[a] ^ v[top-a]
			if needs[x] != 0 {
				needs[x] = 0
				if cnt--; cnt == 0 {
					return 0, a + 1, a - a0 + 1
				}
			}
		}
		return cnt, max(a1, a0), max(a1-a0, 0)
	}
	for a := a0; a < a1; a++ {
		ga := vals[a]
		for i, r := range two {
			b := r - a
			if b < a || (b == a && uneq[i]) {
				break // every later r is smaller still
			}
			x := ga ^ vals[b]
			if needs[x] != 0 {
				needs[x] = 0
				if cnt--; cnt == 0 {
					return 0, a + 1, (a - a0 + 1) * len(two)
				}
			}
		}
	}
	return cnt, max(a1, a0), max(a1-a0, 0) * len(two)
}

// RangeWords is Range for 1-byte values: it reads 8 smaller parts
// a … a+7 as one word and their partners r-a … r-a-7 as one byte-swapped
// word, so that one XOR gives the values of 8 splits. In the sparse
// engine's confirmations nearly every such word holds a needed value
// (a scan finds about 5 values in about 6 words on .1777), so branching on
// whether a word or a byte hits would mispredict most of the time: each
// byte instead subtracts its needs entry from the count and clears the
// entry, with no branch, and only the count is tested after each word.
// With FewNeeds values or fewer to find (after the first scan and seek,
// nearly always one, found about once in 60 words on .16), it compares
// each word with each value instead (rangeFew).
func RangeWords(vals []uint8, two []int, uneq []bool, needs *Tab, list []int, cnt, a0, a1 int) (left, next, steps int) {
	if cnt <= FewNeeds {
		if left, next, steps, ok := rangeFew(vals, two, uneq, needs, list, cnt, a0, a1); ok {
			return left, next, steps
		}
	}
	rmin := two[len(two)-1]
	a := a0
	for ; 2*(a+7) < rmin && a+8 <= a1; a += 8 {
		lo := binary.LittleEndian.Uint64(vals[a : a+8])
		for _, r := range two {
			b := r - a - 7
			x := lo ^ binary.BigEndian.Uint64(vals[b:b+8])
			c := hits4(needs, uint32(x)) + hits4(needs, uint32(x>>32))
			// cnt counts the entries set in needs, so it reaches 0 in
			// the word where the last one is found.
			if cnt -= c; cnt <= 0 {
				return 0, a + 8, (a + 8 - a0) * len(two)
			}
		}
	}
	left, next, steps = Range(vals, two, uneq, needs, list, cnt, a, a1)
	return left, next, steps + (a-a0)*len(two)
}

// Tab is a table indexed by a value (every stored value is below
// 2^16), with room for the mex 2^16 and for reading whole 64-value words.
type Tab [1<<16 + 64]uint8

// hits4 clears the needs entries of the four byte values of x and returns
// how many of them were set (entries are 0 or 1). The scans over 8 splits
// a word call it twice a word, with no branch (see RangeWords); it is
// small enough to be inlined.
func hits4(needs *Tab, x uint32) int {
	c := int(needs[uint8(x)])
	needs[uint8(x)] = 0
	c += int(needs[uint8(x>>8)])
	needs[uint8(x>>8)] = 0
	c += int(needs[uint8(x>>16)])
	needs[uint8(x>>16)] = 0
	c += int(needs[uint8(x>>24)])
	needs[uint8(x>>24)] = 0
	return c
}

// hits2x16 is hits4 for the four 16-bit values of x.
func hits2x16(needs *Tab, x uint64) int {
	c := int(needs[uint16(x)])
	needs[uint16(x)] = 0
	c += int(needs[uint16(x>>16)])
	needs[uint16(x>>16)] = 0
	c += int(needs[uint16(x>>32)])
	needs[uint16(x>>32)] = 0
	c += int(needs[uint16(x>>48)])
	needs[uint16(x>>48)] = 0
	return c
}

// FewNeeds is the most values still to find for which RangeWords compares
// each word of 8 splits with each value (rangeFew) instead of clearing
// the needs entries of its 8 bytes (the sparse engine tries seek less
// then): a variable so that tests can turn the comparison off (0) and
// compare the two ways.
var FewNeeds = 2

// Words of 8 bytes that are all 0x01 or all 0x80, for the comparisons of
// rangeFew.
const (
	bytes01 = 0x0101010101010101
	bytes80 = 0x8080808080808080
)

// rangeFew is RangeWords for at most FewNeeds values to find, most of
// them rare among the splits (the values a first scan and seek left):
// it compares each word of 8 splits with each value, a byte of the XOR
// with the value's word being zero exactly where a split has that value,
// which takes a few operations a word where clearing 8 entries of needs
// takes 8 loads and 8 stores. It reports false, having changed nothing,
// when list does not hold exactly cnt values marked in needs or one is
// above 255.
func rangeFew(vals []uint8, two []int, uneq []bool, needs *Tab, list []int, cnt, a0, a1 int) (left, next, steps int, ok bool) {
	var want [8]uint64
	k := 0
	for _, v := range list {
		if needs[v] == 0 {
			continue
		}
		if k == len(want) || v > 255 {
			return 0, 0, 0, false
		}
		want[k] = uint64(v) * bytes01
		k++
	}
	if k != cnt || k > FewNeeds {
		return 0, 0, 0, false
	}
	if len(two) == 1 {
		if k == 1 {
			return rangeOne(vals, two, uneq, needs, list, want[0], a0, a1)
		}
		if k == 2 {
			return rangeTwo(vals, two, uneq, needs, list, want[0], want[1], a0, a1)
		}
	}
	rmin := two[len(two)-1]
	a := a0
	for ; 2*(a+7) < rmin && a+8 <= a1; a += 8 {
		lo := binary.LittleEndian.Uint64(vals[a : a+8])
		for _, r := range two {
			b := r - a - 7
			x := lo ^ binary.BigEndian.Uint64(vals[b:b+8])
			for j := 0; j < k; j++ {
				if y := x ^ want[j]; (y-bytes01)&^y&bytes80 != 0 {
					// A zero byte: a split of this word has the value.
					needs[uint8(want[j])] = 0
					k--
					want[j] = want[k]
					j--
					if k == 0 {
						return 0, a + 8, (a + 8 - a0) * len(two), true
					}
				}
			}
		}
	}
	left, next, steps = Range(vals, two, uneq, needs, list, k, a, a1)
	return left, next, steps + (a-a0)*len(two), true
}

// rangeOne is rangeFew for one value to find, whose word is w, and one
// split size (the last scans of .16): a loop of a few registers.
func rangeOne(vals []uint8, two []int, uneq []bool, needs *Tab, list []int, w uint64, a0, a1 int) (left, next, steps int, ok bool) {
	a, hit := wordHit(vals, two[0], a0, a1, w)
	if hit {
		needs[uint8(w)] = 0
		return 0, a + 8, a + 8 - a0, true
	}
	left, next, steps = Range(vals, two, uneq, needs, list, 1, a, a1)
	return left, next, steps + a - a0, true
}

// wordHit returns the first a from a0 on, in steps of 8, whose word of the
// 8 splits of r with smaller parts a … a+7 holds a split of the value whose
// word is w, and true; else the a where the words end (2(a+7) ≥ r or
// a+8 > a1) and false.
func wordHit(vals []uint8, r, a, a1 int, w uint64) (int, bool) {
	for ; 2*(a+7) < r && a+8 <= a1; a += 8 {
		b := r - a - 7
		y := binary.LittleEndian.Uint64(vals[a:a+8]) ^ binary.BigEndian.Uint64(vals[b:b+8]) ^ w
		if (y-bytes01)&^y&bytes80 != 0 {
			return a, true
		}
	}
	return a, false
}

// rangeTwo is rangeFew for two values to find, whose words are w0 and w1,
// and one split size: once one is found in a word, rangeOne looks for
// the other past that word.
func rangeTwo(vals []uint8, two []int, uneq []bool, needs *Tab, list []int, w0, w1 uint64, a0, a1 int) (left, next, steps int, ok bool) {
	r := two[0]
	a := a0
	for ; 2*(a+7) < r && a+8 <= a1; a += 8 {
		b := r - a - 7
		x := binary.LittleEndian.Uint64(vals[a:a+8]) ^ binary.BigEndian.Uint64(vals[b:b+8])
		y0, y1 := x^w0, x^w1
		h0, h1 := (y0-bytes01)&^y0&bytes80 != 0, (y1-bytes01)&^y1&bytes80 != 0
		if !h0 && !h1 {
			continue
		}
		if h0 {
			needs[uint8(w0)] = 0
		}
		if h1 {
			needs[uint8(w1)] = 0
		}
		if h0 && h1 {
			return 0, a + 8, a + 8 - a0, true
		}
		w := w0
		if h0 {
			w = w1
		}
		left, next, steps, _ = rangeOne(vals, two, uneq, needs, list, w, a+8, a1)
		return left, next, steps + a + 8 - a0, true
	}
	left, next, steps = Range(vals, two, uneq, needs, list, 2, a, a1)
	return left, next, steps + a - a0, true
}
