package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/solve"
)

// maxWorkers bounds -workers.
const maxWorkers = 1024

// solveReport is the JSON printed by solve; the field order is the key
// order.
type solveReport struct {
	Game    string   `json:"game"`
	Value   uint64   `json:"value"`
	Outcome string   `json:"outcome"`
	Moves   []string `json:"moves"`
	solveCounts
}

// solveCounts are the search's counters that end every report of solve:
// Expanded is the number of positions whose moves the search generated,
// TableEntries the positions in its table at the end, and Evictions the
// results the table had to drop for want of room (recomputed when needed
// again).
type solveCounts struct {
	Expanded     uint64 `json:"expanded"`
	TableEntries int64  `json:"table_entries"`
	Evictions    uint64 `json:"evictions"`
}

// countsOf returns the counters of a search's stats.
func countsOf(st search.Stats) solveCounts {
	return solveCounts{Expanded: st.Expanded, TableEntries: st.Entries, Evictions: st.Evictions}
}

// solveOutcomeReport is the JSON printed by solve -outcome: solve's
// fields, the value only for a P-position (0; an N-position's value is
// not searched, and the field is left out).
type solveOutcomeReport struct {
	Game    string   `json:"game"`
	Value   *uint64  `json:"value,omitempty"`
	Outcome string   `json:"outcome"`
	Moves   []string `json:"moves"`
	solveCounts
}

// solveValueReport is the JSON printed by solve -value: solveReport
// without the moves, which were not sought.
type solveValueReport struct {
	Game    string `json:"game"`
	Value   uint64 `json:"value"`
	Outcome string `json:"outcome"`
	solveCounts
}

// cmdSolve is `sgtool solve SPEC [-mem BYTES] [-workers N] [-checkpoint FILE] [-progress] [-value] [-outcome]`: the value of a board or
// graph game's start position, its outcome and its winning moves, as one
// JSON object. SPEC is cram:MxN, cram:ROW/ROW/… ('.' free, '#' blocked),
// nodekayles:path:N, nodekayles:cycle:N, nodekayles:grid:MxN,
// nodekayles:EDGES ("0-1,1-2,…"), chomp:MxN or chomp:R1,R2,… (row lengths
// from the poisoned row), sprouts:P or sprouts:POSITION (Glop's notation;
// moves "i-j" or "i-j/k,l", see rulesets.Sprouts). Moves are written as the game writes them: a
// Cram domino as its two cells "r,c-r,c", a Node Kayles vertex as its
// number ("r,c" on a grid), a Chomp bite as its square "r,c", rows and
// columns from 0, in the order the game lists its moves.
//
// The search is package search's: the value with pruning, then an outcome
// search of each option for the winning moves, with a transposition table
// of -mem bytes (default search.DefaultMemory, 256 MiB; a number, or one
// with a suffix K, M or G for binary multiples). A search that needs more
// memory than -mem runs slower; it never fails for want of it. -workers
// sets the goroutines the search uses (default GOMAXPROCS). Progress is
// shown on standard error when it is a terminal, or always with -progress.
// -checkpoint FILE saves the search's table to FILE every ten minutes
// and when the run ends or is interrupted, and a run given the same FILE
// starts from the table saved there (search.WithCheckpoint): a search of
// hours stopped by Ctrl-C loses at most ten minutes. The answer is the
// same; the counts of positions are this run's. -outcome searches the
// outcome and the winning moves only (solve.BoardOutcome): the JSON has
// the same fields but "value", which is left out for an N-position (its
// value is not searched; the outcome search stops at the first winning
// move at every level, which may cost far less than the value). -value
// finds the value alone (solve.BoardValue) and prints the same JSON
// without "moves". The two exclude each other.
func cmdSolve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("solve", args, map[string]bool{"mem": true, "workers": true, "progress": false, "checkpoint": true, "value": false, "outcome": false})
	if err != nil {
		return err
	}
	if len(ops) != 1 {
		return badArg("solve: want SPEC [-mem BYTES] [-workers N] [-checkpoint FILE] [-progress] [-value] [-outcome], got %d arguments", len(ops))
	}
	_, valueOnly := flags["value"]
	_, outcomeOnly := flags["outcome"]
	if valueOnly && outcomeOnly {
		return badArg("solve: -value and -outcome together: want one of them (-value: no moves; -outcome: no value)")
	}
	mem, err := memBytes("solve", flags, search.DefaultMemory, search.MinMemory)
	if err != nil {
		return err
	}
	opts := []search.Option{search.WithMemory(mem)}
	if s, ok := flags["workers"]; ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxWorkers {
			return badArg("solve: bad -workers %q: want a whole number from 1 to %d", s, maxWorkers)
		}
		opts = append(opts, search.WithWorkers(n))
	}
	if path, ok := flags["checkpoint"]; ok {
		if path == "" {
			return badArg("solve: bad -checkpoint \"\": want a file name")
		}
		opts = append(opts, search.WithCheckpoint(path, solveCheckpointEvery))
	}
	done := func() {}
	if _, force := flags["progress"]; force || isTerminal(stderr) {
		var opt search.Option
		opt, done = solveProgress(stderr)
		opts = append(opts, opt)
	}
	rep, err := solveSpec(ctx, ops[0], opts, valueOnly, outcomeOnly)
	done()
	if err != nil {
		return err
	}
	return writeJSON(stdout, rep)
}

