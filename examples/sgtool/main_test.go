package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/rulesets"

	"github.com/impartial-go/impartial/sg/sequence"
)

func TestRun(t *testing.T) {
	tests := []struct {
		name   string
		args   string
		status int
		stdout string // exact, when not ""
		stderr string // substring, when not ""
	}{
		// values
		{"dawson values", "values .07 20", 0, "0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3\n", ""},
		{"adjacent:2 values (Dawson's Kayles)", "values adjacent:2 8", 0, "0 0 1 1 2 0 3 1\n", ""},
		{"kayles values", "values kayles 12", 0, "0 1 2 3 1 4 3 2 1 4 2 6\n", ""},
		{"grundy values", "values grundy 10", 0, "0 0 0 1 0 2 1 0 2 1\n", ""},
		{"nim values", "values nim 5", 0, "0 1 2 3 4\n", ""},
		{"bash values", "values bash:2 7", 0, "0 1 2 0 1 2 0\n", ""},
		{"sub values", "values sub:1,3,4 10", 0, "0 1 0 1 2 3 2 0 1 0\n", ""},
		{"lasker values", "values lasker 9", 0, "0 1 2 4 3 5 6 8 7\n", ""},
		{"no values", "values .07 0", 0, "\n", ""},
		{"hex code", "values 0.F 6", 0, "0 1 0 1 0 1\n", ""},
		{"values bad game", "values .0x7 3", 2, "", `"x" at position 3`},
		{"values mem", "values .07 20 -mem 1K", 0, "0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3\n", ""},
		{"values past mem", "values .77 5000 -mem 2K", 1, "", "more than the memory limit of 2.0 KiB"},
		{"values past mem hint", "values .77 5000 -mem 2K", 1, "", "(raise it with -mem)"},
		{"values bad mem", "values .07 20 -mem 1x", 2, "", `bad -mem "1x"`},
		{"values small mem", "values .07 20 -mem 10", 2, "", "want at least 1024 bytes"},
		{"period past mem", "period .77 -mem 1M", 1, "", "(raise it with -mem, or lower -max)"},
		{"period mem", "period .77 -max 1000 -mem 1K", 0, "", ""},
		{"value mem", "value kayles 1000000000071 -mem 64K -max 60000", 0, "8\n", ""},
		{"value past mem", "value kayles 1000000000071 -mem 64K -max 100000", 1, "", "lower -max"},
		{"values bad N", "values .07 ten", 2, "", `bad N "ten"`},
		{"values negative N", "values .07 -1", 2, "", `bad N "-1"`},
		{"values huge N", "values .07 99999999999", 2, "", `bad N "99999999999"`},
		{"values missing N", "values .07", 2, "", "want GAME N"},
		{"values unknown game", "values frob 3", 2, "", `"frob"`},
		{"values bad list", "values sub:1,,3 3", 2, "", "position 7"},
		{"values unknown flag", "values .07 3 -x", 2, "", `unknown flag "-x"`},
		// period
		{"dawson period", "period .07", 0,
			`{"game":"0.07","preperiod":53,"period":34,"saltus":0,"certified":true,"checked_to":256}` + "\n", ""},
		{"kayles period", "period .77", 0,
			`{"game":"0.77","preperiod":71,"period":12,"saltus":0,"certified":true,"checked_to":256}` + "\n", ""},
		{"kayles by name", "period kayles -max 300", 0,
			`{"game":"kayles","preperiod":71,"period":12,"saltus":0,"certified":true,"checked_to":256}` + "\n", ""},
		{"grundy no period", "period grundy -max 500", 3,
			`{"game":"grundy","preperiod":0,"period":0,"saltus":0,"certified":false,"checked_to":500}` + "\n", "no period"},
		{"nim saltus", "period nim -max=1000", 0,
			`{"game":"nim","preperiod":0,"period":1,"saltus":1,"certified":false,"checked_to":1000}` + "\n", ""},
		// Rules with a formula and a finite largest removal are certified
		// by sequence.Period from its first check (the formula's values would
		// only be an observed period, after -max = 2^28 of them).
		{"bash period certified", "period bash:3", 0,
			`{"game":"bash:3","preperiod":0,"period":4,"saltus":0,"certified":true,"checked_to":256}` + "\n", ""},
		{"sub period certified", "period sub:1,2,3", 0,
			`{"game":"sub:1,2,3","preperiod":0,"period":4,"saltus":0,"certified":true,"checked_to":256}` + "\n", ""},
		{"code period certified", "period .333", 0,
			`{"game":"0.333","preperiod":0,"period":4,"saltus":0,"certified":true,"checked_to":256}` + "\n", ""},
		// A formula with no certifiable period: its values, observed.
		{"any adjacent saltus", "period adjacent -max 500", 0,
			`{"game":"adjacent","preperiod":0,"period":1,"saltus":1,"certified":false,"checked_to":500}` + "\n", ""},
		{"lasker saltus", "period lasker -max 400", 0,
			`{"game":"lasker","preperiod":1,"period":4,"saltus":4,"certified":false,"checked_to":400}` + "\n", ""},
		{"period bad max", "period .07 -max x", 2, "", `bad -max "x"`},
		{"period max without value", "period .07 -max", 2, "", "needs a value"},
		{"period bad game", "period 1.07", 2, "", `"1" at position 1`},
		{"period extra", "period .07 .77", 2, "", "got 2 arguments"},
		// value
		// 10^12 + 71 ≡ 75 (mod 12), in the periodic part: G(75) = 8
		// (OEIS A002186).
		{"kayles huge", "value kayles 1000000000071", 0, "8\n", ""},
		{"nim huge", "value nim 18446744073709551615", 0, "18446744073709551615\n", ""},
		{"bash huge", "value bash:3 18446744073709551615", 0, "3\n", ""},
		{"dawson small", "value dawson 7", 0, "1\n", ""},
		{"grundy unknown", "value grundy 1000000 -max 300", 3, "", "G(1000000) is unknown"},
		{"grundy in range", "value grundy 20 -max 300", 0, "0\n", ""},
		{"grundy default max", "value grundy 20", 0, "0\n", ""},
		// .6 has no known period: the default -max is 2^28, but G(100)
		// needs only 101 values (values .6 101 ends in 3).
		{"open game in range", "value .6 100", 0, "3\n", ""},
		{"lasker overflow", "value lasker 18446744073709551615", 1, "", "G(18446744073709551615) overflows a 64-bit nimber"},
		{"lasker largest", "value lasker 18446744073709551614", 0, "18446744073709551614\n", ""},
		{"value bad heap", "value kayles 18446744073709551616", 2, "", `bad HEAP "18446744073709551616"`},
		{"value negative heap", "value kayles -5", 2, "", `bad HEAP "-5"`},
		// nim
		{"nim P", "nim 1 2 3", 0, `{"nim_sum":0,"outcome":"P","moves":[]}` + "\n", ""},
		{"nim N", "nim 1 2 3 4", 0, `{"nim_sum":4,"outcome":"N","moves":[{"heap":3,"from":4,"to":0}]}` + "\n", ""},
		{"nim (3,3,1)", "nim 3 3 1", 0, `{"nim_sum":1,"outcome":"N","moves":[{"heap":0,"from":3,"to":2},{"heap":1,"from":3,"to":2},{"heap":2,"from":1,"to":0}]}` + "\n", ""},
		{"nim empty", "nim", 0, `{"nim_sum":0,"outcome":"P","moves":[]}` + "\n", ""},
		{"nim huge", "nim 18446744073709551615 18446744073709551614", 0,
			`{"nim_sum":1,"outcome":"N","moves":[{"heap":0,"from":18446744073709551615,"to":18446744073709551614}]}` + "\n", ""},
		{"misere endgame P", "nim -misere 1 1 1", 0, `{"nim_sum":1,"outcome":"P","moves":[]}` + "\n", ""},
		{"misere endgame N", "nim --misere 1 0 1", 0,
			`{"nim_sum":0,"outcome":"N","moves":[{"heap":0,"from":1,"to":0},{"heap":2,"from":1,"to":0}]}` + "\n", ""},
		{"misere empty", "nim -misere", 0, `{"nim_sum":0,"outcome":"N","moves":[]}` + "\n", ""},
		{"misere big heap", "nim 1 1 5 -misere", 0, `{"nim_sum":5,"outcome":"N","moves":[{"heap":2,"from":5,"to":1}]}` + "\n", ""},
		{"nim bad heap", "nim 1 x 3", 2, "", `bad heap "x" (heap 1)`},
		{"nim negative heap", "nim 1 -3", 2, "", `bad heap "-3" (heap 1)`},
		{"nim misere value", "nim -misere=yes 1", 2, "", "takes no value"},
		// other
		{"no subcommand", "", 2, "", "missing subcommand"},
		{"unknown subcommand", "frob", 2, "", `unknown subcommand "frob"`},
		{"help", "help", 0, usage(), ""},
		{"-h", "-h", 0, usage(), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := run(strings.Fields(tc.args), &out, &errb)
			if status != tc.status {
				t.Fatalf("sgtool %s: status %d, want %d (stderr %q)", tc.args, status, tc.status, errb.String())
			}
			if tc.stdout != "" && out.String() != tc.stdout {
				t.Errorf("sgtool %s: stdout\n%q\nwant\n%q", tc.args, out.String(), tc.stdout)
			}
			if tc.stderr != "" && !strings.Contains(errb.String(), tc.stderr) {
				t.Errorf("sgtool %s: stderr %q does not contain %q", tc.args, errb.String(), tc.stderr)
			}
			if strings.Contains(errb.String(), "raise -max") && tc.status != exitNoPeriod {
				t.Errorf("sgtool %s: stderr %q advises raising -max, with status %d", tc.args, errb.String(), status)
			}
			if tc.status != 0 {
				msg := strings.TrimSuffix(errb.String(), "\n")
				if i := strings.LastIndex(msg, "\n"); i >= 0 && tc.name != "no subcommand" {
					t.Errorf("sgtool %s: error is not one line: %q", tc.args, msg)
				}
				if strings.Contains(msg, "goroutine") || strings.Contains(msg, "panic") {
					t.Errorf("sgtool %s: stack trace: %q", tc.args, msg)
				}
			}
		})
	}
}

