package loopy_test

import (
	"math/rand/v2"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/loopy"
)

// retrograde decides P, N and D from their definitions alone, with no
// values: a position is N when some option is P, P when every option is N
// (so a terminal position is P), and D when neither can be established by
// this backward induction. It is the textbook win/lose/draw labelling of a
// finite game graph and shares no code with the solver, which makes it the
// oracle the tests hold values, sums and moves to.
func retrograde(n int, succ func(v int, dst []int) []int) []loopy.Outcome {
	out := make([]loopy.Outcome, n)
	known := make([]bool, n)
	left := make([]int, n) // options not yet known to be N
	pred := make([][]int, n)
	var queue, buf []int
	for v := range n {
		buf = succ(v, buf[:0])
		left[v] = len(buf)
		for _, w := range buf {
			pred[w] = append(pred[w], v)
		}
		if len(buf) == 0 {
			known[v], out[v] = true, loopy.P
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		w := queue[0]
		queue = queue[1:]
		for _, v := range pred[w] {
			if known[v] {
				continue
			}
			if out[w] == loopy.P {
				known[v], out[v] = true, loopy.N
				queue = append(queue, v)
				continue
			}
			left[v]--
			if left[v] == 0 {
				known[v], out[v] = true, loopy.P
				queue = append(queue, v)
			}
		}
	}
	for v := range n {
		if !known[v] {
			out[v] = loopy.D
		}
	}
	return out
}

// randomLoopy returns a random digraph on n vertices, cycles and loops
// allowed, each arc present with probability p, and a few repeated arcs.
func randomLoopy(r *rand.Rand, n int, p float64) *game.Digraph {
	d, err := game.NewDigraph(n)
	if err != nil {
		panic(err)
	}
	for u := range n {
		for v := range n {
			if r.Float64() < p {
				_ = d.AddArc(u, v)
				if r.IntN(10) == 0 {
					_ = d.AddArc(u, v)
				}
			}
		}
	}
	return d
}

// product is the disjunctive sum of digraphs as one explicit graph: vertex
// t is the tuple of the parts' vertices in mixed radix, first part fastest.
type product struct {
	parts []*game.Digraph
	size  int
}

func newProduct(parts ...*game.Digraph) *product {
	p := &product{parts: parts, size: 1}
	for _, d := range parts {
		p.size *= d.NumPositions()
	}
	return p
}

func (p *product) split(t int) []int {
	xs := make([]int, len(p.parts))
	for i, d := range p.parts {
		xs[i] = t % d.NumPositions()
		t /= d.NumPositions()
	}
	return xs
}

func (p *product) join(xs []int) int {
	t, mul := 0, 1
	for i, d := range p.parts {
		t += xs[i] * mul
		mul *= d.NumPositions()
	}
	return t
}

// succ appends the options of tuple t: one part moves.
func (p *product) succ(t int, dst []int) []int {
	xs := p.split(t)
	for i, d := range p.parts {
		x := xs[i]
		for _, y := range d.Successors(x) {
			xs[i] = y
			dst = append(dst, p.join(xs))
		}
		xs[i] = x
	}
	return dst
}

// AppendMoves makes the product a game.Game[int], so that it can be solved
// as one graph.
func (p *product) AppendMoves(dst []int, t int) []int { return p.succ(t, dst) }

// nimHeap returns the digraph of a Nim heap of n tokens: vertices 0..n, an
// arc from each vertex to every smaller one.
func nimHeap(n int) *game.Digraph {
	d, _ := game.NewDigraph(n + 1)
	for u := 1; u <= n; u++ {
		for v := range u {
			_ = d.AddArc(u, v)
		}
	}
	return d
}
