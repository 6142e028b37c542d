package game_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
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

func ExampleProduct() {
	// A take-away heap next to a token on a graph: one game whose
	// positions are pairs.
	d, _ := game.NewDigraph(2)
	_ = d.AddArc(1, 0)
	s := game.NewProduct[int, int](takeAway{}, d)
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

// board is a user's own game stored as data: the squares of a 1×8 strip,
// where a token moves 1 or 3 squares left. It keeps each square's options
// in memory, so it can offer every capability the engine looks for.
type board struct{ options [][]int }

func newBoard(n int) *board {
	b := &board{options: make([][]int, n)}
	for v := range n {
		for _, k := range []int{1, 3} {
			if v-k >= 0 {
				b.options[v] = append(b.options[v], v-k)
			}
		}
	}
	return b
}

// AppendMoves makes board a game.Game.
func (b *board) AppendMoves(dst []int, v int) []int { return append(dst, b.options[v]...) }

// NumPositions, Index and IdentityIndex make it game.Dense: the squares
// index the engine's memo themselves.
func (b *board) NumPositions() int { return len(b.options) }
func (b *board) Index(v int) int {
	if v < 0 || v >= len(b.options) {
		return -1
	}
	return v
}
func (b *board) IdentityIndex() {}

// Successors makes it a game.Lender: the engine reads the options in place.
func (b *board) Successors(v int) []int { return b.options[v] }

func ExampleLender() {
	b := newBoard(8)
	var _ game.Lender[int] = b // the capabilities are found by type assertion
	var _ game.Dense = b
	e := sg.NewEngine[int](b)
	if err := e.SolveAll(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	for v := range 8 {
		g, _ := e.Known(v)
		fmt.Print(g, " ")
	}
	fmt.Println()
	// Output:
	// 0 *1 0 *1 0 *1 0 *1
}
