package game_test

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
)

// takeAway is a user-defined game: take 1 or 2 tokens from a single heap.
// One method is the whole definition of the game.
type takeAway struct{}

func (takeAway) AppendMoves(dst []int, n int) []int {
	for k := 1; k <= 2 && k <= n; k++ {
		dst = append(dst, n-k)
	}
	return dst
}

func ExampleGame() {
	var g game.Game[int] = takeAway{}
	// The hot-loop form: append into a reused buffer.
	buf := g.AppendMoves(nil, 5)
	fmt.Println(buf)
	// The friendly form: range over an iterator.
	for q := range game.Moves(g, 1) {
		fmt.Println("from 1 to", q)
	}
	fmt.Println("0 is terminal:", game.Terminal(g, 0))
	// Output:
	// [4 3]
	// from 1 to 0
	// 0 is terminal: true
}

func ExampleDigraph() {
	d, _ := game.NewDigraph(3)
	_ = d.AddArc(2, 1)
	_ = d.AddArc(2, 0)
	_ = d.AddArc(1, 0)
	_ = d.SetName(2, "start")
	fmt.Println(d.Name(2), "→", d.Successors(2), "arcs:", d.NumArcs())
	if err := d.AddArc(0, 3); err != nil {
		fmt.Println(err)
	}
	// Output:
	// start → [1 0] arcs: 3
	// game: vertex 3 out of range [0, 3)
}

func ExampleSum() {
	// A take-away heap next to a token on a graph: one game whose
	// positions are pairs.
	d, _ := game.NewDigraph(2)
	_ = d.AddArc(1, 0)
	s := game.NewSum[int, int](takeAway{}, d)
	fmt.Println(s.AppendMoves(nil, game.Pair[int, int]{A: 2, B: 1}))
	// Output: [{1 1} {0 1} {2 0}]
}

// kayles is Kayles as a heap rule: knock down one or two adjacent pins from
// a row, which may split the row in two.
type kayles struct{}

func (kayles) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := 1; k <= 2 && k <= n; k++ {
		r := n - k
		switch {
		case r == 0:
			dst = append(dst, game.HeapMove{})
		default:
			dst = append(dst, game.HeapMove{Remain: r, Parts: 1})
			if r >= 2 {
				dst = append(dst, game.HeapMove{Remain: r, Parts: 2})
			}
		}
	}
	return dst
}

func ExampleHeapGame() {
	g := game.NewHeapGame(kayles{})
	p, _ := game.MakeHeaps(3)
	fmt.Println(g.AppendMoves(nil, p))
	q, _ := game.MakeHeaps(4, 1, 2)
	fmt.Println(q, g.AppendComponents(nil, q))
	// Output:
	// [(2) (1, 1) (1)]
	// (1, 2, 4) [(1) (2) (4)]
}
