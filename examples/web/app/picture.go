package app

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/solve"
)

// Picture is what the page draws of a board, a graph, a row of coins or a
// Hackenbush picture, and every move it may play on it. The position is
// always a subset of the start's elements (cells, squares, vertices,
// edges, coins), written in the request's At as their indices ("" for the
// start, "-" for none), so the page keeps one drawing for the whole game.
// A loopy game's digraph (Kind "digraph") has its tokens in the request's
// Position instead, one heap per token.
type Picture struct {
	// Kind is "cram", "chomp", "graph", "hackenbush", "coins" (a row),
	// "coins2" (a board of coins, row r·Cols + c), "notakto" (its boards,
	// nine cells each, row after row) or "digraph".
	Kind string `json:"kind"`
	// Rows and Cols are a board's size (cram, chomp, a grid graph, a board
	// of coins, one Notakto board).
	Rows int `json:"rows,omitempty"`
	Cols int `json:"cols,omitempty"`
	// Alive says which elements are still in play: cells that are free
	// (Cram, Notakto), squares not eaten, vertices not taken, edges not
	// fallen, heads.
	Alive []bool `json:"alive"`
	// Nodes are the vertices with their places (graph, hackenbush; the
	// ground is node 0 of a Hackenbush picture); Edges join them.
	Nodes []PicNode `json:"nodes,omitempty"`
	Edges [][2]int  `json:"edges,omitempty"`
	// Marks label the elements (coins: "N:V", the coin's number, or
	// "X.Y" place, and its value) or, in Notakto, each board (its element
	// of the misère quotient).
	Marks []string   `json:"marks,omitempty"`
	Moves []PicMove  `json:"moves"`
	Reply *PicMove   `json:"reply,omitempty"`
	Parts []PartInfo `json:"parts,omitempty"`
}

