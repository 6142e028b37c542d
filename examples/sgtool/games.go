package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/impartial-go/impartial/rulesets"
)

// cmdGames is "sgtool games [NAME]": with no operand it lists every GAME
// spec of the rulesets catalogue, one a line with its kind and doc; with a
// NAME it describes that entry and its published values with their
// sources. values, period and value take the specs of kind heap.
func cmdGames(_ context.Context, args []string, stdout, _ io.Writer) error {
	_, ops, err := splitArgs("games", args, nil)
	if err != nil {
		return err
	}
	switch len(ops) {
	case 0:
		_, err := fmt.Fprintf(stdout, "GAME specs (heap: for values, period and value; every kind: for eval):\n%s", rulesets.Help())
		return err
	case 1:
	default:
		return badArg("games: want at most one NAME, got %d operands", len(ops))
	}
	e, ok := rulesets.Lookup(ops[0])
	if !ok {
		return badArg("games: no game named %q (want one of %s)", ops[0], strings.Join(rulesets.Names(), ", "))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s  (%s)\n%s\n", e.Syntax, e.Kind, e.Doc)
	for _, k := range e.Known {
		fmt.Fprintf(&b, "  %s: %s\n    (%s)\n", k.Spec, k.Values, k.Source)
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}
