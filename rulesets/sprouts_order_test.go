package rulesets_test

import (
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
)

// TestSproutsOrderedMoves: AppendOrderedMoves lists the options of
// AppendMoves, each once, in another order; Size counts lives (3p at the
// start of p spots, the lands' sizes adding up), and every option has at
// least one life less than its position (a move takes two and gives one).
func TestSproutsOrderedMoves(t *testing.T) {
	r := gametest.Rand(t)
	n := 300
	if gametest.Long() {
		n = 3000
	}
	g, _ := rulesets.NewSprouts(3)
	for p := range 8 {
		s, _ := rulesets.NewSprouts(p)
		if got := s.Size(s.Start()); got != 3*p {
			t.Errorf("Size of the start of %d spots = %d, want %d", p, got, 3*p)
		}
	}
	for _, p := range sproutsRandomPositions(r, n, 5) {
		moves := g.AppendMoves(nil, p)
		ordered := g.AppendOrderedMoves(nil, p)
		a, b := slices.Clone(moves), slices.Clone(ordered)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) || len(slices.Compact(b)) != len(ordered) {
			t.Fatalf("%s: AppendOrderedMoves %q, AppendMoves %q", p, ordered, moves)
		}
		sum := 0
		for _, l := range g.AppendComponents(nil, p) {
			sum += g.Size(l)
		}
		size := g.Size(p)
		if sum != size {
			t.Fatalf("%s: Size %d, its lands' sizes add up to %d", p, size, sum)
		}
		for _, q := range moves {
			if g.Size(q) > size-1 {
				t.Fatalf("%s (size %d) has option %s of size %d", p, size, q, g.Size(q))
			}
		}
	}
}
