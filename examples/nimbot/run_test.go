package main

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
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

// The bot moving first from an N-position wins too, in a split game:
// Dawson's Kayles (.07, take two adjacent stones from a row) on (7, 3, 3),
// which is N (G(7) ⊕ G(3) ⊕ G(3) = 1 ⊕ 1 ⊕ 1).
func TestBotFirstDawsonsKayles(t *testing.T) {
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
	// In a take-and-break game the hint uses the Grundy values: Dawson's
	// Kayles (.07) on (7): G(7) = 1, and the move to (5), of value 0, wins.
	out = script(t, "hint\n", "-game", ".07", "7")
	wantLines(t, out, "hint: 1 2 (takes 2 from heap 1, leaving 5)\n", "heap 1 (7)  1  1\n")
	// On (6): G(6) = 3 from options (4) = 2, (1, 3) = 1, (2, 2) = 0: only
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

// A line too long to be a move (10 MB here; bufio.Scanner used to end
// the game with "token too long") is refused, and the game goes on.
func TestLongLine(t *testing.T) {
	long := strings.Repeat("1", 10<<20)
	out := script(t, long+"\n1 1\n"+long, "3", "4", "5")
	wantLines(t, out,
		"that line is too long (over 1024 bytes)",
		"you: takes 1 from heap 1, leaving 2\n",
		"bye\n",
	)
	if n := strings.Count(out, "too long"); n != 2 {
		t.Errorf("%d lines refused as too long, want 2:\n%.2000s", n, out)
	}
	if len(out) > 1<<14 {
		t.Errorf("%d bytes of output: the long line was echoed", len(out))
	}
	// The longest line accepted, padded with spaces, is a move.
	out = script(t, "1 1"+strings.Repeat(" ", maxLine-3)+"\n", "3", "4", "5")
	wantLines(t, out, "you: takes 1 from heap 1, leaving 2\n")
}

// A negative heap is named as such, also where the flag package would
// read it as a flag.
func TestNegativeHeap(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-game", ".07", "-1"}, `heap 1: "-1": a heap cannot be negative`},
		{[]string{"-game=.07", "-first", "bot", "-12"}, `heap 1: "-12": a heap cannot be negative`},
		{[]string{"-1", "3"}, `heap 1: "-1": a heap cannot be negative`},
		{[]string{"3", "-7"}, `heap 2: "-7": a heap cannot be negative`},
	} {
		err := run(strings.NewReader(""), &bytes.Buffer{}, tc.args)
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want a usage error containing %q", tc.args, err, tc.msg)
		}
	}
	// -seed takes its value: a negative seed is a bad seed, not a heap.
	err := run(strings.NewReader(""), &bytes.Buffer{}, []string{"-seed", "-1", "3"})
	if !errors.Is(err, errUsage) || strings.Contains(err.Error(), "heap") {
		t.Errorf("-seed -1: error %v, want a usage error about the seed", err)
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "nonsense"},
		{"-first", "me"},
		{"3", "-1"},
		{"3", "x"},
		{"3", "100000"},
		{"3", "632"},
		{"-game", "anywhere", "3", "80"},
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

// The work is bounded before anything is computed: the moves of every
// heap size up to the largest are counted, up to maxMoves.
func TestWorkLimit(t *testing.T) {
	for _, c := range []struct {
		spec    string
		fits    int // the largest heap accepted
		message string
	}{
		{"nim", 631, "heap 2: 632 is too large for nim: the heaps up to 632 already have more than 200000 moves in all"},
		{"anywhere", 38, "heap 2: 39 is too large for anywhere: the heaps up to 39 already have more than 200000 moves in all"},
	} {
		r, err := rulesets.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		moves, err := checkWork(r, []int{1, c.fits}, maxMoves)
		if err != nil || len(moves) != c.fits+1 {
			t.Errorf("%s: heap %d refused: %v", c.spec, c.fits, err)
		}
		_, err = checkWork(r, []int{1, c.fits + 1}, maxMoves)
		if err == nil || err.Error() != c.message {
			t.Errorf("%s: heap %d: %v, want %q", c.spec, c.fits+1, err, c.message)
		}
	}
	// Nim has x moves from a heap of x; taking two adjacent stones (.07)
	// leaves (5), (1, 4) or (2, 3) from a row of 7.
	nim, _ := rulesets.Parse("nim")
	moves, err := checkWork(nim, []int{3, 9, 0}, maxMoves)
	if err != nil || !slices.Equal(moves, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Errorf("nim moves %v, %v", moves, err)
	}
	two, _ := rulesets.Adjacent(2)
	moves, err = checkWork(two, []int{7}, maxMoves)
	if err != nil || moves[7] != 3 || moves[1] != 0 {
		t.Errorf("adjacent:2 moves %v, %v", moves, err)
	}
}

// The bot searches fewer positions from positions with many moves, so
// that a move costs about searchWork listed moves at most.
func TestSearchLimit(t *testing.T) {
	nim, _ := rulesets.Parse("nim")
	sizes := []int{3, 4, 5}
	moves, _ := checkWork(nim, sizes, maxMoves)
	if got := searchLimitFor(sizes, moves); got != searchLimit {
		t.Errorf("nim (3, 4, 5): search limit %d, want %d", got, searchLimit)
	}
	anywhere := rulesets.AnyAnywhere()
	sizes = []int{38, 37, 36, 35, 34, 33}
	moves, err := checkWork(anywhere, sizes, maxMoves)
	if err != nil {
		t.Fatal(err)
	}
	start := moves[33] + moves[34] + moves[35] + moves[36] + moves[37] + moves[38]
	if got := searchLimitFor(sizes, moves); got != searchWork/start || got < 1 || got >= searchLimit {
		t.Errorf("anywhere: search limit %d for a start with %d moves", got, start)
	}
	// Equal heaps are expanded once, so they count once.
	if a, b := searchLimitFor([]int{38, 38}, moves), searchLimitFor([]int{38}, moves); a != b || a != searchWork/moves[38] {
		t.Errorf("anywhere (38, 38): search limit %d, (38): %d", a, b)
	}
	// Nothing to move: the limit stays in range.
	if got := searchLimitFor([]int{0}, []int{0}); got != searchLimit {
		t.Errorf("empty position: search limit %d", got)
	}
}

// A move may also be typed in the notation every program shares,
// FROM>TO+TO (game.HeapPlay.String): a heap of 7 of Kayles becomes heaps
// of 4 and 2 (the parts in any order); a move the rules forbid is
// refused.
func TestHeapNotation(t *testing.T) {
	out := script(t, "7>4\n7 > 4 + 2\nquit\n", "-game", "kayles", "7")
	wantLines(t, out,
		`"7>4" is not a legal move in kayles here`,
		"you: takes 1 from heap 1 and splits the rest into 2 and 4\n",
	)
}

// TestThinkFlag: -think takes a positive duration.
func TestThinkFlag(t *testing.T) {
	for _, bad := range []string{"0s", "-1s", "soon", "100000h"} {
		err := run(strings.NewReader(""), &bytes.Buffer{}, []string{"-game", "cram:2x2", "-think", bad})
		if !errors.Is(err, errUsage) {
			t.Errorf("-think %s: %v, want a usage error", bad, err)
		}
	}
	out := script(t, "hint\n", "-game", "cram:2x2", "-think", "5s")
	wantLines(t, out, "no winning move")
}
