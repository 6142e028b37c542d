package main

import (
	"context"
	"io"
	"strings"

	"github.com/impartial-go/impartial/rulesets"
)

// hackenbushReport is the JSON printed by hackenbush: the value of the
// picture and its winning moves, each the edge to cut.
type hackenbushReport struct {
	Value uint64           `json:"value"`
	Moves []hackenbushMove `json:"moves"`
}

type hackenbushMove struct {
	Edge int    `json:"edge"` // index of the edge, from 0 in the order written
	Text string `json:"text"` // the edge as written, "1-2"
}

// cmdHackenbush solves a Green Hackenbush picture given as edges
// "g-1,1-2,…" (g is the ground): its value, and the edges whose cut leaves
// value 0 ([] when there is none).
func cmdHackenbush(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	_, ops, err := splitArgs("hackenbush", args, nil)
	if err != nil {
		return err
	}
	if len(ops) != 1 {
		return badArg("hackenbush: want EDGES such as g-1,1-2,2-g, got %d arguments", len(ops))
	}
	edges := ops[0]
	if key, rest, ok := strings.Cut(edges, ":"); ok && strings.EqualFold(strings.TrimSpace(key), "hackenbush") {
		edges = rest // the catalogue's spec, hackenbush:EDGES
	}
	h, err := rulesets.ParseHackenbush(edges)
	if err != nil {
		return badArg("hackenbush: bad EDGES: %v", strings.TrimPrefix(err.Error(), "rulesets: "))
	}
	win, err := h.WinningMoves(ctx)
	if err != nil {
		return err
	}
	rep := hackenbushReport{Value: uint64(h.Value()), Moves: make([]hackenbushMove, len(win))}
	for i, m := range win {
		rep.Moves[i] = hackenbushMove{Edge: m.Edge, Text: m.Text}
	}
	return writeJSON(stdout, rep)
}
