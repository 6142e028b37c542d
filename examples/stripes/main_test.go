package main

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game/gametest"
)

func TestSamples(t *testing.T) {
	tests := []struct {
		name, in   string
		status     int
		out, inErr string
	}{
		// Worked by hand: with stripes of 1 and 5, a strip of 1 or 5 is
		// covered at once; a strip of 6 always leaves an odd number of
		// free fields to the second player, who wins (every move takes an
		// odd number of fields, so G(n) = n mod 2).
		{"hand", "1 5 1\n3\n1\n5\n6\n", 0, "1\n1\n2\n", ""},
		// A = B = C = 2 is Dawson's Kayles (take two adjacent fields, octal
		// .07): G(n) = 0,0,1,1,2,0,3,1 for n = 0…7.
		{"dawson's kayles", "2 2 2\n8\n0\n1\n2\n3\n4\n5\n6\n7\n", 0, "2\n2\n1\n1\n1\n2\n1\n1\n", ""},
		{"one line", "2 2 2 3 5 6 7", 0, "2\n1\n1\n", ""},
		{"no strips", "1 2 3\n0\n", 0, "", ""},
		// Dawson's Kayles has a certified period (34 after 53), so even
		// the longest strip is decided: 2^64-1 ≡ 85 (mod 34), and
		// G(85) = 5 (OEIS A002187: a(84) = 5), a first-player win.
		{"huge", "2 2 2\n1\n18446744073709551615\n", 0, "1\n", ""},
		{"bad A", "x 2 3\n1\n4\n", 2, "", `line 1: bad stripe length A "x"`},
		{"zero C", "1 2 0\n1\n4\n", 2, "", `bad stripe length C "0"`},
		{"bad m", "1 2 3\n-1\n", 2, "", `line 2: bad number of strips m "-1"`},
		{"bad L", "1 2 3\n2\n4\nfive\n", 2, "", `line 4: bad strip length L (strip 2) "five"`},
		{"missing L", "1 2 3\n2\n4\n", 2, "", "missing strip length L (strip 2)"},
		{"empty", "", 2, "", "missing stripe length A"},
		{"crlf", "1 5 1\r\n2\r\n5\r\n6\r\n", 0, "1\n2\n", ""},
		{"bad L on one line", "1 2 3 3 4 5 x", 2, "", `line 1: bad strip length L (strip 3) "x"`},
		{"bad L after blank lines", "1 2 3\n\n\n2 4\n\n  five \n", 2, "", `line 6: bad strip length L (strip 2) "five"`},
		{"long word", "1 2 3 1 " + strings.Repeat("9", 100), 2, "", `"` + strings.Repeat("9", 64) + `…"`},
		{"word after the last strip", "1 2 3\n1\n5 6\n", 2, "", `line 3: unexpected "6" after the last strip (m = 1)`},
		{"word after no strips", "1 2 3\n0\n\nx\n", 2, "", `line 4: unexpected "x" after the last strip (m = 0)`},
		{"m too large", "1 2 3\n16777217\n", 2, "", `bad number of strips m "16777217"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := run(strings.NewReader(tc.in), &out, &errb)
			if status != tc.status || out.String() != tc.out {
				t.Fatalf("status %d, output %q (stderr %q); want %d, %q", status, out.String(), errb.String(), tc.status, tc.out)
			}
			if !strings.Contains(errb.String(), tc.inErr) || strings.Count(errb.String(), "\n") > 1 {
				t.Errorf("stderr %q, want one line containing %q", errb.String(), tc.inErr)
			}
		})
	}
}

// TestOneLongLine: 20000 strips on one line (more than bufio.Scanner's
// 64 KB line) are all read, with the answers of the period of 0.07.
func TestOneLongLine(t *testing.T) {
	const m = 20000
	var in, want strings.Builder
	fmt.Fprintf(&in, "2 2 2 %d", m)
	// Dawson's Kayles: G(n) = 0, 0, 1, 1, 2, 0, 3, 1 for strips of 0 to 7.
	f := []int{0, 0, 1, 1, 2, 0, 3, 1}
	for i := range m {
		fmt.Fprintf(&in, " %012d", i%8) // zero-padded: the line passes 256 KB
		if f[i%8] != 0 {
			want.WriteString("1\n")
		} else {
			want.WriteString("2\n")
		}
	}
	if in.Len() <= 1<<16 {
		t.Fatalf("input is only %d bytes", in.Len())
	}
	var out, errb bytes.Buffer
	if status := run(strings.NewReader(in.String()), &out, &errb); status != 0 || out.String() != want.String() {
		t.Fatalf("status %d (stderr %q), %d output bytes, want %d", status, errb.String(), out.Len(), want.Len())
	}
}

// TestLargeMAllocatesLittle: m = 2^24 with two strips given is reported
// as a missing strip without allocating room for 2^24 strips first.
func TestLargeMAllocatesLittle(t *testing.T) {
	var out, errb bytes.Buffer
	var status int
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	status = run(strings.NewReader("1 2 3\n16777216\n4\n5\n"), &out, &errb)
	runtime.ReadMemStats(&after)
	if status != 2 || !strings.Contains(errb.String(), "line 5: missing strip length L (strip 3)") {
		t.Fatalf("status %d, stderr %q", status, errb.String())
	}
	if b := after.TotalAlloc - before.TotalAlloc; b > 1<<20 {
		t.Errorf("allocated %d bytes for two strips, want under 1 MiB", b)
	}
}

// TestTimeLimit: long stripes make the values costly (issue: stripes
// 65536 65535 65534 and a strip of 2^64-1 ran for over 900 s with no
// output). The computation reports progress on standard error and stops
// at the time limit with status 3 and a message saying how far it got.
func TestTimeLimit(t *testing.T) {
	defer func(l, e time.Duration) { timeLimit, progressEvery = l, e }(timeLimit, progressEvery)
	timeLimit, progressEvery = 300*time.Millisecond, 50*time.Millisecond
	var out, errb bytes.Buffer
	start := time.Now()
	status := run(strings.NewReader("65536 65535 65534 / 2 / 18446744073709551615 / 5"), &out, &errb)
	if status != 2 || !strings.Contains(errb.String(), `bad number of strips m "/"`) {
		t.Errorf("slashes: status %d, stderr %q", status, errb.String())
	}
	errb.Reset()
	status = run(strings.NewReader("65536 65535 65534\n2\n18446744073709551615\n5\n"), &out, &errb)
	if elapsed := time.Since(start); elapsed > 30*time.Second {
		t.Errorf("stopped after %v, time limit %v", elapsed, timeLimit)
	}
	lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
	last := lines[len(lines)-1]
	if status != 3 || out.Len() != 0 || !strings.HasPrefix(last, "stripes: strip too long: L = 18446744073709551615 (strip 1) is past the ") ||
		!strings.HasSuffix(last, " values computed for stripes 65536 65535 65534 in the time limit 300ms, and they have no certified period") {
		t.Fatalf("status %d, output %q, stderr %q", status, out.String(), errb.String())
	}
	if len(lines) < 2 || !strings.Contains(lines[0], "values of stripes 65536 65535 65534 computed in") {
		t.Errorf("no progress line before the message: stderr %q", errb.String())
	}
}

// TestAgainstBoardSearch plays Stripes on an actual board, as a bit mask of
// free fields where a move lays a stripe on consecutive free fields, and
// compares who wins with the program's answers for random stripe lengths.
func TestAgainstBoardSearch(t *testing.T) {
	r := gametest.Rand(t)
	const maxL = 14
	for range 12 {
		a, b, c := 1+r.IntN(5), 1+r.IntN(5), 1+r.IntN(5)
		var in strings.Builder
		fmt.Fprintf(&in, "%d %d %d\n%d\n", a, b, c, maxL+1)
		for L := 0; L <= maxL; L++ {
			fmt.Fprintln(&in, L)
		}
		var out, errb bytes.Buffer
		if status := run(strings.NewReader(in.String()), &out, &errb); status != 0 {
			t.Fatalf("%d %d %d: status %d: %s", a, b, c, status, errb.String())
		}
		got := strings.Fields(out.String())
		memo := map[uint32]bool{}
		for L := 0; L <= maxL; L++ {
			want := "2"
			if firstWins(uint32(1)<<L-1, []int{a, b, c}, memo) {
				want = "1"
			}
			if got[L] != want {
				t.Fatalf("stripes %d %d %d, L = %d: program says %s, board search %s", a, b, c, L, got[L], want)
			}
		}
	}
}

// firstWins reports whether the player to move wins on the board whose
// free fields are the set bits of free.
func firstWins(free uint32, sizes []int, memo map[uint32]bool) bool {
	if v, ok := memo[free]; ok {
		return v
	}
	win := false
	for _, k := range sizes {
		stripe := uint32(1)<<k - 1
		for at := 0; at+k <= 32 && !win; at++ {
			if s := stripe << at; free&s == s && !firstWins(free&^s, sizes, memo) {
				win = true
			}
		}
	}
	memo[free] = win
	return win
}
