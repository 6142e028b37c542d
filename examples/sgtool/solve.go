package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// defaultSolveMem is solve's default -mem: 1 GiB.
const defaultSolveMem = 1 << 30

// bytesPerPosition is what one memoized position of a board game costs
// the engine's map memo, a 16-byte key and a 4-byte value with the map's
// overhead, rounded up: -mem divided by it is the memo limit.
const bytesPerPosition = 64

// solveReport is the JSON printed by solve; the field order is the key
// order.
type solveReport struct {
	Game    string   `json:"game"`
	Value   uint64   `json:"value"`
	Outcome string   `json:"outcome"`
	Moves   []string `json:"moves"`
	// Positions is the number of positions the engine memoized.
	Positions int `json:"positions"`
}

// cmdSolve is `sgtool solve SPEC [-mem BYTES]`: the value of a board or
// graph game's start position, its outcome and its winning moves, as one
// JSON object. SPEC is cram:MxN, cram:ROW/ROW/… ('.' free, '#' blocked),
// nodekayles:path:N, nodekayles:cycle:N, nodekayles:grid:MxN,
// nodekayles:EDGES ("0-1,1-2,…"), chomp:MxN or chomp:R1,R2,… (row lengths
// from the poisoned row). Moves are written as the game writes them: a
// Cram domino as its two cells "r,c-r,c", a Node Kayles vertex as its
// number ("r,c" on a grid), a Chomp bite as its square "r,c", rows and
// columns from 0, in the order the game lists its moves. -mem bounds the memory of the search (bytes, or with a
// suffix K, M or G for binary multiples); a search that needs more stops
// with exit status 1 and says so.
func cmdSolve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("solve", args, map[string]bool{"mem": true})
	if err != nil {
		return err
	}
	if len(ops) != 1 {
		return badArg("solve: want SPEC [-mem BYTES], got %d arguments", len(ops))
	}
	mem := int64(defaultSolveMem)
	if s, ok := flags["mem"]; ok {
		if mem, err = parseBytes(s); err != nil {
			return badArg("solve: bad -mem %q: %v", s, err)
		}
	}
	limit := int(min(mem/bytesPerPosition, int64(1<<31-1)))
	if limit < 1 {
		return badArg("solve: bad -mem %q: want at least %d bytes", flags["mem"], bytesPerPosition)
	}
	opts := []sg.Option{sg.WithMemoLimit(limit)}
	done := func() {}
	if isTerminal(stderr) {
		var opt sg.Option
		opt, done = solveProgress(stderr)
		opts = append(opts, opt)
	}
	rep, err := solveSpec(ctx, ops[0], opts)
	done()
	if err != nil {
		if errors.Is(err, sg.ErrMemoLimit) {
			return fmt.Errorf("solve %s: the search needs more than -mem %d bytes (%d positions): %w", ops[0], mem, limit, err)
		}
		return err
	}
	out, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", out)
	return err
}

// solveSpec parses spec and solves its start position.
func solveSpec(ctx context.Context, spec string, opts []sg.Option) (solveReport, error) {
	key, arg, ok := strings.Cut(strings.TrimSpace(spec), ":")
	key = strings.ToLower(key)
	var err error
	switch {
	case !ok:
	case key == "cram":
		var g *rulesets.Cram
		if g, err = rulesets.ParseCram(arg); err == nil {
			return solve(ctx, g, g.Start(), g.String(), g.MoveStrings, opts)
		}
	case key == "nodekayles":
		var g *rulesets.NodeKayles
		if g, err = rulesets.ParseNodeKayles(arg); err == nil {
			return solve(ctx, g, g.Start(), g.String(), g.MoveStrings, opts)
		}
	case key == "chomp":
		var g *rulesets.Chomp
		if g, err = rulesets.ParseChomp(arg); err == nil {
			return solve(ctx, g, g.Start(), g.String(), g.MoveStrings, opts)
		}
	}
	if err == nil {
		return solveReport{}, badArg("solve: bad SPEC %q: want cram:MxN, cram:ROW/ROW/…, nodekayles:path:N, nodekayles:cycle:N, nodekayles:grid:MxN, nodekayles:EDGES, chomp:MxN or chomp:R1,R2,…", spec)
	}
	var se *rulesets.SyntaxError
	if errors.As(err, &se) {
		// The game's parser counts positions in its argument; count them
		// in the whole spec.
		e := *se
		e.Spec = spec
		if e.Pos > 0 {
			e.Pos += len([]rune(spec[:strings.Index(spec, ":")])) + 1
		}
		err = &e
	}
	return solveReport{}, badArg("solve: bad SPEC: %s", strings.TrimPrefix(err.Error(), "rulesets: "))
}

// solve finds the value and the winning moves of start in g.
// names gives the notation of each move from a position, in the order of
// g.AppendMoves.
func solve[P comparable](ctx context.Context, g game.Game[P], start P, name string, names func(p P) []string, opts []sg.Option) (solveReport, error) {
	e := sg.NewEngine(g, opts...)
	v, err := e.Value(ctx, start)
	if err != nil {
		return solveReport{}, fmt.Errorf("solve %s: %w", name, err)
	}
	rep := solveReport{Game: name, Value: uint64(v), Outcome: sg.P.String(), Moves: []string{}}
	if v != 0 {
		rep.Outcome = sg.N.String()
		options := g.AppendMoves(nil, start)
		for i, n := range names(start) {
			w, err := e.Value(ctx, options[i])
			if err != nil {
				return solveReport{}, fmt.Errorf("solve %s: winning moves: %w", name, err)
			}
			if w == 0 {
				rep.Moves = append(rep.Moves, n)
			}
		}
	}
	rep.Positions = e.Len()
	return rep, nil
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

// solveProgress returns the engine option that shows progress on the
// terminal w, about once a second, and a function that ends the line.
func solveProgress(w io.Writer) (sg.Option, func()) {
	start := time.Now()
	last := start
	shown := false
	opt := sg.WithProgress(1<<16, func(s sg.Stats) {
		if now := time.Now(); now.Sub(last) >= time.Second {
			last = now
			shown = true
			fmt.Fprintf(w, "\r%d positions memoized, %d expanded, depth %d, %v   ",
				s.Memoized, s.Expanded, s.Depth, now.Sub(start).Round(time.Second))
		}
	})
	return opt, func() {
		if shown {
			fmt.Fprintln(w)
		}
	}
}
