package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHugeArgumentMessages: nimbot repeats a 100 KB argument by its first
// bytes and its length (issue 38, point 7), and the message stays valid
// UTF-8.
func TestHugeArgumentMessages(t *testing.T) {
	dots := strings.Repeat(".", 100000)
	for _, args := range [][]string{
		{"-game", dots},
		{"-game", "cram:" + dots},
		{"-game", strings.Repeat("é", 50000)},
		{"-first", dots},
		{dots},
		{"-" + dots},
	} {
		err := run(strings.NewReader(""), &bytes.Buffer{}, args)
		if !errors.Is(err, errUsage) {
			t.Errorf("nimbot %.30s…: %v, want a usage error", args, err)
			continue
		}
		if msg := err.Error(); len(msg) > 2500 || !utf8.ValidString(msg) || !strings.Contains(msg, "bytes)") {
			t.Errorf("nimbot %.30s…: %d bytes: %.300q", args, len(msg), msg)
		}
	}
}

// TestBoardMoveEchoedAsTyped: a bad move is repeated with its spaces, as
// the player typed it ("1 1", not "11"), and cut when long.
func TestBoardMoveEchoedAsTyped(t *testing.T) {
	out := playScript(t, "cram:2x2", "1 1\n"+strings.Repeat("x ", 400)+"\nquit\n", true)
	wantLines(t, out, `"1 1" is not a move here`, `bytes) is not a move here`)
	if strings.Contains(out, `"11"`) || strings.Contains(out, strings.Repeat("x ", 40)) {
		t.Errorf("the moves are not repeated as typed, or not cut:\n%s", out)
	}
}

// TestGameQuotedOnce: a -game spec that the catalogue refuses is quoted
// once in the message, and so is the bad part of it.
func TestGameQuotedOnce(t *testing.T) {
	for spec, want := range map[string]string{
		"frob":    `-game "frob": unknown game`,
		"frob:1":  `-game "frob:1": "frob": unknown game`,
		"cram:9":  `-game "cram:9": "9": want MxN`,
		".0x":     `-game ".0x": "x" at position 3: not a digit`,
		"sub:1,a": `-game "sub:1,a": "a" at position 7:`,
	} {
		err := run(strings.NewReader(""), &bytes.Buffer{}, []string{"-game", spec})
		if !errors.Is(err, errUsage) {
			t.Errorf("-game %s: %v, want a usage error", spec, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, want) {
			t.Errorf("-game %s: %q, want it to contain %q", spec, msg, want)
		}
	}
}

// TestLongLineEveryGame: every kind of game refuses a line too long to be
// a move with the same message, ending with how its own moves are typed,
// and goes on.
func TestLongLineEveryGame(t *testing.T) {
	long := strings.Repeat("1", 2*maxLine)
	for _, c := range []struct{ game, usage string }{
		{"nim", `type a move like "2 3"`},
		{"cram:2x2", "type a move as the board shows it"},
		{"notakto:1", `type a move like "0:4"`},
	} {
		out := script(t, long+"\nquit\n", "-game", c.game)
		wantLines(t, out, "that line is too long (over 1024 bytes): "+c.usage, "bye\n")
	}
}
