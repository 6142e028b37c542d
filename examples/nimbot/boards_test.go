package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func playScript(t *testing.T, spec, input string, youFirst bool) string {
	t.Helper()
	var out bytes.Buffer
	if err := playBoard(context.Background(), strings.NewReader(input), &out, spec, boardConfig{youFirst: youFirst, seed: 1}); err != nil {
		t.Fatalf("playBoard %s: %v\noutput:\n%s", spec, err, out.String())
	}
	return out.String()
}

// A 1×4 Cram strip is Dawson's Kayles of 4, value 2: the hint names the
// middle domino, which leaves two single cells, and after it the bot
// cannot move.
func TestBoardCramHintAndWin(t *testing.T) {
	out := playScript(t, "cram:1x4", "hint\n9,9-9,8\n0,2-0,1\n", true)
	wantLines(t, out,
		"hint: the position's value is *2; moving to a position of value 0 wins: 0,1-0,2",
		`"9,9-9,8" is not a move here; moves are like 0,0-0,1 0,1-0,2 0,2-0,3`,
		"you: 0,1-0,2",
		" 0 .##.",
		"The bot cannot move: you win!")
}

// From an even×even board the bot, moving second, wins whatever the
// player does: the player tries every domino of a 2×2 board in turn.
func TestBoardCramBotWins(t *testing.T) {
	out := playScript(t, "cram:2x2", "0,0-0,1\n1,0-1,1\n0,0-1,0\n0,1-1,1\n", true)
	wantLines(t, out, "You cannot move: the bot wins.")
}

// Node Kayles on a path of 3: the bot, first, takes the middle vertex
// and wins at once; on a triangle given by its edges the player does.
func TestBoardNodeKayles(t *testing.T) {
	out := playScript(t, "nodekayles:path:3", "", false)
	wantLines(t, out, "bot: 1 (winning move)", "You cannot move: the bot wins.")
	out = playScript(t, "nodekayles:0-1,1-2,2-0", "hint\n2\n", true)
	wantLines(t, out, "edges: 0-1 0-2 1-2", "hint: the position's value is *1", "you: 2", "The bot cannot move: you win!")
	out = playScript(t, "nodekayles:grid:2x2", "quit\n", true)
	wantLines(t, out, " 1 oo", "bye")
}

// Chomp on a 2×2 bar: biting 1,1 leaves rows (2, 1), a P-position, and
// the bot, moving second, loses.
func TestBoardChomp(t *testing.T) {
	out := playScript(t, "chomp:2x2", "1,1\n0,1\n1,0\n", true)
	wantLines(t, out, "you: 1,1", " 0 Po", "The bot cannot move: you win!")
}

func TestBoardBadSpec(t *testing.T) {
	for spec, want := range map[string]string{
		"cram:../.x":         `"x" at position 5`,
		"chomp:3,4":          "row 2 is longer than row 1",
		"nodekayles:0-1,1-1": `edge 2`,
		"nodekayles:tree:3":  "unknown graph",
		"frob:1":             "not a board game",
	} {
		err := playBoard(context.Background(), strings.NewReader(""), &bytes.Buffer{}, spec, boardConfig{youFirst: true, seed: 1})
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), want) {
			t.Errorf("playBoard %s: %v, want a usage error containing %q", spec, err, want)
		}
	}
	if !isBoardSpec(" Cram:2x2") || isBoardSpec("kayles") || isBoardSpec("sub:1,2") {
		t.Error("isBoardSpec")
	}
}

// TestBoardTooLargeAnswersAtOnce: on Cram 9×9 (issue 38, point 5: no
// answer in minutes) a hint says at once that it found nothing within
// -think, and the bot, moving first, plays a random move and says why;
// the game goes on.
func TestBoardTooLargeAnswersAtOnce(t *testing.T) {
	const think = 200 * time.Millisecond
	done := make(chan string, 1)
	start := time.Now()
	go func() {
		var out bytes.Buffer
		err := playBoard(context.Background(), strings.NewReader("hint\nquit\n"), &out, "cram:9x9",
			boardConfig{youFirst: false, seed: 1, think: think})
		if err != nil {
			out.WriteString("error: " + err.Error())
		}
		done <- out.String()
	}()
	select {
	case out := <-done:
		wantLines(t, out, "(random move: no answer within 200ms on this board)",
			"hint: no answer within 200ms on this board; what was found is kept", "bye")
		if d := time.Since(start); d > 50*think {
			t.Errorf("two answers of at most %v took %v", think, d)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no answer on cram:9x9 in 30 s")
	}
}

// TestPlaySprouts: Sprouts is played by the places of spots in its string.
func TestPlaySprouts(t *testing.T) {
	if !isBoardSpec("sprouts:2") {
		t.Fatal("sprouts:2 is not a board spec")
	}
	var out strings.Builder
	err := playBoard(context.Background(), strings.NewReader("hint\n1-3\n"), &out, "sprouts:2", boardConfig{youFirst: true, seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"0.0.}]!", "value is 0", "you: 1-3", "1a1a.}]!"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
