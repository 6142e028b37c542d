package main

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/misere"
)

// misereRule is the tour's misère step: misère Nim's rule, why it works,
// and a sum whose misère outcome no XOR of the parts' values predicts.
func misereRule(t *tour) {
	t.section("11. Misère play: the last player to move loses")
	t.printf(`Under misère play the player who makes the last move loses. Bouton
(1902) solved misère Nim too: play as in normal Nim, except at the move
that would leave no heap of 2 or more; there, leave an odd number of heaps
of 1. So (a1, ..., ak) is a misère P-position exactly when
  some heap is 2 or more and the nim-sum is 0, or
  every heap is 0 or 1 and the nim-sum is 1 (an odd number of 1s).
Why: a position with exactly one heap of 2 or more has a nonzero nim-sum
(that heap's high bits cannot cancel), so the normal-play strategy, which
always leaves nim-sum 0, never hands that position to the opponent. The
player following it is therefore the one who meets it, and who reduces the
big heap to 0 or 1, choosing the parity of the 1s left.
`)
	ctx := t.ctx
	e := misere.NewEngine[game.Heaps](game.NewHeapGame(rulesets.Nim()))
	outcome := func(sizes ...int) (sg.Outcome, bool) {
		p, err := game.MakeHeaps(sizes...)
		if err != nil {
			t.fail(err)
			return 0, false
		}
		o, err := e.Outcome(ctx, p)
		if err != nil {
			t.fail(err)
			return 0, false
		}
		return o, true
	}
	t.printf("\nThe rule against an exhaustive misère search:\n")
	for _, h := range [][]int{{1}, {1, 1}, {1, 1, 1}, {2, 2}, {1, 2, 3}, {2, 2, 1}, {3}} {
		x, bigHeap := 0, false
		for _, n := range h {
			x ^= n
			bigHeap = bigHeap || n >= 2
		}
		rule := sg.N
		if (bigHeap && x == 0) || (!bigHeap && x == 1) {
			rule = sg.P
		}
		o, ok := outcome(h...)
		if !ok {
			return
		}
		if o != rule {
			t.fail(fmt.Errorf("misère Nim %v: rule says %v, search says %v", h, rule, o))
			return
		}
		t.printf("  %-10s nim-sum %d  misère %v\n", tuple(h), x, o)
	}

	misereSums(t, e)
}

// misereSums is the tour's second misère step: the sum theorem fails under
// misère play (values of sums, genus, tameness, the quotient of Nim),
// computed with e, the misère engine of Nim.
func misereSums(t *tour, e *misere.Engine[game.Heaps]) {
	ctx := t.ctx
	t.section("12. Where the sum theorem breaks under misère play")
	t.printf(`In normal play a sum of two P-positions is a P-position, and the value of a
sum is the XOR of the values of its parts. Under misère play neither holds.
Each position still has a misère Grundy value (1 for a position with no
moves, otherwise the mex of its options' values; 0 exactly for P), but
those values do not add:
`)
	vals := make([]sg.Nimber, 3)
	for i, h := range [][]int{{2, 2}, {1}, {2, 2, 1}} {
		p, _ := game.MakeHeaps(h...)
		v, err := e.Value(ctx, p)
		if err != nil {
			t.fail(err)
			return
		}
		vals[i] = v
	}
	if vals[0] != 0 || vals[1] != 0 || vals[2] == 0 {
		t.fail(fmt.Errorf("misère values of (2, 2), (1), (2, 2, 1) are %v", vals))
		return
	}
	t.printf(`
  (2, 2) has misère value %d: a P-position.
  (1)    has misère value %d: a P-position (the mover must take the last stone).
  Their sum (2, 2, 1) has misère value %d: an N-position. The XOR rule,
  0 XOR 0 = 0, says P; it is wrong. The winning move takes the lone 1,
  leaving (2, 2).
`, vals[0], vals[1], vals[2])
	t.printf(`
Conway's genus keeps what a sum needs (On Numbers and Games, ch. 12): the
normal value g and the misère values γ0, γ1, … of the game plus 0, 1, 2, …
heaps of 2, written g^γ0γ1…. Games whose every position has the genus of a
Nim position are tame, and their sums are played like misère Nim:
`)
	ne := misere.NewEngine[int](nimHeap{})
	for n := 0; n <= 3; n++ {
		g, err := ne.Genus(ctx, n)
		if err != nil {
			t.fail(err)
			return
		}
		t.printf("  *%d has genus %v\n", n, g)
	}
	k := misere.NewEngine[game.Heaps](game.NewHeapGame(rulesets.DawsonsKayles()))
	for n := 1; n <= 30; n++ {
		p, _ := game.MakeHeaps(n)
		tame, err := k.IsTame(ctx, p)
		if err != nil {
			t.fail(err)
			return
		}
		if !tame {
			g, err := k.Genus(ctx, p)
			if err != nil {
				t.fail(err)
				return
			}
			why := "which no Nim position has"
			if misere.IsNimGenus(g) {
				why = "but has a follower whose genus no Nim position has"
			}
			t.printf(`
Dawson's Kayles (0.07) is not tame: its heap of %d has genus %v,
%s. For such wild games Plambeck and Siegel's misère quotient
takes the genus's place: the classes of sums of heaps that no further
sum tells apart form a finite monoid.

`, n, g, why)
			break
		}
	}
	q, err := misere.NewQuotient(ctx, rulesets.Nim(), 3)
	if err != nil {
		t.fail(err)
		return
	}
	t.printf("Misère Nim on heaps of at most 3 gives %d elements, with relations %v\nand P-portion", q.Order(), q.Relations())
	for _, x := range q.PPortion() {
		t.printf(" %s", q.Name(x))
	}
	t.printf(": heap 1 is a, heap 2 is b, heap 3 is ab, and (2, 2) is b^2, in P.\n")
}

// nimHeap is a single Nim heap: heap n moves to every smaller heap.
type nimHeap struct{}

func (nimHeap) AppendMoves(dst []int, n int) []int {
	for i := 0; i < n; i++ {
		dst = append(dst, i)
	}
	return dst
}
