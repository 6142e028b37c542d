// Command bench compares the speed of two builds of this module: a base
// revision and the working tree. It builds both (the base in a temporary
// git worktree), runs a fixed set of workloads alternately on the two
// builds, each run its own process, for several rounds, and prints per
// workload the medians of wall time, user CPU and peak memory (from the
// child's rusage) and the ratio new/base of the wall times. A row more
// than 5 % slower outside the noise is marked "slower": its median ratio
// is above 1.05 and the new build's fastest round is slower than the
// base's slowest. Micro-benchmarks run as go test binaries; each of their
// benchmark lines is a row of its own, in ns/op.
//
//	go run ./.ci/bench -base main                       # the quick workloads, 5 rounds
//	go run ./.ci/bench -base main -long -rounds 3       # with the long ones (minutes each)
//	go run ./.ci/bench -base HEAD~1 -only 'cram|nim'    # a subset, by a regexp on the names
//	go run ./.ci/bench -list                            # the workloads
//	go run ./.ci/bench -base main -peers ~/peers        # with the peers beside them
//
// With -peers DIR each workload that has a peer (another project's program
// doing the same work: Czajka's octal solver analyze, Beling's cramsolve,
// Siegel's MisereSolver as misere.jar) also runs it once a round from DIR,
// and the table adds its median time, the ratio new/peer, its user CPU,
// the ratio of the user CPUs new/peer and its peak memory. A peer
// missing from DIR is left out with a warning.
//
// It exits with status 1 on an error, 3 with -strict when some row is
// marked slower, 0 otherwise. Run it on a machine doing nothing else.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
)

type options struct {
	base   string
	rounds int
	long   bool
	only   *regexp.Regexp
	strict bool
	quiet  bool
	peers  string // the folder of the peers' programs, or ""
}

