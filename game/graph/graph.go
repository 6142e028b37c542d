package graph

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// MaxVertices is the most vertices a [Graph] may have: a [Set] holds 128.
const MaxVertices = 128

// Graph is a simple undirected graph on the vertices 0, 1, …, N()-1, at
// most [MaxVertices] of them, kept as one adjacency [Set] a vertex. It has
// no loops and no multiple edges.
//
// A Graph is built with [New] and [Graph.AddEdge] (or [Path], [Cycle],
// [Grid], [ParseEdges]) and must not change once a game or another
// goroutine uses it; reading it is then safe for concurrent use.
type Graph struct {
	n   int
	all Set
	adj []Set
}

// New returns the graph of n vertices and no edges, and an error naming n
// when it is below 1 or above [MaxVertices].
func New(n int) (*Graph, error) {
	if n < 1 || n > MaxVertices {
		return nil, fmt.Errorf("graph: %d vertices: want 1 to %d", n, MaxVertices)
	}
	g := &Graph{n: n, adj: make([]Set, n)}
	for v := range n {
		g.all = g.all.With(v)
	}
	return g, nil
}

// N returns the number of vertices.
func (g *Graph) N() int { return g.n }

// Vertices returns the set of all the vertices.
func (g *Graph) Vertices() Set { return g.all }

// AddEdge joins u and v. It returns an error naming the edge when either
// is not a vertex or u = v; adding an edge twice is harmless.
func (g *Graph) AddEdge(u, v int) error {
	switch {
	case u < 0 || u >= g.n || v < 0 || v >= g.n:
		return fmt.Errorf("graph: edge %d-%d: vertices are 0 to %d", u, v, g.n-1)
	case u == v:
		return fmt.Errorf("graph: edge %d-%d is a loop", u, v)
	}
	g.adj[u] = g.adj[u].With(v)
	g.adj[v] = g.adj[v].With(u)
	return nil
}

// HasEdge reports whether u and v are adjacent.
func (g *Graph) HasEdge(u, v int) bool { return u >= 0 && u < g.n && g.adj[u].Has(v) }

// Neighbors returns the neighbours of v (v must be a vertex).
func (g *Graph) Neighbors(v int) Set { return g.adj[v] }

// Degree returns the number of neighbours of v.
func (g *Graph) Degree(v int) int { return g.adj[v].Len() }

// NeighborsOf returns every vertex adjacent to some vertex of s.
func (g *Graph) NeighborsOf(s Set) Set {
	s = s.And(g.all) // elements past the graph are not vertices: no neighbours
	var out Set
	for w := s.Lo; w != 0; w &= w - 1 {
		out = out.Or(g.adj[bits.TrailingZeros64(w)])
	}
	for w := s.Hi; w != 0; w &= w - 1 {
		out = out.Or(g.adj[64+bits.TrailingZeros64(w)])
	}
	return out
}

// Edges returns the edges u-v with u < v, in increasing order.
func (g *Graph) Edges() [][2]int {
	var out [][2]int
	for u := range g.n {
		g.adj[u].Each(func(v int) {
			if u < v {
				out = append(out, [2]int{u, v})
			}
		})
	}
	return out
}

// String writes the edges as "0-1,1-2,…", the notation of [ParseEdges].
func (g *Graph) String() string {
	var sb strings.Builder
	for i, e := range g.Edges() {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(e[0]))
		sb.WriteByte('-')
		sb.WriteString(strconv.Itoa(e[1]))
	}
	return sb.String()
}

// Component returns the vertices of s connected to v through vertices of
// s (a breadth-first search that adds a whole layer at a time), or the
// empty set when v is not in s.
func (g *Graph) Component(s Set, v int) Set {
	if !s.Has(v) {
		return Set{}
	}
	c := Set{}.With(v)
	frontier := c
	for !frontier.IsEmpty() {
		next := g.NeighborsOf(frontier).And(s).AndNot(c)
		c = c.Or(next)
		frontier = next
	}
	return c
}

// AppendComponents appends to dst the connected components of the
// subgraph induced by s, in the order of their lowest vertices: nothing
// when s is empty, and s itself when it is connected. It allocates only
// when dst must grow, so it suits a game's [game.Decomposer].
func (g *Graph) AppendComponents(dst []Set, s Set) []Set {
	s = s.And(g.all)
	for !s.IsEmpty() {
		c := g.Component(s, s.Lowest())
		dst = append(dst, c)
		s = s.AndNot(c)
	}
	return dst
}

// Connected reports whether s induces a connected subgraph (the empty set
// does not).
func (g *Graph) Connected(s Set) bool {
	return !s.IsEmpty() && g.Component(s, s.Lowest()) == s
}

// Path returns the path 0-1-2-…-(n-1).
func Path(n int) (*Graph, error) {
	g, err := New(n)
	if err != nil {
		return nil, err
	}
	for v := 1; v < n; v++ {
		g.AddEdge(v-1, v)
	}
	return g, nil
}

