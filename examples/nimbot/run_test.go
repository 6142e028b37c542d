package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func script(t *testing.T, input string, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := run(strings.NewReader(input), &out, args); err != nil {
		t.Fatalf("run %v: %v\noutput:\n%s", args, err, out.String())
	}
	return out.String()
}

func wantLines(t *testing.T, out string, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if !strings.Contains(out, l) {
			t.Errorf("output lacks %q", l)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}
}

// The player starts from (1, 2, 3), a P-position, and tries "1 1", "2 1",
// "3 1" in turn (illegal tries are refused and the next line is read):
// the bot must win.
func TestFullGameWonByBot(t *testing.T) {
	moves := strings.Repeat("1 1\n2 1\n3 1\n", 10)
	out := script(t, moves, "1", "2", "3")
	wantLines(t, out,
		"nimbot: playing nim.",
		"heaps:  1:1  2:2  3:3\n",
		"you: takes all 1 from heap 1\n",
		"winning move)\n",
		"You cannot move: the bot wins.\n",
	)
	if strings.Contains(out, "you win") {
		t.Errorf("the bot lost from a P-position:\n%s", out)
	}
}

// The bot moving first from an N-position wins too, in a split game: the
// seed notes' game C (.07) on (7, 3, 3), which is N (f = 1 ⊕ 1 ⊕ 1).
func TestBotFirstGameC(t *testing.T) {
	var tries strings.Builder
	for h := 1; h <= 8; h++ {
		tries.WriteString(string(rune('0'+h)) + " 2\n")
	}
	out := script(t, strings.Repeat(tries.String(), 6), "-game", ".07", "-first", "bot", "7", "3", "3")
	wantLines(t, out, "heaps:  1:7  2:3  3:3\n", "bot: ", "You cannot move: the bot wins.\n")
}

// hint on (3, 4, 5): the XOR is 2, heap 1 has that bit, take 2 from it.
func TestHint(t *testing.T) {
	out := script(t, "hint\nquit\n", "3", "4", "5")
	wantLines(t, out,
		"hint: 1 2 (takes 2 from heap 1, leaving 1)\n",
		"heap 1 (3)  3  011\n",
		"XOR         2  010\n",
		"the highest set bit of the XOR is bit 1 (value 2); heap 1 (3) has it:\n",
		"bye\n",
	)
	// From a P-position there is no winning move.
	out = script(t, "hint\n", "1", "2", "3")
	wantLines(t, out, "no winning move: the values' XOR is 0")
	// In a take-and-break game the hint uses the Grundy values: game C
	// (.07) on (7): f(7) = 1, and the move to (5), of value 0, wins.
	out = script(t, "hint\n", "-game", ".07", "7")
	wantLines(t, out, "hint: 1 2 (takes 2 from heap 1, leaving 5)\n", "heap 1 (7)  1  1\n")
	// On (6): f(6) = 3 from options (4) = 2, (1, 3) = 1, (2, 2) = 0: only
	// the split into 2 and 2 wins.
	out = script(t, "hint\n", "-game", ".07", "6")
	wantLines(t, out, "hint: 1 2 2 (takes 2 from heap 1 and splits the rest into 2 and 2)\n", "heap 1 (6)  3  11\n")
}

func TestBadInput(t *testing.T) {
	out := script(t, "foo\n9 1\n1 9\n2 x\n2 0\n1 1 0\n\nquit\n", "3", "4", "5")
	wantLines(t, out,
		`"foo": a move is HEAP TAKE [SIZES...], like "2 3"`+"\n",
		"there is no heap 9: heaps are numbered 1 to 3\n",
		"heap 1 has only 3 tokens, cannot take 9\n",
		`word 2, "x", is not a number of tokens`+"\n",
		"illegal in nim: taking 0 from heap 2 of 4 and leaving one heap of 4\n",
		"word 3: a heap left behind cannot be empty\n",
		`type a move like "2 3" (from heap 2 take 3), hint, or quit`+"\n",
		"bye\n",
	)
	// every bad line gets the same prompt again: 8 lines, 8 prompts
	if n := strings.Count(out, "your move> "); n != 8 {
		t.Errorf("%d prompts, want 8:\n%s", n, out)
	}
	if strings.Contains(out, "you: ") {
		t.Errorf("a bad line was played:\n%s", out)
	}
	// a split where the rules do not allow one
	out = script(t, "1 1 1\n1 2 5\n1 2 1\n", "-game", ".07", "7")
	wantLines(t, out,
		"illegal in 0.07: taking 1 from heap 1 of 7 and leaving heaps of 1 and 5\n",
		"heap 1: the sizes 5 leave nothing for the last heap (only 5 tokens remain)\n",
		"you: takes 2 from heap 1 and splits the rest into 1 and 4\n",
		"heaps:  1:1  2:4\n",
	)
}

// End of input ends the game without an error.
func TestEndOfInput(t *testing.T) {
	out := script(t, "", "3", "4", "5")
	wantLines(t, out, "your move> \nbye\n")
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "nonsense"},
		{"-first", "me"},
		{"3", "-1"},
		{"3", "x"},
		{"3", "100000"},
		{"-bogus"},
	} {
		var out bytes.Buffer
		err := run(strings.NewReader(""), &out, args)
		if !errors.Is(err, errUsage) {
			t.Errorf("%v: %v, want a usage error", args, err)
			continue
		}
		last := args[len(args)-1]
		if !strings.Contains(err.Error(), strings.TrimPrefix(last, "-")) {
			t.Errorf("%v: error %q does not name %q", args, err, last)
		}
	}
}
