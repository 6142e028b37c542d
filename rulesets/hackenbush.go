package rulesets

import (
	"context"
	"fmt"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// MaxHackenbushEdges bounds the number of edges [ParseHackenbush] accepts,
// so that a picture's tables stay within a few megabytes.
const MaxHackenbushEdges = 1 << 16

// MaxHackenbushGameEdges is the most edges [Hackenbush.Game] accepts: a
// position of the cutting game is a set of edges held in a uint64.
const MaxHackenbushGameEdges = 64

// Hackenbush is a picture of Green Hackenbush (Berlekamp, Conway and Guy,
// Winning Ways, ch. 7): a graph of edges some of whose vertices stand on
// the ground. A move cuts one edge; every edge no longer joined to the
// ground by a path then falls and is removed. The player who cannot cut
// loses. Loops and several edges between the same two vertices are allowed.
//
// Its value needs no search. A stalk of n edges standing on the ground is
// a Nim heap of n. By the colon principle a tree is worth what its
// branches are worth: at a vertex whose branches above it have values v1,
// v2, …, the branches can be replaced by one stalk of v1 ⊕ v2 ⊕ … edges,
// so a rooted tree has value G(root) where G(x) is the XOR, over the edges
// x–y going up, of G(y) + 1. By the fusion principle the vertices of any
// cycle may be fused into one vertex without changing the value, each edge
// of the cycle becoming a loop, and a loop is a stalk of one edge. Fusing
// every cycle (each 2-edge-connected block of the graph) leaves a tree with
// loops: a cycle of odd length is worth a single loop, *1, and a cycle of
// even length nothing. [Hackenbush.Value] does exactly that in linear time.
//
// The text form, read by [ParseHackenbush] and written by String, lists the
// edges separated by commas, each as two vertex names joined by a hyphen:
// "g-1,1-2,2-g". The vertex g is the ground; other names are letters,
// digits and underscores. Edges are numbered from 0 in the order written.
//
// A Hackenbush value is immutable and safe for concurrent use.
type Hackenbush struct {
	names []string // vertex names; 0 is the ground "g"
	u, v  []int32  // edge i joins vertices u[i] and v[i]
}

// ParseHackenbush reads a picture in the text form of [Hackenbush]. Spaces
// around names are ignored. An error is a [*SyntaxError] whose Token is the
// bad edge's text and whose message names its index, as in
// `edge 2 "3-": want two vertex names joined by "-"`.
func ParseHackenbush(text string) (*Hackenbush, error) {
	if strings.TrimSpace(text) == "" {
		return nil, &SyntaxError{Spec: text, Msg: "no edges (write edges such as g-1,1-2, where g is the ground)"}
	}
	h := &Hackenbush{names: []string{"g"}}
	index := map[string]int32{"g": 0}
	vertex := func(name string) int32 {
		if i, ok := index[name]; ok {
			return i
		}
		i := int32(len(h.names))
		index[name] = i
		h.names = append(h.names, name)
		return i
	}
	pos := 1
	for i, raw := range strings.Split(text, ",") {
		if i >= MaxHackenbushEdges {
			return nil, &SyntaxError{Spec: text, Pos: pos, Token: strings.TrimSpace(raw),
				Msg: fmt.Sprintf("edge %d: more than %d edges", i, MaxHackenbushEdges)}
		}
		tokPos := pos + len([]rune(raw)) - len([]rune(strings.TrimLeft(raw, " \t")))
		tok := strings.TrimSpace(raw)
		a, b, ok := strings.Cut(tok, "-")
		a, b = strings.TrimSpace(a), strings.TrimSpace(b)
		switch {
		case !ok || a == "" || b == "":
			return nil, &SyntaxError{Spec: text, Pos: tokPos, Token: tok,
				Msg: fmt.Sprintf("edge %d: want two vertex names joined by \"-\", as in g-1", i)}
		case !vertexName(a):
			return nil, &SyntaxError{Spec: text, Pos: tokPos, Token: tok,
				Msg: fmt.Sprintf("edge %d: bad vertex name %q (use letters, digits and _)", i, a)}
		case !vertexName(b):
			return nil, &SyntaxError{Spec: text, Pos: tokPos, Token: tok,
				Msg: fmt.Sprintf("edge %d: bad vertex name %q (use letters, digits and _)", i, b)}
		}
		h.u = append(h.u, vertex(a))
		h.v = append(h.v, vertex(b))
		pos += len([]rune(raw)) + 1
	}
	return h, nil
}

func vertexName(s string) bool {
	for _, r := range s {
		if !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

// String returns the picture in its text form, "g-1,1-2,2-g": what
// [ParseHackenbush] reads back into the same picture.
func (h *Hackenbush) String() string {
	var b strings.Builder
	for i := range h.u {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(h.EdgeText(i))
	}
	return b.String()
}

// Len returns the number of edges, counting those not joined to the ground.
func (h *Hackenbush) Len() int { return len(h.u) }

// Edge returns the names of the two ends of edge i ("g" for the ground).
// It panics when i is not in [0, Len()), a programmer error.
func (h *Hackenbush) Edge(i int) (a, b string) { return h.names[h.u[i]], h.names[h.v[i]] }

// EdgeText returns edge i as written in the text form, "1-2". It panics
// when i is not in [0, Len()), a programmer error.
func (h *Hackenbush) EdgeText(i int) string {
	a, b := h.Edge(i)
	return a + "-" + b
}

// Grounded reports whether edge i is joined to the ground, and so in play.
// It panics when i is not in [0, Len()).
func (h *Hackenbush) Grounded(i int) bool {
	var sc hbScratch
	h.solve(-1, &sc)
	return sc.grounded[i]
}

// Value returns the nim-value of the picture, in time linear in its size;
// edges not joined to the ground play no part. It is at most Len().
func (h *Hackenbush) Value() game.Nimber {
	var sc hbScratch
	return h.solve(-1, &sc)
}

// A Hackenbush picture is a [game.EdgePicture], which package sg/explain
// draws.
var _ game.EdgePicture = (*Hackenbush)(nil)

// Moves returns every cut of an edge joined to the ground, in edge order,
// with the value after each; the winning moves are those of Value 0. It
// costs one linear evaluation for each cut of an edge on a cycle and the
// depth of the edge in the tree of blocks for each other cut, so O(E) to
// O(E²) in all for E edges (a tree of 2000 edges takes a few milliseconds;
// 10^4 edges on cycles take 10^4 evaluations of about a millisecond), and
// returns the context's error, with the moves found so far, when ctx is
// done.
func (h *Hackenbush) Moves(ctx context.Context) ([]game.EdgeCut, error) {
	return h.MovesProgress(ctx, nil)
}

// MovesProgress is [Hackenbush.Moves] reporting progress: unless progress
// is nil it is called after every 64 edges and at the end with the number
// of edges examined and the total.
func (h *Hackenbush) MovesProgress(ctx context.Context, progress func(done, total int)) ([]game.EdgeCut, error) {
	var sc hbScratch
	h.solve(-1, &sc)
	// The block tree of the whole picture, kept for cuts of bridges: cutting
	// the bridge below block x removes x's term G(x) + 1 from the block below
	// it, and each block on the way down to the ground changes by its child's
	// change, so such a cut costs the depth of x, not a new evaluation.
	grounded := append([]bool(nil), sc.grounded...)
	bridge := append([]bool(nil), sc.bridge...)
	parentEdge := append([]int32(nil), sc.parentEdge...)
	block := append([]int32(nil), sc.block...)
	val := append([]game.Nimber(nil), sc.val...)
	moves := make([]game.EdgeCut, 0, len(h.u))
	for i := range h.u {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return moves, fmt.Errorf("rulesets: hackenbush moves: %w", err)
			}
			if progress != nil && i > 0 {
				progress(i, len(h.u))
			}
		}
		if !grounded[i] {
			continue
		}
		var v game.Nimber
		if bridge[i] {
			x := h.u[i] // the end above the bridge
			if parentEdge[x] != int32(i) {
				x = h.v[i]
			}
			v = bridgeCut(h, x, parentEdge, block, val)
		} else {
			v = h.solve(i, &sc)
		}
		moves = append(moves, game.EdgeCut{Edge: i, Text: h.EdgeText(i), Value: v})
	}
	if progress != nil {
		progress(len(h.u), len(h.u))
	}
	return moves, nil
}

// WinningMoves returns the moves of [Hackenbush.Moves] that leave value 0:
// none when the picture's value is 0.
func (h *Hackenbush) WinningMoves(ctx context.Context) ([]game.EdgeCut, error) {
	if h.Value() == 0 {
		return []game.EdgeCut{}, nil
	}
	all, err := h.Moves(ctx)
	win := all[:0]
	for _, m := range all {
		if m.Value == 0 {
			win = append(win, m)
		}
	}
	return win, err
}

// Cut returns the picture after edge i is cut and every edge no longer
// joined to the ground has fallen, keeping the vertex names. It returns an
// error naming i when i is not the index of an edge joined to the ground.
func (h *Hackenbush) Cut(i int) (*Hackenbush, error) {
	if i < 0 || i >= len(h.u) {
		return nil, fmt.Errorf("rulesets: hackenbush: no edge %d (edges are 0 to %d)", i, len(h.u)-1)
	}
	var sc hbScratch
	h.solve(-1, &sc)
	if !sc.grounded[i] {
		return nil, fmt.Errorf("rulesets: hackenbush: edge %d %q is not joined to the ground", i, h.EdgeText(i))
	}
	h.solve(i, &sc)
	out := &Hackenbush{names: h.names}
	for j := range h.u {
		if sc.grounded[j] {
			out.u = append(out.u, h.u[j])
			out.v = append(out.v, h.v[j])
		}
	}
	return out, nil
}

// bridgeCut returns the value of the picture after the bridge below the
// block of root x falls, from solve's block tree of the whole picture.
func bridgeCut(h *Hackenbush, x int32, parentEdge, block []int32, val []game.Nimber) game.Nimber {
	other := func(e, y int32) int32 {
		if h.u[e] == y {
			return h.v[e]
		}
		return h.u[e]
	}
	p := block[other(parentEdge[x], x)]
	nv := val[p] ^ (val[x] + 1)
	for p != 0 {
		q := block[other(parentEdge[p], p)]
		nv, p = val[q]^(val[p]+1)^(nv+1), q
	}
	return nv
}

// hbScratch holds solve's working slices, reused from one call to the
// next; grounded is its result besides the value: which edges are in play.
type hbScratch struct {
	start, adj, fill, disc, low, parentEdge, next, order, stack, block []int32
	bridge, grounded                                                   []bool
	val                                                                []game.Nimber
}

// grow returns s resized to n elements, all zero, reusing its array.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// solve evaluates the picture without edge cut (-1: none). It finds the
// bridges by an iterative depth-first search from the ground (Tarjan's
// low-link), fuses each 2-edge-connected block into one vertex whose
// non-bridge edges become loops, and sums the resulting tree by the colon
// principle.
func (h *Hackenbush) solve(cut int, sc *hbScratch) game.Nimber {
	nv, ne := len(h.names), len(h.u)
	order := h.bridges(h.adjacency(cut, sc), sc)
	disc, parentEdge, bridge := sc.disc, sc.parentEdge, sc.bridge
	sc.grounded = grow(sc.grounded, ne)
	grounded := sc.grounded
	for i := range ne {
		if i != cut && disc[h.u[i]] != 0 {
			grounded[i] = true // both ends are reached when one is
		}
	}
	// Block of each reached vertex: a vertex whose parent edge is a bridge
	// (or the ground) starts a block, others share their parent's; the
	// discovery order visits parents first.
	sc.block = grow(sc.block, nv)
	block := sc.block
	for _, x := range order {
		if pe := parentEdge[x]; pe < 0 || bridge[pe] {
			block[x] = x
		} else {
			block[x] = block[h.other(pe, x)]
		}
	}
	// Each non-bridge edge in play is a loop at its block after fusion.
	sc.val = grow(sc.val, nv)
	val := sc.val
	for i := range ne {
		if grounded[i] && !bridge[i] {
			val[block[h.u[i]]] ^= 1
		}
	}
	// Colon principle, children before parents: a bridge from block p up to
	// block b adds G(b) + 1 at p.
	for k := len(order) - 1; k > 0; k-- {
		x := order[k]
		if pe := parentEdge[x]; bridge[pe] {
			p := h.other(pe, x)
			val[block[p]] ^= val[x] + 1
		}
	}
	return val[0]
}

// other returns the end of edge e that is not x.
func (h *Hackenbush) other(e, x int32) int32 {
	if h.u[e] == x {
		return h.v[e]
	}
	return h.u[e]
}

// adjacency lays the edges in play (all but cut and the loops) out in
// compressed form in sc: for vertex x, the edges sc.adj[start[x]:start[x+1]];
// it returns start.
func (h *Hackenbush) adjacency(cut int, sc *hbScratch) (start []int32) {
	nv, ne := len(h.names), len(h.u)
	sc.start = grow(sc.start, nv+1)
	start = sc.start
	for i := range ne {
		if i == cut || h.u[i] == h.v[i] {
			continue
		}
		start[h.u[i]+1]++
		start[h.v[i]+1]++
	}
	for x := range nv {
		start[x+1] += start[x]
	}
	sc.adj = grow(sc.adj, int(start[nv]))
	adj := sc.adj
	sc.fill = append(sc.fill[:0], start[:nv]...)
	fill := sc.fill
	for i := range ne {
		if i == cut || h.u[i] == h.v[i] {
			continue
		}
		adj[fill[h.u[i]]] = int32(i)
		fill[h.u[i]]++
		adj[fill[h.v[i]]] = int32(i)
		fill[h.v[i]]++
	}
	return start
}

// bridges walks the edges in play depth first from the ground (vertex 0),
// iteratively, and marks in sc.bridge the edges that are bridges (Tarjan's
// low-link rule); sc.disc holds each vertex's discovery time + 1 (0 for one
// not reached) and sc.parentEdge the edge it was reached by (-1 for the
// ground). It returns the reached vertices in discovery order.
func (h *Hackenbush) bridges(start []int32, sc *hbScratch) []int32 {
	nv, ne := len(h.names), len(h.u)
	adj := sc.adj
	sc.disc, sc.low, sc.parentEdge, sc.next = grow(sc.disc, nv), grow(sc.low, nv), grow(sc.parentEdge, nv), grow(sc.next, nv)
	disc := sc.disc // 0: unvisited; else discovery time + 1
	low := sc.low
	parentEdge := sc.parentEdge
	next := sc.next // next adjacency slot to look at
	sc.bridge = grow(sc.bridge, ne)
	bridge := sc.bridge
	order := sc.order[:0]
	stack := append(sc.stack[:0], 0)
	disc[0], low[0], parentEdge[0], next[0] = 1, 1, -1, start[0]
	order = append(order, 0)
	t := int32(1)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		if next[x] < start[x+1] {
			e := adj[next[x]]
			next[x]++
			if e == parentEdge[x] {
				continue
			}
			y := h.other(e, x)
			if disc[y] == 0 {
				t++
				disc[y], low[y], parentEdge[y], next[y] = t, t, e, start[y]
				order = append(order, y)
				stack = append(stack, y)
			} else if disc[y] < low[x] {
				low[x] = disc[y]
			}
			continue
		}
		stack = stack[:len(stack)-1]
		if pe := parentEdge[x]; pe >= 0 {
			p := h.other(pe, x)
			if low[x] < low[p] {
				low[p] = low[x]
			}
			if low[x] > disc[p] {
				bridge[pe] = true
			}
		}
	}
	sc.order, sc.stack = order, stack
	return order
}

