package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

// notation writes m the way the player types it: "2 3", or "2 3 1" when
// the rest is split (the last part is implied).
func notation(m game.HeapPlay) string {
	s := fmt.Sprintf("%d %d", m.Heap+1, m.Taken())
	for _, p := range m.To[:max(len(m.To)-1, 0)] {
		s += " " + strconv.Itoa(p)
	}
	return s
}

// describe says what m does.
func describe(m game.HeapPlay) string {
	switch len(m.To) {
	case 0:
		return fmt.Sprintf("takes all %d from heap %d", m.From, m.Heap+1)
	case 1:
		return fmt.Sprintf("takes %d from heap %d, leaving %d", m.Taken(), m.Heap+1, m.To[0])
	}
	ps := make([]string, len(m.To))
	for i, p := range m.To {
		ps[i] = strconv.Itoa(p)
	}
	return fmt.Sprintf("takes %d from heap %d and splits the rest into %s", m.Taken(), m.Heap+1, strings.Join(ps, " and "))
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