// PicNode is a vertex of a drawing, at (X, Y) in a unit square.
type PicNode struct {
	Name string  `json:"name"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// PartInfo is one independent part of a position and its value, for the
// hint: the elements it holds and its value.
type PartInfo struct {
	Elems []int  `json:"elems"`
	Value uint64 `json:"value"`
}

// PicMove is one move on a picture: Pick are the elements the player
// points at (the domino's two cells, the square bitten, the vertex taken,
// the edge cut, the coins turned), Gone the elements that leave play,
// Position the position after it (for the next request) and Winning
// whether it leaves a position of value 0.
type PicMove struct {
	Text     string `json:"text"`
	Pick     []int  `json:"pick"`
	Gone     []int  `json:"gone"`
	Position string `json:"position"`
	Winning  bool   `json:"winning"`
	// After is, in Notakto, the element of the misère quotient the move
	// leaves.
	After string `json:"after,omitempty"`
}

// MaxDrawnEdges is the most edges of a Hackenbush picture the page draws
// (a larger one is valued, with its winning cuts listed, but not drawn).
const MaxDrawnEdges = 300

// elems writes a set of element indices as the At of a request.
func elems(xs []int) string {
	if len(xs) == 0 {
		return "-"
	}
	return joinInts(xs)
}

// parseElems reads a set of element indices below n; "" is all of them.
func parseElems(s string, n int) ([]bool, error) {
	alive := make([]bool, n)
	s = strings.TrimSpace(s)
	if s == "" {
		for i := range alive {
			alive[i] = true
		}
		return alive, nil
	}
	if s == "-" {
		return alive, nil
	}
	for f := range strings.SplitSeq(s, ",") {
		i, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || i < 0 || i >= n {
			return nil, bad("at", "at=%s: %q is not an element of this game (0 to %d)", quote(s), quote(f), n-1)
		}
		alive[i] = true
	}
	return alive, nil
}

func setOf(alive []bool) bitset.Set {
	var s bitset.Set
	for i, a := range alive {
		if a {
			s = s.With(i)
		}
	}
	return s
}

// The three searched boards, started at a position of the page's choice:
// embedding the rules keeps every capability the search looks for.
type cramAt struct {
	*rulesets.Cram
	at grid.Set
}

func (c cramAt) Start() grid.Set { return c.at }

type chompAt struct {
	*rulesets.Chomp
	at grid.Set
}

func (c chompAt) Start() grid.Set { return c.at }

type kaylesAt struct {
	*rulesets.NodeKayles
	at bitset.Set
}

func (c kaylesAt) Start() bitset.Set { return c.at }

// boardPicture answers a board game at the request's position.
func boardPicture(ctx context.Context, r Request, b game.Board) (*Picture, uint64, error) {
	switch g := b.(type) {
	case *rulesets.Cram:
		bd := g.Board()
		pic := &Picture{Kind: "cram", Rows: bd.Rows(), Cols: bd.Cols()}
		return searched(ctx, r, pic, bd.Rows()*bd.Cols(), g.Start(), func(at bitset.Set) game.Started[bitset.Set] { return cramAt{g, at} },
			func(p, q bitset.Set, _ int) []int { return p.AndNot(q).Append(nil) })
	case *rulesets.Chomp:
		bd := g.Board()
		pic := &Picture{Kind: "chomp", Rows: bd.Rows(), Cols: bd.Cols()}
		return searched(ctx, r, pic, bd.Rows()*bd.Cols(), g.Start(), func(at bitset.Set) game.Started[bitset.Set] { return chompAt{g, at} },
			func(p, q bitset.Set, _ int) []int {
				rr, cc, _ := g.Bite(p, q)
				return []int{rr*bd.Cols() + cc}
			})
	case *rulesets.NodeKayles:
		pic := graphPicture(g)
		return searched(ctx, r, pic, g.Graph().N(), g.Start(), func(at bitset.Set) game.Started[bitset.Set] { return kaylesAt{g, at} },
			func(p, _ bitset.Set, i int) []int { return []int{p.Append(nil)[i]} }) // AppendMoves takes p's vertices in increasing order
	case rulesets.CoinPosition:
		return coinsPicture(r, g)
	case rulesets.CoinBoardPosition:
		return coinGridPicture(r, g)
	case rulesets.HackenbushPicture:
		if g.Len() > MaxDrawnEdges {
			return nil, 0, nil // valued by its rules, not drawn
		}
		return hackenbushPicture(ctx, r, g)
	}
	return nil, 0, nil
}

// searched values a searched board at the request's position, and lists
// its moves with the elements each picks and removes.
func searched(ctx context.Context, r Request, pic *Picture, n int, start bitset.Set, at func(bitset.Set) game.Started[bitset.Set], pick func(p, q bitset.Set, i int) []int) (*Picture, uint64, error) {
	alive, err := parseElems(r.At, n)
	if err != nil {
		return nil, 0, err
	}
	if strings.TrimSpace(r.At) == "" { // the game's own start
		for i := range alive {
			alive[i] = start.Has(i)
		}
	}
	p := setOf(alive)
	if p.AndNot(start) != (bitset.Set{}) {
		return nil, 0, bad("at", "at=%s names elements that are not in the game at its start", quote(r.At))
	}
	pic.Alive = alive
	g := at(p)
	sol, err := solve.Search(ctx, g, search.WithMemory(boardMemory), search.WithWorkers(1))
	if err != nil {
		return nil, 0, err
	}
	names := game.MoveStrings(g, p)
	for i, q := range g.AppendMoves(nil, p) {
		m := PicMove{Text: names[i], Pick: pick(p, q, i), Gone: p.AndNot(q).Append(nil), Position: elems(q.Append(nil))}
		m.Winning = slices.Contains(sol.Moves, m.Text)
		pic.Moves = append(pic.Moves, m)
	}
	if d, ok := g.(game.Decomposer[bitset.Set]); ok && len(pic.Moves) > 0 {
		parts := d.AppendComponents(nil, p)
		if len(parts) == 1 { // the whole position, already valued
			pic.Parts = []PartInfo{{Elems: p.Append(nil), Value: uint64(sol.Value)}}
			return pic, uint64(sol.Value), nil
		}
		for _, part := range parts {
			v, err := solve.Search(ctx, at(part), search.WithMemory(boardMemory), search.WithWorkers(1))
			if err != nil {
				return nil, 0, err
			}
			pic.Parts = append(pic.Parts, PartInfo{Elems: part.Append(nil), Value: uint64(v.Value)})
		}
	}
	return pic, uint64(sol.Value), nil
}

// graphPicture lays out Node Kayles' graph: a grid on its cells, else a
// force-directed layout.
func graphPicture(g *rulesets.NodeKayles) *Picture {
	gr := g.Graph()
	pic := &Picture{Kind: "graph", Edges: gr.Edges()}
	n := gr.N()
	if bd, ok := g.GridBoard(); ok {
		pic.Rows, pic.Cols = bd.Rows(), bd.Cols()
		for v := range n {
			rr, cc := bd.RowCol(v)
			pic.Nodes = append(pic.Nodes, PicNode{Name: g.MoveStrings(bitset.Set{}.With(v))[0], X: (float64(cc) + 0.5) / float64(bd.Cols()), Y: (float64(rr) + 0.5) / float64(bd.Rows())})
		}
		return pic
	}
	xy := forceLayout(n, pic.Edges)
	for v := range n {
		pic.Nodes = append(pic.Nodes, PicNode{Name: strconv.Itoa(v), X: xy[v][0], Y: xy[v][1]})
	}
	return pic
}
