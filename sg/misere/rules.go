package misere

import (
	"slices"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// rules gives a quotient computation the components it adjoins, numbered
// 1, 2, …, in an order where every option of component h is a sum of
// components below h; 0 stands for the empty position. The components of
// an octal game are its heaps, numbered by their sizes; those of any other
// game are the component positions of a closed set (see
// [NewGameQuotient]).
type rules interface {
	// forOptions calls f with the parts of each option of component h
	// (components below h, none for an option that is the empty
	// position). The slice is reused from one call to the next.
	forOptions(h int, f func(parts []int))
	// weight is a positive measure of component h that every move
	// lowers: the weights of the parts of an option of h add up to less
	// than weight(h). Smallest positions are smallest by weight.
	weight(h int) int
}

// heapRules are the rules of a heap game: component h is a heap of h
// tokens.
type heapRules struct {
	r game.HeapRule
}

func (hr heapRules) forOptions(h int, f func(parts []int)) {
	var buf [8]game.HeapMove
	for _, mv := range hr.r.AppendHeapMoves(buf[:0], h) {
		for parts := range game.Partitions(mv) {
			f(parts)
		}
	}
}

// weight is 2h − 1, so that a position weighs 2·tokens − heaps: a move
// takes tokens or splits a heap, and lowers it either way.
func (heapRules) weight(h int) int { return 2*h - 1 }

// tableRules are rules held in a table: the options of each component, as
// lists of parts, and the weights.
type tableRules struct {
	opts    [][][]int // opts[h]: the options of component h, each its parts
	weights []int
}

func (t *tableRules) forOptions(h int, f func(parts []int)) {
	for _, parts := range t.opts[h] {
		f(parts)
	}
}

func (t *tableRules) weight(h int) int { return t.weights[h] }

// hasMoves reports whether component h has a move.
func hasMoves(r rules, h int) bool {
	moves := false
	r.forOptions(h, func([]int) { moves = true })
	return moves
}

// optionsOf appends to dst the element of each option of component h,
// where phi gives the element of a list of parts.
func optionsOf(r rules, h int, dst []int, phi func(parts []int) int) []int {
	r.forOptions(h, func(parts []int) { dst = append(dst, phi(parts)) })
	return dst
}

// idGame plays the sums of components of rules on [game.Heaps] (a
// multiset of component numbers), for the exhaustive search of a
// quotient. It canonicalizes a position by replacing each component by
// the smallest component that is the same game (whose options are the
// same positions, after this replacement), dropping components that have
// no move (they are the empty game). Equal games may replace each other
// in any sum, so outcomes are unchanged.
type idGame struct {
	r     rules
	canon []int // canon[h]: the smallest component that is the same game as h; 0 when h has no move
	buf   []int
	sizes []int
	next  []int
	opts  []game.Heaps
}

// AppendMoves appends every position reachable from p by one move in one
// component; equal components are expanded once.
func (g *idGame) AppendMoves(dst []game.Heaps, p game.Heaps) []game.Heaps {
	g.sizes = p.AppendSizes(g.sizes[:0])
	sizes := g.sizes
	for i, h := range sizes {
		if i > 0 && sizes[i-1] == h {
			continue
		}
		g.r.forOptions(h, func(parts []int) {
			g.next = append(g.next[:0], sizes[:i]...)
			g.next = append(g.next, sizes[i+1:]...)
			g.next = append(g.next, parts...)
			dst = append(dst, heapsOf(g.next...))
		})
	}
	return dst
}

// Canonical replaces each component by its smallest equal.
func (g *idGame) Canonical(p game.Heaps) game.Heaps {
	g.buf = p.AppendSizes(g.buf[:0])
	changed := false
	k := 0
	for _, h := range g.buf {
		c := h
		if h < len(g.canon) {
			c = g.canon[h]
		}
		changed = changed || c != h
		if c != 0 {
			g.buf[k] = c
			k++
		}
	}
	if !changed {
		return p
	}
	return heapsOf(g.buf[:k]...)
}

// extend fills canon up to component n.
func (g *idGame) extend(n int) {
	seen := map[string]int{}
	for h := 1; h < len(g.canon); h++ {
		if g.canon[h] == h {
			seen[g.optionKey(h)] = h
		}
	}
	for h := len(g.canon); h <= n; h++ {
		key := g.optionKey(h)
		c, ok := seen[key]
		switch {
		case key == "":
			c = 0
		case !ok:
			c = h
			seen[key] = h
		}
		g.canon = append(g.canon, c)
	}
}

// optionKey lists the canonical options of component h, sorted and
// deduplicated.
func (g *idGame) optionKey(h int) string {
	g.opts = g.AppendMoves(g.opts[:0], heapsOf(h))
	keys := make([]string, 0, len(g.opts))
	for _, o := range g.opts {
		keys = append(keys, string(g.Canonical(o)))
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	if len(keys) == 0 {
		return ""
	}
	return strings.Join(keys, "\x00") + "|"
}

// smallestPositions finds, for each of m elements, a smallest position
// made of the given components whose element it is: starting from element
// 0 (the empty position), adding component h to a position of element x
// gives one of element add(x, h) and costs weight(h) > 0. It returns the
// least cost of each element (-1 for one no position reaches) and the
// components of a position of that cost, in the order they were added, by
// relaxation (Bellman–Ford: costs only fall, so it ends).
func smallestPositions(m int, heaps []int, weight func(h int) int, add func(x, h int) int) ([]int, [][]int) {
	cost := make([]int, m)
	small := make([][]int, m)
	for x := 1; x < m; x++ {
		cost[x] = -1
	}
	for changed := true; changed; {
		changed = false
		for x := range m {
			if cost[x] < 0 {
				continue
			}
			for _, h := range heaps {
				y := add(x, h)
				if t := cost[x] + weight(h); cost[y] < 0 || t < cost[y] {
					cost[y], small[y] = t, append(slices.Clone(small[x]), h)
					changed = true
				}
			}
		}
	}
	return cost, small
}
