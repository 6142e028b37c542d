package main

import (
	"fmt"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// hackenbushSearch returns the value of a picture by the engine over its
// cutting game played by the rules, to check the principles against.
func hackenbushSearch(t *tour, h *rulesets.Hackenbush) (sg.Nimber, bool) {
	g, start, err := h.Game()
	if err != nil {
		t.fail(err)
		return 0, false
	}
	v, err := sg.NewEngine[uint64](g).Value(t.ctx, start)
	if err != nil {
		t.fail(err)
		return 0, false
	}
	return v, true
}

// hackenbushPicture parses text and prints its value, checked by search.
func hackenbushPicture(t *tour, text, note string) (*rulesets.Hackenbush, bool) {
	h, err := rulesets.ParseHackenbush(text)
	if err != nil {
		t.fail(err)
		return nil, false
	}
	v, ok := hackenbushSearch(t, h)
	if !ok {
		return nil, false
	}
	if v != h.Value() {
		t.fail(fmt.Errorf("hackenbush %s: the principles give %v, the search %v", text, h.Value(), v))
		return nil, false
	}
	t.printf("  %-32s value %v   %s (a search of the cutting game agrees)\n", text, h.Value(), note)
	return h, true
}

func hackenbush(t *tour) {
	t.section("9. Green Hackenbush: the colon and fusion principles")
	t.printf(`In Green Hackenbush (Winning Ways, ch. 7) a picture of edges stands on the
ground; a move cuts one edge, and whatever is no longer joined to the
ground falls. Write a picture as its edges, "g-1,1-2", with g the ground.
A stalk of n edges is a Nim heap of n.

The colon principle: branches meeting at a vertex can be swapped for one
stalk worth their nim-sum. In g-1,1-2,1-3,3-4 the branches at vertex 1 are
stalks of 1 and 2, so they are one stalk of 1 XOR 2 = 3, and the tree is a
stalk of 1 + 3 = 4. So a tree is worth G(root), where G(x) is the XOR over
the edges x-y going up of G(y) + 1.

The fusion principle: the vertices of a cycle can be fused into one, its
edges becoming loops, and a loop is a stalk of one edge. So a cycle of odd
length is worth a loop, *1, and one of even length nothing.

`)
	for _, p := range [][2]string{
		{"g-1,1-2,2-3", "a stalk of 3"},
		{"g-1,1-2,1-3,3-4", "colon: 1 + (1 XOR 2)"},
		{"g-1,1-2,2-g", "fusion: a triangle is a loop"},
		{"g-1,1-2,2-3,3-g", "fusion: a square is nothing"},
		{"g-1,1-2,2-3,3-1,3-4", "1 + (1 XOR (0 + 1))"},
	} {
		if _, ok := hackenbushPicture(t, p[0], p[1]); !ok {
			return
		}
	}
	const both = "g-1,1-2,1-3,3-4,g-5,5-6,6-g"
	t.printf("\nThe tree and a triangle side by side, %s:\n", both)
	h, ok := hackenbushPicture(t, both, "4 XOR 1")
	if !ok {
		return
	}
	moves, err := h.Moves(t.ctx)
	if err != nil {
		t.fail(err)
		return
	}
	t.printf("\nEach cut, with the value it leaves (a winning cut leaves 0):\n")
	for _, m := range moves {
		mark := ""
		if m.Value == 0 {
			mark = "   <- wins"
		}
		t.printf("  cut edge %d (%s): %v%s\n", m.Edge, m.Text, m.Value, mark)
	}
}
