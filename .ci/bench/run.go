package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// tree is one build: where its sources are and where its binaries went.
type tree struct {
	label string // "base" or "new"
	src   string // the source tree (a git worktree)
	bin   string // the folder of its binaries
}

// buildTree builds every binary of binaries in t.src into t.bin.
func buildTree(ctx context.Context, t tree) error {
	for _, b := range binaries {
		out := filepath.Join(t.bin, b.name)
		var cmd *exec.Cmd
		if b.test {
			cmd = exec.CommandContext(ctx, "go", "test", "-c", "-o", out, b.pkg)
		} else {
			cmd = exec.CommandContext(ctx, "go", "build", "-o", out, b.pkg)
		}
		cmd.Dir = t.src
		if msg, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("building %s in %s (%s): %v\n%s", b.pkg, t.src, t.label, err, msg)
		}
	}
	return nil
}

// packageOf is the package folder a binary was built from: a test binary
// runs there, as go test runs it, so that it finds its testdata.
func packageOf(name string) string {
	for _, b := range binaries {
		if b.name == name {
			return b.pkg
		}
	}
	return "."
}

// measured is one run of a workload on one build: a single sample for a
// process, one per benchmark line for a test binary.
type measured struct {
	names   []string // "" for a process; the benchmark's name otherwise
	samples []sample
}

// runWorkload runs w once on t and measures it. The child's standard
// output is discarded unless it is a benchmark binary's, which is parsed.
func runWorkload(ctx context.Context, w workload, t tree) (measured, error) {
	cmd := exec.CommandContext(ctx, filepath.Join(t.bin, w.argv[0]), w.argv[1:]...)
	cmd.Dir = filepath.Join(t.src, packageOf(w.argv[0]))
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if w.kind == processKind {
		// A process's output is not read: it goes to the null device, so
		// that no pipe copies it while the run is timed.
		null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			return measured{}, err
		}
		defer null.Close()
		cmd.Stdout = null
	}
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start).Seconds()
	if err != nil {
		return measured{}, fmt.Errorf("%s on %s: %v\n%s", w.name, t.label, err, tail(stderr.String()+stdout.String(), 2000))
	}
	user, peak := usage(cmd.ProcessState)
	if w.kind == processKind {
		return measured{names: []string{""}, samples: []sample{{value: wall, user: user, peak: peak}}}, nil
	}
	names, ns, err := parseBench(stdout.String())
	if err != nil {
		return measured{}, fmt.Errorf("%s on %s: %v", w.name, t.label, err)
	}
	m := measured{names: names}
	for _, v := range ns {
		m.samples = append(m.samples, sample{value: v})
	}
	return m, nil
}

// benchLine matches a benchmark result line: its name (the -N suffix of
// GOMAXPROCS left out), its iterations and its ns/op.
var benchLine = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+([0-9.e+]+) ns/op`)

// parseBench reads the benchmark lines of a test binary's output.
func parseBench(out string) (names []string, ns []float64, err error) {
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		v, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			return nil, nil, fmt.Errorf("benchmark line %q: %v", sc.Text(), err)
		}
		names = append(names, m[1])
		ns = append(ns, v)
	}
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("no benchmark lines in the output:\n%s", tail(out, 2000))
	}
	return names, ns, sc.Err()
}

// tail is the last n bytes of s.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// peerCommand is the command that runs w's peer from the folder dir, or
// nil with the reason when the peer is not there.
func peerCommand(ctx context.Context, w workload, dir string) (*exec.Cmd, error) {
	if len(w.peer) == 0 {
		return nil, fmt.Errorf("%s has no peer", w.name)
	}
	name := filepath.Join(dir, w.peer[0])
	if _, err := os.Stat(name); err != nil {
		path, lerr := exec.LookPath(w.peer[0])
		if lerr != nil {
			return nil, fmt.Errorf("peer %s: not in %s nor on the PATH", w.peer[0], dir)
		}
		name = path
	}
	for _, a := range w.peer[1:] {
		if strings.HasSuffix(a, ".jar") {
			if _, err := os.Stat(filepath.Join(dir, a)); err != nil {
				return nil, fmt.Errorf("peer %s: %s not in %s", w.peer[0], a, dir)
			}
		}
	}
	cmd := exec.CommandContext(ctx, name, w.peer[1:]...)
	cmd.Dir = dir
	return cmd, nil
}

// runPeer runs w's peer once from dir and measures it as a process.
func runPeer(ctx context.Context, w workload, dir string) (sample, error) {
	cmd, err := peerCommand(ctx, w, dir)
	if err != nil {
		return sample{}, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return sample{}, err
	}
	defer null.Close()
	cmd.Stdout = null
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start).Seconds()
	if err != nil {
		return sample{}, fmt.Errorf("peer of %s (%s): %v\n%s", w.name, strings.Join(w.peer, " "), err, tail(stderr.String(), 2000))
	}
	user, peak := usage(cmd.ProcessState)
	return sample{value: wall, user: user, peak: peak}, nil
}
