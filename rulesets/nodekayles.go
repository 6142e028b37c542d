package rulesets

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/game/grid"
)

// MaxNodeKaylesSymmetries is the most automorphisms of a graph that
// [NewNodeKayles] uses to merge symmetric positions: canonicalizing costs a
// pass over the position per automorphism, so a graph with more (a star
// has n-1 factorial) is played without merging.
const MaxNodeKaylesSymmetries = 128

// NodeKayles is Node Kayles on a simple graph: a move takes a vertex that
// is still there and removes it together with its neighbours, and the
// player who cannot move loses (Schaefer, "On the complexity of some
// two-person perfect-information games", 1978, who shows the game
// PSPACE-complete). On a path of n vertices it is Dawson's chess, octal
// .137 (Winning Ways, ch. 4): taking an end removes two vertices, taking
// an inner vertex removes three and may cut the path in two. A position is
// the [graph.Set] of the vertices still there; graphs have up to
// [graph.MaxVertices] vertices.
//
// NodeKayles implements [game.Game], [game.Decomposer] (the connected
// components of the remaining vertices), [game.Canonicalizer] and
// [game.Packer] (a position is its own 128-bit key). Canonical merges
// positions that are images of each other: on a grid graph (and a path,
// the grid of one row) any translate and any symmetry of the square that
// fits ([grid.Board.Canonical]), on a cycle any rotation and reflection,
// and on any other graph its automorphisms when it has at most
// [MaxNodeKaylesSymmetries] of them ([graph.Graph.Automorphisms]). For
// package sg/search it also lists a position's moves in the order a search
// should try them ([NodeKayles.AppendOrderedMoves]: on a grid from the
// centre out), and on a grid recognizes the positions won by the symmetry
// strategy ([NodeKayles.SecondPlayerWins]).
//
// A NodeKayles is immutable and safe for concurrent use.
type NodeKayles struct {
	g      *graph.Graph
	closed []graph.Set // closed neighbourhoods: v and its neighbours
	board  *grid.Board // for grids and paths: the board whose cells are the vertices
	cycle  bool
	group  graph.Group // automorphisms, for other graphs
	spec   string      // the argument of the "nodekayles:" spec

	// centres lists a grid's vertices from each centre outwards, for
	// AppendOrderedMoves; made at its first call.
	centres *centreOrder
}

// NewNodeKayles returns Node Kayles on g, which must not change afterwards.
// It looks for g's automorphisms (see [graph.Graph.Automorphisms]), which
// takes at most about a million steps.
func NewNodeKayles(g *graph.Graph) *NodeKayles {
	k := newNodeKayles(g, g.String())
	if group, ok := g.Automorphisms(MaxNodeKaylesSymmetries); ok && len(group) > 1 {
		k.group = group
	}
	return k
}

func newNodeKayles(g *graph.Graph, spec string) *NodeKayles {
	k := &NodeKayles{g: g, closed: make([]graph.Set, g.N()), spec: spec, centres: new(centreOrder)}
	for v := range g.N() {
		k.closed[v] = g.Neighbors(v).With(v)
	}
	return k
}

// NodeKaylesPath returns Node Kayles on the path of n vertices, 1 ≤ n ≤ 128:
// octal .137.
func NodeKaylesPath(n int) (*NodeKayles, error) {
	return nodeKaylesGrid(1, n, "path:"+strconv.Itoa(n))
}

// NodeKaylesGrid returns Node Kayles on the grid graph of rows × cols
// vertices (at most 128), vertex r·cols + c in row r and column c.
func NodeKaylesGrid(rows, cols int) (*NodeKayles, error) {
	return nodeKaylesGrid(rows, cols, fmt.Sprintf("grid:%dx%d", rows, cols))
}

func nodeKaylesGrid(rows, cols int, spec string) (*NodeKayles, error) {
	g, err := graph.Grid(rows, cols)
	if err != nil {
		return nil, fmt.Errorf("rulesets: nodekayles:%s: %w", spec, err)
	}
	b, err := grid.NewBoard(rows, cols)
	if err != nil {
		return nil, fmt.Errorf("rulesets: nodekayles:%s: %w", spec, err)
	}
	k := newNodeKayles(g, spec)
	k.board = b
	return k, nil
}