func main() {
	var o options
	var only string
	var list bool
	flag.StringVar(&o.base, "base", "main", "the base `revision` (a branch, tag or commit) compared with the working tree")
	flag.IntVar(&o.rounds, "rounds", 5, "rounds: each workload runs this many times on each build")
	flag.BoolVar(&o.long, "long", false, "also run the long workloads (minutes each)")
	flag.StringVar(&only, "only", "", "run only the workloads whose name matches this `regexp`")
	flag.BoolVar(&o.strict, "strict", false, "exit with status 3 when a row is marked slower")
	flag.BoolVar(&o.quiet, "q", false, "do not report each run on standard error")
	flag.StringVar(&o.peers, "peers", "", "also run each workload's peer program (analyze, cramsolve, misere.jar) from this `folder`, once a round")
	flag.BoolVar(&list, "list", false, "list the workloads and exit")
	flag.Parse()
	if flag.NArg() > 0 {
		fail(fmt.Errorf("unexpected argument %q (flags only; see -h)", flag.Arg(0)))
	}
	if o.rounds < 1 {
		fail(fmt.Errorf("-rounds %d: must be at least 1", o.rounds))
	}
	re, err := regexp.Compile(only)
	if err != nil {
		fail(fmt.Errorf("-only %q: %v", only, err))
	}
	o.only = re
	if list {
		for _, w := range workloads {
			long := ""
			if w.long {
				long = "-long"
			}
			fmt.Printf("%-18s %-5s  %s\n", w.name, long, strings.Join(w.argv, " "))
		}
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	slower, err := run(ctx, o, os.Stdout, os.Stderr)
	if err != nil {
		fail(err)
	}
	if slower > 0 && o.strict {
		os.Exit(3)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}

// selected is the workloads this run measures.
func selected(o options) []workload {
	var ws []workload
	for _, w := range workloads {
		if (w.long && !o.long) || !o.only.MatchString(w.name) {
			continue
		}
		ws = append(ws, w)
	}
	return ws
}

// run builds the two trees, measures, and writes the table to out. It
// returns the number of rows marked slower.
func run(ctx context.Context, o options, out, log io.Writer) (int, error) {
	ws := selected(o)
	if len(ws) == 0 {
		return 0, fmt.Errorf("no workload matches -only %q (see -list; -long adds the long ones)", o.only)
	}
	root, err := git(ctx, "", "rev-parse", "--show-toplevel")
	if err != nil {
		return 0, err
	}
	baseRev, err := git(ctx, root, "rev-parse", "--short", o.base+"^{commit}")
	if err != nil {
		return 0, fmt.Errorf("-base %q: %v", o.base, err)
	}
	head, _ := git(ctx, root, "rev-parse", "--short", "HEAD")
	tmp, err := os.MkdirTemp("", "impartial-bench-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	baseSrc := filepath.Join(tmp, "src")
	if _, err := git(ctx, root, "worktree", "add", "--detach", baseSrc, baseRev); err != nil {
		return 0, err
	}
	defer git(context.Background(), root, "worktree", "remove", "--force", baseSrc)
	trees := [2]tree{
		{label: "base", src: baseSrc, bin: filepath.Join(tmp, "base-bin")},
		{label: "new", src: root, bin: filepath.Join(tmp, "new-bin")},
	}
	for _, t := range trees {
		fmt.Fprintf(log, "building %s (%s)\n", t.label, t.src)
		if err := buildTree(ctx, t); err != nil {
			return 0, err
		}
	}
	if o.peers != "" {
		ws = checkPeers(ctx, ws, o.peers, log)
	}
	loadBefore := loadAverage()
	rows, err := measure(ctx, o, ws, trees, log)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(out, "base %s (%s) against the working tree (HEAD %s and its changes)\n", o.base, baseRev, head)
	fmt.Fprintf(out, "%s/%s, %d processors, %s, %s; %d rounds, builds alternating\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel(), runtime.Version(), o.rounds)
	fmt.Fprintf(out, "load average before %s, after %s (above the processor count, other work shared the machine)\n",
		loadBefore, loadAverage())
	fmt.Fprintf(out, "an unchanged row is marked by chance once in %.0f rows (rounds that do not overlap)\n\n", chanceRows(o.rounds))
	return writeTable(out, rows, baseRev)
}

// measure runs every workload o.rounds times on each tree, alternating
// which build goes first from one workload and round to the next.
func measure(ctx context.Context, o options, ws []workload, trees [2]tree, log io.Writer) ([]*row, error) {
	var rows []*row
	index := map[string]*row{}
	add := func(name, unit string, label string, s sample) {
		r := index[name]
		if r == nil {
			r = &row{name: name, unit: unit}
			index[name] = r
			rows = append(rows, r)
		}
		if label == "base" {
			r.base = append(r.base, s)
		} else {
			r.added = append(r.added, s)
		}
	}
	// A workload the base cannot run (a command or flag it lacks) is
	// measured on the working tree alone: its row shows no base.
	baseFails := map[string]bool{}
	for round := 0; round < o.rounds; round++ {
		for i, w := range ws {
			order := []tree{trees[0], trees[1]}
			if (round+i)%2 == 1 {
				order[0], order[1] = order[1], order[0]
			}
			for _, t := range order {
				if t.label == "base" && baseFails[w.name] {
					continue
				}
				m, err := runWorkload(ctx, w, t)
				if err != nil && t.label == "base" && ctx.Err() == nil {
					baseFails[w.name] = true
					fmt.Fprintf(log, "%s: the base cannot run it; measured on the working tree alone (%v)\n", w.name, strings.SplitN(err.Error(), "\n", 2)[0])
					continue
				}
				if err != nil {
					return nil, err
				}
				for k, name := range m.names {
					unit, full := "s", w.name
					if name != "" {
						unit, full = "ns/op", w.name+": "+name
					}
					add(full, unit, t.label, m.samples[k])
				}
				if !o.quiet && w.kind == processKind {
					s := m.samples[0]
					fmt.Fprintf(log, "round %d/%d  %-18s %-4s %8.3f s  user %8.3f s  peak %s\n",
						round+1, o.rounds, w.name, t.label, s.value, s.user, formatBytes(float64(s.peak)))
				} else if !o.quiet {
					fmt.Fprintf(log, "round %d/%d  %-18s %-4s %d benchmarks\n", round+1, o.rounds, w.name, t.label, len(m.names))
				}
			}
			if o.peers != "" && len(w.peer) > 0 && w.kind == processKind {
				s, err := runPeer(ctx, w, o.peers)
				if err != nil {
					return nil, err
				}
				index[w.name].peer = append(index[w.name].peer, s)
				if !o.quiet {
					fmt.Fprintf(log, "round %d/%d  %-18s peer %8.3f s  user %8.3f s  peak %s\n",
						round+1, o.rounds, w.name, s.value, s.user, formatBytes(float64(s.peak)))
				}
			}
		}
	}
	return rows, nil
}

// git runs git in dir and returns its output, trimmed.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(b)))
	}
	return strings.TrimSpace(string(b)), nil
}

// cpuModel is the processor's name from /proc/cpuinfo, or "cpu unknown".
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "cpu unknown"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if name, ok := strings.CutPrefix(line, "model name"); ok {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
		}
	}
	return "cpu unknown"
}

// loadAverage is the one-minute load average from /proc/loadavg, or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}

// chanceRows is 1/p, p the probability that the rounds of two equally fast
// builds do not overlap (either way round), when each has rounds values
// in a random order: 2 / C(2·rounds, rounds).
func chanceRows(rounds int) float64 {
	c := 1.0 // C(2r, r), computed as a product
	for i := 1; i <= rounds; i++ {
		c = c * float64(rounds+i) / float64(i)
	}
	return c / 2
}

// checkPeers returns ws with the peers that cannot run from dir removed,
// saying so on log.
func checkPeers(ctx context.Context, ws []workload, dir string, log io.Writer) []workload {
	out := make([]workload, len(ws))
	for i, w := range ws {
		out[i] = w
		if len(w.peer) == 0 {
			continue
		}
		if _, err := peerCommand(ctx, w, dir); err != nil {
			fmt.Fprintf(log, "%s: %v: left out\n", w.name, err)
			out[i].peer = nil
		}
	}
	return out
}
