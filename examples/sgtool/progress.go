package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/impartial-go/impartial/sg/sequence"
)

// quietEvery is the time between two progress lines on a standard error
// that is not a terminal, without -progress: a long run is never silent
// (a log shows it working), and a run shorter than quietEvery writes
// nothing. A variable so that tests can see lines at once.
var quietEvery = 10 * time.Second

// progressLine returns a function that shows one progress line on
// stderr, and one that ends the last line. On a terminal the line is
// rewritten in place, at each report; otherwise each report is a line of
// its own, "sgtool: " and the text: every report with force (-progress),
// else at most one every quietEvery, the first after quietEvery.
func progressLine(stderr io.Writer, force bool) (show func(string), end func()) {
	tty := false
	if f, ok := stderr.(*os.File); ok {
		st, err := f.Stat()
		tty = err == nil && st.Mode()&os.ModeCharDevice != 0
	}
	var mu sync.Mutex // show may be called from the computing goroutines
	shown := false
	last := time.Now() // of the last line shown, or of the start
	show = func(line string) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case tty:
			fmt.Fprintf(stderr, "\r%s   ", line)
		case force:
			fmt.Fprintln(stderr, "sgtool:", line)
		default:
			if now := time.Now(); now.Sub(last) >= quietEvery {
				last = now
				fmt.Fprintln(stderr, "sgtool:", line)
			}
		}
		shown = true
	}
	return show, func() {
		mu.Lock()
		defer mu.Unlock()
		if shown && tty {
			fmt.Fprintln(stderr)
		}
	}
}

// progress returns the options that report a value sequence's progress
// (see progressLine), and a function that ends the progress line. Each
// report is also given to each of also.
func progress(stderr io.Writer, force bool, also ...func(sequence.Progress)) ([]sequence.Option, func()) {
	show, end := progressLine(stderr, force)
	opt := sequence.WithProgress(min(time.Second, quietEvery), func(p sequence.Progress) {
		for _, f := range also {
			f(p)
		}
		show(fmt.Sprintf("%d/%d values, %.0f/s, %v, %v", p.Done, p.Target, p.PerSecond, p.Method, p.Elapsed.Round(time.Second)))
	})
	return []sequence.Option{opt}, end
}
