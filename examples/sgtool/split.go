package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/solve"
	"github.com/impartial-go/impartial/sg/split"
)

// A split's directory: DIR/manifest.json, DIR/jobs/NNN.job (one job a
// file, one line of JSON), DIR/results/NNN.json (the result lines that
// sgtool job writes) and DIR/checkpoints/ (for job -checkpoint).
const (
	manifestFile   = "manifest.json"
	jobsDir        = "jobs"
	resultsDir     = "results"
	checkpointsDir = "checkpoints"
)

// jobName is the base name of job i's files: its index on at least three
// digits, so that `sgtool job DIR -index N` finds it without a listing.
func jobName(i int) string { return fmt.Sprintf("%03d", i) }

// splitReport is the JSON printed by split.
type splitReport struct {
	Game     string `json:"game"`
	Manifest string `json:"manifest"`
	Dir      string `json:"dir"`
	Jobs     int    `json:"jobs"`
	Nodes    int    `json:"nodes"`
	Expanded uint64 `json:"expanded"`
}

// gridCodec writes a position of a game on a grid board (Cram, Chomp) as
// the board's rows, '.' a cell of the set and '#' another, as in the
// spec cram:..#/...: a job's position reads as a board.
type gridCodec struct{ b *grid.Board }

func (c gridCodec) Format(s bitset.Set) string { return c.b.Format(s, '.', '#') }

func (c gridCodec) Parse(text string) (bitset.Set, error) {
	b, s, err := grid.ParseRows(strings.Split(strings.TrimSpace(text), "/"), '.', '#')
	if err != nil {
		return bitset.Set{}, err
	}
	if b.Rows() != c.b.Rows() || b.Cols() != c.b.Cols() {
		return bitset.Set{}, fmt.Errorf("a board of %d×%d cells, want %d×%d", b.Rows(), b.Cols(), c.b.Rows(), c.b.Cols())
	}
	return s, nil
}

// searchedGame parses spec into a searched board game on sets and the
// codec of its positions.
func searchedGame(cmd, spec string) (game.Started[bitset.Set], split.Codec[bitset.Set], string, error) {
	want := "want " + searchedSpecs()
	r, err := rulesets.ParseRules(spec)
	if err != nil {
		return nil, nil, "", badArg("%s: bad SPEC: %s (%s)", cmd, strings.TrimPrefix(err.Error(), "rulesets: "), want)
	}
	g, ok := r.Board.(game.Started[bitset.Set])
	if r.Kind != game.KindBoard || !solve.Searchable(r.Board) || !ok {
		return nil, nil, "", badArg("%s: %s is not a board or graph game that solve searches (%s)", cmd, quote(spec), want)
	}
	var c split.Codec[bitset.Set] = split.SetCodec{}
	if b, ok := r.Board.(interface{ Board() *grid.Board }); ok {
		c = gridCodec{b.Board()}
	}
	return g, c, r.String(), nil
}

// cmdSplit is `sgtool split SPEC -jobs DIR [-count N] [-small MOVES]
// [-bound K|all]`: it cuts the search of a board's start position into
// at least N jobs (default 64), each asked which of the values up to K
// (default 3; all: its full value) its position has, and writes them in
// DIR (created; it must not hold a
// manifest already): DIR/manifest.json, DIR/jobs/NNN.job, and the empty
// folders DIR/results and DIR/checkpoints. It prints the manifest's ID
// and the number of jobs as JSON. See package sg/split for the strategy.
func cmdSplit(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("split", args, map[string]bool{"jobs": true, "count": true, "small": true, "bound": true})
	if err != nil {
		return err
	}
	if len(ops) != 1 || flags["jobs"] == "" {
		return badArg("split: want SPEC -jobs DIR [-count N] [-small MOVES] [-bound K|all]")
	}
	opts := []split.Option{}
	if s, ok := flags["bound"]; ok {
		k, err := strconv.Atoi(s)
		switch {
		case s == "all":
			k = split.FullValues
		case err != nil || k < 0 || k > 62:
			return badArg("split: bad -bound %s: want a value from 0 to 62, or all", quote(s))
		}
		opts = append(opts, split.WithBound(k))
	}
	for _, f := range []struct {
		name string
		min  int
		opt  func(int) split.Option
	}{{"count", 1, split.WithJobs}, {"small", 0, split.WithSmall}} {
		if s, ok := flags[f.name]; ok {
			n, err := strconv.Atoi(s)
			if err != nil || n < f.min || n > split.DefaultMaxPositions {
				return badArg("split: bad -%s %s: want a whole number from %d to %d", f.name, quote(s), f.min, split.DefaultMaxPositions)
			}
			opts = append(opts, f.opt(n))
		}
	}
	g, codec, name, err := searchedGame("split", ops[0])
	if err != nil {
		return err
	}
	dir := flags["jobs"]
	if _, err := os.Stat(filepath.Join(dir, manifestFile)); err == nil {
		return badArg("split: %s holds a manifest already: give a new directory", quote(dir))
	}
	m, err := split.Split(ctx, g, g.Start(), name, codec, opts...)
	if err != nil {
		return err
	}
	if err := writeSplit(dir, m); err != nil {
		return err
	}
	return writeJSON(stdout, splitReport{Game: name, Manifest: m.ID, Dir: dir, Jobs: len(m.Jobs), Nodes: len(m.Nodes), Expanded: m.Expanded})
}

// writeSplit writes m's files in dir.
func writeSplit(dir string, m *split.Manifest) error {
	for _, d := range []string{jobsDir, resultsDir, checkpointsDir} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return fmt.Errorf("split: %w", err)
		}
	}
	for i, j := range m.Jobs {
		line, err := json.Marshal(j)
		if err != nil {
			return err
		}
		if err := writeFileAtomic(filepath.Join(dir, jobsDir, jobName(i)+".job"), append(line, '\n')); err != nil {
			return fmt.Errorf("split: %w", err)
		}
	}
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(dir, manifestFile), append(b, '\n')); err != nil {
		return fmt.Errorf("split: %w", err)
	}
	return nil
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it over path: a reader never sees half a file.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".sgtool-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err2 := f.Close(); err == nil {
		err = err2
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// readManifest reads DIR/manifest.json.
func readManifest(cmd, dir string) (*split.Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, badArg("%s: %s has no %s: want a directory written by sgtool split", cmd, quote(dir), manifestFile)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cmd, err)
	}
	var m split.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %s damaged: %v", cmd, filepath.Join(dir, manifestFile), err)
	}
	return &m, nil
}