// TestValueMatchesValues: G(HEAP) from value agrees with the sequence from
// values, for heaps inside the computed range and, through the period,
// far beyond it.
func TestValueMatchesValues(t *testing.T) {
	var out bytes.Buffer
	if run([]string{"values", "kayles", "200"}, &out, &bytes.Buffer{}) != 0 {
		t.Fatal("values failed")
	}
	vs := strings.Fields(out.String())
	for _, n := range []int{0, 5, 70, 71, 150, 199} {
		out.Reset()
		if run([]string{"value", "kayles", strconv.Itoa(n)}, &out, &bytes.Buffer{}) != 0 {
			t.Fatal("value failed")
		}
		if got := strings.TrimSpace(out.String()); got != vs[n] {
			t.Errorf("value kayles %d = %s, values says %s", n, got, vs[n])
		}
	}
	// 10^12 + 71 ≡ 71 + (10^12 mod 12) = 71 + 4 (mod 12), within the period.
	out.Reset()
	run([]string{"value", "kayles", "1000000000071"}, &out, &bytes.Buffer{})
	if got := strings.TrimSpace(out.String()); got != vs[75] {
		t.Errorf("value kayles 10^12+71 = %s, want G(75) = %s", got, vs[75])
	}
}

// TestUsage: help prints every subcommand that dispatch accepts, and every
// game spec the catalogue knows.
func TestUsage(t *testing.T) {
	words := []string{"sgtool values GAME N", "sgtool period GAME [-max N]", "sgtool value GAME HEAP [-max N]",
		"sgtool nim [-misere]", "sub:N,N,…", "bash:M", "allbut:N,N,…", "odd", "fib", "adjacent[:N,N,…]", "anywhere[:N,N,…]",
		"nim", "kayles", "dawson", "grundy", "lasker"}
	for _, e := range rulesets.Entries() {
		words = append(words, e.Syntax)
	}
	for _, c := range commands {
		words = append(words, "sgtool "+c.synopsis)
	}
	for _, word := range words {
		if !strings.Contains(usage(), word) {
			t.Errorf("usage does not mention %q", word)
		}
	}
}

