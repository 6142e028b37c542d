package game_test

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
)

func TestDigraphErrors(t *testing.T) {
	if _, err := game.NewDigraph(-1); err == nil || !strings.Contains(err.Error(), "-1") {
		t.Errorf("NewDigraph(-1) error %v should name -1", err)
	}
	d, _ := game.NewDigraph(2)
	for _, a := range [][2]int{{-1, 0}, {0, 2}, {5, 1}} {
		if err := d.AddArc(a[0], a[1]); err == nil {
			t.Errorf("AddArc%v accepted", a)
		}
	}
	if err := d.SetName(2, "x"); err == nil {
		t.Error("SetName out of range accepted")
	}
	if d.Successors(7) != nil || len(d.AppendMoves(nil, -3)) != 0 || d.Index(2) != -1 || d.Index(1) != 1 {
		t.Error("out-of-range vertex not handled")
	}
	if d.Name(1) != "1" {
		t.Errorf("unnamed vertex name %q", d.Name(1))
	}
}

func TestMovesIteratorStops(t *testing.T) {
	d, _ := game.NewDigraph(4)
	_ = d.AddArc(3, 0)
	_ = d.AddArc(3, 1)
	_ = d.AddArc(3, 2)
	var got []int
	for q := range game.Moves[int](d, 3) {
		got = append(got, q)
		if len(got) == 2 {
			break
		}
	}
	if !slices.Equal(got, []int{0, 1}) {
		t.Errorf("got %v", got)
	}
}

func TestHeapsEncoding(t *testing.T) {
	r := gametest.Rand(t)
	for range 2000 {
		sizes := make([]int, r.IntN(6))
		for i := range sizes {
			// Sizes up to 2^39, or 2^29 where int has 32 bits.
			sizes[i] = r.IntN(1 << r.IntN(min(40, bits.UintSize-2)))
		}
		h, err := game.MakeHeaps(sizes...)
		if err != nil {
			t.Fatal(err)
		}
		want := slices.DeleteFunc(slices.Clone(sizes), func(n int) bool { return n == 0 })
		slices.Sort(want)
		if got := h.Sizes(); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("MakeHeaps(%v).Sizes() = %v", sizes, got)
		}
	}
	if _, err := game.MakeHeaps(1, -2); err == nil || !strings.Contains(err.Error(), "heap 1") {
		t.Errorf("negative heap error %v should name heap 1", err)
	}
	a, _ := game.MakeHeaps(3, 1, 2)
	b, _ := game.MakeHeaps(2, 0, 3, 1)
	if a != b || a.String() != "(1, 2, 3)" || game.Heaps("").String() != "()" {
		t.Errorf("heaps %q %q %v", a, b, a)
	}
}

type grundyRule struct{}

func (grundyRule) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	return append(dst, game.HeapMove{Remain: n, Parts: 2, Unequal: true})
}

type splitThree struct{}

func (splitThree) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	return append(dst, game.HeapMove{Remain: n - 1, Parts: 3})
}

func TestHeapGamePartitions(t *testing.T) {
	g := game.NewHeapGame(grundyRule{})
	p, _ := game.MakeHeaps(6)
	got := g.AppendMoves(nil, p)
	// 6 = 1+5 = 2+4 (3+3 is not unequal).
	if len(got) != 2 || got[0].String() != "(1, 5)" || got[1].String() != "(2, 4)" {
		t.Errorf("Grundy moves from 6: %v", got)
	}
	h := game.NewHeapGame(splitThree{})
	q, _ := game.MakeHeaps(7, 7)
	got = h.AppendMoves(nil, q)
	// 6 as three parts: 1+1+4, 1+2+3, 2+2+2; equal heaps expand once.
	var s []string
	for _, x := range got {
		s = append(s, x.String())
	}
	if strings.Join(s, " ") != "(1, 1, 4, 7) (1, 2, 3, 7) (2, 2, 2, 7)" {
		t.Errorf("three-way splits: %v", s)
	}
}

func TestPartitions(t *testing.T) {
	var got []string
	for p := range game.Partitions(game.HeapMove{Remain: 7, Parts: 3}) {
		got = append(got, fmt.Sprint(p))
	}
	if strings.Join(got, " ") != "[1 1 5] [1 2 4] [1 3 3] [2 2 3]" {
		t.Errorf("7 in 3 parts: %v", got)
	}
	got = nil
	for p := range game.Partitions(game.HeapMove{Remain: 9, Parts: 3, Unequal: true}) {
		got = append(got, fmt.Sprint(p))
		if len(got) == 2 {
			break // early stop must be honoured
		}
	}
	if strings.Join(got, " ") != "[1 2 6] [1 3 5]" {
		t.Errorf("9 in 3 unequal parts, first two: %v", got)
	}
	n := 0
	for p := range game.Partitions(game.HeapMove{}) {
		if len(p) != 0 {
			t.Errorf("empty move yields %v", p)
		}
		n++
	}
	for range game.Partitions(game.HeapMove{Remain: 2, Parts: 3}) {
		n += 100
	}
	if n != 1 {
		t.Errorf("count %d, want one empty partition and none of 2 in 3 parts", n)
	}
}

func TestSuccessorsCannotBeAppendedInto(t *testing.T) {
	d, _ := game.NewDigraph(5)
	for _, w := range []int{2, 3, 4} {
		_ = d.AddArc(1, w) // three arcs: a list with room for a fourth
	}
	s := d.Successors(1)
	_ = d.AddArc(1, 0)
	_ = append(s, 3) // a caller's append must not reach the graph's list
	if got := d.Successors(1); !slices.Equal(got, []int{2, 3, 4, 0}) {
		t.Errorf("Successors(1) = %v, want [2 3 4 0]", got)
	}
}