// NodeKaylesCycle returns Node Kayles on the cycle of n vertices,
// 3 ≤ n ≤ 128. Its first move leaves a path of n-3 vertices.
func NodeKaylesCycle(n int) (*NodeKayles, error) {
	g, err := graph.Cycle(n)
	if err != nil {
		return nil, fmt.Errorf("rulesets: nodekayles:cycle:%d: %w", n, err)
	}
	k := newNodeKayles(g, "cycle:"+strconv.Itoa(n))
	k.cycle = true
	return k, nil
}

// Graph returns the graph.
func (k *NodeKayles) Graph() *graph.Graph { return k.g }

// GridBoard returns the board whose cells are the vertices, with the same
// numbers, for Node Kayles on a grid or a path (a board of one row), and
// false for other graphs.
func (k *NodeKayles) GridBoard() (*grid.Board, bool) { return k.board, k.board != nil }

// Start returns the starting position: every vertex.
func (k *NodeKayles) Start() graph.Set { return k.g.Vertices() }

// String returns the game's spec: "nodekayles:path:N",
// "nodekayles:cycle:N", "nodekayles:grid:MxN" or "nodekayles:" and the
// edges ("nodekayles:0-1,1-2"). [ParseNodeKayles] reads it back.
func (k *NodeKayles) String() string { return "nodekayles:" + k.spec }

// AppendMoves appends the position after taking each vertex of p, in
// increasing order of the vertex taken.
func (k *NodeKayles) AppendMoves(dst []graph.Set, p graph.Set) []graph.Set {
	for w, base := p.Lo, 0; ; w, base = p.Hi, 64 {
		for w != 0 {
			v := base + bits.TrailingZeros64(w)
			w &= w - 1
			dst = append(dst, p.AndNot(k.closed[v]))
		}
		if base == 64 {
			return dst
		}
	}
}

// AppendOrderedMoves appends the positions that AppendMoves appends, in
// the order a search should try them, as
// [game.MoveOrderer] asks. On a grid
// (and a path) the vertices nearest the centre of the rectangle that
// bounds p come first (by the distance from it, ties by vertex): the
// symmetry strategy (a reply by the image under the half turn) wins on an
// even×even grid, and the first player of an odd×odd grid wins by taking
// the centre and then answering each move by its image, so the central
// moves are the likely winners. With it the search of a grid's value
// expands 21 to 47 % fewer positions on the larger grids (8×8, 7×8, 6×9),
// though up to 18 % more on small ones (6×6, 5×8), whose searches are
// short (sg/search's BenchmarkNodeKaylesGrid, value against
// value-vertexorder). On other graphs it appends AppendMoves' order, and
// [NodeKayles.OrdersMoves] tells a search so.
func (k *NodeKayles) AppendOrderedMoves(dst []graph.Set, p graph.Set) []graph.Set {
	b := k.board
	if b == nil || p.IsEmpty() {
		return k.AppendMoves(dst, p)
	}
	n := p.Len()
	for _, v := range k.centres.list(b, grid.Set(p), gridCells) {
		if p.Has(int(v)) {
			dst = append(dst, p.AndNot(k.closed[v]))
			if n--; n == 0 {
				break
			}
		}
	}
	return dst
}

// OrdersMoves reports whether AppendOrderedMoves has an order of its own:
// on a grid or a path. On other graphs none was found worth its cost
// (the vertices that remove the most first expanded within 3 % as many
// positions as the order of the vertices, on random graphs of 40
// vertices, and cost more time to order), so package sg/search searches them in
// AppendMoves' order.
func (k *NodeKayles) OrdersMoves() bool { return k.board != nil }

// gridCells lists the cells of a board of rows × cols cells for
// makeCentres, by number.
func gridCells(rows, cols int) []centreItem {
	all := make([]centreItem, rows*cols)
	for i := range all {
		all[i] = centreItem{uint8(i), 2 * (i / cols), 2 * (i % cols)}
	}
	return all
}

// AppendComponents appends the connected components of the subgraph that
// p's vertices induce.
func (k *NodeKayles) AppendComponents(dst []graph.Set, p graph.Set) []graph.Set {
	if b := k.board; b != nil {
		// The board's flood fill: a few shifts a step, where a graph's
		// search ORs one neighbourhood a vertex.
		s := grid.Set(p.And(k.g.Vertices()))
		for !s.IsEmpty() {
			c := b.Component(s, s.Lowest())
			dst = append(dst, graph.Set(c))
			s = s.AndNot(c)
		}
		return dst
	}
	return k.g.AppendComponents(dst, p)
}

