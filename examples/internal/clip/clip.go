// Package clip shortens the user input that the example programs (sgtool,
// nimbot, web) repeat in their messages, so that a huge argument cannot
// flood standard error, and so that every message stays valid UTF-8: a
// long input is cut on a character boundary and followed by its length.
//
// Quote is for an input a message names; Message is the last safety net
// of a whole message, which may carry inputs that a library repeated.
// Both cost O(len(s)).
package clip

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxInput is the most bytes of one input that a message repeats.
const MaxInput = 64

// MaxWord is the longest run of non-space bytes that Message keeps whole.
const MaxWord = 200

// MaxMessage is the most bytes of a message that Message keeps.
const MaxMessage = 2000

// Cut returns s when it has at most max bytes, else its longest prefix of
// at most max bytes that ends on a UTF-8 character boundary, followed by
// "…(N bytes)", N being len(s). Invalid bytes count as characters of one
// byte each.
func Cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return prefix(s, max) + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// prefix returns the longest prefix of s of at most max bytes that does
// not end inside a UTF-8 character.
func prefix(s string, max int) string {
	i := max
	// Back up over continuation bytes, at most utf8.UTFMax-1 of them, to
	// the start of the character that max would split.
	for k := 0; k < utf8.UTFMax-1 && i > 0 && !utf8.RuneStart(s[i]); k++ {
		i--
	}
	if !utf8.RuneStart(s[i]) {
		return s[:max] // s[i:] is not a character: invalid bytes, cut anywhere
	}
	if r, n := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && n == 1 {
		return s[:max] // the bytes from i are not a character: nothing to split
	}
	return s[:i]
}

// Quote returns s as a Go string literal, the way the programs quote an
// input: whole when it has at most MaxInput bytes, else its first MaxInput
// bytes (cut on a character boundary) and its length, as in
// "......"…(100000 bytes). Invalid UTF-8 is escaped, so the result is
// always valid UTF-8.
func Quote(s string) string {
	if len(s) <= MaxInput {
		return strconv.Quote(s)
	}
	return strconv.Quote(prefix(s, MaxInput)) + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// Message returns msg made safe to print on one line: every run of more
// than MaxWord bytes without a space is cut to MaxInput bytes and its
// length (an input repeated by a library), invalid UTF-8 is replaced by
// U+FFFD, line breaks become spaces, and a message still longer than
// MaxMessage bytes is cut there, on a character boundary.
func Message(msg string) string {
	msg = strings.ToValidUTF8(msg, "\uFFFD")
	msg = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(msg)
	if len(msg) > MaxWord {
		var b strings.Builder
		start := -1 // start of the current run of non-space bytes
		flush := func(end int) {
			if start < 0 {
				return
			}
			if w := msg[start:end]; len(w) > MaxWord {
				b.WriteString(Cut(w, MaxInput))
			} else {
				b.WriteString(w)
			}
			start = -1
		}
		for i := 0; i < len(msg); i++ {
			if msg[i] == ' ' || msg[i] == '\t' {
				flush(i)
				b.WriteByte(msg[i])
			} else if start < 0 {
				start = i
			}
		}
		flush(len(msg))
		msg = b.String()
	}
	return Cut(msg, MaxMessage)
}