// TestFormulaValuesCancel: the formula path (rules with a formula and no
// certifiable period) stops when the context is done, as Ctrl-C does.
func TestFormulaValuesCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, spec := range []string{"nim", "lasker", "adjacent", "odd", "bash:3"} {
		r, err := parseGame("test", spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := cmdValues(ctx, []string{spec, "1048576"}, io.Discard, io.Discard); !errors.Is(err, context.Canceled) {
			t.Errorf("values %s with a cancelled context: %v", spec, err)
		}
		if err := cmdPeriod(ctx, []string{spec, "-max", "1048576"}, io.Discard, io.Discard); !errors.Is(err, context.Canceled) {
			t.Errorf("period %s with a cancelled context: %v", spec, err)
		}
		if _, _, err := sequence.Period(ctx, r, 1<<20); !errors.Is(err, context.Canceled) {
			t.Errorf("sequence.Period(%s) with a cancelled context: %v", spec, err)
		}
	}
	// Cancelled during the loop: a context done after its first look.
	if err := cmdValues(&doneAfter{Context: context.Background(), n: 3}, []string{"nim", "1048576"}, io.Discard, io.Discard); !errors.Is(err, context.Canceled) {
		t.Errorf("values nim cancelled during the loop: %v", err)
	}
}

// doneAfter is a context whose Err is nil for its first n calls and
// context.Canceled after.
type doneAfter struct {
	context.Context
	n int
}

