package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// The key lines of the tour: each one is a fact of the theory, computed by
// the library.
func TestTourFacts(t *testing.T) {
	var b bytes.Buffer
	if err := run(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	expectLines(t, out,
		// (3, 3) is P, from the definition.
		"(3, 3) is P: every option is N: (0, 3), (1, 3), (2, 3).",
		"  (0, 3) is N: it moves to (0, 0), which is P.",
		"  (1, 3) is N: it moves to (1, 1), which is P.",
		"    (1, 1) is P: every option is N: (0, 1).",
		"  (2, 3) is N: it moves to (2, 2), which is P.",
		// Bouton (1901): P exactly when the XOR is 0.
		"(1, 2, 3) is P",
		"(1, 2, 3, 4) is N",
		"4 XOR 4 = 0 < 4, so take 4 - 0 = 4 from heap 4, leaving XOR 0.",
		"the move leaves (1, 2, 3, 0), which the search confirms is P.",
		"(3, 3, 1) is N",
		"the move leaves (2, 3, 1), which the search confirms is P.",
		"(2, 2, 5, 5, 5, 5, 7, 7) is P",
		// mex and the Sprague–Grundy function.
		"mex{0, 1, 2, 4} = 3, mex{1, 3, 5} = 0, mex{} = 0.",
		"  G(1, 2) = 3   (N: (0, 2), (0, 1), (1, 1))\n",
		// A sum of three heap games: bash:3, odd and Nim.
		"bash:3(7)  3  11\n",
		"odd(4)     0  00\n",
		"3 XOR 2 = 1 < 3, so move bash:3(7) to bash:3(5), of value 1, leaving XOR 0.",
		"agrees: (7, 4, 2, 3) is N, and (5, 4, 2, 3) is P.",
		// Staircase Nim, and the sample of examples/ore (answer: win).
		"odd steps 3 XOR 2 = 1, so the position is N\n(a search over every position says N)",
		"4 XOR 0 XOR 2 = 6, so Jim, moving first, answers \"win\".",
		// Dawson's Kayles (two adjacent stones), by explain.HeapTable.
		"options of 7: (5), (1, 4), (2, 3)\n",
		"  (1, 4): G(1) ⊕ G(4) = 0 ⊕ 2 = 2\n",
		"option values {0, 2}; excluded {1, 3, 4, …}; G(7) = mex{0, 2} = 1\n",
		"option values {0, 1, 2}; excluded {3, 4, …}; G(6) = mex{0, 1, 2} = 3\n",
		"n    0 1 2 3 4 5 6 7\nG(n) 0 0 1 1 2 0 3 1\n",
		"(7, 3, 3): 1 XOR 1 XOR 1 = 1, so it is N (a search agrees: N).",
		"(3, 4, 6): 1 XOR 2 XOR 3 = 0, so it is P (a search agrees: P).",
		"(7, 3, 5): 1 XOR 1 XOR 0 = 0, so it is P (a search agrees: P).",
		// Kayles: Winning Ways ch. 4; OEIS A002186 for the first values.
		"G(0..23) = 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7, ...",
		"preperiod 71, period 12",
	)
}

type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n <= 0 {
		return 0, errors.New("disk full")
	}
	w.n--
	return len(p), nil
}

// A write error stops the tour and is returned.
func TestTourWriteError(t *testing.T) {
	err := run(&failWriter{n: 3})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("run on a failing writer: %v, want disk full", err)
	}
}

// expectLines checks that out contains every line of want, and shows the
// whole output once when some is missing.
func expectLines(t *testing.T, out string, want ...string) {
	t.Helper()
	missing := false
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("tour output lacks %q", w)
			missing = true
		}
	}
	if missing {
		t.Logf("output:\n%s", out)
	}
}

// The closing line comes once, after the last section, and ends the output.
func TestTourClosingLineLast(t *testing.T) {
	var b bytes.Buffer
	if err := run(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := strings.Count(out, closingLine); n != 1 {
		t.Fatalf("closing line appears %d times, want 1", n)
	}
	if !strings.HasSuffix(out, closingLine+"\n") {
		t.Errorf("output does not end with the closing line; it ends:\n%s", out[max(0, len(out)-300):])
	}
	last := strings.LastIndex(out, "\n=")
	if last < 0 || last > strings.Index(out, closingLine) {
		t.Errorf("a section heading comes after the closing line")
	}
	// Sections are numbered in order.
	prev := 0
	for _, line := range strings.Split(out, "\n") {
		var k int
		if _, err := fmt.Sscanf(line, "%d. ", &k); err == nil && k > 0 {
			if k != prev+1 {
				t.Errorf("section %d follows section %d", k, prev)
			}
			prev = k
		}
	}
	if prev < 12 {
		t.Errorf("last section %d, want 12 or more", prev)
	}
}
