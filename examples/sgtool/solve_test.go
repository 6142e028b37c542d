package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/sg/search"
)

// solveStatus runs cmdSolve on the words of args and returns its output
// and the exit status run would give.
func solveStatus(t *testing.T, ctx context.Context, args string) (string, int, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := cmdSolve(ctx, strings.Fields(args), &out, &errOut)
	var ue *usageError
	switch {
	case err == nil:
		return out.String(), exitOK, nil
	case errors.As(err, &ue):
		return out.String(), exitUsage, err
	}
	return out.String(), exitFailure, err
}

func TestSolve(t *testing.T) {
	tests := []struct {
		args   string
		status int
		stdout string // exact, when not ""
		errMsg string // substring of the error, when not ""
	}{
		// Even×even Cram is a second-player win (Winning Ways, ch. 22).
		{"cram:2x2", 0, `{"game":"cram:2x2","value":0,"outcome":"P","moves":[]}` + "\n", ""},
		// A 1×4 strip is Dawson's Kayles G(4) = 2; the middle domino
		// leaves two single cells, worth 0.
		{"cram:1x4", 0, `{"game":"cram:1x4","value":2,"outcome":"N","moves":["0,1-0,2"]}` + "\n", ""},
		{"cram:..#/...", 0, "", ""},
		// Node Kayles on a path of 5 is octal .137's G(5) = 3 (OEIS A002187).
		{"nodekayles:path:5", 0, "", ""},
		{"nodekayles:cycle:6", 0, "", ""},
		// Every move on a triangle leaves nothing, so every vertex wins.
		{"nodekayles:0-1,1-2,2-0", 0, `{"game":"nodekayles:0-1,0-2,1-2","value":1,"outcome":"N","moves":["0","1","2"]}` + "\n", ""},
		// Two-row Chomp: (3, 2) is P, so from 2×3 the winning bite is the
		// bottom right square. The value: (1,0) is 0, (1,1) 1, (2,0) 1,
		// (2,1) 0, (2,2) 2, (3,0) 2, (3,1) 3, (3,2) 0, so (3,3) is
		// mex{1, 2, 2, 3, 0} = 4.
		{"chomp:2x3", 0, `{"game":"chomp:2x3","value":4,"outcome":"N","moves":["1,2"]}` + "\n", ""},
		{"chomp:3,2", 0, "", ""},
		// Sprouts: 2 spots is a second-player win; from 3 spots, a loop
		// round one spot with another inside, or a line joining two, wins
		// (the first player wins exactly when p is 3, 4 or 5 mod 6).
		{"sprouts:2", 0, `{"game":"sprouts:2","value":0,"outcome":"P","moves":[]}` + "\n", ""},
		{"sprouts:3 -workers 1", 0, `{"game":"sprouts:3","value":1,"outcome":"N","moves":["1-3","1-1/3"]}` + "\n", ""},
		{"sprouts:0.1.}]12.}]!", 0, `{"game":"sprouts:0.1.}]12.}]!","value":0,"outcome":"P","moves":[]}` + "\n", ""},
		{"sprouts:0.0#", 2, "", `"#" at position 12`},
		// -outcome: the outcome and the winning moves; the value of a
		// P-position (0), none of an N-position.
		{"sprouts:3 -workers 1 -outcome", 0, `{"game":"sprouts:3","outcome":"N","moves":["1-3","1-1/3"]}` + "\n", ""},
		{"sprouts:6 -outcome", 0, `{"game":"sprouts:6","value":0,"outcome":"P","moves":[]}` + "\n", ""},
		{"cram:1x4 -outcome", 0, `{"game":"cram:1x4","outcome":"N","moves":["0,1-0,2"]}` + "\n", ""},
		{"cram:2x2 -outcome=1", 2, "", "takes no value"},
		{"cram:2x2 -mem 1M", 0, "", ""},
		// A table far smaller than the search makes it slower, not wrong:
		{"cram:4x5 -workers 1", 0, `{"game":"cram:4x5","value":2,"outcome":"N","moves":["1,0-2,0","1,1-2,1","1,2-2,2","1,3-2,3","1,4-2,4"]}` + "\n", ""},
		{"cram:4x5 -workers 2", 0, `{"game":"cram:4x5","value":2,"outcome":"N","moves":["1,0-2,0","1,1-2,1","1,2-2,2","1,3-2,3","1,4-2,4"]}` + "\n", ""},
		{"cram:2x2 -workers 0", 2, "", `bad -workers "0"`},
		// -value: the same value without the moves (no "moves" field).
		{"cram:4x5 -workers 1 -value", 0, `{"game":"cram:4x5","value":2,"outcome":"N"}` + "\n", ""},
		{"cram:2x2 -value", 0, `{"game":"cram:2x2","value":0,"outcome":"P"}` + "\n", ""},
		{"chomp:2x3 -value", 0, `{"game":"chomp:2x3","value":4,"outcome":"N"}` + "\n", ""},
		{"sprouts:3 -value", 0, `{"game":"sprouts:3","value":1,"outcome":"N"}` + "\n", ""},
		{"cram:2x2 -value 1", 2, "", "want SPEC"},
		{"cram:2x2 -value -outcome", 2, "", "-value and -outcome together"},
		// Bad input: exit status 2, naming the bad part.
		{"cram:../.x", 2, "", `"x" at position 10`},
		{"cram:../...", 2, "", `"..." at position 9: row 2: has 3 cells, row 1 has 2`},
		{"cram:12x11", 2, "", "more than 128 cells"},
		{"nodekayles:0-1,1-1", 2, "", `"1-1" at position 16: edge 2`},
		{"nodekayles:path:0", 2, "", `"0" at position 17`},
		{"chomp:3,4", 2, "", `"4" at position 9: row 2 is longer than row 1`},
		{"frob:3", 2, "", "cram:MxN|cram:ROW/ROW/…"},
		{"cram", 2, "", "cram:MxN|cram:ROW/ROW/…"},
		{"cram:2x2 -mem abc", 2, "", `bad -mem "abc"`},
		{"cram:2x2 -mem 10", 2, "", "want at least " + strconv.Itoa(search.MinMemory) + " bytes"},
		{"", 2, "", "want SPEC"},
		{"cram:2x2 chomp:2x2", 2, "", "want SPEC"},
	}
	for _, tc := range tests {
		out, status, err := solveStatus(t, context.Background(), tc.args)
		if status != tc.status {
			t.Errorf("solve %s: status %d (%v), want %d", tc.args, status, err, tc.status)
			continue
		}
		// The count of positions depends on the engine: compare the rest.
		if i := strings.Index(out, `,"expanded":`); tc.stdout != "" && i >= 0 {
			out = out[:i] + "}\n"
		}
		if tc.stdout != "" && out != tc.stdout {
			t.Errorf("solve %s:\n got %s\nwant %s", tc.args, out, tc.stdout)
		}
		if tc.errMsg != "" && (err == nil || !strings.Contains(err.Error(), tc.errMsg)) {
			t.Errorf("solve %s: error %v, want one containing %q", tc.args, err, tc.errMsg)
		}
		if status == 0 && !strings.HasPrefix(out, `{"game":`) {
			t.Errorf("solve %s: output %q", tc.args, out)
		}
	}
}