func (c *doneAfter) Err() error {
	if c.n > 0 {
		c.n--
		return nil
	}
	return context.Canceled
}

// TestBinary builds the real command and runs it, checking the exit
// statuses and that errors are one line without a stack trace.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	exe := filepath.Join(t.TempDir(), "sgtool")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	build := exec.Command("go", "build", "-o", exe, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args   []string
		status int
		stdout string
	}{
		{[]string{"period", ".07"}, 0, `"period":34`},
		{[]string{"values", "dawson", "8"}, 0, "0 0 1 1 2 0 3 1\n"},
		{[]string{"nim", "3", "4", "5"}, 0, `"outcome":"N"`},
		{[]string{"period", "grundy", "-max", "300"}, 3, `"period":0`},
		{[]string{"values", ".0x7", "3"}, 2, ""},
	} {
		cmd := exec.Command(exe, tc.args...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		status := 0
		if ee, ok := err.(*exec.ExitError); ok {
			status = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if status != tc.status || !strings.Contains(out.String(), tc.stdout) {
			t.Errorf("sgtool %v: status %d stdout %q, want %d %q", tc.args, status, out.String(), tc.status, tc.stdout)
		}
		if status == 2 && strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("sgtool %v: stderr %q is not one line", tc.args, errb.String())
		}
	}
	// Standard error is not a terminal here, so no progress is written.
	cmd := exec.Command(exe, "values", "grundy", "3000")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil || errb.Len() != 0 {
		t.Errorf("values grundy 3000: %v, stderr %q", err, errb.String())
	}
	_ = os.Remove(exe)
}
