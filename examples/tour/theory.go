package main

import (
	"fmt"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/explain"
	"github.com/impartial-go/impartial/sg/sequence"
	"github.com/impartial-go/impartial/sg/solve"
)

func spragueGrundyFunction(t *tour) {
	t.section("4. The Sprague–Grundy function")
	t.printf(`Every impartial game is a token moving on the directed graph of its
positions. mex S, the minimal excludant, is the least number not in S:
mex{0, 1, 2, 4} = %v, mex{1, 3, 5} = %v, mex{} = %v. The Grundy value of a
position p is G(p) = mex{ G(q) : q an option of p }. Terminal positions get
0; a position of value 0 has no option of value 0 (it is P); a position of
value k > 0 has options of every value below k, in particular 0 (it is N).
So G(p) = 0 exactly at P-positions, and a position of value k behaves like
a Nim heap of k. Here is the graph of two-heap Nim from (2, 2), from
explain.GameGraph (explain.DOT draws it with Graphviz):

`, uint64(sg.Mex([]sg.Nimber{0, 1, 2, 4})), uint64(sg.Mex([]sg.Nimber{1, 3, 5})), uint64(sg.Mex(nil)))
	gr, err := explain.GameGraph(t.ctx, game.Game[pair](twoHeapNim{}), pair{2, 2})
	if err != nil {
		t.fail(err)
		return
	}
	succ := make([][]string, len(gr.Nodes))
	for _, e := range gr.Edges {
		succ[e[0]] = append(succ[e[0]], gr.Nodes[e[1]].Position)
	}
	for i, n := range gr.Nodes {
		moves := strings.Join(succ[i], ", ")
		if moves == "" {
			moves = "no moves"
		}
		t.printf("  G%s = %d   (%s: %s)\n", n.Position, n.Value, n.Label, moves)
	}
	t.printf("\nEach value is the XOR of the two heaps, which is no accident: see the next section.\n")
}

func sums(t *tour) {
	t.section("5. Sums of games: the Sprague–Grundy theorem")
	t.printf(`Playing several games side by side, moving in one of them each turn, is
their sum. The Sprague–Grundy theorem: the value of a sum is the XOR of the
values of its parts. Nim is the sum of its heaps, a heap of n having value n.

A sum of three heap games: from heap 1 take 1 to 3 stones (value n mod 4),
from heap 2 an odd number (value n mod 2), from the other heaps any number
(value n). On heaps (7, 4, 2, 3), the table of values:

`)
	bash3, err := rulesets.Bash(3)
	if err != nil {
		t.fail(err)
		return
	}
	odd := rulesets.Odd()
	var parts [2]sg.Part
	for i, h := range []struct {
		rule rulesets.Ruleset
		heap uint64
	}{{bash3, 7}, {odd, 4}} {
		// Both rules have a formula: Solve computes nothing.
		a, err := sequence.Solve(t.ctx, h.rule, 0)
		var p *solve.HeapPart
		if err == nil {
			p, err = solve.NewHeapPart(a, h.heap)
		}
		if err != nil {
			t.fail(err)
			return
		}
		parts[i] = sg.PartOf(p)
	}
	s := sg.Sum{parts[0], parts[1], sg.Heap(2), sg.Heap(3)}
	tab, err := explain.SumTable(t.ctx, s)
	if err != nil {
		t.fail(err)
		return
	}
	t.printf("%s", tab.Text())
	// Check the theorem by brute force over the product game.
	type pos = game.Pair[game.Pair[game.Heaps, game.Heaps], game.Heaps]
	prod := game.NewProduct(game.Game[game.Pair[game.Heaps, game.Heaps]](
		game.NewProduct(game.Game[game.Heaps](game.NewHeapGame(bash3)), game.Game[game.Heaps](game.NewHeapGame(odd)))),
		game.Game[game.Heaps](game.NewHeapGame(rulesets.Nim())))
	ex := sg.NewExhaustive(game.Game[pos](prod))
	mk := func(a, b int, rest ...int) pos {
		ha, _ := game.MakeHeaps(a)
		hb, _ := game.MakeHeaps(b)
		hr, _ := game.MakeHeaps(rest...)
		return pos{A: game.Pair[game.Heaps, game.Heaps]{A: ha, B: hb}, B: hr}
	}
	before, err := ex.Outcome(t.ctx, mk(7, 4, 2, 3))
	if err != nil {
		t.fail(err)
		return
	}
	after, err := ex.Outcome(t.ctx, mk(5, 4, 2, 3))
	if err != nil {
		t.fail(err)
		return
	}
	t.printf("A search over the product game (%d positions) agrees: (7, 4, 2, 3) is %v, and (5, 4, 2, 3) is %v.\n",
		ex.Len(), before, after)
}