// HackenbushGame is the cutting game of a picture of at most 64 edges,
// played by the rules alone: a position is the set of edges still
// standing, bit i for edge i, and a move clears one bit, then every edge
// no longer joined to the ground. It is the brute-force form of the game,
// for sg's engines and exhaustive search, against which the tests hold
// [Hackenbush.Value]; AppendMoves costs O(E²) per position and allocates
// nothing. The zero value has no edges. It is safe for concurrent use.
type HackenbushGame struct {
	n    int
	u, v [MaxHackenbushGameEdges]uint8
	text [MaxHackenbushGameEdges]string // edge i as written, "1-2"
}

var _ game.Notation[uint64] = (*HackenbushGame)(nil)

// Game returns the cutting game of h and its starting position (the edges
// joined to the ground). It returns an error naming the count when h has
// more than [MaxHackenbushGameEdges] edges or more than 64 vertices
// besides the ground.
func (h *Hackenbush) Game() (*HackenbushGame, uint64, error) {
	if len(h.u) > MaxHackenbushGameEdges {
		return nil, 0, fmt.Errorf("rulesets: hackenbush game: %d edges, more than %d", len(h.u), MaxHackenbushGameEdges)
	}
	if len(h.names) > 65 {
		return nil, 0, fmt.Errorf("rulesets: hackenbush game: %d vertices, more than 65", len(h.names))
	}
	g := &HackenbushGame{n: len(h.u)}
	var all uint64
	for i := range h.u {
		g.u[i], g.v[i] = uint8(h.u[i]), uint8(h.v[i])
		g.text[i] = h.EdgeText(i)
		all |= 1 << i
	}
	return g, g.prune(all), nil
}

