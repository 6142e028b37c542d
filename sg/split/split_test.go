package split_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/solve"
	"github.com/impartial-go/impartial/sg/split"
)

// started parses a spec of a searched board.
func started(t testing.TB, spec string) game.Started[bitset.Set] {
	t.Helper()
	r, err := rulesets.ParseRules(spec)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := r.Board.(game.Started[bitset.Set])
	if !ok {
		t.Fatalf("%s is not a game on sets", spec)
	}
	return g
}

// runAll splits spec into at least jobs jobs and runs each.
func runAll(t testing.TB, spec string, jobs int, opts ...split.Option) (*split.Manifest, []split.Result) {
	t.Helper()
	g := started(t, spec)
	ctx := context.Background()
	opts = append([]split.Option{split.WithJobs(jobs), split.WithSmall(4)}, opts...)
	m, err := split.Split(ctx, g, g.Start(), spec, split.SetCodec{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	var rs []split.Result
	for _, j := range m.Jobs {
		r, err := split.Run(ctx, g, split.SetCodec{}, j, search.WithMemory(search.MinMemory), search.WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		r.Source = "job" + j.Fingerprint
		rs = append(rs, r)
	}
	return m, rs
}

// TestSplitEqualsSolve merges splits of several games, job counts and
// bounds (full values included), and compares them with the single
// search: equal when the root's value is at most the bound, else
// refused, saying so, unless the answers settle the value all the same.
func TestSplitEqualsSolve(t *testing.T) {
	refused, above := 0, 0
	for _, spec := range []string{"cram:3x4", "cram:4x4", "cram:4x5", "cram:3x5", "nodekayles:grid:3x4", "nodekayles:grid:4x4", "nodekayles:path:11", "chomp:4x5", "chomp:3x7", "cram:...#..../...#..../...#...."} {
		g := started(t, spec)
		want, err := solve.Search(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		for _, jobs := range []int{1, 16, 64} {
			for _, bound := range []int{split.FullValues, 0, 1, 3} {
				m, rs := runAll(t, spec, jobs, split.WithBound(bound))
				got, err := split.Merge(m, rs, nil)
				if bound != split.FullValues && uint64(want.Value) > uint64(bound) && err != nil {
					// Refused, unless the jobs' answers happen to settle it.
					refused++
					if !strings.Contains(err.Error(), "larger bound") {
						t.Errorf("%s, %d jobs, bound %d: value %v, merge says %v", spec, jobs, bound, want.Value, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s, %d jobs, bound %d: %v", spec, jobs, bound, err)
				}
				if bound != split.FullValues && uint64(want.Value) > uint64(bound) {
					above++ // settled above the bound by exact answers
				}
				if got.Value != want.Value || !slices.Equal(got.Moves, want.Moves) || got.Outcome() != want.Outcome() {
					t.Errorf("%s, %d jobs, bound %d: merge %v %v, solve %v %v", spec, jobs, bound, got.Value, got.Moves, want.Value, want.Moves)
				}
				if got.Jobs != len(m.Jobs) {
					t.Errorf("%s: %d jobs merged, manifest has %d", spec, got.Jobs, len(m.Jobs))
				}
				if err := m.Check(); err != nil {
					t.Error(err)
				}
			}
		}
	}
	if refused == 0 {
		t.Error("no merge refused a root above its bound")
	}
	if above == 0 {
		t.Error("no merge settled a root above its bound (as -bound 0 settles Cram 7×7, every option a P-position)")
	}
	t.Logf("%d merges refused above the bound, %d settled above it", refused, above)
}

// TestAsks checks the values the jobs are asked: up to the bound below
// the root, and full values for the components of an option with
// another unvalued component (a board of two regions).
func TestAsks(t *testing.T) {
	m, _ := runAll(t, "cram:4x5", 16, split.WithBound(2))
	for _, j := range m.Jobs {
		if !slices.Equal(j.Ask, []int{0, 1, 2}) {
			t.Errorf("cram:4x5 job %d asked %v, want [0 1 2]", j.Index, j.Ask)
		}
	}
	m, _ = runAll(t, "cram:...#..../...#..../...#....", 4, split.WithBound(2))
	full := 0
	for _, j := range m.Jobs {
		if len(j.Ask) == 0 {
			full++
		}
	}
	if full == 0 {
		t.Errorf("two regions: no job asked its full value: %+v", m.Jobs)
	}
}

// TestOutsideDamaged checks that a result saying "outside" for a job
// asked its full value is named damaged.
func TestOutsideDamaged(t *testing.T) {
	m, rs := runAll(t, "cram:4x4", 8, split.WithBound(split.FullValues))
	rs[0].Outside, rs[0].Value = true, 0
	var me *split.MergeError
	// Damaged, and so missing.
	if _, err := split.Merge(m, rs, nil); !errors.As(err, &me) || len(me.Problems) != 2 || me.Problems[0].Kind != split.Damaged || me.Problems[0].Job != 0 {
		t.Errorf("outside for a full value: %v", err)
	}
}

// TestOldFormatRefused checks that a manifest or job of format 1 is
// refused with an error naming both formats.
func TestOldFormatRefused(t *testing.T) {
	m, _ := runAll(t, "cram:3x4", 4)
	m.Format = "impartial-split/1"
	if err := m.Check(); err == nil || !strings.Contains(err.Error(), "impartial-split/1") || !strings.Contains(err.Error(), split.Format) {
		t.Errorf("old manifest: %v", err)
	}
	j := m.Jobs[0]
	j.Format = "impartial-split/1"
	if err := j.Check(); err == nil || !strings.Contains(err.Error(), "split again") {
		t.Errorf("old job: %v", err)
	}
	j = m.Jobs[0]
	j.Ask = []int{3, 1}
	if err := j.Check(); err == nil || !strings.Contains(err.Error(), "ascending") {
		t.Errorf("job with bad values asked: %v", err)
	}
}

func TestSplitJobsDistinct(t *testing.T) {
	g := started(t, "cram:4x5")
	m, err := split.Split(context.Background(), g, g.Start(), "cram:4x5", split.SetCodec{}, split.WithJobs(20))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Jobs) < 20 {
		t.Errorf("%d jobs, want at least 20", len(m.Jobs))
	}
	seen := map[bitset.Set]bool{}
	can := g.(game.Canonicalizer[bitset.Set])
	for _, j := range m.Jobs {
		p, err := split.SetCodec{}.Parse(j.Position)
		if err != nil {
			t.Fatal(err)
		}
		c := can.Canonical(p)
		if c != p || seen[c] {
			t.Errorf("job %d: %s is not canonical or is repeated", j.Index, j.Position)
		}
		seen[c] = true
		if j.Moves <= 12 {
			t.Errorf("job %d has %d moves, at most the small size", j.Index, j.Moves)
		}
	}
}

func TestMergeProblems(t *testing.T) {
	m, rs := runAll(t, "cram:4x4", 8)
	other, ors := runAll(t, "cram:3x5", 4)
	_ = other
	if len(rs) < 4 {
		t.Fatalf("only %d jobs", len(rs))
	}
	kinds := func(err error) map[split.ProblemKind][]int {
		var me *split.MergeError
		if !errors.As(err, &me) {
			t.Fatalf("want a *MergeError, got %v", err)
		}
		out := map[split.ProblemKind][]int{}
		for _, p := range me.Problems {
			out[p.Kind] = append(out[p.Kind], p.Job)
		}
		return out
	}
	// Missing.
	k := kinds(mergeErr(m, rs[1:], nil))
	if !slices.Equal(k[split.Missing], []int{0}) {
		t.Errorf("missing: %v", k)
	}
	// Duplicate, even when equal.
	dup := append(slices.Clone(rs), rs[2])
	k = kinds(mergeErr(m, dup, nil))
	if !slices.Equal(k[split.Duplicate], []int{2, 2}) || len(k) != 1 {
		t.Errorf("duplicate: %v", k)
	}
	// Damaged: a wrong fingerprint, a value out of range, a bad line.
	bad := slices.Clone(rs)
	bad[1].Fingerprint = "0123456789abcdef"
	bad[3].Value = uint64(m.Jobs[3].Moves) + 1
	_, lines := split.ReadResults("x.json", strings.NewReader("{\"manifest\":\n{}\n"))
	if len(lines) != 2 {
		t.Fatalf("bad lines: %v", lines)
	}
	k = kinds(mergeErr(m, bad, lines))
	if len(k[split.Damaged]) != 4 || !slices.Contains(k[split.Damaged], 3) || !slices.Equal(k[split.Missing], []int{1, 3}) {
		t.Errorf("damaged: %v", k)
	}
	// Foreign.
	k = kinds(mergeErr(m, append(slices.Clone(rs), ors[0]), nil))
	if len(k[split.Foreign]) != 1 || len(k) != 1 {
		t.Errorf("foreign: %v", k)
	}
	// The message names them.
	err := mergeErr(m, append(slices.Clone(rs[1:]), ors[0]), nil)
	for _, w := range []string{"missing job 0", "foreign result", ors[0].Manifest} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%q does not name %q", err, w)
		}
	}
}

func mergeErr(m *split.Manifest, rs []split.Result, bad []split.Problem) error {
	_, err := split.Merge(m, rs, bad)
	return err
}

func TestManifestDamaged(t *testing.T) {
	m, rs := runAll(t, "cram:3x4", 2)
	m.Root = "0:1"
	if _, err := split.Merge(m, rs, nil); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("edited manifest: %v", err)
	}
}

func TestRunRefusesDamagedJob(t *testing.T) {
	g := started(t, "cram:4x4")
	m, err := split.Split(context.Background(), g, g.Start(), "cram:4x4", split.SetCodec{}, split.WithJobs(4))
	if err != nil {
		t.Fatal(err)
	}
	j := m.Jobs[0]
	j.Position = "0:ffff"
	if _, err := split.Run(context.Background(), g, split.SetCodec{}, j); err == nil {
		t.Error("a job with another position ran")
	}
}

func TestSplitLimit(t *testing.T) {
	g := started(t, "cram:5x5")
	_, err := split.Split(context.Background(), g, g.Start(), "cram:5x5", split.SetCodec{}, split.WithJobs(50), split.WithMaxPositions(60))
	if !errors.Is(err, sg.ErrLimit) {
		t.Errorf("got %v, want a limit error", err)
	}
	if _, err := split.Split(context.Background(), g, g.Start(), "cram:5x5", split.SetCodec{}, split.WithJobs(0)); err == nil {
		t.Error("0 jobs accepted")
	}
}

func TestSetCodec(t *testing.T) {
	for _, s := range []bitset.Set{{}, {Lo: 0x3f}, {Lo: 1 << 63, Hi: 0xff}} {
		p, err := split.SetCodec{}.Parse(split.SetCodec{}.Format(s))
		if err != nil || p != s {
			t.Errorf("%v: %v %v", s, p, err)
		}
	}
	for _, bad := range []string{"", "12", "x:1", "1:"} {
		if _, err := (split.SetCodec{}).Parse(bad); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}

func TestRunResumes(t *testing.T) {
	g := started(t, "cram:5x5")
	m, err := split.Split(context.Background(), g, g.Start(), "cram:5x5", split.SetCodec{}, split.WithJobs(2))
	if err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/job.ckpt"
	j := m.Jobs[0]
	first, err := split.Run(context.Background(), g, split.SetCodec{}, j, search.WithCheckpoint(path, 1))
	if err != nil {
		t.Fatal(err)
	}
	again, err := split.Run(context.Background(), g, split.SetCodec{}, j, search.WithCheckpoint(path, 1))
	if err != nil {
		t.Fatal(err)
	}
	if again.Value != first.Value || again.Fingerprint != j.Fingerprint || again.Expanded >= first.Expanded || first.Expanded < 10 {
		t.Errorf("resumed: %+v, first %+v", again, first)
	}
}
