package app

import (
	"context"
	"math"
	"slices"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

// hackenbushPicture answers a Green Hackenbush picture: the position is
// the edges still standing, the drawing puts the ground at the bottom and
// each vertex at the height of its distance from the ground.
func hackenbushPicture(ctx context.Context, r Request, h rulesets.HackenbushPicture) (*Picture, uint64, error) {
	n := h.Len()
	index := map[string]int{"g": 0}
	pic := &Picture{Kind: "hackenbush", Nodes: []PicNode{{Name: "g"}}}
	for i := range n {
		a, b := h.Edge(i)
		for _, name := range []string{a, b} {
			if _, ok := index[name]; !ok {
				index[name] = len(pic.Nodes)
				pic.Nodes = append(pic.Nodes, PicNode{Name: name})
			}
		}
		pic.Edges = append(pic.Edges, [2]int{index[a], index[b]})
	}
	layoutHackenbush(pic)
	alive, err := parseElems(r.At, n)
	if err != nil {
		return nil, 0, err
	}
	alive = standing(pic, alive)
	pic.Alive = alive
	var left []int
	var text []string
	for i, a := range alive {
		if a {
			left = append(left, i)
			x, y := h.Edge(i)
			text = append(text, x+"-"+y)
		}
	}
	if len(left) == 0 {
		return pic, 0, nil
	}
	sub, err := rulesets.ParseHackenbush(strings.Join(text, ","))
	if err != nil {
		return nil, 0, err
	}
	cuts, err := sub.Moves(ctx)
	if err != nil {
		return nil, 0, err
	}
	for _, c := range cuts {
		e := left[c.Edge]
		after := slices.Clone(alive)
		after[e] = false
		after = standing(pic, after)
		m := PicMove{Text: h.EdgeText(e), Pick: []int{e}, Winning: c.Value == 0}
		var still []int
		for i := range alive {
			if alive[i] && !after[i] {
				m.Gone = append(m.Gone, i)
			}
			if after[i] {
				still = append(still, i)
			}
		}
		m.Position = elems(still)
		pic.Moves = append(pic.Moves, m)
	}
	return pic, uint64(sub.Value()), nil
}

// standing returns the edges of alive still joined to the ground.
func standing(pic *Picture, alive []bool) []bool {
	up := make([]bool, len(pic.Nodes))
	up[0] = true
	for changed := true; changed; {
		changed = false
		for i, e := range pic.Edges {
			if alive[i] && up[e[0]] != up[e[1]] {
				up[e[0]], up[e[1]], changed = true, true, true
			}
		}
	}
	out := make([]bool, len(alive))
	for i, e := range pic.Edges {
		out[i] = alive[i] && up[e[0]]
	}
	return out
}

// layoutHackenbush places each vertex at the height of its distance from
// the ground (node 0) and spreads each level, ordered by the places of
// the vertices below it.
func layoutHackenbush(pic *Picture) {
	n := len(pic.Nodes)
	depth := make([]int, n)
	for i := range depth {
		depth[i] = -1
	}
	depth[0] = 0
	levels := [][]int{{0}}
	for k := 0; k < len(levels); k++ {
		var next []int
		for _, v := range levels[k] {
			for _, e := range pic.Edges {
				for s := range 2 {
					if e[s] == v && depth[e[1-s]] < 0 {
						depth[e[1-s]] = k + 1
						next = append(next, e[1-s])
					}
				}
			}
		}
		if len(next) > 0 {
			levels = append(levels, next)
		}
	}
	for v := range n { // vertices never joined to the ground, on a top level
		if depth[v] < 0 {
			depth[v] = len(levels)
			if len(levels) == depth[v] {
				levels = append(levels, nil)
			}
			levels[depth[v]] = append(levels[depth[v]], v)
		}
	}
	top := float64(max(len(levels)-1, 1))
	pic.Nodes[0].X, pic.Nodes[0].Y = 0.5, 1
	for k := 1; k < len(levels); k++ {
		l := levels[k]
		below := func(v int) float64 {
			s, c := 0.0, 0
			for _, e := range pic.Edges {
				for side := range 2 {
					if u := e[1-side]; e[side] == v && u != 0 && depth[u] < k {
						s, c = s+pic.Nodes[u].X, c+1
					}
				}
			}
			if c == 0 {
				return float64(v) // standing on the ground: keep the order written
			}
			return s / float64(c) * 1000
		}
		slices.SortStableFunc(l, func(a, b int) int { return cmpFloat(below(a), below(b)) })
		for j, v := range l {
			pic.Nodes[v].X = (float64(j) + 0.5) / float64(len(l))
			pic.Nodes[v].Y = 1 - float64(k)/top*0.9
		}
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// forceLayout places n vertices in the unit square: a circle first, then
// a few hundred steps of a spring embedder (edges pull, all vertices push
// apart), deterministic.
func forceLayout(n int, edges [][2]int) [][2]float64 {
	p := make([][2]float64, n)
	for i := range p {
		a := 2 * math.Pi * float64(i) / float64(max(n, 1))
		p[i] = [2]float64{0.5 + 0.4*math.Cos(a), 0.5 + 0.4*math.Sin(a)}
	}
	if n < 3 {
		return p
	}
	k := 0.8 / math.Sqrt(float64(n))
	d := make([][2]float64, n)
	for step := range 300 {
		for i := range d {
			d[i] = [2]float64{}
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				dx, dy := p[i][0]-p[j][0], p[i][1]-p[j][1]
				dist := math.Max(math.Hypot(dx, dy), 1e-3)
				f := k * k / dist / dist
				d[i][0] += dx * f
				d[i][1] += dy * f
				d[j][0] -= dx * f
				d[j][1] -= dy * f
			}
		}
		for _, e := range edges {
			dx, dy := p[e[0]][0]-p[e[1]][0], p[e[0]][1]-p[e[1]][1]
			dist := math.Max(math.Hypot(dx, dy), 1e-3)
			f := dist / k
			d[e[0]][0] -= dx * f
			d[e[0]][1] -= dy * f
			d[e[1]][0] += dx * f
			d[e[1]][1] += dy * f
		}
		t := 0.05 * (1 - float64(step)/300)
		for i := range n {
			l := math.Max(math.Hypot(d[i][0], d[i][1]), 1e-9)
			m := math.Min(l, t)
			p[i][0] += d[i][0] / l * m
			p[i][1] += d[i][1] / l * m
		}
	}
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, q := range p {
		for c := range 2 {
			lo[c], hi[c] = math.Min(lo[c], q[c]), math.Max(hi[c], q[c])
		}
	}
	span := math.Max(math.Max(hi[0]-lo[0], hi[1]-lo[1]), 1e-9)
	for i := range p {
		for c := range 2 {
			p[i][c] = 0.05 + 0.9*(p[i][c]-lo[c])/span
		}
	}
	return p
}

// loopyPicture draws a loopy game's positions as a digraph, with a token
// on each heap's vertex, when it has at most maxLoopyVertices positions.
func loopyPicture(l game.Loopy) *Picture {
	n := l.NumPositions()
	if n > maxLoopyVertices {
		return nil
	}
	pic := &Picture{Kind: "digraph"}
	var buf []int
	for v := range n {
		for _, w := range l.AppendMoves(buf[:0], v) {
			pic.Edges = append(pic.Edges, [2]int{v, w})
		}
	}
	xy := make([][2]float64, n)
	if n <= 16 { // a circle shows the cycles of a small digraph best
		for v := range n {
			a := 2*math.Pi*float64(v)/float64(n) - math.Pi/2
			xy[v] = [2]float64{0.5 + 0.45*math.Cos(a), 0.5 + 0.45*math.Sin(a)}
		}
	} else { // heap sizes in order, row after row, each row turning back
		cols := int(math.Ceil(math.Sqrt(float64(n))))
		for v := range n {
			r, c := v/cols, v%cols
			if r%2 == 1 {
				c = cols - 1 - c
			}
			xy[v] = [2]float64{(float64(c) + 0.5) / float64(cols), (float64(r) + 0.5) / float64(cols)}
		}
	}
	for v := range n {
		pic.Nodes = append(pic.Nodes, PicNode{Name: itoa(v), X: xy[v][0], Y: xy[v][1]})
	}
	return pic
}

// maxLoopyVertices is the most positions a loopy game's drawing shows.
const maxLoopyVertices = 40
