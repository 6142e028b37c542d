package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/explain"
)

// tour writes the walk to w, stopping at the first write or library error.
type tour struct {
	w   io.Writer
	ctx context.Context
	err error
}

func (t *tour) printf(format string, args ...any) {
	if t.err != nil {
		return
	}
	_, t.err = fmt.Fprintf(t.w, format, args...)
}

func (t *tour) section(title string) {
	t.printf("\n%s\n%s\n\n", title, strings.Repeat("=", len([]rune(title))))
}

func (t *tour) fail(err error) {
	if t.err == nil {
		t.err = err
	}
}

// run writes the whole tour to w.
func run(w io.Writer) error {
	t := &tour{w: w, ctx: context.Background()}
	steps := []func(*tour){
		definitions,
		derivation,
		bouton,
		spragueGrundyFunction,
		sums,
		staircase,
		mexTable,
		periodicity,
		hackenbush,
		loopyGames,
		misereRule,
	}
	t.printf("A tour of impartial games, computed by github.com/impartial-go/impartial\n")
	for _, step := range steps {
		step(t)
		if t.err != nil {
			return t.err
		}
	}
	t.printf("\n%s\n", closingLine)
	return t.err
}

// closingLine ends the tour, after the last section.
const closingLine = "That ends the tour. Try `go run ./examples/nimbot` to play against the library."

func definitions(t *tour) {
	t.section("1. Impartial games, P and N")
	t.printf(`An impartial combinatorial game has two players who move in turn; the
moves available depend only on the position, not on whose turn it is; and
a player who cannot move loses. Nim is the standard example: heaps of
stones, a move takes at least one stone from one heap.

Every position is one of two kinds:
  P-position: the Previous player (the one who just moved) wins.
              A position with no moves is P; so is one whose options are all N.
  N-position: the Next player (the one to move) wins.
              A position with some P option is N: move there.
`)
}

func derivation(t *tour) {
	t.section("2. Why (3, 3) is a P-position, from the definition")
	t.printf("In two-heap Nim, (x, y) and (y, x) are the same position. The derivation\nbelow is computed by package explain from the rules alone:\n\n")
	n, err := explain.Why(t.ctx, game.Game[pair](twoHeapNim{}), pair{3, 3})
	if err != nil {
		t.fail(err)
		return
	}
	t.printf("%s", n.Text())
	t.printf("\nThe same induction shows that two equal heaps are always P: whatever the\nfirst player takes from one heap, the second takes from the other.\n")
}

// nimPosition is a Nim position with a note on why it is won or lost.
type nimPosition struct {
	heaps []int
	note  string
}

func bouton(t *tour) {
	t.section("3. Bouton's theorem: the nim-sum")
	t.printf(`Searching every position takes time proportional to the product of the
heap sizes. Bouton's theorem answers at once: (a1, ..., ak) is P exactly
when a1 XOR ... XOR ak = 0. When the XOR s is not 0, some heap a_i has the
highest bit of s, so s XOR a_i < a_i, and taking a_i - (s XOR a_i) stones
from it leaves XOR 0. Each table below is checked against a plain search.
`)
	ex := sg.NewExhaustive(game.Game[game.Heaps](game.NewHeapGame(rulesets.Nim())))
	for _, p := range []nimPosition{
		{[]int{1, 2, 3}, "whatever the first player takes, the second can make two heaps equal"},
		{[]int{1, 2, 3, 4}, "the first player wins by emptying the 4"},
		{[]int{3, 3, 1}, "(3) + (3) + (1) behaves like (1)"},
		{[]int{2, 2, 5, 5, 5, 5, 7, 7}, "two copies of (2, 5, 5, 7): the second player mirrors the first"},
	} {
		tab, err := explain.Nim(p.heaps)
		if err != nil {
			t.fail(err)
			return
		}
		h, err := game.MakeHeaps(p.heaps...)
		if err != nil {
			t.fail(err)
			return
		}
		out, err := ex.Outcome(t.ctx, h)
		if err != nil {
			t.fail(err)
			return
		}
		if out.String() != tab.Outcome {
			t.fail(fmt.Errorf("nim-sum says %s but search says %v for %v", tab.Outcome, out, h))
			return
		}
		t.printf("\n%s is %s (%s):\n%s", tuple(p.heaps), tab.Outcome, p.note, tab.Text())
		if tab.Chosen >= 0 {
			after := append([]int(nil), p.heaps...)
			after[tab.Chosen] = int(tab.To)
			ha, _ := game.MakeHeaps(after...)
			o2, err := ex.Outcome(t.ctx, ha)
			if err != nil {
				t.fail(err)
				return
			}
			t.printf("the move leaves %s, which the search confirms is %v.\n", tuple(after), o2)
		} else {
			t.printf("the search over every reachable position confirms: %v.\n", out)
		}
	}
}

// tuple formats heap sizes in the given order as "(3, 3, 1)".
func tuple(heaps []int) string {
	parts := make([]string, len(heaps))
	for i, h := range heaps {
		parts[i] = fmt.Sprint(h)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
