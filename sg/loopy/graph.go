package loopy

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// Limits on the graphs this package builds. Vertices and arcs are numbered
// with 32-bit integers, which halves the memory of the tables and keeps the
// solver's loops in cache longer; the limits also fit an int where int has
// 32 bits.
const (
	// MaxVertices is the largest number of vertices (positions) a [Graph]
	// may have.
	MaxVertices = 1<<31 - 2
	// MaxArcs is the largest number of arcs (moves) a [Graph] may have.
	MaxArcs = 1<<31 - 1
	// DefaultMaxPositions is the number of positions [SolveGame] explores
	// at most unless [WithMaxPositions] says otherwise: about 200 MiB of
	// tables for a game with a few moves a position, plus the game's own
	// map from positions to numbers.
	DefaultMaxPositions = 1 << 22
)

// Graph is a finite directed graph in compressed form, the index graph the
// solver works on: vertices are 0, 1, …, NumVertices()-1, and the arcs
// leaving v are listed contiguously. Loops and cycles are allowed, and so
// are repeated arcs. A Graph is immutable and safe for concurrent use.
//
// Make one from a [game.Digraph] with [FromDigraph], from lists of arcs with
// [NewGraph], or let [SolveGame] build one from the positions of a game.
type Graph struct {
	off  []uint32 // arcs of v are head[off[v]:off[v+1]]
	head []uint32
}

// NumVertices returns the number of vertices.
func (g *Graph) NumVertices() int { return len(g.off) - 1 }

// NumArcs returns the number of arcs.
func (g *Graph) NumArcs() int { return len(g.head) }

// Successors returns the heads of the arcs leaving v. The slice belongs to
// the graph and must not be modified. It is nil when v is out of range.
func (g *Graph) Successors(v int) []uint32 {
	if v < 0 || v >= g.NumVertices() {
		return nil
	}
	s := g.head[g.off[v]:g.off[v+1]]
	return s[:len(s):len(s)]
}

// NewGraph returns the graph with n vertices and an arc tails[i] → heads[i]
// for each i. It returns an error naming the arc when a vertex is out of
// range, when the lists have different lengths, or when n or the number of
// arcs exceeds [MaxVertices] or [MaxArcs].
func NewGraph(n int, tails, heads []int) (*Graph, error) {
	if n < 0 || n > MaxVertices {
		if n < 0 {
			return nil, fmt.Errorf("loopy: %d vertices: want between 0 and %d", n, MaxVertices)
		}
		return nil, &sg.LimitError{Op: "loopy.NewGraph", Bound: "positions", Limit: MaxVertices, Need: int64(n)}
	}
	if len(tails) != len(heads) {
		return nil, fmt.Errorf("loopy: %d tails but %d heads", len(tails), len(heads))
	}
	if len(tails) > MaxArcs {
		return nil, &sg.LimitError{Op: "loopy.NewGraph", Bound: "moves", Limit: MaxArcs, Need: int64(len(tails))}
	}
	g := &Graph{off: make([]uint32, n+1), head: make([]uint32, len(tails))}
	for i, u := range tails {
		v := heads[i]
		if u < 0 || u >= n || v < 0 || v >= n {
			return nil, fmt.Errorf("loopy: arc %d (%d→%d): vertex out of range [0, %d)", i, u, v, n)
		}
		g.off[u+1]++
	}
	for v := range n {
		g.off[v+1] += g.off[v]
	}
	fill := make([]uint32, n)
	copy(fill, g.off[:n])
	for i, u := range tails {
		g.head[fill[u]] = uint32(heads[i])
		fill[u]++
	}
	return g, nil
}

// FromDigraph returns the graph of d, with the same vertices and, for each
// vertex, the same arcs in the same order. It returns an error wrapping
// [sg.ErrLimit] (a [*sg.LimitError]) when d is too large.
func FromDigraph(d *game.Digraph) (*Graph, error) {
	n := d.NumPositions()
	if n > MaxVertices {
		return nil, &sg.LimitError{Op: "loopy.FromDigraph", Bound: "positions", Limit: MaxVertices, Need: int64(n)}
	}
	g := &Graph{off: make([]uint32, n+1)}
	m := 0
	for v := range n {
		m += len(d.Successors(v))
		if m > MaxArcs {
			return nil, &sg.LimitError{Op: "loopy.FromDigraph", Bound: "moves", Limit: MaxArcs, Detail: "the digraph has more arcs"}
		}
		g.off[v+1] = uint32(m)
	}
	g.head = make([]uint32, 0, m)
	for v := range n {
		for _, w := range d.Successors(v) {
			g.head = append(g.head, uint32(w))
		}
	}
	return g, nil
}

// explore numbers the positions reachable from roots breadth-first, roots
// first, and returns their graph. Position i's arcs are found when i is
// dequeued, so the arcs come out in vertex order and the graph is built
// in place, with no second pass.
func explore[P comparable](ctx context.Context, g game.Game[P], roots []P, cfg *config) (*Graph, []P, map[P]uint32, error) {
	index := make(map[P]uint32, len(roots))
	var pos []P
	canon, _ := g.(game.Canonicalizer[P])
	add := func(p P) (uint32, error) {
		if canon != nil {
			p = canon.Canonical(p)
		}
		if i, ok := index[p]; ok {
			return i, nil
		}
		if len(pos) >= cfg.maxPositions {
			return 0, &sg.LimitError{Op: "loopy.SolveGame", Bound: "positions", Limit: int64(cfg.maxPositions),
				Detail: fmt.Sprintf("more than %d positions reachable (position %v is one too many; see WithMaxPositions)", cfg.maxPositions, p)}
		}
		i := uint32(len(pos))
		index[p] = i
		pos = append(pos, p)
		return i, nil
	}
	for _, r := range roots {
		if _, err := add(r); err != nil {
			return nil, nil, nil, err
		}
	}
	off := []uint32{0}
	var head []uint32
	var buf []P
	for i := 0; i < len(pos); i++ {
		if i&0xfff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, nil, fmt.Errorf("loopy: exploring after %d positions: %w", len(pos), err)
			}
			if i > 0 {
				cfg.report(Progress{Explored: len(pos)})
			}
		}
		buf = g.AppendMoves(buf[:0], pos[i])
		if len(head)+len(buf) > MaxArcs {
			return nil, nil, nil, &sg.LimitError{Op: "loopy.SolveGame", Bound: "moves", Limit: MaxArcs, Detail: "among the positions reachable"}
		}
		for _, q := range buf {
			j, err := add(q)
			if err != nil {
				return nil, nil, nil, err
			}
			head = append(head, j)
		}
		off = append(off, uint32(len(head)))
	}
	return &Graph{off: off, head: head}, pos, index, nil
}
