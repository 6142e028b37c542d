package graph

import (
	"math/bits"
	"slices"

	"github.com/impartial-go/impartial/internal/splitmix"
)

// Perm is a permutation of a graph's vertices: vertex v goes to Perm[v].
type Perm []uint8

// Apply returns the image of s under p: the set of p[v] for v in s. Every
// vertex of s must be below len(p).
func (p Perm) Apply(s Set) Set {
	var out Set
	for w := s.Lo; w != 0; w &= w - 1 {
		out = out.With(int(p[bits.TrailingZeros64(w)]))
	}
	for w := s.Hi; w != 0; w &= w - 1 {
		out = out.With(int(p[64+bits.TrailingZeros64(w)]))
	}
	return out
}

// Group is a set of automorphisms of a graph that is closed under
// composition, as [Graph.Automorphisms] returns it: the images of a
// position under it are all the same game for any game played on the
// graph's structure, such as Node Kayles.
type Group []Perm

// Canonical returns the least image of s (see [Set.Less]) under the
// group: the representative of s's orbit. It is idempotent when the group
// is closed (as Automorphisms makes it) and costs one pass over the
// vertices of s per element.
func (gr Group) Canonical(s Set) Set {
	best := s
	for _, p := range gr {
		if img := p.Apply(s); img.Less(best) {
			best = img
		}
	}
	return best
}

// automorphismBudget bounds the steps of the backtracking search of
// Automorphisms, so that graphs that defeat its pruning cost milliseconds,
// not hours.
const automorphismBudget = 1 << 20

// Automorphisms returns the automorphisms of g (the permutations of its
// vertices that map edges onto edges), the identity first, and true,
// when there are at most limit of them. It returns the identity alone and
// false when there are more, or when the search gives up (it takes a
// bounded number of steps, about a million): a game then simply does not
// merge symmetric positions. The search colours vertices by iterated
// degree refinement (a vertex's colour is its degree, then the multiset
// of its neighbours' colours, and so on), which automorphisms preserve,
// and maps vertices in breadth-first order, each to a neighbour of the
// image of its parent with the same colour, checking adjacency with every
// vertex already mapped. Paths have 2 automorphisms, cycles of n vertices
// 2n, the grid graphs of squares 8 and of other rectangles 4.
func (g *Graph) Automorphisms(limit int) (Group, bool) {
	id := make(Perm, g.n)
	for v := range id {
		id[v] = uint8(v)
	}
	s := autoSearch{g: g, color: g.refine(), limit: max(limit, 1), img: make([]int, g.n), budget: automorphismBudget}
	s.order, s.parent = g.bfsOrder()
	for v := range s.img {
		s.img[v] = -1
	}
	if !s.extend(0) || len(s.found) > s.limit {
		return Group{id}, false
	}
	// The identity is found first: every vertex's own image is tried first.
	return s.found, true
}

type autoSearch struct {
	g             *Graph
	color         []uint64
	order, parent []int
	img           []int
	used, mapped  Set
	found         Group
	limit, budget int
}

// extend maps order[i:] in every consistent way, recording each complete
// map; it returns false when the search must stop (too many or out of
// budget).
func (s *autoSearch) extend(i int) bool {
	g := s.g
	if i == g.n {
		p := make(Perm, g.n)
		for v, w := range s.img {
			p[v] = uint8(w)
		}
		s.found = append(s.found, p)
		return len(s.found) <= s.limit
	}
	v := s.order[i]
	cands := g.all.AndNot(s.used)
	if pa := s.parent[v]; pa >= 0 {
		cands = cands.And(g.adj[s.img[pa]])
	}
	// The images of v's mapped neighbours, which w's mapped neighbours
	// must be exactly.
	var want Set
	nb := g.adj[v].And(s.mapped)
	nb.Each(func(u int) { want = want.With(s.img[u]) })
	try := func(w int) bool {
		if s.budget--; s.budget < 0 {
			return false
		}
		if s.color[w] != s.color[v] || g.adj[w].And(s.used) != want {
			return true
		}
		s.img[v] = w
		s.used = s.used.With(w)
		s.mapped = s.mapped.With(v)
		ok := s.extend(i + 1)
		s.img[v] = -1
		s.used = s.used.Without(w)
		s.mapped = s.mapped.Without(v)
		return ok
	}
	if cands.Has(v) && !try(v) { // v itself first, so the identity comes first
		return false
	}
	for w := range g.n {
		if w != v && cands.Has(w) && !try(w) {
			return false
		}
	}
	return true
}

// bfsOrder returns the vertices in breadth-first order, component by
// component, and each vertex's parent in that search (-1 for the first
// vertex of a component).
func (g *Graph) bfsOrder() (order, parent []int) {
	parent = make([]int, g.n)
	var seen Set
	for start := range g.n {
		if seen.Has(start) {
			continue
		}
		parent[start] = -1
		seen = seen.With(start)
		order = append(order, start)
		for k := len(order) - 1; k < len(order); k++ {
			u := order[k]
			g.adj[u].AndNot(seen).Each(func(w int) {
				parent[w] = u
				seen = seen.With(w)
				order = append(order, w)
			})
		}
	}
	return order, parent
}

// refine returns the colours of iterated degree refinement: equal colours
// for vertices that no automorphism-invariant count of this kind tells
// apart (a hash collision only merges colours, which costs pruning, never
// an automorphism).
func (g *Graph) refine() []uint64 {
	c := make([]uint64, g.n)
	for v := range g.n {
		c[v] = uint64(g.adj[v].Len())
	}
	classes := countDistinct(c)
	next := make([]uint64, g.n)
	for range g.n {
		for v := range g.n {
			h := splitmix.Mix(c[v])
			g.adj[v].Each(func(u int) { h += splitmix.Mix(c[u] ^ 0x9e3779b97f4a7c15) })
			next[v] = h
		}
		c, next = next, c
		k := countDistinct(c)
		if k == classes {
			break
		}
		classes = k
	}
	return c
}

func countDistinct(c []uint64) int {
	s := slices.Clone(c)
	slices.Sort(s)
	return len(slices.Compact(s))
}
