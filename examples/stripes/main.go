// Command stripes solves POI 2000 "Stripes" (Paski), the seed notes' game
// D: a strip of L fields, and stripes of lengths A, B and C; the players
// in turn lay a stripe on free consecutive fields, and the player who
// cannot lay one loses. Laying a stripe of length k on a run of free fields
// is taking k adjacent stones from a row, so the game is the octal game
// with digit 7 at A, B and C (rulesets.Stripes).
//
// Input on standard input: "A B C", then m, then m lines each with a strip
// length L. Output: one line per strip, 1 when the first player wins and 2
// when the second does.
//
//	$ printf '1 5 1\n3\n1\n5\n6\n' | stripes
//	1
//	1
//	2
//
// Strips may be as long as 2^64-1: values come from the game's certified
// period (package sg), computed once for all the strips. A malformed input
// is reported on one line naming the bad token and its line, with exit
// status 2; a strip too long for the values computed gives exit status 3.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// maxStripe bounds A, B and C (a rule stores one digit per length).
const maxStripe = 1 << 16

// maxCompute is the most values computed when looking for a period.
const maxCompute = 1 << 20

func main() {
	os.Exit(run(os.Stdin, os.Stdout, os.Stderr))
}

type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

var errTooLong = errors.New("strip too long")

func run(stdin io.Reader, stdout, stderr io.Writer) int {
	err := solve(context.Background(), stdin, stdout)
	var ie *inputError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ie):
		fmt.Fprintln(stderr, "stripes:", err)
		return 2
	case errors.Is(err, errTooLong):
		fmt.Fprintln(stderr, "stripes:", err)
		return 3
	}
	fmt.Fprintln(stderr, "stripes:", err)
	return 1
}

// tokens reads whitespace-separated words with their line numbers.
type tokens struct {
	sc   *bufio.Scanner
	line int
	buf  []string
}

func (t *tokens) next(what string) (string, int, error) {
	for len(t.buf) == 0 {
		if !t.sc.Scan() {
			if err := t.sc.Err(); err != nil {
				return "", 0, err
			}
			return "", 0, &inputError{fmt.Sprintf("line %d: missing %s (unexpected end of input)", t.line+1, what)}
		}
		t.line++
		t.buf = strings.Fields(t.sc.Text())
	}
	w := t.buf[0]
	t.buf = t.buf[1:]
	return w, t.line, nil
}

func (t *tokens) number(what string, lo, hi uint64) (uint64, error) {
	w, line, err := t.next(what)
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseUint(w, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, &inputError{fmt.Sprintf("line %d: bad %s %q: want a whole number from %d to %d", line, what, w, lo, hi)}
	}
	return n, nil
}

func solve(ctx context.Context, stdin io.Reader, stdout io.Writer) error {
	t := &tokens{sc: bufio.NewScanner(stdin)}
	var abc [3]int
	for i, name := range []string{"A", "B", "C"} {
		n, err := t.number("stripe length "+name, 1, maxStripe)
		if err != nil {
			return err
		}
		abc[i] = int(n)
	}
	m, err := t.number("number of strips m", 0, 1<<24)
	if err != nil {
		return err
	}
	lengths := make([]uint64, m)
	var longest uint64
	for i := range lengths {
		L, err := t.number(fmt.Sprintf("strip length L (strip %d)", i+1), 0, ^uint64(0))
		if err != nil {
			return err
		}
		lengths[i] = L
		longest = max(longest, L)
	}
	rule, err := rulesets.Stripes(abc[0], abc[1], abc[2])
	if err != nil {
		return err
	}
	n := maxCompute
	if longest < uint64(n) {
		n = int(longest) + 1
	}
	seq, per, err := sg.Period(ctx, rule, n)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	for _, L := range lengths {
		v, ok := per.ValueAt(seq, L)
		if !ok {
			return fmt.Errorf("%w: L = %d, but stripes %d %d %d have no certified period in %d values", errTooLong, L, abc[0], abc[1], abc[2], seq.Len())
		}
		if v != 0 {
			w.WriteString("1\n")
		} else {
			w.WriteString("2\n")
		}
	}
	return w.Flush()
}
