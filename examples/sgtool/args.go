package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/examples/internal/clip"
	"github.com/impartial-go/impartial/rulesets"
)

// quote returns s quoted for a message, cut when long (clip.Quote): a
// huge argument cannot flood standard error, and the cut falls on a
// character boundary.
func quote(s string) string { return clip.Quote(s) }

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
		// The parser's message, with the spec and the token shortened;
		// a token that is the whole spec is not repeated.
		where := ""
		token := se.Token != "" && strings.TrimSpace(se.Token) != strings.TrimSpace(se.Spec)
		switch {
		case token && se.Pos > 0:
			where = fmt.Sprintf("%s at position %d: ", quote(se.Token), se.Pos)
		case token:
			where = quote(se.Token) + ": "
		case se.Pos > 0 && se.Token == "":
			where = fmt.Sprintf("at position %d: ", se.Pos)
		}
		return nil, badArg("%s: bad GAME: %s: %s%s", cmd, quote(se.Spec), where, clip.Message(se.Msg))
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
