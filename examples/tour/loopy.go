package main

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/loopy"
)

// loopyGames is the tour step on games with cycles: a drawn position, the
// generalized Sprague–Grundy values, why ∞ is no nimber, and sums.
func loopyGames(t *tour) {
	t.section("10. Games with cycles: draws and ∞")
	t.printf(`When a move can lead back to an earlier position, play may go on for ever,
and a position can be a draw (D): neither player can force a win. Take a
token on this graph (T. S. Ferguson, Game Theory, Part I, Figure 3.4):

    0 → 1 → 2 → 0,  2 → 3 → 4

Vertex 4 is terminal (P) and 3 moves to it (N). From 2, moving to 3 loses,
so the player at 2 goes on to 0, and round the cycle for ever.
`)
	d, err := game.NewDigraph(5)
	if err != nil {
		t.fail(err)
		return
	}
	for _, a := range [][2]int{{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}} {
		if err := d.AddArc(a[0], a[1]); err != nil {
			t.fail(err)
			return
		}
	}
	s, err := loopy.SolveDigraph(t.ctx, d)
	if err != nil {
		t.fail(err)
		return
	}
	t.printf(`
The ordinary Sprague–Grundy function does not exist here. C. A. B. Smith's
generalized one (1966) gives each vertex a nimber *n or ∞(K), K being the
finite values it can move to:

`)
	for v := range 5 {
		x, _ := s.Value(v)
		t.printf("  vertex %d: %-6s %v\n", v, x, x.Outcome())
	}
	t.printf(`
A nimber *n is P exactly when added to *n. No nimber does that for ∞: the
sum of ∞(K) and *n is never P — the player to move can always stay in the
loop — and it is N exactly when n is in K (escape to *n, leaving *n + *n):
`)
	v2, _ := s.Value(2)
	for n := range 3 {
		sum := loopy.Sum(v2, loopy.Finite(sg.Nimber(n)))
		t.printf("  %v + *%d = %v: %v\n", v2, n, sum, sum.Outcome())
	}
	part := func(v int) loopy.Part { return loopy.Part{Solution: s, Vertex: v} }
	out, moves, err := loopy.Play(part(0), part(1))
	if err != nil {
		t.fail(err)
		return
	}
	t.printf(`
Sums follow from the values (Smith's rule). Two draws make a draw: tokens on
0 and 1 give %v, and the player to move keeps the draw by %d → %d.
`, out, moves[0].From, moves[0].To)
	out, moves, err = loopy.Play(part(2), part(3))
	if err != nil {
		t.fail(err)
		return
	}
	if out != loopy.N || len(moves) == 0 {
		t.fail(fmt.Errorf("tokens on 2 and 3: %v with %d winning moves, want N", out, len(moves)))
		return
	}
	t.printf(`But a draw plus a nimber can be a win: tokens on 2 (∞{1}) and 3 (*1) give
%v, by the move %d → %d, which leaves %v.
`, out, moves[0].From, moves[0].To, moves[0].Result)
}
