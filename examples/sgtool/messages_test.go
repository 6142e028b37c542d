package main

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHugeArgumentMessages: the reproducers of issue 38, point 7. Every
// message naming a 100 KB argument stays short, one line and valid UTF-8,
// whichever command or library wrote it.
func TestHugeArgumentMessages(t *testing.T) {
	dots := strings.Repeat(".", 100000)
	accents := strings.Repeat("é", 50000)
	for _, args := range [][]string{
		{"solve", "cram:" + dots},
		{"solve", "cram:" + dots + "/.."},
		{"solve", "cram:3x3", "-workers", dots},
		{"solve", "cram:3x3", "-mem", dots},
		{"games", dots},
		{"games", accents},
		{"loopy", dots},
		{"hackenbush", dots},
		{"quotient", dots},
		{"nimmul", dots, "1"},
		{"period", dots},
		{"values", accents, "3"},
		{"values", "kayles", "3", "-checkpoint", dots},
		{"genus", accents, "3"},
	} {
		var errb bytes.Buffer
		status := run(args, &bytes.Buffer{}, &errb)
		msg := errb.String()
		if status == exitOK || len(msg) > 2500 || !utf8.ValidString(msg) || strings.Count(msg, "\n") != 1 {
			t.Errorf("sgtool %s %.20s…: status %d, %d bytes (valid UTF-8 %v): %.300q",
				args[0], strings.Join(args[1:], " "), status, len(msg), utf8.ValidString(msg), msg)
		}
	}
}

// TestGameMessageQuotedOnce: an unknown name is quoted once, and the
// catalogue's message is cut on a character boundary.
func TestGameMessageQuotedOnce(t *testing.T) {
	var errb bytes.Buffer
	if status := run([]string{"values", "zz", "3"}, &bytes.Buffer{}, &errb); status != exitUsage {
		t.Fatalf("status %d", status)
	}
	msg := errb.String()
	if strings.Count(msg, `"zz"`) != 1 || !utf8.ValidString(msg) || !strings.Contains(msg, "unknown game") {
		t.Errorf("values zz 3: %q", msg)
	}
	errb.Reset()
	run([]string{"values", ".0x7", "3"}, &bytes.Buffer{}, &errb)
	if !strings.Contains(errb.String(), `".0x7": "x" at position 3`) {
		t.Errorf("values .0x7 3: %q, want the spec and its bad token", errb.String())
	}
}
