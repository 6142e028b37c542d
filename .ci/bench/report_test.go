package main

import (
	"bytes"
	"math"
	"regexp"
	"strings"
	"testing"
)

func TestVerdict(t *testing.T) {
	cases := []struct {
		name        string
		base, added []float64
		ratio       float64
		mark        string
	}{
		{"same", []float64{1, 1, 1}, []float64{1, 1, 1}, 1, ""},
		{"slower, apart", []float64{1.0, 1.01, 0.99}, []float64{1.2, 1.1, 1.15}, 1.15, "slower"},
		{"slower, overlapping rounds", []float64{1.0, 1.3, 0.9}, []float64{1.2, 1.1, 1.15}, 1.15, ""},
		{"slower by under 5 %, apart", []float64{1.0, 1.0, 1.0}, []float64{1.04, 1.04, 1.04}, 1.04, ""},
		{"faster, apart", []float64{2, 2.1, 1.9}, []float64{1, 1.1, 0.9}, 0.5, "faster"},
		{"faster, overlapping", []float64{2, 2.1, 0.9}, []float64{1, 1.1, 0.9}, 0.5, ""},
		{"one round each", []float64{1}, []float64{1.1}, 1.1, "slower"},
		{"even count median", []float64{1, 3}, []float64{4, 4}, 2, "slower"},
	}
	for _, c := range cases {
		ratio, mark := verdict(c.base, c.added)
		if math.Abs(ratio-c.ratio) > 1e-9 || mark != c.mark {
			t.Errorf("%s: verdict = %.4f %q, want %.4f %q", c.name, ratio, mark, c.ratio, c.mark)
		}
	}
	if r, m := verdict(nil, []float64{1}); !math.IsNaN(r) || m != "" {
		t.Errorf("verdict with no base rounds = %v %q, want NaN and no mark", r, m)
	}
}

func TestMedianKeepsInput(t *testing.T) {
	xs := []float64{3, 1, 2}
	if m := median(xs); m != 2 {
		t.Errorf("median = %v, want 2", m)
	}
	if xs[0] != 3 || xs[1] != 1 {
		t.Errorf("median sorted its input: %v", xs)
	}
	if !math.IsNaN(median(nil)) {
		t.Error("median of nothing is not NaN")
	}
}

func TestWriteTable(t *testing.T) {
	rows := []*row{
		{name: "period .16", unit: "s",
			base:  []sample{{0.20, 0.19, 9_000_000}, {0.21, 0.20, 9_100_000}, {0.19, 0.18, 9_000_000}},
			added: []sample{{0.30, 0.29, 9_000_000}, {0.31, 0.30, 9_000_000}, {0.29, 0.28, 9_000_000}}},
		{name: "period .1777", unit: "s",
			base:  []sample{{102.6, 102.1, 776_000_000}},
			added: []sample{{101, 100, 760_000_000}}},
		{name: "nim: WinningMove", unit: "ns/op",
			base:  []sample{{value: 400_000}, {value: 410_000}},
			added: []sample{{value: 200_000}, {value: 205_000}}},
		{name: "engine: Only/New", unit: "ns/op",
			added: []sample{{value: 12.5}}},
	}
	var b bytes.Buffer
	slower, err := writeTable(&b, rows, "abc1234")
	if err != nil {
		t.Fatal(err)
	}
	if slower != 1 {
		t.Errorf("%d rows marked slower, want 1", slower)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want a header and 4 rows:\n%s", len(lines), b.String())
	}
	want := []*regexp.Regexp{
		regexp.MustCompile(`^\s*workload\s+unit\s+base \(abc1234\)\s+new\s+ratio\s+base user\s+new user\s+base peak\s+new peak\s+rounds\s*$`),
		regexp.MustCompile(`^\s*period \.16\s+s\s+200 ms\s+300 ms\s+1\.500\s+190 ms\s+290 ms\s+9\.00 MB\s+9\.00 MB\s+3/3\s+slower$`),
		regexp.MustCompile(`^\s*period \.1777\s+s\s+103 s\s+101 s\s+0\.984\s+102 s\s+100 s\s+776 MB\s+760 MB\s+1/1\s*$`),
		regexp.MustCompile(`^\s*nim: WinningMove\s+ns/op\s+405000\s+202500\s+0\.500\s+-\s+-\s+-\s+-\s+2/2\s+faster$`),
		regexp.MustCompile(`^\s*engine: Only/New\s+ns/op\s+-\s+12\.5\s+-\s+-\s+-\s+-\s+-\s+0/1\s*$`),
	}
	for i, re := range want {
		if !re.MatchString(lines[i]) {
			t.Errorf("line %d:\n%q\ndoes not match\n%s", i, lines[i], re)
		}
	}
	// The columns line up: each ratio ends where the header's "ratio" does.
	end := strings.Index(lines[0], "ratio") + len("ratio")
	for i, r := range []string{"1.500", "0.984", "0.500"} {
		l := lines[i+1]
		if strings.Index(l, r)+len(r) != end {
			t.Errorf("ratio %s not right-aligned under the header in %q", r, l)
		}
	}
}

