package rulesets_test

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// TestCramNumMoves checks that NumMoves counts exactly the moves that
// AppendMoves lists, on random positions of boards from 1×1 to 8×16 (both
// words of a grid.Set).
func TestCramNumMoves(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 200))
	props.Property("NumMoves = len(AppendMoves)", prop.ForAll(func(rows, cols int, lo, hi uint64) bool {
		g, err := rulesets.NewCram(rows, cols)
		if err != nil {
			t.Fatal(err)
		}
		p := grid.Set{Lo: lo, Hi: hi}.And(g.Board().Full())
		return g.NumMoves(p) == len(g.AppendMoves(nil, p))
	}, gen.IntRange(1, 8), gen.IntRange(1, 16), gen.UInt64(), gen.UInt64()))
	props.TestingRun(t)
}

// TestCramOrderedMoves checks that AppendOrderedMoves lists exactly the
// moves of AppendMoves, each once, from the centre of the rectangle
// bounding the free cells outwards (the squared distance from that
// centre to the domino's middle never decreases), on random positions of
// boards from 1×1 to 8×16 and strips of 65 to 128 cells (both words of
// a grid.Set), appending after what dst holds.
func TestCramOrderedMoves(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 300))
	props.Property("a permutation of AppendMoves, centre first", prop.ForAll(func(rows, cols int, lo, hi uint64) bool {
		if cols > 64 {
			rows = 1
		}
		g, err := rulesets.NewCram(rows, cols)
		if err != nil {
			t.Fatal(err)
		}
		b := g.Board()
		p := grid.Set{Lo: lo, Hi: hi}.And(b.Full())
		sentinel := grid.Set{Lo: 1}
		got := g.AppendOrderedMoves([]grid.Set{sentinel}, p)
		want := g.AppendMoves(nil, p)
		if len(got) != len(want)+1 || got[0] != sentinel {
			t.Logf("%v %v: %d ordered moves after the sentinel, %d moves", g, p, len(got)-1, len(want))
			return false
		}
		got = got[1:]
		seen := map[grid.Set]int{}
		for _, o := range want {
			seen[o]++
		}
		r0, r1, c0, c1 := rows, -1, cols, -1
		for i := range rows * cols {
			if p.Has(i) {
				r, c := b.RowCol(i)
				r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
			}
		}
		last := -1
		for _, o := range got {
			if seen[o]--; seen[o] < 0 {
				t.Logf("%v %v: %v not a move or listed twice", g, p, o)
				return false
			}
			d := p.AndNot(o) // the domino
			i, j := d.Lowest(), d.Highest()
			ri, ci := b.RowCol(i)
			rj, cj := b.RowCol(j)
			dr, dc := ri+rj-r0-r1, ci+cj-c0-c1 // in half cells
			dist := dr*dr + dc*dc
			if dist < last {
				t.Logf("%v %v: %v nearer the centre than the move before", g, p, o)
				return false
			}
			last = dist
		}
		return true
	}, gen.IntRange(1, 8), gen.OneGenOf(gen.IntRange(1, 16), gen.IntRange(65, 128)), gen.UInt64(), gen.UInt64()))
	props.TestingRun(t)
}
