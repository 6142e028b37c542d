// Command stripes solves "Stripes" (Paski), a problem of the Polish
// Olympiad in Informatics (POI 2000): a strip of L fields, and stripes of
// lengths A, B and C; the players in turn lay a stripe on free consecutive
// fields, and the player who cannot lay one loses. Laying a stripe of
// length k on a run of free fields is taking k adjacent stones from a row,
// so the game is the octal game with digit 7 at A, B and C
// (rulesets.Stripes).
//
// Input on standard input: "A B C", then m (at most 2^24), then m lines
// each with a strip length L; any white space separates the numbers, so
// they may as well all be on one line, however long. Output: one line per
// strip, 1 when the first player wins and 2 when the second does.
//
//	$ printf '1 5 1\n3\n1\n5\n6\n' | stripes
//	1
//	1
//	2
//
// Strips may be as long as 2^64-1: values come from the game's certified
// period (package sg), computed once for all the strips. A malformed input,
// including a word left after the last strip, is reported on one line
// naming the bad token and its line, with exit status 2.
//
// The values are computed for at most a time limit, one minute unless the
// flag -time sets another (-time 0: no limit); while they are computed, a
// progress line goes to standard error every 5 seconds. Long stripes make
// the values costly (the time grows with the square of the strip lengths
// past the longest stripe: for stripes 65536 65535 65534 the values up to
// 200000 take seconds, and a certified period far longer). A
// strip beyond the values computed in time, or beyond 2^20 values when the
// game has no period certified by then, gives exit status 3 and a message
// saying how far the values reached, for example
//
//	$ printf '65536 65535 65534\n1\n18446744073709551615\n' | stripes -time 2s
//	stripes: strip too long: L = 18446744073709551615 (strip 1) is past the 83012 values computed for stripes 65536 65535 65534 in the time limit 2s, and they have no certified period
//
// where the number of values depends on the machine.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/sequence"
)

// maxStripe bounds A, B and C (a rule stores one digit per length).
const maxStripe = 1 << 16

// maxStrips bounds m, the number of strips.
const maxStrips = 1 << 24

// maxCompute is the most values computed when looking for a period (a
// variable so that the fuzz test can lower it).
var maxCompute = 1 << 20

// timeLimit bounds the time spent computing values (0: no limit), and
// progressEvery is the time between progress lines on standard error.
var (
	timeLimit     = time.Minute
	progressEvery = 5 * time.Second
)

func main() {
	flag.DurationVar(&timeLimit, "time", timeLimit, "the most time spent computing values (0: no limit)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: stripes [-time duration] < input")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 || timeLimit < 0 {
		flag.Usage()
		os.Exit(2)
	}
	os.Exit(run(os.Stdin, os.Stdout, os.Stderr))
}

type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

var errTooLong = errors.New("strip too long")

func run(stdin io.Reader, stdout, stderr io.Writer) int {
	err := solve(context.Background(), stdin, stdout, stderr)
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

// tokens reads whitespace-separated words with their line numbers, byte by
// byte, so that a line may be as long as the input (all the strips may be
// on one line).
type tokens struct {
	r    *bufio.Reader
	line int    // line of the next byte, from 1
	word []byte // the word being read, reused
}

// maxWord is the longest word kept: a longer one cannot be a number, and
// is quoted cut to this length.
const maxWord = 64

// next returns the next word and its line, or an input error naming what
// was expected at the end of the input.
func (t *tokens) next(what string) (string, int, error) {
	t.word = t.word[:0]
	line, long := 0, false // line 0: no byte of the word read yet
	for {
		c, err := t.r.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", 0, err
		}
		if c == ' ' || c == '\n' || ('\t' <= c && c <= '\r') {
			if c == '\n' {
				t.line++
			}
			if line > 0 {
				break
			}
			continue
		}
		if line == 0 {
			line = t.line
		}
		if len(t.word) < maxWord {
			t.word = append(t.word, c)
		} else {
			long = true
		}
	}
	if line == 0 {
		return "", 0, &inputError{fmt.Sprintf("line %d: missing %s (unexpected end of input)", t.line, what)}
	}
	w := string(t.word)
	if long {
		w += "…"
	}
	return w, line, nil
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

func solve(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) error {
	t := &tokens{r: bufio.NewReader(stdin), line: 1}
	var abc [3]int
	for i, name := range []string{"A", "B", "C"} {
		n, err := t.number("stripe length "+name, 1, maxStripe)
		if err != nil {
			return err
		}
		abc[i] = int(n)
	}
	m, err := t.number("number of strips m", 0, maxStrips)
	if err != nil {
		return err
	}
	// The strips are appended as they are read: m alone, which may be a
	// typo, allocates nothing.
	var lengths []uint64
	var longest uint64
	for i := range m {
		L, err := t.number(fmt.Sprintf("strip length L (strip %d)", i+1), 0, ^uint64(0))
		if err != nil {
			return err
		}
		lengths = append(lengths, L)
		longest = max(longest, L)
	}
	if w, line, err := t.next(""); err == nil {
		return &inputError{fmt.Sprintf("line %d: unexpected %q after the last strip (m = %d)", line, w, m)}
	} else if _, ok := err.(*inputError); !ok {
		return err // a read error
	}
	rule, err := rulesets.Stripes(abc[0], abc[1], abc[2])
	if err != nil {
		return err
	}
	n := maxCompute
	if longest < uint64(n) {
		n = int(longest) + 1
	}
	limit := ""
	if timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeLimit)
		defer cancel()
		limit = fmt.Sprintf(" in the time limit %v", timeLimit)
	}
	progress := sequence.WithProgress(progressEvery, func(p sequence.Progress) {
		fmt.Fprintf(stderr, "stripes: %d values of stripes %d %d %d computed in %v (looking for a period, up to %d values)\n",
			p.Done, abc[0], abc[1], abc[2], p.Elapsed.Round(time.Second), n)
	})
	seq, per, err := sequence.Period(ctx, rule, n, progress)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if err == nil {
		limit = "" // the values reached the bound, or a period, in time
	}
	w := bufio.NewWriter(stdout)
	for i, L := range lengths {
		v, ok := per.ValueAt(seq, L)
		if !ok {
			return fmt.Errorf("%w: L = %d (strip %d) is past the %d values computed for stripes %d %d %d%s, and they have no certified period",
				errTooLong, L, i+1, seq.Len(), abc[0], abc[1], abc[2], limit)
		}
		if v != 0 {
			w.WriteString("1\n")
		} else {
			w.WriteString("2\n")
		}
	}
	return w.Flush()
}
