package game

import (
	"fmt"
	"strconv"
)

// Digraph implements the optional interfaces that make the engine fastest.
var (
	_ Dense       = (*Digraph)(nil)
	_ Lender[int] = (*Digraph)(nil)
)

// Digraph is a game given as data: a finite directed graph whose vertices
// 0, 1, …, N-1 are the positions and whose arcs are the moves (a graph
// game, T. S. Ferguson, Game Theory, Part I, §2). A token sits on a vertex;
// a move slides it along an arc; the player who cannot move loses. Several
// tokens on the graph, moved one at a time, form a disjunctive sum, whose
// value is the XOR of the tokens' values (see sg.Sum).
//
// Every impartial game is a digraph game on its graph of positions, which is
// why Digraph is the teaching model and the source of random games in the
// property tests. Build one with [NewDigraph] and [Digraph.AddArc].
// A Digraph is safe for concurrent reads once built.
type Digraph struct {
	succ  [][]int
	names []string
}

// MaxDigraphVertices is the most vertices [NewDigraph] accepts: 2^28, whose
// empty lists of arcs take 6 GiB already.
const MaxDigraphVertices = 1 << 28

// NewDigraph returns a graph with n vertices and no arcs. It returns an error
// naming n when it is negative or more than [MaxDigraphVertices].
func NewDigraph(n int) (*Digraph, error) {
	if n < 0 {
		return nil, fmt.Errorf("game: digraph size %d is negative", n)
	}
	if n > MaxDigraphVertices {
		return nil, fmt.Errorf("game: digraph size %d: more than %d vertices", n, MaxDigraphVertices)
	}
	return &Digraph{succ: make([][]int, n)}, nil
}

// AddArc adds a move from vertex u to vertex v. It returns an error naming
// the vertex when u or v is out of range. Loops and cycles are accepted here;
// the engine reports them when it meets them.
func (d *Digraph) AddArc(u, v int) error {
	for _, x := range [2]int{u, v} {
		if x < 0 || x >= len(d.succ) {
			return fmt.Errorf("game: vertex %d out of range [0, %d)", x, len(d.succ))
		}
	}
	d.succ[u] = append(d.succ[u], v)
	return nil
}

// SetName gives vertex v a name for printing; it returns an error when v is
// out of range.
func (d *Digraph) SetName(v int, name string) error {
	if v < 0 || v >= len(d.succ) {
		return fmt.Errorf("game: vertex %d out of range [0, %d)", v, len(d.succ))
	}
	if d.names == nil {
		d.names = make([]string, len(d.succ))
	}
	d.names[v] = name
	return nil
}

// Name returns the name of vertex v, or its number when it has none.
func (d *Digraph) Name(v int) string {
	if v >= 0 && v < len(d.names) && d.names[v] != "" {
		return d.names[v]
	}
	return strconv.Itoa(v)
}

// NumPositions returns the number of vertices.
func (d *Digraph) NumPositions() int { return len(d.succ) }

// NumArcs returns the number of arcs.
func (d *Digraph) NumArcs() int {
	m := 0
	for _, s := range d.succ {
		m += len(s)
	}
	return m
}

// Index returns v when it is a vertex, -1 otherwise.
func (d *Digraph) Index(v int) int {
	if v < 0 || v >= len(d.succ) {
		return -1
	}
	return v
}

// IdentityIndex marks Digraph as a [Dense] game: its positions are the
// vertex numbers 0, 1, …, NumPositions()-1 and Index is the identity.
func (d *Digraph) IdentityIndex() {}

// Successors returns the heads of the arcs leaving v, in the order they
// were added: v's options, lent as a [Lender]. The slice belongs to the
// graph and must not be modified. It is nil when v is out of range.
func (d *Digraph) Successors(v int) []int {
	if v < 0 || v >= len(d.succ) {
		return nil
	}
	s := d.succ[v]
	return s[:len(s):len(s)] // a caller's append must not write into the graph
}

// AppendMoves appends the heads of the arcs leaving v. A vertex out of range
// has no moves.
func (d *Digraph) AppendMoves(dst []int, v int) []int {
	return append(dst, d.Successors(v)...)
}
