// Command ore solves the programming-contest problem "ore transport"
// (矿物运输), a game of staircase Nim on a tree. In the statement Jim and
// Swan move ore between mines, Jim first.
//
// Mines form a tree rooted at mine 0; mine i holds val[i] units of ore. Two
// players take turns; a move sends at least one unit from a mine to its
// parent; the player who cannot move loses. For each test case ore prints
// "win" when the first player wins with best play and "lose" otherwise.
// The position is lost exactly when the XOR of the values at odd depth is
// 0 (see package nim, [nim.TreeOutcome]).
//
// The input is as in the problem statement: the number of cases T; then
// per case n, the n-1 parents fa[1] … fa[n-1], and the n values val[0] …
// val[n-1], all separated by white space. The statement promises T ≤ 30,
// 1 ≤ n ≤ 200000, 0 ≤ fa[i] < i and 0 ≤ val[i] < 10^9. The program
// checks 1 ≤ n ≤ 200000 and 0 ≤ fa[i] < n, accepts any parents that form
// a tree rooted at 0 (fa[i] < i is not needed), and values up to 10^18.
//
// A number is a word of decimal digits. Leading zeros are allowed and not
// counted: a word of ten million zeros is the number 0, and "007" is 7.
// After its leading zeros a number may have at most 19 digits; a longer
// word is refused as soon as its 20th such digit is read, so ore never
// reads or keeps more of it: memory grows with n and the number of cases,
// never with the length of a word.
//
// The input is streamed through a hand-written scanner with no allocation
// per number. Malformed input (a token that is not a nonnegative integer,
// a missing or extra token, n or a parent out of range, parents that form
// a cycle) makes ore print one line naming the case, the token and its
// line to standard error and exit with status 1; nothing is printed to
// standard output, because the answers are written only at the end.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"

	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
)

// Limits of the input.
const (
	maxN     = 200_000
	maxValue = 1_000_000_000_000_000_000 // 10^18, beyond the statement's 10^9

	// maxDigits is the most digits a number may have after its leading
	// zeros: every number up to maxValue fits, and no such number can
	// overflow a uint64. A longer word is refused at its next digit.
	maxDigits = 19
	// tokMax is the most bytes of a bad token kept for its message; the
	// message quotes 40 of them and marks a longer token with "…".
	tokMax = 41
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ore:", err)
		os.Exit(1)
	}
}

// run solves every case of in and writes the answers to out, all at once
// at the end, so that malformed input produces no output at all.
func run(in io.Reader, out io.Writer) error {
	s := newScanner(in)
	numCases, err := s.number(0, maxValue)
	if err != nil {
		return s.errorf(err, "the number of cases T")
	}
	var (
		answers []byte
		parent  []int
		values  []uint64
		tree    nim.Tree
	)
	for c := uint64(1); c <= numCases; c++ {
		n, err := s.number(1, maxN)
		if err != nil {
			return s.errorf(err, "case %d: n (1 to %d)", c, maxN)
		}
		// Every entry is written below, so the old contents may stay.
		parent = slices.Grow(parent[:0], int(n))[:n]
		values = slices.Grow(values[:0], int(n))[:n]
		parent[0] = -1
		for i := 1; i < int(n); i++ {
			p, err := s.number(0, n-1)
			if err != nil {
				return s.errorf(err, "case %d: fa[%d] (0 to n-1 = %d)", c, i, n-1)
			}
			parent[i] = int(p)
		}
		for i := range values {
			if values[i], err = s.number(0, maxValue); err != nil {
				return s.errorf(err, "case %d: val[%d] (0 to 10^18)", c, i)
			}
		}
		if err := tree.Reset(parent); err != nil {
			return fmt.Errorf("case %d: the parents fa[1..%d] do not form a tree rooted at 0: %w", c, n-1, err)
		}
		o, err := nim.TreeOutcome(&tree, values)
		if err != nil {
			return fmt.Errorf("case %d: %w", c, err) // unreachable: values ≥ 0, len n
		}
		if o == sg.N {
			answers = append(answers, "win\n"...)
		} else {
			answers = append(answers, "lose\n"...)
		}
	}
	if err := s.end(); err != nil {
		return s.errorf(err, "after case %d", numCases)
	}
	_, err = out.Write(answers)
	return err
}

// Why a token was rejected; scanner.errorf adds the token and its line.
var (
	errRange   = errors.New("is out of range")
	errLong    = errors.New("is out of range: more than 19 digits after its leading zeros")
	errSyntax  = errors.New("is not a nonnegative integer")
	errMissing = errors.New("is missing: the input ends")
	errExtra   = errors.New("unexpected token")
)

// scanner reads decimal numbers separated by white space straight out of
// a bufio.Reader's buffer, with no allocation per number.
type scanner struct {
	r     *bufio.Reader
	buf   []byte // the reader's buffered bytes, not yet discarded
	pos   int    // next byte of buf to read
	lines int    // newlines in the input before buf
	tok   []byte // the start of the last token (tokMax bytes at most), on errors only
	err   error  // a read error other than io.EOF
}

func newScanner(in io.Reader) *scanner {
	return &scanner{r: bufio.NewReaderSize(in, 1<<16)}
}

