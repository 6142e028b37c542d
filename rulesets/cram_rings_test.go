package rulesets

import (
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game/grid"
)

// orderedByLists is AppendOrderedMoves read from centreOrder's lists, a
// domino at a time: the order appendOrderedMoves64 must keep.
func orderedByLists(g *Cram, p grid.Set) []grid.Set {
	var dst []grid.Set
	if p.IsEmpty() {
		return dst
	}
	b := g.b
	h, v := p.And(b.Left(p)), p.And(b.Up(p))
	for _, id := range g.centres.list(b, p, cramDominoes) {
		i, d, from := int(id>>1), 1, h
		if id&1 != 0 {
			d, from = b.Cols(), v
		}
		if from.Has(i) {
			dst = append(dst, p.Without(i).Without(i+d))
		}
	}
	return dst
}

// TestCramOrderedMovesRings checks that the rings of a board of at most
// 64 cells list the moves in exactly the order of the lists, ties
// included, on random positions (sparse and dense) of every board of up
// to 64 cells with at most 16 rows and columns, and on 1×64 and 64×1.
func TestCramOrderedMovesRings(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	sizes := [][2]int{{1, 64}, {64, 1}}
	for rows := 1; rows <= 16; rows++ {
		for cols := 1; cols <= 16 && rows*cols <= 64; cols++ {
			sizes = append(sizes, [2]int{rows, cols})
		}
	}
	for _, sz := range sizes {
		g, err := NewCram(sz[0], sz[1])
		if err != nil {
			t.Fatal(err)
		}
		if !g.word {
			t.Fatalf("%v: not on one word", g)
		}
		for n := range 60 {
			w := r.Uint64()
			if n%3 == 1 {
				w |= r.Uint64()
			} else if n%3 == 2 {
				w &= r.Uint64()
			}
			p := grid.Set{Lo: w}.And(g.b.Full())
			got := g.AppendOrderedMoves([]grid.Set{{Lo: 1}}, p)[1:]
			want := orderedByLists(g, p)
			if len(got) != len(want) {
				t.Fatalf("%v %v: %d moves, want %d", g, p, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%v %v: move %d is %v, want %v", g, p, i, got[i], want[i])
				}
			}
		}
	}
}
