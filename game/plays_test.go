package game_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
)

// TestHeapPlays checks the labelled moves against the unlabelled ones on
// random rows of heaps under Kayles, Grundy's game and "split into three":
// applying every labelled move gives exactly the options of AppendMoves,
// each move names the heap it changes and what that heap was, its parts
// are sorted and sum to what is left, and PlayTo labels every option with
// a move that reaches it.
func TestHeapPlays(t *testing.T) {
	r := gametest.Rand(t)
	for _, rule := range []game.HeapRule{kayles{}, grundyRule{}, splitThree{}} {
		g := game.NewHeapGame(rule)
		for range 200 {
			sizes := make([]int, r.IntN(5))
			for i := range sizes {
				sizes[i] = r.IntN(9) // zeros and equal heaps included
			}
			p, err := game.MakeHeaps(sizes...)
			if err != nil {
				t.Fatal(err)
			}
			want := map[game.Heaps]bool{}
			for _, q := range g.AppendMoves(nil, p) {
				want[q] = true
			}
			plays := g.AppendPlays(nil, sizes)
			got := map[game.Heaps]bool{}
			for _, m := range plays {
				if m.Heap < 0 || m.Heap >= len(sizes) || m.From != sizes[m.Heap] {
					t.Fatalf("%T %v: move %+v names the wrong heap", rule, sizes, m)
				}
				if !slices.IsSorted(m.To) || m.Taken() < 0 || slices.Contains(m.To, 0) {
					t.Fatalf("%T %v: move %+v", rule, sizes, m)
				}
				after := m.Apply(sizes)
				if len(after) != len(sizes)-1+max(len(m.To), 1) || !slices.Equal(after[:m.Heap], sizes[:m.Heap]) {
					t.Fatalf("%v after %+v = %v: the other heaps moved", sizes, m, after)
				}
				q, err := game.MakeHeaps(after...)
				if err != nil {
					t.Fatal(err)
				}
				if !want[q] {
					t.Fatalf("%T %v: move %+v reaches %v, not an option", rule, sizes, m, q)
				}
				got[q] = true
			}
			if len(got) != len(want) {
				t.Fatalf("%T %v: labelled moves reach %d positions, AppendMoves %d", rule, sizes, len(got), len(want))
			}
			for q := range want {
				m, ok := g.PlayTo(sizes, q)
				if !ok {
					t.Fatalf("%T %v: PlayTo(%v) found no move", rule, sizes, q)
				}
				if after, _ := game.MakeHeaps(m.Apply(sizes)...); after != q {
					t.Fatalf("%T %v: PlayTo(%v) = %+v, which reaches %v", rule, sizes, q, m, after)
				}
			}
			if _, ok := g.PlayTo(sizes, p); ok && len(sizes) > 0 {
				t.Fatalf("%T %v: PlayTo found a move to the same position", rule, sizes)
			}
		}
	}
}

// The To slices of different moves do not share memory, so a caller may
// append to one without changing another.
func TestHeapPlaysDoNotAlias(t *testing.T) {
	g := game.NewHeapGame(kayles{})
	plays := g.AppendPlays(nil, []int{5, 4})
	before := fmt.Sprint(plays)
	for _, m := range plays {
		_ = append(m.To, 99)
	}
	if after := fmt.Sprint(plays); after != before {
		t.Errorf("appending to one move's To changed the others:\n%s\n%s", before, after)
	}
	if got := g.AppendPlays(plays[:0], []int{3, -1}); len(got) != 0 {
		t.Errorf("a negative heap gave moves %v", got)
	}
}

func ExampleHeapGame_AppendPlays() {
	// The moves of Kayles on the row of heaps 3, 1: heap 0 (3 pins) may
	// lose one or two pins, from an end or from the middle.
	g := game.NewHeapGame(kayles{})
	for _, m := range g.AppendPlays(nil, []int{3, 1}) {
		fmt.Printf("heap %d: %d → %v (takes %d)\n", m.Heap, m.From, m.To, m.Taken())
	}
	// Output:
	// heap 0: 3 → [2] (takes 1)
	// heap 0: 3 → [1 1] (takes 1)
	// heap 0: 3 → [1] (takes 2)
	// heap 1: 1 → [] (takes 1)
}

func ExampleHeapGame_PlayTo() {
	// An engine or a bot chooses positions; PlayTo says which heap moved.
	g := game.NewHeapGame(kayles{})
	to, _ := game.MakeHeaps(1, 1, 4)
	m, ok := g.PlayTo([]int{4, 3}, to)
	fmt.Println(m.Heap, m.From, m.To, ok, m.Apply([]int{4, 3}))
	// Output: 1 3 [1 1] true [4 1 1]
}

// BenchmarkHeapGameAppendPlays lists the labelled moves of Kayles on the
// row (20, 13, 7), as nimbot does once a turn: one allocation for the
// parts of every move, plus dst when it grows.
func BenchmarkHeapGameAppendPlays(b *testing.B) {
	g := game.NewHeapGame(kayles{})
	sizes := []int{20, 13, 7}
	var buf []game.HeapPlay
	b.ReportAllocs()
	for b.Loop() {
		buf = g.AppendPlays(buf[:0], sizes)
	}
}

// BenchmarkHeapGamePlayTo labels a chosen position with its move.
func BenchmarkHeapGamePlayTo(b *testing.B) {
	g := game.NewHeapGame(kayles{})
	sizes := []int{20, 13, 7}
	to, _ := game.MakeHeaps(20, 13, 2, 4)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := g.PlayTo(sizes, to); !ok {
			b.Fatal("no move")
		}
	}
}
