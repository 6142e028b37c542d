package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/split"
)

// cmdJob is `sgtool job FILE|DIR [-index N|A-B] [-mem BYTES] [-workers
// N] [-checkpoint FILE] [-out FILE]`: it runs one job of a split, FILE (a
// job file, one line of JSON) or DIR/jobs/NNN.job for -index N (so that
// an array job runs `sgtool job DIR -index $SLURM_ARRAY_TASK_ID`), and
// prints its result line. -index A-B runs jobs A to B one after the other
// in one search table, which they share (siblings share subtrees). A job
// in DIR/jobs also writes its result to DIR/results/NNN.json (or, for one
// job, to -out FILE) as soon as it is found, by a rename, so that a
// result file is whole or absent; when that file already holds this
// job's result, the job is not run again and the result is printed. -mem
// and -workers are solve's; -checkpoint FILE makes the job resumable, as
// for solve (the table saved every ten minutes and when interrupted by
// Ctrl-C or SIGTERM, the signal of a scheduler's preemption).
func cmdJob(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	// A scheduler preempts or evicts with SIGTERM: the job saves its
	// checkpoint then, as on Ctrl-C.
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer stop()
	flags, ops, err := splitArgs("job", args, map[string]bool{"index": true, "mem": true, "workers": true, "checkpoint": true, "out": true})
	if err != nil {
		return err
	}
	if len(ops) != 1 {
		return badArg("job: want FILE or DIR -index N [-mem BYTES] [-workers N] [-checkpoint FILE] [-out FILE], got %d arguments", len(ops))
	}
	paths, err := jobPaths(ops[0], flags)
	if err != nil {
		return err
	}
	if _, ok := flags["out"]; ok && len(paths) > 1 {
		return badArg("job: -out goes with one job, and -index %s names %d", quote(flags["index"]), len(paths))
	}
	var todo []split.Job
	var outs []string
	for _, path := range paths {
		j, err := readJob(path)
		if err != nil {
			return err
		}
		out := resultPath(path, flags)
		if line, ok := doneResult(out, j); ok {
			if _, err := stdout.Write(line); err != nil {
				return err
			}
			continue
		}
		todo, outs = append(todo, j), append(outs, out)
	}
	if len(todo) == 0 {
		return nil
	}
	opts, err := jobOptions(flags)
	if err != nil {
		return err
	}
	g, codec, _, err := searchedGame("job", todo[0].Game)
	if err != nil {
		return err
	}
	k, cpu := 0, cpuSeconds()
	return split.RunGroup(ctx, g, codec, todo, func(res split.Result) error {
		now := cpuSeconds()
		res.CPUSeconds, cpu = now-cpu, now
		line, err := json.Marshal(res)
		if err != nil {
			return err
		}
		line = append(line, '\n')
		if outs[k] != "" {
			if err := writeFileAtomic(outs[k], line); err != nil {
				return fmt.Errorf("job: %w", err)
			}
		}
		k++
		_, err = stdout.Write(line)
		return err
	}, opts...)
}

// resultPath returns where the result of the job in path goes: -out, or
// DIR/results/NNN.json for DIR/jobs/NNN.job when DIR/results exists, or
// nowhere ("").
func resultPath(path string, flags map[string]string) string {
	if out, ok := flags["out"]; ok {
		return out
	}
	if filepath.Base(filepath.Dir(path)) != jobsDir {
		return ""
	}
	dir := filepath.Dir(filepath.Dir(path))
	if st, err := os.Stat(filepath.Join(dir, resultsDir)); err != nil || !st.IsDir() {
		return ""
	}
	return filepath.Join(dir, resultsDir, strings.TrimSuffix(filepath.Base(path), ".job")+".json")
}