// SecondPlayerWins reports, on a grid (and a path), whether p is a
// P-position by the symmetry strategy: p is its own image under the half
// turn about the centre of the rectangle that bounds it
// ([grid.Board.HalfTurn]), and no vertex of p is at that centre or next
// to its own image (a vertex and its image are next to each other only
// when the centre is the middle of the two), so that the second player
// can answer each vertex with its image. Every even×even grid is such a
// position. It is what [game.Strategist]
// asks, and reports false on other graphs, where [NodeKayles.UsesStrategy]
// tells the solver not to ask.
func (k *NodeKayles) SecondPlayerWins(p graph.Set) bool {
	return k.board != nil && halfTurnP(k.board, grid.Set(p.And(k.g.Vertices())))
}

// UsesStrategy reports whether SecondPlayerWins can report true: on a
// grid or a path.
func (k *NodeKayles) UsesStrategy() bool { return k.board != nil }

// Canonical returns the representative of p among its images (see the
// type's documentation).
func (k *NodeKayles) Canonical(p graph.Set) graph.Set {
	switch {
	case k.board != nil:
		return graph.Set(k.board.Canonical(grid.Set(p)))
	case k.cycle:
		return graph.CycleCanonical(p, k.g.N())
	case k.group != nil:
		return k.group.Canonical(p)
	}
	return p
}

// Pack returns p's vertices as a [game.Key].
func (k *NodeKayles) Pack(p graph.Set) game.Key { return p.Key() }

// Taken returns the vertex taken by the move from p to q, and false when
// q is not a position after one move from p.
func (k *NodeKayles) Taken(p, q graph.Set) (int, bool) {
	gone := p.AndNot(q)
	if !q.AndNot(p).IsEmpty() {
		return 0, false
	}
	var buf [graph.MaxVertices]int
	for _, v := range gone.Append(buf[:0]) {
		if p.AndNot(k.closed[v]) == q {
			return v, true
		}
	}
	return 0, false
}

// MoveString writes the move from p to q as the vertex taken: "r,c" (row
// and column from 0) on a grid of more than one row, else the vertex's
// number; "?" when q does not follow p. When several vertices lead to q
// it names the least.
func (k *NodeKayles) MoveString(p, q graph.Set) string {
	v, ok := k.Taken(p, q)
	if !ok {
		return "?"
	}
	return k.vertexString(v)
}

// MoveStrings returns the notation of each move from p (see
// [NodeKayles.MoveString]), in the order of AppendMoves: moves that reach
// the same position (any vertex of a triangle) keep their own names.
func (k *NodeKayles) MoveStrings(p graph.Set) []string {
	var out []string
	var buf [graph.MaxVertices]int
	for _, v := range p.And(k.g.Vertices()).Append(buf[:0]) {
		out = append(out, k.vertexString(v))
	}
	return out
}

// ParseMove returns the position after taking the vertex that text names,
// as MoveString writes it ("3", or "r,c" on a grid of more than one row;
// spaces allowed around numbers), and an error naming text when that
// vertex is not in p.
func (k *NodeKayles) ParseMove(p graph.Set, text string) (graph.Set, error) {
	t := strings.TrimSpace(text)
	name := t
	if r, c, ok := strings.Cut(t, ","); ok {
		name = strings.TrimSpace(r) + "," + strings.TrimSpace(c)
	}
	var buf [graph.MaxVertices]int
	for _, v := range p.And(k.g.Vertices()).Append(buf[:0]) {
		if k.vertexString(v) == name {
			return p.AndNot(k.closed[v]), nil
		}
	}
	return p, fmt.Errorf("rulesets: nodekayles: %q is not a vertex left to take", t)
}

func (k *NodeKayles) vertexString(v int) string {
	if k.board != nil && k.board.Rows() > 1 {
		r, c := k.board.RowCol(v)
		return strconv.Itoa(r) + "," + strconv.Itoa(c)
	}
	return strconv.Itoa(v)
}

