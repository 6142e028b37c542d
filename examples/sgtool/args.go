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
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/impartial-go/impartial/rulesets"
)

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// maxQuoted is the most characters of an argument that a message repeats.
const maxQuoted = 40

// quote returns s quoted for a message: whole when it has at most
// maxQuoted characters, else its first maxQuoted characters and its
// length, so that a huge argument cannot flood standard error.
func quote(s string) string {
	if utf8.RuneCountInString(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	i, n := 0, 0
	for i = range s {
		if n == maxQuoted {
			break
		}
		n++
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:i]), len(s))
}

// splitArgs separates the flags of a subcommand from its operands. flags
// maps each accepted flag name to whether it takes a value; "-name value",
// "-name=value" and "--name" are accepted, anywhere on the line. A word
// starting with "-" and a digit is an operand (and, as a heap or count, is
// rejected later with its own message).
func splitArgs(cmd string, args []string, flags map[string]bool) (map[string]string, []string, error) {
	set := map[string]string{}
	var operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' || (a[1] >= '0' && a[1] <= '9') {
			operands = append(operands, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		name, value, hasValue := strings.Cut(name, "=")
		takes, ok := flags[name]
		if !ok {
			return nil, nil, badArg("%s: unknown flag %s", cmd, quote(a))
		}
		if takes && !hasValue {
			if i+1 >= len(args) {
				return nil, nil, badArg("%s: flag %s needs a value", cmd, quote(a))
			}
			i++
			value = args[i]
		}
		if !takes && hasValue {
			return nil, nil, badArg("%s: flag %s takes no value", cmd, quote(a))
		}
		set[name] = value
	}
	return set, operands, nil
}

func parseGame(cmd, spec string) (rulesets.Ruleset, error) {
	r, err := rulesets.Parse(spec)
	var se *rulesets.SyntaxError
	switch {
	case err == nil:
		return r, nil
	case errors.As(err, &se):
		// The parser's message, with the spec and the token shortened.
		where := ""
		switch {
		case se.Token != "" && se.Pos > 0:
			where = fmt.Sprintf("%s at position %d: ", quote(se.Token), se.Pos)
		case se.Token != "":
			where = quote(se.Token) + ": "
		case se.Pos > 0:
			where = fmt.Sprintf("at position %d: ", se.Pos)
		}
		msg := se.Msg
		if len(msg) > 4*maxQuoted+200 {
			msg = msg[:200] + "…"
		}
		return nil, badArg("%s: bad GAME: %s: %s%s", cmd, quote(se.Spec), where, msg)
	}
	return nil, badArg("%s: bad GAME %s: %v", cmd, quote(spec), err)
}

func parseCount(cmd, what, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > maxValues {
		return 0, badArg("%s: bad %s %s: want a whole number from 0 to %d", cmd, what, quote(s), maxValues)
	}
	return n, nil
}
