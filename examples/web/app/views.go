package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/bot"
	"github.com/impartial-go/impartial/sg/explain"
	"github.com/impartial-go/impartial/sg/sequence"
)

// Sequence is the value sequence view: the first values, the periodicity
// found and an SVG plot of them.
type Sequence struct {
	Values    []uint64 `json:"values"`
	Computed  int      `json:"computed"`
	Preperiod int      `json:"preperiod"`
	Period    int      `json:"period"`
	Saltus    uint64   `json:"saltus"`
	Certified bool     `json:"certified"`
	SVG       string   `json:"svg"`
}

// valueSequence computes up to n values (a default when n is 0), stopping as
// soon as a period is certified.
func valueSequence(ctx context.Context, rule game.HeapRule, n int, progress func(done, total int)) (*Sequence, error) {
	switch {
	case n == 0:
		n = 1 << 16
	case n < 0 || n > MaxSequence:
		return nil, bad("n", "%d values: ask for 1 to %d", n, MaxSequence)
	}
	s, per, err := sequence.Period(ctx, rule, n, sequence.WithProgress(50*time.Millisecond, func(p sequence.Progress) {
		progress(p.Done, p.Target)
	}))
	if err != nil {
		return nil, err
	}
	out := &Sequence{Computed: s.Len(), Preperiod: per.Preperiod, Period: per.Period, Saltus: uint64(per.Saltus), Certified: per.Certified}
	show := min(s.Len(), MaxPlot)
	if per.Period > 0 {
		show = min(s.Len(), max(per.Preperiod+2*per.Period, 60), MaxPlot)
	}
	for i := range show {
		out.Values = append(out.Values, uint64(s.At(i)))
	}
	out.SVG = plot(out)
	return out, nil
}