func TestParseBench(t *testing.T) {
	out := `goos: linux
BenchmarkDigraph/engine/ascending-2         	       1	 244023697 ns/op	       232.7 ns/position	 4194752 B/op
BenchmarkMex-2                              	22399030	        22.08 ns/op	       0 B/op	       0 allocs/op
BenchmarkVersus/dag-2^14/solve-all-2        	    1011	    229078 ns/op	         6.857 engine-ns/position
BenchmarkNoProcs 	 5	 1.5e+06 ns/op
PASS
`
	names, ns, err := parseBench(out)
	if err != nil {
		t.Fatal(err)
	}
	wantNames := []string{"Digraph/engine/ascending", "Mex", "Versus/dag-2^14/solve-all", "NoProcs"}
	wantNs := []float64{244023697, 22.08, 229078, 1.5e6}
	if strings.Join(names, ",") != strings.Join(wantNames, ",") {
		t.Errorf("names %q, want %q", names, wantNames)
	}
	for i := range wantNs {
		if i >= len(ns) || ns[i] != wantNs[i] {
			t.Errorf("ns %v, want %v", ns, wantNs)
			break
		}
	}
	if _, _, err := parseBench("PASS\n"); err == nil {
		t.Error("no benchmark lines: no error")
	}
}

func TestSelected(t *testing.T) {
	o := options{only: regexp.MustCompile(`nim|engine|\.16`)}
	var names []string
	for _, w := range selected(o) {
		names = append(names, w.name)
	}
	if got := strings.Join(names, ","); got != "period .16,engine,nim" {
		t.Errorf("selected %s", got)
	}
	o = options{only: regexp.MustCompile(`1777`)}
	if len(selected(o)) != 0 {
		t.Error(".1777 is long: selected without -long")
	}
	o.long = true
	if len(selected(o)) != 1 {
		t.Error(".1777 not selected with -long")
	}
	for _, w := range workloads {
		if packageOf(w.argv[0]) == "." {
			t.Errorf("workload %q runs %q, which no binary builds", w.name, w.argv[0])
		}
	}
}

func TestChanceRows(t *testing.T) {
	for r, want := range map[int]float64{1: 1, 2: 3, 3: 10, 5: 126} {
		if got := chanceRows(r); math.Abs(got-want) > 1e-9 {
			t.Errorf("chanceRows(%d) = %v, want %v", r, got, want)
		}
	}
}

func TestWriteTablePeers(t *testing.T) {
	rows := []*row{
		{name: "period .16", unit: "s",
			base:  []sample{{0.20, 0.19, 9_000_000}},
			added: []sample{{0.16, 0.15, 9_000_000}},
			peer:  []sample{{0.26, 0.25, 5_000_000}}},
		{name: "nim: Sum", unit: "ns/op", base: []sample{{value: 10}}, added: []sample{{value: 10}}},
	}
	var b bytes.Buffer
	if _, err := writeTable(&b, rows, "abc"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	want := []*regexp.Regexp{
		regexp.MustCompile(`\s+new peak\s+peer\s+new/peer\s+peer user\s+user new/peer\s+peer peak\s+rounds\s*$`),
		regexp.MustCompile(`^\s*period \.16\s+s\s+200 ms\s+160 ms\s+0\.800\s+190 ms\s+150 ms\s+9\.00 MB\s+9\.00 MB\s+260 ms\s+0\.615\s+250 ms\s+0\.600\s+5\.00 MB\s+1/1\s+faster$`),
		regexp.MustCompile(`^\s*nim: Sum\s+ns/op\s+10\.0\s+10\.0\s+1\.000\s+-\s+-\s+-\s+-\s+-\s+-\s+-\s+-\s+-\s+1/1\s*$`),
	}
	for i, re := range want {
		if i >= len(lines) || !re.MatchString(lines[i]) {
			t.Errorf("line %d does not match %s:\n%s", i, re, b.String())
		}
	}
}