// A table too small for the search makes it evict, and slower, never
// wrong: Cram 5×6 (*2, as in Beling's table, github.com/beling/impartial-games)
// in the smallest table the solver accepts, which holds 8192 positions
// where the search stores about 21600. (An even×even board would not do:
// the search settles it by the half-turn strategy, with no table.)
func TestSolveSmallTable(t *testing.T) {
	out, status, err := solveStatus(t, context.Background(), "cram:5x6 -workers 1 -mem "+strconv.Itoa(search.MinMemory))
	if status != exitOK {
		t.Fatalf("status %d: %v", status, err)
	}
	var rep solveReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Value != 2 || rep.Outcome != "N" || rep.Evictions == 0 {
		t.Errorf("cram:5x6 in %d bytes: %s (want value 2 after evictions)", search.MinMemory, out)
	}
}

// A cancelled context stops the search with status 1.
func TestSolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, status, err := solveStatus(t, ctx, "cram:5x5")
	if status != exitFailure || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled solve: status %d, %v", status, err)
	}
}

func TestParseBytes(t *testing.T) {
	for s, want := range map[string]int64{"1000": 1000, "512M": 512 << 20, "2G": 2 << 30, "2gib": 2 << 30, "4k": 4096, "0": 0} {
		if got, err := parseBytes(s); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "-1", "G", "1T", "99999999999G", "1.5G"} {
		if _, err := parseBytes(s); err == nil {
			t.Errorf("parseBytes(%q) accepted", s)
		}
	}
}