// jobPaths returns the job files that arg and -index name.
func jobPaths(arg string, flags map[string]string) ([]string, error) {
	st, err := os.Stat(arg)
	if err != nil {
		return nil, badArg("job: %s: %v", quote(arg), pathErr(err))
	}
	s, hasIndex := flags["index"]
	if !st.IsDir() {
		if hasIndex {
			return nil, badArg("job: -index goes with a directory, and %s is a file", quote(arg))
		}
		return []string{arg}, nil
	}
	if !hasIndex {
		return nil, badArg("job: %s is a directory: give -index N, the job's number (or A-B, a range)", quote(arg))
	}
	a, b, isRange := strings.Cut(s, "-")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := lo, error(nil)
	if isRange {
		hi, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || lo < 0 || hi < lo || hi >= split.DefaultMaxPositions {
		return nil, badArg("job: bad -index %s: want a job's number N, or a range A-B with A ≤ B", quote(s))
	}
	var paths []string
	for n := lo; n <= hi; n++ {
		p := filepath.Join(arg, jobsDir, jobName(n)+".job")
		if _, err := os.Stat(p); err != nil {
			if isRange && n > lo && errors.Is(err, fs.ErrNotExist) {
				break // a range past the last job ends with it
			}
			return nil, badArg("job: no job %d in %s (%v)", n, quote(arg), pathErr(err))
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// readJob reads a job file: one line of JSON.
func readJob(path string) (split.Job, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return split.Job{}, badArg("job: %s: %v", quote(path), pathErr(err))
	}
	var j split.Job
	if err := json.Unmarshal(bytes.TrimSpace(b), &j); err != nil {
		return split.Job{}, badArg("job: %s is not a job file: %v", quote(path), err)
	}
	if err := j.Check(); err != nil {
		return split.Job{}, badArg("job: %s: %s", quote(path), strings.TrimPrefix(err.Error(), "split: "))
	}
	return j, nil
}

// doneResult returns the result line in file out when it is j's.
func doneResult(out string, j split.Job) ([]byte, bool) {
	if out == "" {
		return nil, false
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return nil, false
	}
	rs, bad := split.ReadResults(out, bytes.NewReader(b))
	if len(bad) > 0 || len(rs) != 1 || rs[0].Fingerprint != j.Fingerprint || rs[0].Manifest != j.Manifest || rs[0].Index != j.Index {
		return nil, false
	}
	return b, true
}

// jobOptions returns the search options of -mem, -workers, -checkpoint.
func jobOptions(flags map[string]string) ([]search.Option, error) {
	mem, err := memBytes("job", flags, search.DefaultMemory, search.MinMemory)
	if err != nil {
		return nil, err
	}
	opts := []search.Option{search.WithMemory(mem)}
	if s, ok := flags["workers"]; ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxWorkers {
			return nil, badArg("job: bad -workers %q: want a whole number from 1 to %d", s, maxWorkers)
		}
		opts = append(opts, search.WithWorkers(n))
	}
	if path, ok := flags["checkpoint"]; ok {
		opts = append(opts, search.WithCheckpoint(path, solveCheckpointEvery))
	}
	return opts, nil
}

// mergeReport is the JSON printed by merge: solve's fields, then the
// split's.
type mergeReport struct {
	Game          string   `json:"game"`
	Value         uint64   `json:"value"`
	Outcome       string   `json:"outcome"`
	Moves         []string `json:"moves"`
	Manifest      string   `json:"manifest"`
	Jobs          int      `json:"jobs"`
	Expanded      uint64   `json:"expanded"`
	JobSeconds    float64  `json:"job_seconds"`
	JobCPUSeconds float64  `json:"job_cpu_seconds"`
}

// cmdMerge is `sgtool merge DIR [FILE…]`: the value, outcome and winning
// moves of the split in DIR, from its manifest and the results in
// DIR/results/*.json and in each FILE (result lines, such as the
// standard output of GNU parallel), as JSON with solve's fields, plus
// the manifest, the jobs, the positions expanded by the split and the
// jobs, and the jobs' seconds and CPU seconds added. A missing,
// duplicated, damaged or foreign result is named, and nothing is merged
// (exit status 1).
func cmdMerge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	_, ops, err := splitArgs("merge", args, map[string]bool{})
	if err != nil {
		return err
	}
	if len(ops) < 1 {
		return badArg("merge: want DIR [FILE…]")
	}
	m, err := readManifest("merge", ops[0])
	if err != nil {
		return err
	}
	files, err := filepath.Glob(filepath.Join(ops[0], resultsDir, "*.json"))
	if err != nil {
		return err
	}
	slices.Sort(files)
	files = append(files, ops[1:]...)
	var results []split.Result
	var problems []split.Problem
	for _, f := range files {
		b, err := os.ReadFile(f)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			return badArg("merge: %s: %v", quote(f), pathErr(err))
		}
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		rs, bad := split.ReadResults(f, bytes.NewReader(b))
		results, problems = append(results, rs...), append(problems, bad...)
	}
	sol, err := split.Merge(m, results, problems)
	if err != nil {
		return err
	}
	return writeJSON(stdout, mergeReport{Game: m.Game, Value: uint64(sol.Value), Outcome: sol.Outcome().String(), Moves: sol.Moves,
		Manifest: m.ID, Jobs: sol.Jobs, Expanded: sol.Expanded, JobSeconds: sol.Seconds, JobCPUSeconds: sol.CPUSeconds})
}