// solveRules parses spec, a board that solve searches.
func solveRules(spec string) (game.Rules, error) {
	want := "want " + searchedSpecs() + "; sgtool eval values every spec"
	r, err := rulesets.ParseRules(spec)
	if err != nil {
		return r, badArg("solve: bad SPEC: %s (%s)", strings.TrimPrefix(err.Error(), "rulesets: "), want)
	}
	if r.Kind != game.KindBoard || !solve.Searchable(r.Board) {
		return r, badArg("solve: %s is not a board or graph game that solve searches (%s)", quote(spec), want)
	}
	return r, nil
}

// solveSpec parses spec and finds what solve's flags ask of its start
// position: its value and winning moves (a solveReport), its value alone
// (valueOnly, a solveValueReport), or its outcome and winning moves
// (outcomeOnly, a solveOutcomeReport).
func solveSpec(ctx context.Context, spec string, opts []search.Option, valueOnly, outcomeOnly bool) (any, error) {
	r, err := solveRules(spec)
	if err != nil {
		return nil, err
	}
	if outcomeOnly {
		sol, err := solve.BoardOutcome(ctx, r.Board, opts...)
		if err != nil {
			return nil, err
		}
		rep := solveOutcomeReport{Game: r.String(), Outcome: sol.Outcome.String(), Moves: sol.Moves, solveCounts: countsOf(sol.Stats)}
		if sol.Outcome == sg.P {
			rep.Value = new(uint64)
		}
		return rep, nil
	}
	board := solve.Board
	if valueOnly {
		board = solve.BoardValue
	}
	sol, err := board(ctx, r.Board, opts...)
	if err != nil {
		return nil, err
	}
	if valueOnly {
		return solveValueReport{Game: r.String(), Value: uint64(sol.Value), Outcome: sol.Outcome().String(), solveCounts: countsOf(sol.Stats)}, nil
	}
	return solveReport{Game: r.String(), Value: uint64(sol.Value), Outcome: sol.Outcome().String(), Moves: sol.Moves, solveCounts: countsOf(sol.Stats)}, nil
}

// searchedSpecs lists the syntax of the catalogue's entries whose games
// solve searches: the boards that are not valued by their rules, known
// from one game each entry makes from its first Known row.
func searchedSpecs() string {
	var out []string
	for _, e := range rulesets.Entries() {
		if e.Kind != game.KindBoard {
			continue
		}
		r, err := rulesets.ParseRules(e.Known[0].Spec)
		if err == nil && solve.Searchable(r.Board) {
			out = append(out, e.Syntax)
		}
	}
	return strings.Join(out, ", ")
}

// parseBytes reads a byte count: a whole number, or one followed by K, M
// or G (KiB, MiB, GiB; case-insensitive, an optional trailing B or iB).
func parseBytes(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	shift := 0
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			shift = 10
		case 'M':
			shift = 20
		case 'G':
			shift = 30
		}
	}
	if shift > 0 {
		t = t[:len(t)-1]
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > (1<<50)>>shift {
		return 0, errors.New("want a number of bytes from 0 to 2^50, such as 1000000000, 512M or 2G")
	}
	return n << shift, nil
}

// isTerminal reports whether w is a terminal, where progress is shown.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// solveCheckpointEvery is the time between two saves of solve's table
// with -checkpoint (a variable so that tests can save at once): longer
// than values' minute, since a table can be gigabytes.
var solveCheckpointEvery = 10 * time.Minute

// solveProgressEvery is the least time between two progress lines of
// solve (a variable so that tests can see lines at once).
var solveProgressEvery = time.Second

// solveProgress returns the search option that shows progress on the
// w, about once a second, and a function that ends the line.
func solveProgress(w io.Writer) (search.Option, func()) {
	start := time.Now()
	var mu sync.Mutex
	last := start
	shown := false
	opt := search.WithProgress(max(solveProgressEvery, time.Millisecond), func(s search.Stats) {
		mu.Lock()
		defer mu.Unlock()
		if now := time.Now(); now.Sub(last) >= solveProgressEvery {
			last = now
			shown = true
			fmt.Fprintf(w, "\r%d positions expanded, %d in the table (%d evicted), %v   ",
				s.Expanded, s.Entries, s.Evictions, now.Sub(start).Round(time.Second))
		}
	})
	return opt, func() {
		mu.Lock()
		defer mu.Unlock()
		if shown {
			fmt.Fprintln(w)
		}
	}
}