// -progress asks for progress on standard error even when it is not a
// terminal; the answer on standard output is the same as without it, and
// -progress takes no value.
func TestSolveProgressFlag(t *testing.T) {
	plain, status, err := solveStatus(t, context.Background(), "cram:4x5 -workers 1")
	if status != exitOK {
		t.Fatalf("status %d: %v", status, err)
	}
	withProgress, status, err := solveStatus(t, context.Background(), "cram:4x5 -workers 1 -progress")
	if status != exitOK {
		t.Fatalf("-progress: status %d: %v", status, err)
	}
	if plain != withProgress {
		t.Errorf("-progress changed the answer:\n%s\n%s", plain, withProgress)
	}
	if _, status, _ := solveStatus(t, context.Background(), "cram:4x5 -progress=2"); status != exitUsage {
		t.Errorf("-progress=2: status %d, want %d", status, exitUsage)
	}
	// With every report shown, the lines reach standard error (a buffer
	// here, not a terminal), and only with -progress.
	defer func(d time.Duration) { solveProgressEvery = d }(solveProgressEvery)
	solveProgressEvery = 0
	for _, force := range []bool{false, true} {
		args := []string{"cram:4x9", "-workers", "1"} // past 2^16 positions, when reports come
		if force {
			args = append(args, "-progress")
		}
		var out, errOut bytes.Buffer
		if err := cmdSolve(context.Background(), args, &out, &errOut); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(errOut.String(), "positions expanded"); got != force {
			t.Errorf("%v: progress shown %v, want %v (standard error %q)", args, got, force, errOut.String())
		}
	}
}

// solveResumed runs `solve ARGS` twice, both with -checkpoint file, and
// checks that the second run, started from the first one's table, gives
// the same value, outcome and moves with fewer positions expanded; it
// returns both reports.
func solveResumed(t *testing.T, args, file string) (first, second solveReport) {
	t.Helper()
	var out [2]string
	for i := range out {
		o, status, err := solveStatus(t, context.Background(), args+" -checkpoint "+file)
		if status != exitOK {
			t.Fatalf("run %d of %s: status %d: %v", i+1, args, status, err)
		}
		out[i] = o
	}
	if err := json.Unmarshal([]byte(out[0]), &first); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(out[1]), &second); err != nil {
		t.Fatal(err)
	}
	if second.Value != first.Value || second.Outcome != first.Outcome || strings.Join(second.Moves, " ") != strings.Join(first.Moves, " ") ||
		second.Expanded >= first.Expanded {
		t.Errorf("%s: resumed run %s, first run %s: want the same answer with fewer positions", args, out[1], out[0])
	}
	return first, second
}

// -checkpoint FILE saves solve's table when the run ends (here: every
// save is due at once) and a second run starts from it: the same answer
// with fewer positions expanded. A file that is not a table is refused
// with status 1, naming it; an empty name is a usage error.
func TestSolveCheckpoint(t *testing.T) {
	defer func(d time.Duration) { solveCheckpointEvery = d }(solveCheckpointEvery)
	solveCheckpointEvery = time.Nanosecond
	f := t.TempDir() + "/cram45"
	if a, _ := solveResumed(t, "cram:4x5 -workers 1", f); a.Value != 2 {
		t.Errorf("cram:4x5: value %d, want 2", a.Value)
	}
	if _, status, err := solveStatus(t, context.Background(), "cram:5x4 -checkpoint "+f); status != exitFailure ||
		!strings.Contains(err.Error(), f) || !errors.Is(err, search.ErrCheckpoint) {
		t.Errorf("a table of cram:4x5 for cram:5x4: status %d, %v", status, err)
	}
	if _, status, err := solveStatus(t, context.Background(), "cram:4x5 -checkpoint="); status != exitUsage ||
		!strings.Contains(err.Error(), "-checkpoint") {
		t.Errorf("-checkpoint=: status %d, %v", status, err)
	}
}

// Issue 38, point 8: a solve that ends well within the save interval
// still saves its table when it ends, as the help says; the file is a
// table a second run starts from, with the same answer.
func TestSolveCheckpointAtEnd(t *testing.T) {
	f := t.TempDir() + "/cram34"
	solveResumed(t, "cram:3x4 -workers 1", f)
	if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
		t.Fatalf("a short solve left no table: %v", err)
	}
}

// Issue 43: -checkpoint works for Sprouts (a game.Packer whose keys hash
// the lands): the table saved by a run of sprouts:4 is one a second run
// starts from, with the same answer and fewer positions expanded, and a
// table of sprouts:4 is refused for sprouts:3.
func TestSolveCheckpointSprouts(t *testing.T) {
	f := t.TempDir() + "/sprouts4"
	if a, _ := solveResumed(t, "sprouts:4 -workers 1", f); a.Outcome != "N" {
		t.Errorf("sprouts:4: outcome %s, want N", a.Outcome)
	}
	if _, status, err := solveStatus(t, context.Background(), "sprouts:3 -checkpoint "+f); status != exitFailure ||
		!strings.Contains(err.Error(), f) || !errors.Is(err, search.ErrCheckpoint) {
		t.Errorf("a table of sprouts:4 for sprouts:3: status %d, %v", status, err)
	}
}