// plot draws the values as bars, with the preperiod and one period shaded.
func plot(s *Sequence) string {
	const w, h, pad = 900.0, 260.0, 30.0
	n := len(s.Values)
	top := uint64(1)
	for _, v := range s.Values {
		top = max(top, v)
	}
	dx := (w - 2*pad) / float64(max(n, 1))
	y := func(v uint64) float64 { return h - pad - (h-2*pad)*float64(v)/float64(top) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" class="plot" role="img" aria-label="value sequence">`, w, h)
	if s.Period > 0 && s.Preperiod < n {
		x0 := pad + dx*float64(s.Preperiod)
		x1 := min(pad+dx*float64(s.Preperiod+s.Period), w-pad)
		fmt.Fprintf(&b, `<rect class="period" x="%.1f" y="%g" width="%.1f" height="%g"><title>one period: heaps %d to %d</title></rect>`,
			x0, pad/2, x1-x0, h-1.5*pad, s.Preperiod, s.Preperiod+s.Period-1)
		fmt.Fprintf(&b, `<line class="preperiod" x1="%.1f" x2="%.1f" y1="%g" y2="%g"/>`, x0, x0, pad/2, h-pad)
		fmt.Fprintf(&b, `<text class="mark" x="%.1f" y="%g">preperiod %d</text>`, x0+3, pad/2+10, s.Preperiod)
		fmt.Fprintf(&b, `<text class="mark" x="%.1f" y="%g">period %d</text>`, x0+3, pad/2+24, s.Period)
	}
	fmt.Fprintf(&b, `<line class="axis" x1="%g" x2="%g" y1="%g" y2="%g"/>`, pad, w-pad, h-pad, h-pad)
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g">0</text><text class="tick" x="%g" y="%g">%d</text>`, pad-12, h-pad+4, pad-20, pad+4, top)
	for i, v := range s.Values {
		x := pad + dx*float64(i)
		fmt.Fprintf(&b, `<rect class="bar" data-n="%d" data-v="%d" x="%.2f" y="%.2f" width="%.2f" height="%.2f"><title>G(%d) = %d</title></rect>`,
			i, v, x, y(v), max(dx-0.5, 0.5), h-pad-y(v)+1, i, v)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// Graph is the game graph of a position laid out in layers: layer k holds
// the positions first reached after k moves.
type Graph struct {
	Nodes     []GraphNode `json:"nodes"`
	Edges     [][2]int    `json:"edges"`
	Truncated bool        `json:"truncated"`
	SVG       string      `json:"svg"`
}

// GraphNode is a position of the graph with its place in the picture.
type GraphNode struct {
	explain.GraphNode
	X, Y float64
}

func graph(ctx context.Context, rule game.HeapRule, heaps []int) (*Graph, error) {
	start, err := game.MakeHeaps(heaps...)
	if err != nil {
		return nil, bad("position", "%v", err)
	}
	g, err := explain.GameGraph(ctx, game.NewHeapGame(rule), start, explain.WithMaxNodes(MaxGraphNodes))
	if err != nil {
		return nil, bad("position", "%v: pick a smaller position for the graph", err)
	}
	return layout(g), nil
}

// layout places nodes by breadth-first layers from the start, ordered in
// each layer by value, and draws the SVG.
func layout(g *explain.Graph) *Graph {
	n := len(g.Nodes)
	depth := make([]int, n)
	for i := range depth {
		depth[i] = -1
	}
	adj := make([][]int, n)
	for _, e := range g.Edges {
		adj[e[0]] = append(adj[e[0]], e[1])
	}
	depth[0] = 0
	queue := []int{0}
	var layers [][]int
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if depth[v] == len(layers) {
			layers = append(layers, nil)
		}
		layers[depth[v]] = append(layers[depth[v]], v)
		for _, u := range adj[v] {
			if depth[u] < 0 {
				depth[u] = depth[v] + 1
				queue = append(queue, u)
			}
		}
	}
	longest := 0
	for _, v := range g.Nodes {
		longest = max(longest, len(v.Position)+len(fmt.Sprint(v.Value)))
	}
	nodeW := max(80.0, 8.5*float64(longest)+40)
	const rowH, nodeH = 70.0, 28.0
	colW, pad := nodeW+24, nodeW/2+12
	widest := 1
	for _, l := range layers {
		widest = max(widest, len(l))
	}
	out := &Graph{Edges: g.Edges, Nodes: make([]GraphNode, n)}
	w := pad*2 + colW*float64(widest-1)
	for k, l := range layers {
		slices.SortStableFunc(l, func(a, b int) int { return int(g.Nodes[a].Value) - int(g.Nodes[b].Value) })
		off := (w - colW*float64(len(l)-1)) / 2
		for j, v := range l {
			out.Nodes[v] = GraphNode{GraphNode: g.Nodes[v], X: off + colW*float64(j), Y: 30 + rowH*float64(k)}
		}
	}
	h := 60 + rowH*float64(len(layers)-1)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" style="max-width:%gpx" class="graph" role="img" aria-label="game graph">`, w, h, w)
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>`)
	for _, e := range g.Edges {
		a, c := out.Nodes[e[0]], out.Nodes[e[1]]
		switch {
		case c.Y == a.Y+rowH: // to the next layer: straight down
			fmt.Fprintf(&b, `<line class="edge" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" marker-end="url(#arrow)"/>`, a.X, a.Y+nodeH/2, c.X, c.Y-nodeH/2-2)
		case c.Y == a.Y: // within a layer: an arc above the boxes
			fmt.Fprintf(&b, `<path class="edge" fill="none" d="M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f" marker-end="url(#arrow)"/>`,
				a.X, a.Y-nodeH/2, (a.X+c.X)/2, a.Y-nodeH/2-rowH/2, c.X, c.Y-nodeH/2-2)
		default: // across layers: a curve around the boxes between, on the side of the nearer edge of the picture
			side := nodeW/2 + 12
			if a.X+c.X < w {
				side = -side
			}
			fmt.Fprintf(&b, `<path class="edge" fill="none" d="M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f" marker-end="url(#arrow)"/>`,
				a.X+side*0.9, a.Y, a.X+side*1.6, a.Y, c.X+side*1.6, c.Y, c.X+side*0.9, c.Y)
		}
	}
	for _, v := range out.Nodes {
		fmt.Fprintf(&b, `<g class="node %s"><title>%s: G = %d, %s-position</title><rect x="%.1f" y="%.1f" width="%g" height="%g" rx="8"/><text x="%.1f" y="%.1f">%s</text><text class="val" text-anchor="end" x="%.1f" y="%.1f">*%d</text></g>`,
			v.Label, v.Position, v.Value, v.Label, v.X-nodeW/2, v.Y-nodeH/2, nodeW, nodeH, v.X-nodeW/2+8, v.Y+4, v.Position, v.X+nodeW/2-8, v.Y+4, v.Value)
	}
	b.WriteString(`</svg>`)
	out.SVG = b.String()
	return out
}

// botReply asks the library's bot for a move from heaps and returns the
// listed move it made.
func botReply(ctx context.Context, rule game.HeapRule, heaps []int, moves []Move) (*Move, error) {
	start, err := game.MakeHeaps(heaps...)
	if err != nil {
		return nil, bad("position", "%v", err)
	}
	pl := bot.New[game.Heaps](sg.NewEngine[game.Heaps](game.NewHeapGame(rule)), bot.WithSeed(1))
	c, ok, err := pl.Choose(ctx, start)
	if err != nil || !ok {
		return nil, err
	}
	want := c.To.Sizes()
	for i := range moves {
		got := slices.Clone(moves[i].To)
		got = slices.DeleteFunc(got, func(x int) bool { return x == 0 })
		slices.Sort(got)
		if slices.Equal(got, want) {
			return &moves[i], nil
		}
	}
	return nil, fmt.Errorf("the bot's move to %v is not among the listed moves", c.To)
}
