package main

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
)

// newTestNotakto returns a table of k empty boards.
func newTestNotakto(t *testing.T, k int, seed uint64) *notaktoTable {
	t.Helper()
	s, err := newNotaktoTable(context.Background(), "notakto:"+strconv.Itoa(k), seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Issue 42: the bot never loses a game it can win. From one and three
// empty boards (N-positions: Plambeck and Whitehead) with the bot moving
// first, and from two (a P-position) with the opponent moving first, a
// random opponent loses every game, whatever the seeds.
func TestNotaktoBotNeverLosesWinnable(t *testing.T) {
	for _, c := range []struct {
		boards   int
		botFirst bool
	}{{1, true}, {3, true}, {2, false}, {4, false}} {
		for seed := range uint64(12) {
			s := newTestNotakto(t, c.boards, seed)
			r := rand.New(rand.NewPCG(seed, 99))
			botTurn := c.botFirst
			var moves []string
			for s.live() {
				if botTurn {
					m, how, err := s.botMove()
					if err != nil {
						t.Fatal(err)
					}
					if how != "winning move" {
						t.Fatalf("%d boards, seed %d: the bot found no winning move after %v (%s)", c.boards, seed, moves, how)
					}
					s.apply(m)
					moves = append(moves, "bot "+m.String())
				} else {
					legal := s.legal()
					m := legal[r.IntN(len(legal))]
					s.apply(m)
					moves = append(moves, m.String())
				}
				botTurn = !botTurn
			}
			// The player to move when every board is dead wins.
			if !botTurn {
				t.Errorf("%d boards, seed %d: the bot completed the last line: %v", c.boards, seed, moves)
			}
		}
	}
}

// A whole game through run: the bot moving first on one board wins, and
// says how it chose each move.
func TestNotaktoGameThroughRun(t *testing.T) {
	var tries strings.Builder
	for range 5 {
		for c := range 9 {
			tries.WriteString("0:" + strconv.Itoa(c) + "\n")
		}
	}
	out := script(t, tries.String(), "-game", "notakto:1", "-first", "bot", "-seed", "3")
	wantLines(t, out, "nimbot: playing notakto:1", "bot: 0:4 (winning move)", "x . .", "the bot wins.\n")
	if strings.Contains(out, "you win") {
		t.Errorf("the bot lost from one empty board:\n%s", out)
	}
}

// Bad moves are refused with a line naming the board or cell, and the
// next line is read; hint names the element and the outcome.
func TestNotaktoBadInputAndHint(t *testing.T) {
	s := newTestNotakto(t, 2, 1)
	s.boards[1] = 0007 // dead: the top row
	s.boards[0] = 1 << 4
	for line, want := range map[string]string{
		"2:0":   `board "2": there is no such board; boards are numbered 0 to 1`,
		"-1 3":  `board "-1"`,
		"0:9":   `cell "9": there is no such cell`,
		"0 x":   `cell "x"`,
		"1:5":   "board 1 is dead",
		"0:4":   "board 0, cell 4: the cell holds an X already",
		"0":     "a move is BOARD:CELL or BOARD CELL",
		"0:1:2": "a move is BOARD:CELL",
	} {
		if _, err := s.parse(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error containing %q", line, err, want)
		}
	}
	for _, line := range []string{"0:0", "0 8", " 0 : 3 "} {
		if _, err := s.parse(line); err != nil {
			t.Errorf("%q: %v", line, err)
		}
	}
	out := script(t, "hint\n0:4\n0:4\nhint\nquit\n", "-game", "notakto:2")
	wantLines(t, out,
		"(18 elements)", "a P-position, every move loses",
		"board 0, cell 4: the cell holds an X already",
		". x .    . . .    3 4 5\n",
	)
	// One empty board is won by the centre alone (Plambeck and Whitehead).
	out = script(t, "hint\nquit\n", "-game", "notakto:1")
	wantLines(t, out, "an N-position. Moves to a P-position win: 0:4\n")
	for _, args := range [][]string{{"-game", "notakto:0"}, {"-game", "notakto:x"}, {"-game", "notakto:" + strconv.Itoa(rulesets.MaxNotaktoBoards+1)}, {"-game", "notakto:2", "3"}} {
		if err := run(strings.NewReader(""), &bytes.Buffer{}, args); !errors.Is(err, errUsage) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// -h is a usage error whose help names Notakto and its moves.
func TestHelpNamesNotakto(t *testing.T) {
	if err := run(strings.NewReader(""), &bytes.Buffer{}, []string{"-h"}); !errors.Is(err, errHelp) || !errors.Is(err, errUsage) {
		t.Errorf("-h: %v, want errHelp, a usage error", err)
	}
	for _, s := range []string{"notakto:K", "BOARD:CELL", "misère quotient"} {
		if !strings.Contains(helpText, s) {
			t.Errorf("the help lacks %q", s)
		}
	}
}
