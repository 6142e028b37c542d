package sg_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// takeOneToThree is the subtraction game {1, 2, 3}: take 1, 2 or 3 tokens
// from one heap.
type takeOneToThree struct{}

func (takeOneToThree) AppendMoves(dst []int, n int) []int {
	for k := 1; k <= 3 && k <= n; k++ {
		dst = append(dst, n-k)
	}
	return dst
}

func ExampleEngine() {
	ctx := context.Background()
	e := sg.NewEngine[int](takeOneToThree{})
	var values []sg.Nimber
	for n := 0; n <= 8; n++ {
		v, _ := e.Value(ctx, n)
		values = append(values, v)
	}
	fmt.Println(values)
	moves, _ := e.WinningMoves(ctx, 10)
	fmt.Println("from 10, move to", moves)
	// Output:
	// [0 *1 *2 *3 0 *1 *2 *3 0]
	// from 10, move to [8]
}

func ExampleEngine_digraph() {
	// The directed-graph game: a token on vertex 0 of this graph, players
	// alternately slide it along an arc; who cannot move loses.
	//
	//	0 → 1 → 3
	//	0 → 2 → 3
	//	    1 → 2
	d, _ := game.NewDigraph(4)
	for _, a := range [][2]int{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {1, 2}} {
		_ = d.AddArc(a[0], a[1])
	}
	e := sg.NewEngine[int](d)
	for v := range 4 {
		g, _ := e.Value(context.Background(), v)
		fmt.Printf("G(%d) = %v\n", v, g)
	}
	// Output:
	// G(0) = 0
	// G(1) = *2
	// G(2) = *1
	// G(3) = 0
}

func ExampleEngine_SolveAll() {
	// A table of a whole game: the vertices 0 … 9 of a graph where
	// vertex v moves to v-1 and to v/2 (rounded down, when that is less).
	d, _ := game.NewDigraph(10)
	for v := 1; v < 10; v++ {
		_ = d.AddArc(v, v-1)
		if v/2 < v-1 {
			_ = d.AddArc(v, v/2)
		}
	}
	e := sg.NewEngine[int](d)
	if err := e.SolveAll(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	for v := range 10 {
		g, _ := e.Known(v)
		fmt.Print(g, " ")
	}
	fmt.Println()
	// Output:
	// 0 *1 0 *2 *1 *2 0 *1 0 *2
}

func ExampleSum() {
	// A sum of heap games: heap 1 allows taking 1 to 3 tokens, the others
	// are Nim heaps. Position (6, 3, 5).
	ctx := context.Background()
	e := sg.NewEngine[int](takeOneToThree{})
	s := sg.Sum{sg.Position(e, 6), sg.Heap(3), sg.Heap(5)}
	v, _ := s.Value(ctx)
	fmt.Println("value", v, "outcome", sg.OutcomeOf(v))
	moves, _ := s.WinningMoves(ctx)
	for _, m := range moves {
		fmt.Println(m)
	}
	// Output:
	// value *4 outcome N
	// part 2 → nim(1)
}

func ExampleExhaustive() {
	// The exhaustive search knows nothing of Grundy values: it applies the
	// definitions of P and N. Two equal Nim heaps are a P-position, as a
	// proof by hand shows for (3, 3).
	sum := game.NewProduct[int, int](nimRule{}, nimRule{})
	x := sg.NewExhaustive[game.Pair[int, int]](sum)
	o, _ := x.Outcome(context.Background(), game.Pair[int, int]{A: 3, B: 3})
	fmt.Println("(3, 3) is", o)
	o, _ = x.Outcome(context.Background(), game.Pair[int, int]{A: 3, B: 1})
	fmt.Println("(3, 1) is", o)
	// Output:
	// (3, 3) is P
	// (3, 1) is N
}

// nimRule is one Nim heap.
type nimRule struct{}

func (nimRule) AppendMoves(dst []int, n int) []int {
	for m := range n {
		dst = append(dst, m)
	}
	return dst
}

func ExampleMex() {
	fmt.Println(sg.Mex([]sg.Nimber{0, 1, 2, 4}), sg.Mex([]sg.Nimber{1, 3, 5}), sg.Mex(nil))
	// Output: *3 0 0
}

func ExampleNimSum() {
	fmt.Println(sg.NimSum(1, 2, 3), sg.NimSum(1, 2, 3, 4))
	// Output: 0 *4
}

func ExampleSum_tokens() {
	// Several tokens on one graph, moved one at a time, form a sum: the
	// parts share one engine and so one memo. Graph: 3 → 2 → 1 → 0, 3 → 1.
	d, _ := game.NewDigraph(4)
	for _, a := range [][2]int{{3, 2}, {2, 1}, {1, 0}, {3, 1}} {
		_ = d.AddArc(a[0], a[1])
	}
	e := sg.NewEngine[int](d)
	tokens := sg.Sum{sg.Position(e, 3), sg.Position(e, 2), sg.Position(e, 2)}
	ctx := context.Background()
	vs, _ := tokens.Values(ctx)
	v, _ := tokens.Value(ctx)
	fmt.Println("values", vs, "sum", v)
	moves, _ := tokens.WinningMoves(ctx)
	fmt.Println("winning moves:", moves)
	// Output:
	// values [*2 0 0] sum *2
	// winning moves: [part 0 → 2]
}

func ExampleHeap() {
	// Heap sizes of any integer type, held in variables, make parts that
	// cost no allocation; a negative size is an error naming it.
	ctx := context.Background()
	a, b := int64(1<<40+7), uint32(1000)
	s := sg.Sum{sg.Heap(a), sg.Heap(b), sg.Heap(int8(5))}
	m, _, _ := s.WinningMove(ctx)
	fmt.Println(m)
	_, err := sg.Sum{sg.Heap(2), sg.Heap(-4)}.Value(ctx)
	fmt.Println(err)
	// Output:
	// part 0 → nim(1005)
	// sg: part 1 (nim(-4)): sg: Nim heap of negative size -4
}

// mirror is a Nim heap that describes itself as a row of tokens, a
// component of a sum made by sg.PartOf.
type mirror int

func (m mirror) Value(context.Context) (sg.Nimber, error) { return sg.Nimber(m), nil }

func (m mirror) MoveTo(_ context.Context, v sg.Nimber) (sg.Part, bool, error) {
	if int(v) >= int(m) {
		return sg.Part{}, false, nil
	}
	return sg.PartOf(mirror(v)), true, nil
}

func (m mirror) String() string { return strings.Repeat("●", int(m)) }

func ExamplePartOf() {
	ctx := context.Background()
	s := sg.Sum{sg.PartOf(mirror(5)), sg.Heap(3)}
	m, _, _ := s.WinningMove(ctx)
	fmt.Println(s, "→", m)
	c, _ := m.To.Component()
	fmt.Printf("%T\n", c)
	// Output:
	// ●●●●● + nim(3) → part 0 → ●●●
	// sg_test.mirror
}
