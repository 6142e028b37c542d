package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/solve"
)

// evalReport is the JSON printed by eval; the field order is the key
// order.
type evalReport struct {
	Game string `json:"game"`
	// Kind is the spec's kind: heap, board or loopy.
	Kind string `json:"kind"`
	// Engine is the way the value was found: formula, period or computed
	// for a heap rule, search or rules for a board, loopy for a loopy
	// game.
	Engine string `json:"engine"`
	// Position is the position valued, as given ([] for a board's start
	// position).
	Position []string `json:"position"`
	// Value is the value written as a nimber ("0", "*3") or, for a loopy
	// game, an infinite value ("∞{0,1}"); Nimber is the finite value as a
	// number, null when it is infinite.
	Value   string  `json:"value"`
	Nimber  *uint64 `json:"nimber"`
	Outcome string  `json:"outcome"`
	// Moves are the winning moves in the game's notation (for a loopy
	// draw, the moves that keep it), [] for a P-position.
	Moves []string `json:"moves"`
}

// cmdEval is `sgtool eval SPEC [POSITION…] [-mem BYTES] [-workers N]
// [-max N]`: the value, outcome and winning moves of a position of any
// game that sgtool games lists, as one JSON object, the engine chosen by
// the spec's kind (package sg/solve's Eval). A heap rule takes the heap
// sizes ("3 4 5" or "3,4,5"), valued by its formula, a certified period
// or the values computed (at most -max of them, default 2^16); a move is
// written "7>2+4" (a heap of 7 becomes heaps of 2 and 4; "7>0" takes it
// whole). A board (cram:, nodekayles:, chomp:, coins:, coins2:,
// hackenbush:) takes no position: its start position is valued, by a
// search (-mem, -workers, as for solve) or by its rules, and its moves are
// written as solve writes them (a coin move as the coins it turns,
// "7+2"; a Hackenbush cut as its edge, "1-2"). A loopy game takes one or
// more of its positions, a sum, whose outcome may be D (a draw).
func cmdEval(ctx context.Context, args []string, stdout, _ io.Writer) error {
	flags, ops, err := splitArgs("eval", args, map[string]bool{"mem": true, "workers": true, "max": true})
	if err != nil {
		return err
	}
	if len(ops) == 0 {
		return badArg("eval: want SPEC [POSITION…] [-mem BYTES] [-workers N] [-max N]")
	}
	r, err := rulesets.ParseRules(ops[0])
	if err != nil {
		return badArg("eval: bad SPEC: %s", strings.TrimPrefix(err.Error(), "rulesets: "))
	}
	opts, err := evalOptions(flags)
	if err != nil {
		return err
	}
	var position []string
	for _, a := range ops[1:] {
		for w := range strings.SplitSeq(a, ",") {
			if w = strings.TrimSpace(w); w != "" {
				position = append(position, w)
			}
		}
	}
	res, err := solve.Eval(ctx, r, position, opts...)
	var pe *solve.PositionError
	switch {
	case errors.As(err, &pe):
		return badArg("eval: bad POSITION: %s", strings.TrimPrefix(err.Error(), "solve: "))
	case err != nil:
		return err
	}
	rep := evalReport{Game: res.Spec, Kind: res.Kind.String(), Engine: string(res.Engine), Position: position,
		Value: res.Value.String(), Outcome: res.Outcome.String(), Moves: res.Moves}
	if rep.Position == nil {
		rep.Position = []string{}
	}
	if n, ok := res.Value.Nimber(); ok {
		x := uint64(n)
		rep.Nimber = &x
	}
	// The moves hold '>', which json.Marshal would escape for HTML.
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	return enc.Encode(rep)
}

// evalOptions reads eval's flags: -mem and -workers for a search, -max
// for a heap rule's values.
func evalOptions(flags map[string]string) ([]solve.Option, error) {
	mem, err := memBytes("eval", flags, search.DefaultMemory, search.MinMemory)
	if err != nil {
		return nil, err
	}
	sopts := []search.Option{search.WithMemory(mem)}
	if s, ok := flags["workers"]; ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxWorkers {
			return nil, badArg("eval: bad -workers %q: want a whole number from 1 to %d", s, maxWorkers)
		}
		sopts = append(sopts, search.WithWorkers(n))
	}
	opts := []solve.Option{solve.WithSearch(sopts...)}
	if s, ok := flags["max"]; ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxValues {
			return nil, badArg("eval: bad -max %q: want a whole number from 1 to %d", s, maxValues)
		}
		opts = append(opts, solve.WithMaxValues(n))
	}
	return opts, nil
}
