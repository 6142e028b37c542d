package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/impartial-go/impartial/sg/sequence"
)

// progressLine returns a function that shows one progress line on
// stderr, when it is a terminal or force is set (-progress), and one that
// ends the last line; show is nil when nothing is to be shown. On a
// terminal the line is rewritten in place; otherwise each report is a
// line of its own.
func progressLine(stderr io.Writer, force bool) (show func(string), end func()) {
	tty := false
	if f, ok := stderr.(*os.File); ok {
		st, err := f.Stat()
		tty = err == nil && st.Mode()&os.ModeCharDevice != 0
	}
	if !tty && !force {
		return nil, func() {}
	}
	shown := false
	show = func(line string) {
		shown = true
		if tty {
			fmt.Fprintf(stderr, "\r%s   ", line)
		} else {
			fmt.Fprintln(stderr, "sgtool:", line)
		}
	}
	return show, func() {
		if shown && tty {
			fmt.Fprintln(stderr)
		}
	}
}

// progress returns the options that report a value sequence's progress
// (see progressLine), and a function that ends the progress line.
func progress(stderr io.Writer, force bool) ([]sequence.Option, func()) {
	show, end := progressLine(stderr, force)
	if show == nil {
		return nil, end
	}
	opt := sequence.WithProgress(time.Second, func(p sequence.Progress) {
		show(fmt.Sprintf("%d/%d values, %.0f/s, %v, %v", p.Done, p.Target, p.PerSecond, p.Method, p.Elapsed.Round(time.Second)))
	})
	return []sequence.Option{opt}, end
}