// prune returns the edges of set joined to the ground (vertex 0).
func (g *HackenbushGame) prune(set uint64) uint64 {
	var reached [2]uint64 // vertices 0 to 127
	reached[0] = 1
	in := func(x uint8) bool { return reached[x>>6]&(1<<(x&63)) != 0 }
	var kept uint64
	for changed := true; changed; {
		changed = false
		for i := 0; i < g.n; i++ {
			if set&(1<<i) == 0 || kept&(1<<i) != 0 {
				continue
			}
			a, b := g.u[i], g.v[i]
			if in(a) || in(b) {
				kept |= 1 << i
				reached[a>>6] |= 1 << (a & 63)
				reached[b>>6] |= 1 << (b & 63)
				changed = true
			}
		}
	}
	return kept
}

// AppendMoves appends the position after each cut of an edge in p.
func (g *HackenbushGame) AppendMoves(dst []uint64, p uint64) []uint64 {
	for i := 0; i < g.n; i++ {
		if p&(1<<i) != 0 {
			dst = append(dst, g.prune(p&^(1<<i)))
		}
	}
	return dst
}

// MoveString names the move from p to q by the edge cut, as written in
// the picture ("1-2"): the first edge of p whose cut leaves q, and "?"
// when none does (parallel edges share a name). It costs O(E³) for E
// edges.
func (g *HackenbushGame) MoveString(p, q uint64) string {
	for i := 0; i < g.n; i++ {
		if p&(1<<i) != 0 && g.prune(p&^(1<<i)) == q {
			return g.text[i]
		}
	}
	return "?"
}

// ParseMove returns the position after cutting the edge that text names,
// as written in the picture ("1-2", or "2-1"), and an error naming text
// when no edge of p is written so.
func (g *HackenbushGame) ParseMove(p uint64, text string) (uint64, error) {
	t := strings.ReplaceAll(text, " ", "")
	a, b, _ := strings.Cut(t, "-")
	for i := 0; i < g.n; i++ {
		if p&(1<<i) != 0 && (g.text[i] == t || g.text[i] == b+"-"+a) {
			return g.prune(p &^ (1 << i)), nil
		}
	}
	return p, fmt.Errorf("rulesets: hackenbush: %q is not an edge standing here", strings.TrimSpace(text))
}
