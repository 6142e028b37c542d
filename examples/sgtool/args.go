package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// writeJSON writes v to w as one line of JSON, the output of every command
// that prints an object.
func writeJSON(w io.Writer, v any) error {
	out, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", out)
	return err
}
