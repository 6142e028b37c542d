// Command sgtool computes Sprague–Grundy values of heap games from the
// command line, for teaching, scripts and programs in other languages.
//
// Usage:
//
//	sgtool values GAME N            G(0) … G(N-1) on one line
//	sgtool period GAME [-max N]     preperiod, period, saltus as JSON
//	sgtool value GAME HEAP [-max N] G(HEAP), for any heap up to 2^64-1 once a
//	                                period is certified (or a formula is known);
//	                                at most HEAP+1 values are computed
//	sgtool nim [-misere] A B C…     nim-sum, outcome and winning moves as JSON
//
// GAME is a spec read by rulesets.Parse: a take-and-break code (.07, 0.137,
// 4.07, 0.[3]), sub:1,3,4, bash:M, allbut:1,2, odd, fib, adjacent:A,B,C,
// anywhere:K, or a name: nim, kayles, dawson, grundy, lasker.
//
// Exit status: 0 on success, 1 when the computation fails or is
// interrupted, or when G(HEAP) does not fit in 64 bits (Lasker's Nim at
// 2^64-1), 2 for a bad argument (with a one-line message naming it), 3
// when period finds no period within -max values (the JSON is still
// printed, with "period": 0) or value cannot reach the heap asked for.
// Progress goes to standard error when it is a terminal, or always with
// -progress (one line a second, for logs and CI).
//
// -max defaults to 2^28 values for take-and-break codes with a finite
// largest removal (period stops as soon as the Guy–Smith theorem certifies
// a period, so .16, .56, .127, .376 and .354 finish in seconds) and to
// 2^16 for other rules, whose periods can only be observed. A code with no
// period in reach runs to the full 2^28 values: with the sparse engine
// that takes from minutes to hours (use -progress to watch, Ctrl-C to
// stop). Rules with a formula (nim, lasker, odd, adjacent, anywhere,
// bash:M) give value in O(1) and, when no theorem certifies their period,
// period observes it in their first -max values, computed from the
// formula.
//
// values computes only up to a certified period, and reads the values past
// it from the period, each in O(1), writing them as it goes: values .07
// 1000000 takes milliseconds, in constant memory.
package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/impartial-go/impartial/sg/sequence"
)

// progress returns the options that report progress on stderr, when it is
// a terminal or force is set (-progress), and a function that ends the
// progress line. On a terminal the line is rewritten in place; otherwise
// each report is a line of its own.
func progress(stderr io.Writer, force bool) ([]sequence.Option, func()) {
	tty := false
	if f, ok := stderr.(*os.File); ok {
		st, err := f.Stat()
		tty = err == nil && st.Mode()&os.ModeCharDevice != 0
	}
	if !tty && !force {
		return nil, func() {}
	}
	shown := false
	opt := sequence.WithProgress(time.Second, func(p sequence.Progress) {
		shown = true
		line := fmt.Sprintf("%d/%d values, %.0f/s, %v, %v", p.Done, p.Target, p.PerSecond, p.Method, p.Elapsed.Round(time.Second))
		if tty {
			fmt.Fprintf(stderr, "\r%s   ", line)
		} else {
			fmt.Fprintln(stderr, "sgtool:", line)
		}
	})
	return []sequence.Option{opt}, func() {
		if shown && tty {
			fmt.Fprintln(stderr)
		}
	}
}
