package explain

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// GraphNode is a position of a [Graph] with its Grundy value.
type GraphNode struct {
	// ID is the node's index in Graph.Nodes.
	ID int `json:"id"`
	// Position is the position, formatted.
	Position string `json:"position"`
	// Value is the position's Sprague–Grundy value.
	Value uint64 `json:"value"`
	// Label is "P" when Value is 0, else "N".
	Label string `json:"label"`
}

// Graph is the game graph of the positions reachable from a start
// position: every impartial game is a token moving on such a graph (a game
// on a directed graph, 有向图游戏 in Chinese texts). Nodes[0] is the start;
// Edges are moves, as pairs of node IDs, each listed once.
type Graph struct {
	Nodes []GraphNode `json:"nodes"`
	Edges [][2]int    `json:"edges"`
}

// GameGraph returns the graph of the positions reachable from p, each
// labelled with its Grundy value, in breadth-first order from p. Positions
// the game says are equal ([game.Canonicalizer]) are one node. It returns
// a [*sg.LimitError] when more than the nodes limit ([WithMaxNodes]) of
// positions are reachable (nothing is returned then), an error wrapping [sg.ErrCycle]
// when a position can be reached from itself, and ctx's error when it is
// done. It costs O(positions + moves).
func GameGraph[P comparable](ctx context.Context, g game.Game[P], p P, opts ...Option) (*Graph, error) {
	c := newConfig(opts)
	format, err := formatter[P](c)
	if err != nil {
		return nil, err
	}
	canon := canonicalizer(g)
	p = canon(p)
	id := map[P]int{p: 0}
	order := []P{p}
	gr := &Graph{Edges: [][2]int{}}
	var buf []P
	for i := 0; i < len(order); i++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("explain: graph of %s: %w", format(p), err)
		}
		buf = g.AppendMoves(buf[:0], order[i])
		first := len(gr.Edges)
		for _, q := range buf {
			q = canon(q)
			j, ok := id[q]
			if !ok {
				if len(order) >= c.maxNodes {
					return nil, fmt.Errorf("explain: graph of %s: %w", format(p),
						limit("explain.GameGraph", "positions", c.maxNodes, fmt.Sprintf("more than %d positions reachable", c.maxNodes)))
				}
				j = len(order)
				id[q] = j
				order = append(order, q)
			}
			dup := false
			for _, e := range gr.Edges[first:] {
				if e[1] == j {
					dup = true
					break
				}
			}
			if !dup {
				gr.Edges = append(gr.Edges, [2]int{i, j})
			}
		}
	}
	e := sg.NewEngine(g, sg.WithMaxPositions(0))
	gr.Nodes = make([]GraphNode, len(order))
	for i, q := range order {
		v, err := e.Value(ctx, q)
		if err != nil {
			var ce *sg.CycleError[P]
			if errors.As(err, &ce) {
				return nil, fmt.Errorf("explain: graph of %s: position %s can be reached from itself: %w", format(p), format(ce.Position), sg.ErrCycle)
			}
			return nil, fmt.Errorf("explain: graph of %s: %w", format(p), err)
		}
		gr.Nodes[i] = GraphNode{ID: i, Position: format(q), Value: uint64(v), Label: sg.OutcomeOf(v).String()}
	}
	return gr, nil
}

// quote returns s as a DOT double-quoted string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// WriteDOT writes the graph in the Graphviz DOT language, named name:
// each node shows its position and, below it, its Grundy value as "G=2";
// P-positions (value 0) are drawn as double circles, and moves are
// arrows. Render it with
//
//	dot -Tsvg game.dot > game.svg
func (gr *Graph) WriteDOT(w io.Writer, name string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "digraph %s {\n", quote(name))
	bw.WriteString("  node [shape=circle, fontname=\"Helvetica\"];\n")
	for _, n := range gr.Nodes {
		shape := "circle"
		if n.Value == 0 {
			shape = "doublecircle"
		}
		fmt.Fprintf(bw, "  n%d [label=%s, shape=%s];\n", n.ID, quote(fmt.Sprintf("%s\nG=%d", n.Position, n.Value)), shape)
	}
	for _, e := range gr.Edges {
		fmt.Fprintf(bw, "  n%d -> n%d;\n", e[0], e[1])
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// DOT writes the game graph of the positions reachable from p to w in the
// Graphviz DOT language: [GameGraph] followed by [Graph.WriteDOT]. Nothing
// is written when the graph is over the limit.
func DOT[P comparable](ctx context.Context, w io.Writer, g game.Game[P], p P, opts ...Option) error {
	gr, err := GameGraph(ctx, g, p, opts...)
	if err != nil {
		return err
	}
	return gr.WriteDOT(w, gr.Nodes[0].Position)
}
