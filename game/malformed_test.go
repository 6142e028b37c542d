package game_test

import (
	"math"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
)

// TestNewDigraphTooLarge checks that a digraph too large to allocate is
// refused with an error naming its size (issue 38: makeslice panicked).
func TestNewDigraphTooLarge(t *testing.T) {
	for _, n := range []int{math.MaxInt, game.MaxDigraphVertices + 1} {
		if _, err := game.NewDigraph(n); err == nil || !strings.Contains(err.Error(), "more than") {
			t.Errorf("NewDigraph(%d): err = %v, want one naming the bound", n, err)
		}
	}
}

// TestMalformedHeaps checks that a Heaps not made by MakeHeaps never
// panics (issue 38: "\xff\x01\x80" indexed out of range) and that Check
// names its fault.
func TestMalformedHeaps(t *testing.T) {
	for _, h := range []game.Heaps{"\xff\x01\x80", "\x80", "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f", "\x05\x03", "\x00"} {
		_ = h.Sizes()
		_ = h.String()
		if err := h.Check(); err == nil || !strings.Contains(err.Error(), "byte") {
			t.Errorf("Check(%q) = %v, want an error naming a byte", string(h), err)
		}
		g := game.NewHeapGame(nim{})
		_ = g.AppendMoves(nil, h)
		_ = g.AppendComponents(nil, h)
	}
	if got := game.Heaps("\xff\x01\x80").Sizes(); len(got) != 1 || got[0] != 255 {
		t.Errorf("Sizes = %v, want [255], the size before the fault", got)
	}
	for _, sizes := range [][]int{{}, {1}, {3, 1, 2}, {math.MaxInt, 200}} {
		h, err := game.MakeHeaps(sizes...)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Check(); err != nil {
			t.Errorf("Check(MakeHeaps(%v)) = %v", sizes, err)
		}
		if got := h.Sizes(); len(got) != len(sizes) {
			t.Errorf("Sizes(MakeHeaps(%v)) = %v", sizes, got)
		}
	}
}

// nim is the rule of Nim: take any number of tokens.
type nim struct{}

func (nim) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for r := range n {
		dst = append(dst, game.HeapMove{Remain: r, Parts: 1})
	}
	return dst
}
