package main

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeTree is a tree whose binaries are shell scripts.
func fakeTree(t *testing.T, scripts map[string]string) tree {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	dir := t.TempDir()
	for name, body := range scripts {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, b := range binaries {
		if err := os.MkdirAll(filepath.Join(dir, b.pkg), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return tree{label: "new", src: dir, bin: dir}
}

func TestRunWorkload(t *testing.T) {
	tr := fakeTree(t, map[string]string{
		"sgtool":   `echo "$@"; sleep 0.05`,
		"nim.test": `printf 'goos: linux\nBenchmarkSum-2 \t 100 \t 2500 ns/op\nBenchmarkTree/a-2 \t 10 \t 1.5e+06 ns/op\nPASS\n'`,
		"sg.test":  `echo "broken" >&2; exit 3`,
	})
	ctx := context.Background()
	m, err := runWorkload(ctx, workload{name: "p", argv: []string{"sgtool", "period", ".16"}}, tr)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.samples) != 1 || m.names[0] != "" || m.samples[0].value < 0.05 {
		t.Errorf("process run: %+v, want one sample of at least 50 ms", m)
	}
	if runtime.GOOS == "linux" && m.samples[0].peak <= 0 {
		t.Errorf("process run: no peak memory: %+v", m.samples[0])
	}
	m, err = runWorkload(ctx, workload{name: "nim", kind: benchKind, argv: []string{"nim.test"}}, tr)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.names) != 2 || m.names[1] != "Tree/a" || m.samples[0].value != 2500 || m.samples[1].value != 1.5e6 {
		t.Errorf("benchmark run: %+v", m)
	}
	if _, err := runWorkload(ctx, workload{name: "engine", kind: benchKind, argv: []string{"sg.test"}}, tr); err == nil {
		t.Error("a failing binary gave no error")
	}
}

func TestMeasureAlternates(t *testing.T) {
	log := filepath.Join(t.TempDir(), "order")
	script := map[string]string{
		"sgtool":   `echo "$0" >> ` + log,
		"nim.test": `echo "$0" >> ` + log + `; printf 'BenchmarkSum-2 \t 1 \t 7 ns/op\n'`,
	}
	base, added := fakeTree(t, script), fakeTree(t, script)
	base.label = "base"
	ws := []workload{
		{name: "a", argv: []string{"sgtool"}},
		{name: "nim", kind: benchKind, argv: []string{"nim.test"}},
	}
	o := options{rounds: 2, quiet: true}
	rows, err := measure(context.Background(), o, ws, [2]tree{base, added}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].name != "a" || rows[1].name != "nim: Sum" || rows[1].unit != "ns/op" {
		t.Fatalf("rows %+v", rows)
	}
	for _, r := range rows {
		if len(r.base) != 2 || len(r.added) != 2 {
			t.Errorf("row %s: %d and %d samples, want 2 and 2", r.name, len(r.base), len(r.added))
		}
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	// Round 1: a base then new, nim new then base; round 2 the reverse.
	want := []string{base.bin, added.bin, added.bin, base.bin, added.bin, base.bin, base.bin, added.bin}
	got := strings.Fields(string(b))
	if len(got) != len(want) {
		t.Fatalf("%d runs, want %d", len(got), len(want))
	}
	for i := range want {
		if filepath.Dir(got[i]) != want[i] {
			t.Errorf("run %d from %s, want %s", i, filepath.Dir(got[i]), want[i])
		}
	}
}

func TestPeers(t *testing.T) {
	dir := fakeTree(t, map[string]string{"analyze": `echo "$@"`}).bin
	w := workload{name: "period .16", argv: []string{"sgtool"}, peer: []string{"analyze", ".16"}}
	s, err := runPeer(context.Background(), w, dir)
	if err != nil || s.value <= 0 {
		t.Errorf("runPeer: %+v, %v", s, err)
	}
	var log strings.Builder
	ws := []workload{w,
		{name: "cram 5x6", peer: []string{"no-such-peer-program", "5", "6"}},
		{name: "quotient", peer: []string{"sh", "-c", "true", "misere.jar"}},
		{name: "nim"},
	}
	got := checkPeers(context.Background(), ws, dir, &log)
	if len(got) != 4 || len(got[0].peer) == 0 || got[1].peer != nil || got[2].peer != nil || ws[1].peer == nil {
		t.Errorf("checkPeers: %+v", got)
	}
	if !strings.Contains(log.String(), "no-such-peer-program") || !strings.Contains(log.String(), "misere.jar not in") {
		t.Errorf("checkPeers said %q", log.String())
	}
}

// A workload the base cannot run (a flag it lacks) is measured on the
// working tree alone, and tried on the base once; one the working tree
// cannot run stops the measurement.
func TestMeasureBaseLacksWorkload(t *testing.T) {
	calls := filepath.Join(t.TempDir(), "calls")
	base := fakeTree(t, map[string]string{"sgtool": `echo base >> ` + calls + `; [ "$2" != "-value" ] || exit 2`})
	base.label = "base"
	added := fakeTree(t, map[string]string{"sgtool": `echo new >> ` + calls})
	ws := []workload{
		{name: "solve", argv: []string{"sgtool", "solve"}},
		{name: "solve value", argv: []string{"sgtool", "solve", "-value"}},
	}
	var log strings.Builder
	rows, err := measure(context.Background(), options{rounds: 3, quiet: true}, ws, [2]tree{base, added}, &log)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || len(rows[0].base) != 3 || len(rows[0].added) != 3 || len(rows[1].base) != 0 || len(rows[1].added) != 3 {
		t.Fatalf("rows %+v", rows)
	}
	if !strings.Contains(log.String(), "solve value: the base cannot run it") {
		t.Errorf("log %q", log.String())
	}
	b, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "base"); n != 4 {
		t.Errorf("the base ran %d times, want 3 + 1", n)
	}
	// The working tree failing is an error.
	base.label, added.label = "new", "base"
	if _, err := measure(context.Background(), options{rounds: 1, quiet: true}, ws, [2]tree{added, base}, &log); err == nil {
		t.Error("a working tree that fails gave no error")
	}
}
