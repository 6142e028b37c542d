package explain

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/impartial-go/impartial/game"
)

// HackenbushDOT writes a Green Hackenbush picture in the Graphviz DOT
// language, as an undirected graph: the ground g is a wide box, every
// other vertex a point, each edge labelled with its index; the edges whose
// cut wins (leaves value 0) are drawn bold red, and edges not joined to the
// ground, which play no part, dashed grey. The graph's label gives the
// picture's value. h is any [game.EdgePicture], such as package rulesets'
// Hackenbush. It costs what h.Moves costs (O(E²) for E edges for
// rulesets.Hackenbush), and returns ctx's error when it is done, or w's.
func HackenbushDOT(ctx context.Context, w io.Writer, h game.EdgePicture) error {
	moves, err := h.Moves(ctx)
	if err != nil {
		return err
	}
	// Moves lists exactly the edges joined to the ground.
	wins, grounded := make(map[int]bool), make(map[int]bool)
	for _, m := range moves {
		grounded[m.Edge] = true
		if m.Value == 0 {
			wins[m.Edge] = true
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "graph %s {\n", quote("hackenbush"))
	fmt.Fprintf(bw, "  label=%s;\n", quote(fmt.Sprintf("Green Hackenbush %s: value %v", h, h.Value())))
	fmt.Fprintf(bw, "  node [shape=point, width=0.12];\n")
	fmt.Fprintf(bw, "  %s [shape=box, width=2, height=0.1, style=filled, fillcolor=darkgreen, label=\"\", xlabel=\"ground\"];\n", quote("g"))
	for i := range h.Len() {
		a, b := h.Edge(i)
		style := "color=darkgreen"
		switch {
		case wins[i]:
			style = "color=red, penwidth=3"
		case !grounded[i]:
			style = "color=grey, style=dashed"
		}
		fmt.Fprintf(bw, "  %s -- %s [label=%s, %s];\n", quote(a), quote(b), quote(fmt.Sprint(i)), style)
	}
	fmt.Fprintf(bw, "}\n")
	return bw.Flush()
}
