// Command tour is a guided walk through the theory of impartial games,
// with every example computed by the library: P- and N-positions from the
// definition, Bouton's theorem for Nim, the Sprague–Grundy function and
// the theorem for sums, staircase Nim, the mex table of a take-and-break
// game and periodicity. Each step is a function named for what it shows,
// and a program of its own would call the library the same way.
//
//	go run ./examples/tour
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: tour\n\nThe tour takes no flags and no arguments: it prints a walk through the\ntheory of impartial games, every example computed by the library.")
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	w := bufio.NewWriter(os.Stdout)
	err := run(w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tour:", err)
		os.Exit(1)
	}
}