// fill makes more input available in buf, keeping buf[keep:] (the part of
// a token read so far) in s.tok. It reports false at the end of input.
func (s *scanner) fill(keep int) bool {
	if keep < len(s.buf) {
		s.keep(s.buf[keep:])
	}
	s.lines += bytes.Count(s.buf, newline)
	if _, err := s.r.Discard(len(s.buf)); err != nil {
		s.err = err
		return false
	}
	s.buf, s.pos = nil, 0
	if _, err := s.r.Peek(1); err != nil {
		if err != io.EOF {
			s.err = err
		}
		return false
	}
	s.buf, _ = s.r.Peek(s.r.Buffered())
	return true
}

// skipSpace moves past white space (any byte up to ' ') and reports
// whether a token follows.
func (s *scanner) skipSpace() bool {
	for {
		for s.pos < len(s.buf) {
			c := s.buf[s.pos]
			if c > ' ' {
				return true
			}
			s.pos++
		}
		if !s.fill(len(s.buf)) {
			return false
		}
	}
}

// number reads the next token as a decimal integer from lo to hi.
func (s *scanner) number(lo, hi uint64) (uint64, error) {
	// Fast path, in local variables: the token and the white space after
	// it are in the buffer, and the number is good.
	buf, pos := s.buf, s.pos
	for pos < len(buf) && buf[pos] <= ' ' {
		pos++
	}
	start := pos
	var v uint64
	for ; pos < len(buf); pos++ {
		d := buf[pos] - '0'
		if d > 9 {
			break
		}
		v = v*10 + uint64(d)
	}
	// v-lo <= hi-lo is lo <= v && v <= hi in one comparison: below lo,
	// v-lo wraps round to more than hi-lo.
	if pos < len(buf) && buf[pos] <= ' ' && pos > start && pos-start <= 19 && v-lo <= hi-lo {
		s.pos = pos
		return v, nil
	}
	return s.numberSlow(lo, hi)
}

// numberSlow is number when the token may cross the end of the buffer, or
// is bad. It reads at most maxDigits significant digits of a word before
// refusing it, and keeps at most tokMax bytes of it for the message, so an
// over-long word costs neither memory nor the time to read it whole.
// Leading zeros are skipped without limit: a word of any number of zeros
// is the number 0.
func (s *scanner) numberSlow(lo, hi uint64) (uint64, error) {
	s.tok = s.tok[:0]
	if !s.skipSpace() {
		return 0, errMissing
	}
	var v uint64
	digits, significant := 0, 0
	start := s.pos
	for {
		for s.pos < len(s.buf) {
			d := s.buf[s.pos] - '0'
			if d > 9 {
				goto done
			}
			digits++
			if v != 0 || d != 0 {
				significant++
				if significant > maxDigits {
					s.readToken(start)
					return 0, errLong
				}
			}
			v = v*10 + uint64(d)
			s.pos++
		}
		more := s.fill(start)
		start = 0 // fill moved buf[start:] to s.tok
		if !more {
			break
		}
	}
	if s.err != nil {
		return 0, s.err // the token may have been cut short
	}
done:
	// A number ends at white space or at the end of the input.
	if s.pos < len(s.buf) && s.buf[s.pos] > ' ' || digits == 0 {
		s.readToken(start)
		return 0, errSyntax
	}
	if v < lo || v > hi { // maxDigits digits cannot overflow a uint64
		s.readToken(start)
		return 0, errRange
	}
	return v, nil
}

// keep appends b to s.tok, up to tokMax bytes in all.
func (s *scanner) keep(b []byte) {
	if room := tokMax - len(s.tok); room > 0 {
		s.tok = append(s.tok, b[:min(len(b), room)]...)
	}
}

// readToken collects more of the current token, which began at buf[start],
// into s.tok for an error message, until s.tok holds tokMax bytes or the
// token ends. It stops there: the rest of a long token is never read.
func (s *scanner) readToken(start int) {
	for {
		for s.pos < len(s.buf) && s.buf[s.pos] > ' ' && len(s.tok)+s.pos-start < tokMax {
			s.pos++
		}
		if s.pos < len(s.buf) || len(s.tok)+s.pos-start >= tokMax {
			break
		}
		more := s.fill(start)
		start = 0
		if !more {
			break
		}
	}
	s.keep(s.buf[start:s.pos])
}

// end checks that only white space is left, up to the end of the input
// rather than a read error.
func (s *scanner) end() error {
	s.tok = s.tok[:0]
	if !s.skipSpace() {
		return s.err
	}
	s.readToken(s.pos)
	return errExtra
}

var newline = []byte{'\n'}

// line returns the number of the line being read, from 1. Lines are
// counted only when needed, a buffer at a time, to keep the scan fast.
func (s *scanner) line() int {
	return 1 + s.lines + bytes.Count(s.buf[:s.pos], newline)
}

// errorf describes the token just read, which failed with err.
func (s *scanner) errorf(err error, format string, args ...any) error {
	what := fmt.Sprintf(format, args...)
	if s.err != nil {
		return fmt.Errorf("%s: reading line %d: %w", what, s.line(), s.err)
	}
	tok := string(s.tok)
	if len(tok) > 40 {
		tok = tok[:40] + "…"
	}
	switch err {
	case errMissing:
		return fmt.Errorf("%s %w at line %d", what, err, s.line())
	case errExtra:
		return fmt.Errorf("%s: %w %s at line %d", what, err, strconv.Quote(tok), s.line())
	}
	return fmt.Errorf("%s: %s %w (line %d)", what, strconv.Quote(tok), err, s.line())
}