// Cycle returns the cycle 0-1-…-(n-1)-0, for n from 3 to [MaxVertices].
func Cycle(n int) (*Graph, error) {
	if n < 3 {
		return nil, fmt.Errorf("graph: a cycle of %d vertices: want at least 3", n)
	}
	g, err := Path(n)
	if err != nil {
		return nil, err
	}
	g.AddEdge(n-1, 0)
	return g, nil
}

// Grid returns the grid graph of rows × cols vertices, vertex r·cols + c
// in row r and column c, joined to the vertices beside, above and below
// it: the same numbering as the cells of a grid.Board.
func Grid(rows, cols int) (*Graph, error) {
	if rows < 1 || cols < 1 || rows > MaxVertices || cols > MaxVertices || rows*cols > MaxVertices {
		return nil, fmt.Errorf("graph: grid %d×%d: want sides of at least 1 and at most %d vertices", rows, cols, MaxVertices)
	}
	g, err := New(rows * cols)
	if err != nil {
		return nil, err
	}
	for v := range rows * cols {
		if v%cols != cols-1 {
			g.AddEdge(v, v+1)
		}
		if v+cols < rows*cols {
			g.AddEdge(v, v+cols)
		}
	}
	return g, nil
}

// EdgeError reports a bad edge of an edge list: Index counts the edges
// from 1, Pos the characters of the list from 1, and Edge is its text.
type EdgeError struct {
	Index int
	Pos   int
	Edge  string
	Msg   string
}

// Error names the edge, its number and its position.
func (e *EdgeError) Error() string {
	return fmt.Sprintf("graph: edge %d %q at position %d: %s", e.Index, e.Edge, e.Pos, e.Msg)
}

// ParseEdges reads a graph from a list of edges "u-v" separated by commas,
// such as "0-1,1-2,2-0": its vertices are 0 to the largest vertex named
// (a vertex that no edge names is isolated). Spaces around numbers are
// allowed. A malformed edge, a loop, a repeated edge, a vertex above 127,
// or an empty list is an [*EdgeError] naming the edge.
func ParseEdges(s string) (*Graph, error) {
	if strings.TrimSpace(s) == "" {
		return nil, &EdgeError{Index: 1, Pos: 1, Msg: "empty list of edges"}
	}
	var edges [][2]int
	top, pos := 0, 1
	for i, text := range strings.Split(s, ",") {
		bad := func(msg string) error {
			return &EdgeError{Index: i + 1, Pos: pos, Edge: text, Msg: msg}
		}
		a, b, ok := strings.Cut(text, "-")
		if !ok {
			return nil, bad("want u-v, two vertex numbers joined by '-'")
		}
		u, err1 := strconv.Atoi(strings.TrimSpace(a))
		v, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 != nil || err2 != nil || u < 0 || v < 0 {
			return nil, bad("vertices are whole numbers from 0")
		}
		if u >= MaxVertices || v >= MaxVertices {
			return nil, bad(fmt.Sprintf("vertices are at most %d", MaxVertices-1))
		}
		if u == v {
			return nil, bad("a loop (a vertex joined to itself)")
		}
		for _, e := range edges {
			if e == [2]int{u, v} || e == [2]int{v, u} {
				return nil, bad("repeated edge")
			}
		}
		edges = append(edges, [2]int{u, v})
		top = max(top, u, v)
		pos += len([]rune(text)) + 1
	}
	g, err := New(top + 1)
	if err != nil {
		return nil, err
	}
	for _, e := range edges {
		g.AddEdge(e[0], e[1])
	}
	return g, nil
}

// CycleCanonical returns the least image of s (see [Set.Less]) under the
// 2n symmetries of the cycle 0-1-…-(n-1)-0, its rotations and reflections,
// for 3 ≤ n ≤ [MaxVertices] (vertices of s from n up are ignored). An arc
// of k vertices, the shape every position of Node Kayles on a cycle takes
// after the first move, maps to the vertices 0 to k-1 in a few word
// operations; other sets cost a pass over the 2n images.
func CycleCanonical(s Set, n int) Set {
	full := Set{Lo: ^uint64(0), Hi: ^uint64(0)}.Shr(uint(MaxVertices - n))
	s = s.And(full)
	if s == full || s.IsEmpty() {
		return s
	}
	rot := func(x Set, k int) Set { // vertex v to v+k mod n
		if k == 0 {
			return x
		}
		return x.Shl(uint(k)).Or(x.Shr(uint(n - k))).And(full)
	}
	k := s.Len()
	if s.AndNot(rot(s, 1)).Len() == 1 { // one run: an arc
		return full.Shr(uint(n - k))
	}
	rev := Set{Lo: bits.Reverse64(s.Hi), Hi: bits.Reverse64(s.Lo)}.Shr(uint(MaxVertices - n))
	best := s
	for r := range n {
		for _, x := range [2]Set{rot(s, r), rot(rev, r)} {
			if x.Less(best) {
				best = x
			}
		}
	}
	return best
}
