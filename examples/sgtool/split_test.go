package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// runSub runs a subcommand on args and returns its standard output.
func runSub(t *testing.T, f command, args ...string) (string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := f(context.Background(), args, &out, &errb)
	return out.String(), err
}

// splitDir splits spec into at least count jobs in a new directory and
// returns it with the number of jobs.
func splitDir(t *testing.T, spec string, count int, more ...string) (string, int) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	out, err := runSub(t, cmdSplit, append([]string{spec, "-jobs", dir, "-count", strconv.Itoa(count), "-small", "4"}, more...)...)
	if err != nil {
		t.Fatal(err)
	}
	var rep splitReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	return dir, rep.Jobs
}

// runJobs runs every job of dir, the even ones by file, the odd ones by
// -index.
func runJobs(t *testing.T, dir string, n int) {
	t.Helper()
	for i := range n {
		args := []string{filepath.Join(dir, "jobs", jobName(i)+".job")}
		if i%2 == 1 {
			args = []string{dir, "-index", strconv.Itoa(i)}
		}
		out, err := runSub(t, cmdJob, append(args, "-mem", "1M", "-workers", "1")...)
		if err != nil || !strings.Contains(out, `"fingerprint"`) {
			t.Fatalf("job %d: %q %v", i, out, err)
		}
	}
}

// sameAnswer checks that merge's output has solve's game, value, outcome
// and moves.
func sameAnswer(t *testing.T, spec, merged string) {
	t.Helper()
	solved, err := runSub(t, cmdSolve, spec, "-workers", "1")
	if err != nil {
		t.Fatal(err)
	}
	var a, b struct {
		Game, Outcome string
		Value         uint64
		Moves         []string
	}
	if err := json.Unmarshal([]byte(merged), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(solved), &b); err != nil {
		t.Fatal(err)
	}
	if a.Game != b.Game || a.Value != b.Value || a.Outcome != b.Outcome || !slices.Equal(a.Moves, b.Moves) {
		t.Errorf("%s: merge %s, solve %s", spec, merged, solved)
	}
}

func TestSplitJobMerge(t *testing.T) {
	for _, spec := range []string{"cram:3x4", "cram:4x4", "cram:4x5", "nodekayles:grid:3x4", "chomp:4x5", "cram:..#./..../.#.."} {
		var more []string
		if strings.HasPrefix(spec, "chomp") {
			more = []string{"-bound", "all"} // a value of 13
		}
		dir, n := splitDir(t, spec, 8, more...)
		runJobs(t, dir, n)
		out, err := runSub(t, cmdMerge, dir)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		sameAnswer(t, spec, out)
		if !strings.Contains(out, `"jobs":`+strconv.Itoa(n)) {
			t.Errorf("%s: %s does not count %d jobs", spec, out, n)
		}
	}
}

// TestSplitBound checks -bound: a root above it is refused by merge,
// saying so; a bad bound is named.
func TestSplitBound(t *testing.T) {
	dir, n := splitDir(t, "chomp:4x5", 8, "-bound", "2")
	runJobs(t, dir, n)
	if _, err := runSub(t, cmdMerge, dir); err == nil || !strings.Contains(err.Error(), "larger bound") {
		t.Errorf("chomp:4x5 with -bound 2: %v", err)
	}
	for _, bad := range []string{"-1", "63", "x"} {
		_, err := runSub(t, cmdSplit, "cram:3x4", "-jobs", filepath.Join(t.TempDir(), "r"), "-bound", bad)
		if err == nil || !strings.Contains(err.Error(), "-bound") {
			t.Errorf("-bound %s: %v", bad, err)
		}
	}
}

