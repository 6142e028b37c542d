package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCheckpointCheckedFirst: a -checkpoint FILE that no run could write
// is refused at once, naming it, before any work (issue 38, point 8: it
// was accepted and failed only at the first save).
func TestCheckpointCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{"/nonexistent/d/x.tab", `the directory "/nonexistent/d" does not exist`},
		{dir, "a directory"},
		{filepath.Join(file, "x.tab"), "not a directory"},
		{"", "want a file name"},
	} {
		for _, args := range [][]string{
			{"solve", "cram:3x3", "-checkpoint", tc.path},
			{"values", ".6", "100000000", "-checkpoint", tc.path},
			{"period", ".6", "-checkpoint=" + tc.path},
		} {
			var out, errb bytes.Buffer
			start := time.Now()
			status := run(args, &out, &errb)
			if status != exitUsage || !strings.Contains(errb.String(), tc.want) || out.Len() != 0 {
				t.Errorf("sgtool %s: status %d, stdout %.40q, stderr %q, want status %d and %q",
					strings.Join(args, " "), status, out.String(), errb.String(), exitUsage, tc.want)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("sgtool %s: refused after %v, want at once", strings.Join(args, " "), d)
			}
		}
	}
	// A good path leaves no trace of the check.
	var errb bytes.Buffer
	if status := run([]string{"values", "kayles", "10", "-checkpoint", filepath.Join(dir, "k.ck")}, &bytes.Buffer{}, &errb); status != exitOK {
		t.Fatalf("values with a good checkpoint: status %d: %s", status, errb.String())
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".sgtool-check") {
			t.Errorf("the check left %s behind", e.Name())
		}
	}
}

// TestMemMessage: every bad -mem gets one message naming both bounds
// (issue 38, point 8: 0 and -5 were told different things).
func TestMemMessage(t *testing.T) {
	for _, cmd := range [][]string{{"solve", "cram:2x2"}, {"values", "kayles", "3"}, {"period", "kayles"}, {"value", "kayles", "3"}} {
		var msgs []string
		for _, mem := range []string{"0", "-5", "1P", "10", "x"} {
			var errb bytes.Buffer
			args := append(append([]string{}, cmd...), "-mem", mem)
			if status := run(args, &bytes.Buffer{}, &errb); status != exitUsage {
				t.Errorf("sgtool %s: status %d", strings.Join(args, " "), status)
			}
			msgs = append(msgs, strings.Replace(errb.String(), `"`+mem+`"`, "MEM", 1))
		}
		for _, m := range msgs {
			if m != msgs[0] || !strings.Contains(m, "want at least ") || !strings.Contains(m, "at most 2^50") {
				t.Errorf("%s -mem: messages differ or lack a bound: %q", cmd[0], msgs)
				break
			}
		}
	}
}
