package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

// move takes Take tokens from heap Heap (0-based) and leaves the rest as
// the heaps Parts, in order, in its place (no part for a removed heap).
type move struct {
	Heap  int
	Take  int
	Parts []int
}

// apply returns the position after m.
func (m move) apply(sizes []int) []int {
	out := make([]int, 0, len(sizes)+len(m.Parts))
	out = append(out, sizes[:m.Heap]...)
	if len(m.Parts) == 0 {
		out = append(out, 0)
	} else {
		out = append(out, m.Parts...)
	}
	return append(out, sizes[m.Heap+1:]...)
}

// notation writes m the way the player types it: "2 3", or "2 3 1" when
// the rest is split (the last part is implied).
func (m move) notation() string {
	s := fmt.Sprintf("%d %d", m.Heap+1, m.Take)
	for _, p := range m.Parts[:max(len(m.Parts)-1, 0)] {
		s += " " + strconv.Itoa(p)
	}
	return s
}

// describe says what m does to a heap of n.
func (m move) describe(n int) string {
	switch len(m.Parts) {
	case 0:
		return fmt.Sprintf("takes all %d from heap %d", n, m.Heap+1)
	case 1:
		return fmt.Sprintf("takes %d from heap %d, leaving %d", m.Take, m.Heap+1, m.Parts[0])
	}
	ps := make([]string, len(m.Parts))
	for i, p := range m.Parts {
		ps[i] = strconv.Itoa(p)
	}
	return fmt.Sprintf("takes %d from heap %d and splits the rest into %s", m.Take, m.Heap+1, strings.Join(ps, " and "))
}

// heapMoves calls yield with every move of the rule r on heap i of sizes,
// in the rule's order and parts smallest first, until yield returns false.
// The move's Parts are reused by the next call of yield: copy them to keep
// them. buf is scratch space for the rule's moves; heapMoves returns it,
// grown, for the next call.
func heapMoves(r game.HeapRule, buf []game.HeapMove, sizes []int, i int, yield func(move) bool) []game.HeapMove {
	n := sizes[i]
	buf = r.AppendHeapMoves(buf[:0], n)
	for _, hm := range buf {
		for parts := range game.Partitions(hm) {
			if !yield(move{Heap: i, Take: n - hm.Remain, Parts: parts}) {
				return buf
			}
		}
	}
	return buf
}

// hasMove reports whether some heap of sizes has a move under r.
func hasMove(r game.HeapRule, buf []game.HeapMove, sizes []int) (bool, []game.HeapMove) {
	found := false
	for i := range sizes {
		buf = heapMoves(r, buf, sizes, i, func(move) bool {
			found = true
			return false
		})
		if found {
			break
		}
	}
	return found, buf
}

// heapsAfter appends to dst the heap sizes after m, without the empty
// heaps, smallest first: the position as the engine sees it.
func heapsAfter(dst []int, sizes []int, m move) []int {
	for j, n := range sizes {
		if j != m.Heap && n > 0 {
			dst = append(dst, n)
		}
	}
	dst = append(dst, m.Parts...)
	slices.Sort(dst)
	return dst
}

// checkWork counts the moves of r from a heap of each size up to the
// largest of sizes: moves[x] is the number for a heap of x. It returns an
// error naming the largest heap when there are more than limit in all.
// The engine values every such heap, and the bot's search lists the moves
// of positions made of them, so this bounds the work before the first
// prompt and per move. Counting stops at the limit, so the check itself
// is cheap.
func checkWork(r rulesets.Ruleset, sizes []int, limit int) (moves []int, err error) {
	top, at := 0, -1
	for i, n := range sizes {
		if n > top {
			top, at = n, i
		}
	}
	moves = make([]int, top+1)
	total := 0
	var buf []game.HeapMove
	for x := 1; x <= top; x++ {
		buf = r.AppendHeapMoves(buf[:0], x)
		for _, hm := range buf {
			for range game.Partitions(hm) {
				moves[x]++
				if total++; total > limit {
					return nil, fmt.Errorf("heap %d: %d is too large for %s: the heaps up to %d already have more than %d moves in all", at+1, top, r, x, limit)
				}
			}
		}
	}
	return moves, nil
}

// searchLimitFor returns the bot's search limit, in positions, for a game
// starting from sizes, whose heaps have moves[x] moves each: searchWork
// divided by the moves of the start position, between 1 and searchLimit.
// Positions later in the game have fewer moves in the usual rules, where
// splitting a heap does not add moves.
func searchLimitFor(sizes, moves []int) int {
	start := 0
	for i, n := range sizes {
		if !slices.Contains(sizes[:i], n) { // equal heaps are expanded once
			start += moves[n]
		}
	}
	return min(max(searchWork/max(start, 1), 1), searchLimit)
}
