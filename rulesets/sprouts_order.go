package rulesets

import (
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"
)

// The order in which a search tries the options of a Sprouts position,
// and the size it weighs them by (package sg/search: an option's cost is
// the size of its lands left to search, times a weight, plus its place in
// the game's order). The order was found by measure (positions expanded
// valuing the starts of 5 to 10 spots, one worker), not derived: a cut of
// a region (a line from a boundary back to itself) before a line joining
// two boundaries; among cuts, those that put the more of the region's
// other boundaries on the side walked from the first end to the second
// first, then those that leave more lands; among moves of one rank the
// reverse of the order of AppendMoves (the last region, boundary and
// corner first). Valuing the start of 6 spots, the search expands 937
// positions in this order, 67,815 in the order of AppendMoves weighed by
// the lives, 8,255 with no order and the bits of the hashed keys as the
// size (a shuffle, in effect); 3,908 against 108,364 (no order) on the
// start of 7 spots, 17,062 against 1.70 million on 8. Ranking first the
// cuts that put every other boundary on one side, or the loops (a line
// from a spot to itself) among cuts of one count, does better on 7 or 8
// spots and 1.3 to 8 times worse on 9.

// spOptions are the options of one land, each as the lands it leaves.
type spOptions struct {
	lands [][]string // in the order of spEachMove, each once
	order []int32    // indexes into lands in the search's order
	rank  []int32    // each option's rank in that order (spRank), by index
}

// spRank is the rank of move m, which leaves lands lands, in the
// search's order, lower first: a cut before a join, among cuts those
// with more other boundaries on the first side first, then those that
// leave more lands.
func spRank(m spMove, lands int) int32 {
	if m.b1 != m.b2 {
		return spJoinRank
	}
	return -4*int32(bits.OnesCount64(m.in)) - int32(lands)
}

// spJoinRank is the rank of every join of two boundaries: after every
// cut (a region has at most 64 boundaries, a land at most 52 lives).
const spJoinRank = 1 << 10

// spCacheLands bounds the lands whose options a game keeps.
const spCacheLands = 1 << 12

func newSpCache() *spCache { return &spCache{opts: map[string]*spOptions{}} }

// spCache holds the options of lands.
type spCache struct {
	mu   sync.Mutex
	opts map[string]*spOptions
}

// landOptions returns the options of land l (a canonical land string with
// its ']'), through the game's cache: each once, in the order of
// spEachMove, with the search's order of them.
func (s *Sprouts) landOptions(l string) *spOptions {
	c := s.cache
	c.mu.Lock()
	o, ok := c.opts[l]
	c.mu.Unlock()
	if ok {
		return o
	}
	o = spLandOptions(l)
	c.mu.Lock()
	if len(c.opts) >= spCacheLands {
		clear(c.opts)
	}
	c.opts[l] = o
	c.mu.Unlock()
	return o
}

// spLandOptions lists the options of land l with their order.
func spLandOptions(l string) *spOptions {
	pl := spParseCanon(l, 0)
	o := &spOptions{}
	seen := map[string]bool{}
	spEachMove(pl.land, func(m spMove) {
		lands, ok := spApply(pl.land, m, nil)
		if !ok {
			return
		}
		slices.Sort(lands)
		key := strings.Join(lands, "")
		if !seen[key] {
			seen[key] = true
			o.lands = append(o.lands, lands)
			o.rank = append(o.rank, spRank(m, len(lands)))
		}
	})
	n := len(o.lands)
	o.order = make([]int32, n)
	for i := range o.order {
		o.order[i] = int32(n - 1 - i)
	}
	slices.SortStableFunc(o.order, func(a, b int32) int { return int(o.rank[a] - o.rank[b]) })
	return o
}

// AppendOrderedMoves appends the options of p that AppendMoves appends,
// in the order a search should try them (see [game.MoveOrderer]): the
// cuts of a region before the joins of two boundaries, the cuts that put
// the more of the region's other boundaries on the first side first, then
// those that leave more lands, else the reverse of AppendMoves's order
// (the last land first). The order was chosen by measure: valuing the
// start of 6 spots a search expands a seventieth of the positions it
// expands in AppendMoves's order. Its cost is AppendMoves's plus a
// stable sort of the options of a position of several lands.
func (s *Sprouts) AppendOrderedMoves(dst []string, p string) []string {
	from := len(dst)
	dst, ranks := s.appendOptions(dst, nil, p, true)
	if len(ranks) > 1 {
		sort.Stable(spByRank{dst[from:], ranks})
	}
	return dst
}

// spByRank sorts options q by their ranks r (spRank), lower first.
type spByRank struct {
	q []string
	r []int32
}

func (b spByRank) Len() int           { return len(b.q) }
func (b spByRank) Less(i, j int) bool { return b.r[i] < b.r[j] }
func (b spByRank) Swap(i, j int) {
	b.q[i], b.q[j] = b.q[j], b.q[i]
	b.r[i], b.r[j] = b.r[j], b.r[i]
}

// appendOptions appends to dst the options of p, each once: the lands of
// p in turn and each land's options in the order of spEachMove; or, when
// ordered, the lands from the last and each land's options in the
// search's order (spOptions.order), appending each option's rank
// (spRank) to ranks too. AppendMoves and AppendOrderedMoves list them.
func (s *Sprouts) appendOptions(dst []string, ranks []int32, p string, ordered bool) ([]string, []int32) {
	lands := spLandsOf(p)
	var seen map[string]bool
	if len(lands) > 1 {
		seen = map[string]bool{}
	}
	buf := make([]string, 0, len(lands)+4)
	for j := range lands {
		k := j
		if ordered {
			k = len(lands) - 1 - j
		}
		o := s.landOptions(lands[k])
		for n := range o.lands {
			i := n
			if ordered {
				i = int(o.order[n])
			}
			buf = append(append(append(buf[:0], lands[:k]...), lands[k+1:]...), o.lands[i]...)
			q := spJoin(buf)
			if seen != nil {
				if seen[q] {
					continue
				}
				seen[q] = true
			}
			dst = append(dst, q)
			if ordered {
				ranks = append(ranks, o.rank[i])
			}
		}
	}
	return dst, ranks
}

// Size returns the lives of p, a position or a land the game wrote: three
// for a spot '0', two for a '1', one for a '2' and for a letter (met
// twice): Sprouts is a [game.Sizer]. A land of n lives has at most n-1 moves left in any play, and
// its search grows with n, so package sg/search weighs an option by the
// lives of its lands left to search (with its place in the order of
// AppendOrderedMoves) and asks last the land of a sum with the most
// lives, instead of weighing them by the bits of Pack's hashed keys,
// which measure nothing. Its cost is O(len(p)), with no allocation.
func (s *Sprouts) Size(p string) int {
	n, letters := 0, 0
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			letters++
		case c >= '0' && c <= '2':
			n += 3 - int(c-'0')
		}
	}
	return n + letters/2
}