// ParseNodeKayles reads the argument of a "nodekayles:" spec: "path:N",
// "cycle:N", "grid:MxN", or a list of edges "u-v" separated by commas
// ("0-1,1-2,2-0", the vertices are 0 to the largest named). A bad argument
// is a [*SyntaxError] naming the bad number or edge, its position counted
// in arg from 1 (the convention of the catalogue's WithArg).
func ParseNodeKayles(arg string) (*NodeKayles, error) {
	spec := arg
	const off = 1
	kind, rest, hasKind := strings.Cut(arg, ":")
	if !hasKind {
		if strings.TrimSpace(arg) == "" {
			return nil, &SyntaxError{Spec: spec, Pos: off, Msg: "empty graph (want path:N, cycle:N, grid:MxN or edges like 0-1,1-2)"}
		}
		g, err := graph.ParseEdges(arg)
		if err != nil {
			var ee *graph.EdgeError
			if errors.As(err, &ee) {
				return nil, &SyntaxError{Spec: spec, Pos: off + ee.Pos - 1, Token: ee.Edge, Msg: fmt.Sprintf("edge %d: %s", ee.Index, ee.Msg)}
			}
			return nil, &SyntaxError{Spec: spec, Pos: off, Token: arg, Msg: err.Error()}
		}
		return NewNodeKayles(g), nil
	}
	restPos := off + utf8.RuneCountInString(kind) + 1
	var k *NodeKayles
	var err error
	kind = strings.ToLower(kind)
	switch kind {
	case "path", "cycle":
		n, perr := strconv.Atoi(rest)
		lo := 1
		if kind == "cycle" {
			lo = 3
		}
		if perr != nil || n < lo || n > graph.MaxVertices {
			return nil, &SyntaxError{Spec: spec, Pos: restPos, Token: rest, Msg: fmt.Sprintf("not a number of vertices from %d to %d", lo, graph.MaxVertices)}
		}
		if kind == "path" {
			k, err = NodeKaylesPath(n)
		} else {
			k, err = NodeKaylesCycle(n)
		}
	case "grid":
		m, n, derr := parseDims(spec, rest, restPos)
		if derr != nil {
			return nil, derr
		}
		if m*n > graph.MaxVertices {
			return nil, &SyntaxError{Spec: spec, Pos: restPos, Token: rest, Msg: fmt.Sprintf("more than %d vertices", graph.MaxVertices)}
		}
		k, err = NodeKaylesGrid(m, n)
	default:
		return nil, &SyntaxError{Spec: spec, Pos: off, Token: kind, Msg: "unknown graph (want path:N, cycle:N, grid:MxN or edges like 0-1,1-2)"}
	}
	if err != nil {
		return nil, &SyntaxError{Spec: spec, Pos: restPos, Token: rest, Msg: err.Error()}
	}
	return k, nil
}

// The capabilities Node Kayles declares.
var (
	_ game.Started[graph.Set]       = (*NodeKayles)(nil)
	_ game.MoveLister[graph.Set]    = (*NodeKayles)(nil)
	_ game.Decomposer[graph.Set]    = (*NodeKayles)(nil)
	_ game.Canonicalizer[graph.Set] = (*NodeKayles)(nil)
	_ game.Packer[graph.Set]        = (*NodeKayles)(nil)
	_ game.MoveOrderer[graph.Set]   = (*NodeKayles)(nil)
	_ game.OrdersMoves              = (*NodeKayles)(nil)
	_ game.Strategist[graph.Set]    = (*NodeKayles)(nil)
	_ game.UsesStrategy             = (*NodeKayles)(nil)
)

var (
	_ = register(&Entry{
		Name:    "nodekayles",
		Syntax:  "nodekayles:path:N|cycle:N|grid:MxN|EDGES",
		Doc:     "Node Kayles: take a vertex and its neighbours; a path of n is octal .137; up to 128 vertices",
		Kind:    game.KindBoard,
		WithArg: func(arg string) (fmt.Stringer, error) { return ParseNodeKayles(arg) },
		Known: []Known{
			{Spec: "nodekayles:path:10", Values: "3", Source: "octal .137 (Dawson's chess), OEIS A002187 a(10)"},
			{Spec: "nodekayles:cycle:7", Values: "1", Source: "the first move leaves a path of 4, worth 0 (.137)"},
			{Spec: "nodekayles:grid:4x4", Values: "0", Source: "even×even grid: half-turn copying (Tweedledum–Tweedledee, Winning Ways, ch. 2)"},
		},
	})
)
