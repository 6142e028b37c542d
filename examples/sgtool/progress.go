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
