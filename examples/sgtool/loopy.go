package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/loopy"
	"github.com/impartial-go/impartial/sg/solve"
)

// loopyReport is the JSON printed by loopy; the field order is the key
// order. Outcome and Moves are left out when no vertex is given.
type loopyReport struct {
	Game    string      `json:"game"`
	Values  []string    `json:"values"`
	Sum     []int       `json:"sum,omitempty"`
	Outcome string      `json:"outcome,omitempty"`
	Moves   *[]loopMove `json:"moves,omitempty"`
}

// loopMove is one move of the sum: part Part (an index into the VERTEX
// list) goes from From to To, leaving a sum of value Result.
type loopMove struct {
	Part   int    `json:"part"`
	From   int    `json:"from"`
	To     int    `json:"to"`
	Result string `json:"result"`
}

// cmdLoopy is "sgtool loopy EDGES [VERTEX…]": the generalized
// Sprague–Grundy value of every vertex of a digraph that may have cycles
// (EDGES is its arcs, "0-1,1-0,1-2"; a loopy rule spec such as
// subadd:2,3/1/20 or windup:5/1,3 works too, its heap sizes being the
// vertices), and, when vertices are given, the outcome of the sum of tokens
// on them ("P", "N" or "D") with the moves that win (N) or keep the draw (D).
func cmdLoopy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	_, ops, err := splitArgs("loopy", args, nil)
	if err != nil {
		return err
	}
	if len(ops) == 0 {
		return badArg("loopy: want EDGES [VERTEX…], as in loopy 0-1,1-0,1-2 1 2")
	}
	l, err := parseLoopyGame(ops[0])
	if err != nil {
		return err
	}
	sol, err := solve.Loopy(ctx, l)
	if err != nil {
		return fmt.Errorf("loopy: %v: %w", l, err)
	}
	rep := loopyReport{Game: l.String(), Values: make([]string, l.NumPositions())}
	for v := range rep.Values {
		x, _ := sol.Value(v) // the solution is complete
		rep.Values[v] = x.String()
	}
	if len(ops) > 1 {
		parts := make([]loopy.Part, len(ops)-1)
		for i, s := range ops[1:] {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 || v >= l.NumPositions() {
				return badArg("loopy: bad VERTEX %q (vertex %d): want a vertex from 0 to %d", s, i, l.NumPositions()-1)
			}
			parts[i] = loopy.Part{Solution: sol, Vertex: v}
			rep.Sum = append(rep.Sum, v)
		}
		out, moves, err := loopy.Play(parts...)
		if err != nil {
			return err
		}
		rep.Outcome = out.String()
		ms := make([]loopMove, len(moves))
		for i, m := range moves {
			ms[i] = loopMove{Part: m.Part, From: m.From, To: m.To, Result: m.Result.String()}
		}
		rep.Moves = &ms
	}
	return writeJSON(stdout, rep)
}

// parseLoopyGame reads EDGES: a loopy rule spec when it has a colon, else
// a list of arcs.
func parseLoopyGame(s string) (*rulesets.Loopy, error) {
	var l *rulesets.Loopy
	var err error
	if strings.Contains(s, ":") {
		l, err = rulesets.ParseLoopy(s)
	} else {
		l, err = rulesets.ParseArcs(s)
	}
	if err != nil {
		return nil, badArg("loopy: bad EDGES: %v", strings.TrimPrefix(err.Error(), "rulesets: "))
	}
	return l, nil
}

// loopyRule returns the loopy rule that spec names (subadd:, windup: or
// digraph:), with ok false when spec names no loopy rule, so that values and
// value can hand loopy rules over; err names a bad argument of one.
func loopyRule(cmd, spec string) (l *rulesets.Loopy, ok bool, err error) {
	key, _, hasArg := strings.Cut(spec, ":")
	switch strings.ToLower(strings.TrimSpace(key)) {
	case "subadd", "windup", "digraph":
	default:
		return nil, false, nil
	}
	if !hasArg {
		return nil, false, nil
	}
	l, err = rulesets.ParseLoopy(spec)
	if err != nil {
		return nil, true, badArg("%s: bad GAME: %v", cmd, strings.TrimPrefix(err.Error(), "rulesets: "))
	}
	return l, true, nil
}

// loopyValueText formats a value as values and value print them: a finite
// value as its number, like every other rule, and ∞(K) as "∞{a,b}".
func loopyValueText(x loopy.Value) string {
	if n, ok := x.Nimber(); ok {
		return strconv.FormatUint(uint64(n), 10)
	}
	return x.String()
}

// valuesLoopy is "sgtool values GAME N" for a loopy rule: the values of
// heaps 0 … N-1 on one line. ops are values' operands, already checked to
// be two; handled is false when GAME is not a loopy rule.
func valuesLoopy(ctx context.Context, ops []string, stdout io.Writer) (handled bool, err error) {
	l, ok, err := loopyRule("values", ops[0])
	if !ok || err != nil {
		return ok, err
	}
	n, err := parseCount("values", "N", ops[1])
	if err != nil {
		return true, err
	}
	if n > l.NumPositions() {
		return true, badArg("values: %v has %d heap sizes (0 to %d), not %d", l, l.NumPositions(), l.NumPositions()-1, n)
	}
	sol, err := solve.Loopy(ctx, l)
	if err != nil {
		return true, fmt.Errorf("values of %v: %w", l, err)
	}
	var b strings.Builder
	for v := range n {
		if v > 0 {
			b.WriteByte(' ')
		}
		x, _ := sol.Value(v)
		b.WriteString(loopyValueText(x))
	}
	b.WriteByte('\n')
	_, err = io.WriteString(stdout, b.String())
	return true, err
}

// valueLoopy is "sgtool value GAME HEAP" for a loopy rule: the value of
// one heap. ops are value's operands, already checked to be two; handled
// is false when GAME is not a loopy rule.
func valueLoopy(ctx context.Context, ops []string, stdout io.Writer) (handled bool, err error) {
	l, ok, err := loopyRule("value", ops[0])
	if !ok || err != nil {
		return ok, err
	}
	heap, err := strconv.ParseUint(ops[1], 10, 64)
	if err != nil || heap >= uint64(l.NumPositions()) {
		return true, badArg("value: bad HEAP %q: %v has heap sizes 0 to %d", ops[1], l, l.NumPositions()-1)
	}
	sol, err := solve.Loopy(ctx, l)
	if err != nil {
		return true, fmt.Errorf("value of %v: %w", l, err)
	}
	x, _ := sol.Value(int(heap))
	_, err = fmt.Fprintln(stdout, loopyValueText(x))
	return true, err
}
