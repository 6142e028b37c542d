package game

import "math"

// maxCount is where [HeapGame.NumMoves] stops counting: 2^31, one more
// than the most options an engine of package sg lists for a position
// (2^31 − 1 where int has 32 bits, the most an int holds: no position
// listing that many options fits in such a machine's memory anyway).
const maxCount = 1<<31 - 1 + int(^uint(0)>>63)

// NumMoves returns the number of positions [HeapGame.AppendMoves] lists
// from p, counted from the rule without listing them, so that an engine
// can refuse a position with too many options before it lists them (a
// heap of 2^40 tokens of Kayles has 2^39). A count of 2^31 or more is not
// finished: NumMoves then returns some number of at least 2^31.
//
// For a [TakeBreakRule] it reads the digits, O(min(n, MaxTake)) for each
// distinct heap of n; for another rule it lists the rule's HeapMoves of
// each distinct heap. Counting the ways to leave Remain tokens as Parts
// heaps is O(1) for up to two parts, and stops at 2^31 for more.
func (g *HeapGame) NumMoves(p Heaps) int {
	g.sizes = p.AppendSizes(g.sizes[:0])
	total := 0
	for i, n := range g.sizes {
		if i > 0 && g.sizes[i-1] == n {
			continue
		}
		if total = satAdd(total, g.heapCount(n)); total >= maxCount {
			break
		}
	}
	return total
}

// heapCount returns the number of moves from one heap of n tokens, or a
// number of at least maxCount.
func (g *HeapGame) heapCount(n int) int {
	tb, ok := g.Rule.(TakeBreakRule)
	if !ok {
		g.moves = g.Rule.AppendHeapMoves(g.moves[:0], n)
		c := 0
		for _, m := range g.moves {
			if c = satAdd(c, countPartitions(m.Remain, m.Parts, m.Unequal)); c >= maxCount {
				break
			}
		}
		return c
	}
	top := n
	if t := tb.MaxTake(); t >= 0 && t < top {
		top = t
	}
	c := 0
	for k := 0; k <= top && c < maxCount; k++ {
		d, rem := tb.Digit(k), n-k
		if d&1 != 0 && rem == 0 {
			c++
		}
		for j := 1; j < 32 && j <= rem; j++ {
			if d&(1<<j) != 0 {
				c = satAdd(c, countPartitions(rem, j, false))
			}
		}
	}
	return c
}

// countPartitions returns the number of partitions appendPartitions lists
// for HeapMove{remain, parts, unequal}, or a number of at least maxCount.
func countPartitions(remain, parts int, unequal bool) int {
	switch {
	case parts == 0:
		if remain == 0 {
			return 1
		}
		return 0
	case parts < 0 || remain < parts:
		return 0
	}
	return countParts(remain, parts, 1, unequal)
}

// countParts counts the nondecreasing (increasing when unequal) lists of
// k parts, each at least lo, adding up to left, stopping at maxCount.
func countParts(left, k, lo int, unequal bool) int {
	switch k {
	case 1:
		if left >= lo {
			return 1
		}
		return 0
	case 2:
		// The first part a runs from lo to left/2 (to (left-1)/2 when the
		// parts differ); the second is left-a.
		hi := left / 2
		if unequal {
			hi = (left - 1) / 2
		}
		return max(0, hi-lo+1)
	}
	c := 0
	for a := lo; a <= left/k && c < maxCount; a++ {
		next := a
		if unequal {
			next = a + 1
		}
		c = satAdd(c, countParts(left-a, k-1, next, unequal))
	}
	return c
}

// satAdd returns a+b for counts, or math.MaxInt when that overflows.
func satAdd(a, b int) int {
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

var _ MoveCounter[Heaps] = (*HeapGame)(nil)