func TestMergeNamesProblems(t *testing.T) {
	dir, n := splitDir(t, "cram:4x5", 8)
	runJobs(t, dir, n)
	other, m := splitDir(t, "cram:3x5", 2)
	runJobs(t, other, m)
	res := func(d string, i int) string { return filepath.Join(d, "results", jobName(i)+".json") }
	// A job that is done is not run again: its result is printed.
	before, _ := os.ReadFile(res(dir, 0))
	if out, err := runSub(t, cmdJob, dir, "-index", "0"); err != nil || out != string(before) {
		t.Errorf("rerun: %q %v, want %q", out, err, before)
	}
	extra := filepath.Join(t.TempDir(), "extra.jsonl")
	b, _ := os.ReadFile(res(dir, 1))
	f, _ := os.ReadFile(res(other, 0))
	os.WriteFile(extra, append(append(b, f...), "not json\n"...), 0o644)
	os.Remove(res(dir, 2))
	_, err := runSub(t, cmdMerge, dir, extra)
	for _, want := range []string{"missing job 2", "duplicate result", "(job 1)", "foreign result", "damaged result " + extra + ":3"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("merge: %v, want %q", err, want)
		}
	}
	var ue *usageError
	if _, err := runSub(t, cmdMerge, t.TempDir()); !errors.As(err, &ue) {
		t.Errorf("merge of an empty directory: %v", err)
	}
	for _, args := range [][]string{{"cram:3x4"}, {"cram:3x4", "-jobs", dir}, {"coins:1,2", "-jobs", t.TempDir()}, {"cram:3x4", "-jobs", t.TempDir(), "-count", "0"}} {
		if _, err := runSub(t, cmdSplit, args...); !errors.As(err, &ue) {
			t.Errorf("split %v: %v, want a usage error", args, err)
		}
	}
	for _, args := range [][]string{{dir}, {dir, "-index", "99999"}, {res(dir, 0)}, {filepath.Join(dir, "jobs", "000.job"), "-index", "1"}} {
		if _, err := runSub(t, cmdJob, args...); !errors.As(err, &ue) {
			t.Errorf("job %v: %v, want a usage error", args, err)
		}
	}
}

func TestJobCheckpoint(t *testing.T) {
	dir, _ := splitDir(t, "cram:5x5", 2)
	job := filepath.Join(dir, "jobs", "000.job")
	ck := filepath.Join(dir, "checkpoints", "000.ckpt")
	old := solveCheckpointEvery
	solveCheckpointEvery = 1
	defer func() { solveCheckpointEvery = old }()
	first, err := runSub(t, cmdJob, job, "-checkpoint", ck, "-out", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(ck); err != nil {
		t.Fatalf("no checkpoint: %v", err)
	}
	again, err := runSub(t, cmdJob, job, "-checkpoint", ck, "-out", "")
	if err != nil {
		t.Fatal(err)
	}
	var a, b struct{ Value, Expanded uint64 }
	json.Unmarshal([]byte(first), &a)
	json.Unmarshal([]byte(again), &b)
	if a.Value != b.Value || b.Expanded >= a.Expanded {
		t.Errorf("resumed %s after %s", again, first)
	}
}

// TestGNUParallel runs a split's jobs with GNU parallel, as
// docs/distributed.md shows, when parallel is installed.
func TestGNUParallel(t *testing.T) {
	par, err := exec.LookPath("parallel")
	if err != nil {
		t.Skip("GNU parallel is not installed (apt-get install parallel): the run of docs/distributed.md is not tested")
	}
	if testing.Short() {
		t.Skip("builds the binary")
	}
	exe := filepath.Join(t.TempDir(), "sgtool")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir, n := splitDir(t, "cram:4x5", 16)
	cmd := exec.Command(par, "--will-cite", "-j", "2", "--halt", "now,fail=1", exe, "job", dir, "-index", "{}", "-mem", "1M", ":::")
	for i := range n {
		cmd.Args = append(cmd.Args, strconv.Itoa(i))
	}
	var lines, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &lines, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("parallel: %v\n%s", err, errb.String())
	}
	if got := strings.Count(lines.String(), "\n"); got != n {
		t.Errorf("parallel printed %d result lines for %d jobs", got, n)
	}
	out, err := exec.Command(exe, "merge", dir).Output()
	if err != nil {
		t.Fatal(err)
	}
	sameAnswer(t, "cram:4x5", string(out))
}

func TestJobRange(t *testing.T) {
	dir, n := splitDir(t, "cram:4x5", 16)
	out, err := runSub(t, cmdJob, dir, "-index", "0-3", "-mem", "1M")
	if err != nil || strings.Count(out, "\n") != min(4, n) {
		t.Fatalf("jobs 0-3: %q %v", out, err)
	}
	if _, err := runSub(t, cmdJob, dir, "-index", "2-99999", "-mem", "1M"); err != nil {
		t.Fatal(err)
	}
	merged, err := runSub(t, cmdMerge, dir)
	if err != nil {
		t.Fatal(err)
	}
	sameAnswer(t, "cram:4x5", merged)
	var ue *usageError
	for _, bad := range []string{"3-1", "a-b", "-1", "0-3 -out x"} {
		if _, err := runSub(t, cmdJob, append([]string{dir, "-index"}, strings.Fields(bad)...)...); !errors.As(err, &ue) {
			t.Errorf("-index %s: %v, want a usage error", bad, err)
		}
	}
}
