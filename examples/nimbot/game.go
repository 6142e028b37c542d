package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// position is a row of heaps in a fixed order, so that "heap 2" keeps its
// meaning for the player; emptied heaps stay as 0. It is encoded as the
// decimal sizes joined by commas, which makes it comparable.
type position string

func makePosition(sizes []int) position {
	parts := make([]string, len(sizes))
	for i, n := range sizes {
		parts[i] = strconv.Itoa(n)
	}
	return position(strings.Join(parts, ","))
}

func (p position) sizes() []int {
	if p == "" {
		return nil
	}
	fields := strings.Split(string(p), ",")
	out := make([]int, len(fields))
	for i, f := range fields {
		out[i], _ = strconv.Atoi(f) // positions are only made by makePosition
	}
	return out
}

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

// rowGame plays a heap rule on positions: a game.Game and a
// game.Decomposer (each nonempty heap is a component), so the engine
// memoizes single heaps.
type rowGame struct {
	rule  game.HeapRule
	moves []game.HeapMove
}

// heapMoves calls yield with every move on heap i of sizes, in the rule's
// order, parts smallest first.
func (g *rowGame) heapMoves(sizes []int, i int, yield func(move)) {
	n := sizes[i]
	g.moves = g.rule.AppendHeapMoves(g.moves[:0], n)
	for _, hm := range slices.Clone(g.moves) {
		partitions(hm, func(parts []int) {
			yield(move{Heap: i, Take: n - hm.Remain, Parts: slices.Clone(parts)})
		})
	}
}

func (g *rowGame) AppendMoves(dst []position, p position) []position {
	sizes := p.sizes()
	for i := range sizes {
		g.heapMoves(sizes, i, func(m move) {
			dst = append(dst, makePosition(m.apply(sizes)))
		})
	}
	return dst
}

func (g *rowGame) AppendComponents(dst []position, p position) []position {
	sizes := p.sizes()
	nonzero := 0
	for _, n := range sizes {
		if n > 0 {
			nonzero++
		}
	}
	if nonzero == 1 && len(sizes) == 1 {
		return append(dst, p)
	}
	for _, n := range sizes {
		if n > 0 {
			dst = append(dst, makePosition([]int{n}))
		}
	}
	return dst
}

// partitions calls f with every way to leave m.Remain tokens as m.Parts
// nonempty heaps, smallest first (pairwise different when m.Unequal).
func partitions(m game.HeapMove, f func([]int)) {
	if m.Parts <= 0 {
		if m.Parts == 0 && m.Remain == 0 {
			f(nil)
		}
		return
	}
	parts := make([]int, 0, m.Parts)
	var rec func(left, k, lo int)
	rec = func(left, k, lo int) {
		if k == 1 {
			if left >= lo {
				f(append(parts, left))
			}
			return
		}
		for a := lo; a*k <= left; a++ {
			parts = append(parts, a)
			next := a
			if m.Unequal {
				next = a + 1
			}
			rec(left-a, k-1, next)
			parts = parts[:len(parts)-1]
		}
	}
	rec(m.Remain, m.Parts, 1)
}