func staircase(t *tour) {
	t.section("6. Staircase Nim")
	t.printf(`Coins lie on steps 1, 2, 3, ...; a move takes at least one coin from a step
down to the step below; step 0 is the ground. Only the odd steps matter: the
position is P exactly when the XOR of the odd steps is 0, since a move from
an even step can be undone by moving the same coins one step further down.
`)
	steps := []int{0, 3, 1, 2, 4}
	x, err := nim.StaircaseSum(steps)
	if err != nil {
		t.fail(err)
		return
	}
	mv, ok, err := nim.StaircaseWinningMove(steps)
	if err != nil {
		t.fail(err)
		return
	}
	// Staircase Nim is tree staircase Nim on a path, step 0 the root.
	path, err := nim.NewTree([]int{-1, 0, 1, 2, 3})
	if err != nil {
		t.fail(err)
		return
	}
	stairs, err := nim.NewTreeGame(path)
	if err != nil {
		t.fail(err)
		return
	}
	var b [8]uint8
	for i, c := range steps {
		b[i] = uint8(c)
	}
	out, err := sg.NewExhaustive(game.Game[[8]uint8](stairs)).Outcome(t.ctx, b)
	if err != nil {
		t.fail(err)
		return
	}
	t.printf("\nSteps 1 to 4 hold 3, 1, 2, 4 coins: odd steps 3 XOR 2 = %d, so the position is %v\n", x, sg.OutcomeOf(sg.Nimber(x)))
	t.printf("(a search over every position says %v)", out)
	if ok {
		t.printf("; a winning move: %v.\n", mv)
	} else {
		t.printf(".\n")
	}
	t.printf(`
On a tree, units move from a node to its parent and the root is the ground.
This is the programming-contest problem "ore transport" (矿物运输), where
Jim and Swan move ore between the mines of a tree; examples/ore solves it.
The position is P exactly when the XOR of the nodes at odd depth is 0. The
problem's sample: 6 nodes, parents 0 0 2 2 4 of nodes 1..5, values
1 4 0 1 1 2.
`)
	parent := []int{-1, 0, 0, 2, 2, 4}
	vals := []int{1, 4, 0, 1, 1, 2}
	tree, err := nim.NewTree(parent)
	if err != nil {
		t.fail(err)
		return
	}
	tx, err := nim.TreeSum(tree, vals)
	if err != nil {
		t.fail(err)
		return
	}
	answer := "lose"
	if tx != 0 {
		answer = "win"
	}
	t.printf("Odd depths are nodes 1, 2 (depth 1) and 5 (depth 3): 4 XOR 0 XOR 2 = %d, so Jim, moving first, answers %q.\n", tx, answer)
	if mv, ok, err := nim.TreeWinningMove(tree, vals); err != nil {
		t.fail(err)
	} else if ok {
		t.printf("A winning first move: %v.\n", mv)
	}
}

func mexTable(t *tour) {
	t.section("7. The mex table of a take-and-break game")
	twoAdjacent, err := rulesets.Adjacent(2)
	if err != nil {
		t.fail(err)
		return
	}
	t.printf(`Take two adjacent stones from a row, which may split it in two: a row is a
heap that can break (this is Dawson's Kayles, octal code .07). G(n), the
value of a row of n, is the mex of the values of its options, and an option
that leaves two rows is worth the XOR (⊕) of their values. The table,
computed by explain.HeapTable for the ruleset %s:

`, twoAdjacent)
	tab, err := explain.HeapTable(t.ctx, twoAdjacent, 8)
	if err != nil {
		t.fail(err)
		return
	}
	t.printf("%s", tab.Text())
	f := tab.Values()
	ex := sg.NewExhaustive(game.Game[game.Heaps](game.NewHeapGame(twoAdjacent)))
	t.printf("\n")
	for _, rows := range [][]int{{7, 3, 3}, {3, 4, 6}, {7, 3, 5}} {
		var x uint64
		terms := make([]string, len(rows))
		for i, r := range rows {
			x ^= f[r]
			terms[i] = fmt.Sprint(f[r])
		}
		h, _ := game.MakeHeaps(rows...)
		out, err := ex.Outcome(t.ctx, h)
		if err != nil {
			t.fail(err)
			return
		}
		t.printf("%s: %s = %d, so it is %v (a search agrees: %v).\n",
			tuple(rows), strings.Join(terms, " XOR "), x, sg.OutcomeOf(sg.Nimber(x)), out)
	}
}

func periodicity(t *tour) {
	t.section("8. Periodicity: Kayles")
	t.printf(`In Kayles (octal code .77) a move knocks down one pin or two adjacent pins
from a row. Its values look irregular at first:

`)
	seq, per, err := sequence.Period(t.ctx, rulesets.Kayles(), 1<<12)
	if err != nil {
		t.fail(err)
		return
	}
	var first []string
	for n := range 24 {
		first = append(first, fmt.Sprint(uint64(seq.At(n))))
	}
	t.printf("  G(0..23) = %s, ...\n\n", strings.Join(first, " "))
	t.printf("sequence.Period finds: %v.\n", per)
	t.printf(`That is, from n = %d on, G(n + %d) = G(n) (Winning Ways, chapter 4: the
last exceptional value is G(70)). For an octal game that takes at most t
stones, the Guy–Smith theorem says a period seen long enough is certain, so
the values of all rows follow from the first few hundred:
`, per.Preperiod, per.Period)
	for _, n := range []uint64{1000, 1_000_000_007, 1 << 62} {
		v, ok := per.ValueAt(seq, n)
		if !ok {
			t.fail(fmt.Errorf("no value at %d from %v", n, per))
			return
		}
		t.printf("  G(%d) = %d\n", n, v)
	}
}
