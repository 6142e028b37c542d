package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
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
// "-name=value" and "--name" are accepted, anywhere on the line. The file
// of -checkpoint is checked at once (checkCheckpoint), before any work. A word
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
		if name == "checkpoint" {
			if err := checkCheckpoint(cmd, value); err != nil {
				return nil, nil, err
			}
		}
		set[name] = value
	}
	return set, operands, nil
}

// checkCheckpoint returns a usage error naming path when a run could not
// save a checkpoint there: an empty name, a directory, or a file whose
// directory does not exist or cannot be written (tried by creating and
// removing an empty file in it). A file that exists already is kept: the
// run resumes from it.
func checkCheckpoint(cmd, path string) error {
	if path == "" {
		return badArg("%s: bad -checkpoint \"\": want a file name", cmd)
	}
	bad := func(why string, args ...any) error {
		return badArg("%s: bad -checkpoint %s: %s", cmd, quote(path), fmt.Sprintf(why, args...))
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return bad("a directory, want a file name")
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return bad("%v", pathErr(err))
	}
	dir := filepath.Dir(path)
	st, err = os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return bad("the directory %s does not exist", quote(dir))
	case err != nil:
		return bad("the directory %s: %v", quote(dir), pathErr(err))
	case !st.IsDir():
		return bad("%s is not a directory", quote(dir))
	}
	f, err := os.CreateTemp(dir, ".sgtool-check-*")
	if err != nil {
		return bad("cannot write in the directory %s: %v", quote(dir), pathErr(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// pathErr returns the reason of a file system error, without the path
// that the message names already.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
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
