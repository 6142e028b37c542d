package main

// A workload is one program run the harness times on both builds. Its
// argv names a binary the harness builds (see binaries) followed by the
// arguments; a workload of kind benchKind is a test binary run with
// -test.bench, whose benchmark lines become rows of their own (ns/op).
type workload struct {
	name string   // the row's name; -only matches it
	argv []string // binary name, then its arguments
	long bool     // run only with -long
	kind kind
	// peer is the command of another project's program that does the same
	// work, run with -peers DIR: its first word is a file of DIR, or a
	// program on the PATH (java) run in DIR.
	peer []string
}

type kind int

const (
	processKind kind = iota // timed as a whole process
	benchKind               // a go test binary: each benchmark line is a row
)

// binary is a program the harness builds in each tree: name, then the
// package it is built from, and whether it is a test binary (go test -c).
type binary struct {
	name string
	pkg  string
	test bool
}

// binaries are built once per tree, before the first round.
var binaries = []binary{
	{"sgtool", "./examples/sgtool", false},
	{"sg.test", "./sg", true},
	{"nim.test", "./nim", true},
}

// The peers (see BENCHMARKS.md): analyze, Czajka's C++ octal solver
// (github.com/tczajka/octal-games), which checks for a period at each
// power of two; cramsolve, Beling's Cram solver igs
// (github.com/beling/impartial-games); misere.jar, Siegel's MisereSolver
// (github.com/aaron-siegel/cgsuite).

// workloads are the BENCHMARKS.md workloads, in the order they run in a
// round. The quick ones take well under a minute a round on a 2-core
// machine; the long ones (-long) take minutes each.
var workloads = []workload{
	{name: "period .16", argv: []string{"sgtool", "period", ".16"}, peer: []string{"analyze", ".16"}},
	{name: "period .56", argv: []string{"sgtool", "period", ".56"}, peer: []string{"analyze", ".56"}},
	{name: "period .354", argv: []string{"sgtool", "period", ".354"}, peer: []string{"analyze", ".354"}},
	{name: "period .376", argv: []string{"sgtool", "period", ".376"}, peer: []string{"analyze", ".376"}},
	{name: "period .1777", argv: []string{"sgtool", "period", ".1777", "-max", "450000000"}, long: true},
	{name: "grundy 2^22", argv: []string{"sgtool", "values", "grundy", "4194304"}},
	{name: "grundy 2^23", argv: []string{"sgtool", "values", "grundy", "8388608"}, long: true},
	{name: "cram 5x6", argv: []string{"sgtool", "solve", "cram:5x6"}, peer: []string{"cramsolve", "5", "6"}},
	{name: "cram 5x7", argv: []string{"sgtool", "solve", "cram:5x7"}, peer: []string{"cramsolve", "5", "7"}},
	{name: "cram 5x6 value", argv: []string{"sgtool", "solve", "cram:5x6", "-value"}, peer: []string{"cramsolve", "5", "6"}},
	{name: "cram 5x7 value", argv: []string{"sgtool", "solve", "cram:5x7", "-value"}, peer: []string{"cramsolve", "5", "7"}},
	{name: "cram 6x7", argv: []string{"sgtool", "solve", "cram:6x7", "-mem", "1500000000"}, long: true, peer: []string{"cramsolve", "6", "7"}},
	{name: "nodekayles 7x8", argv: []string{"sgtool", "solve", "nodekayles:grid:7x8"}},
	{name: "nodekayles 6x9", argv: []string{"sgtool", "solve", "nodekayles:grid:6x9"}},
	{name: "nodekayles 7x10", argv: []string{"sgtool", "solve", "nodekayles:grid:7x10"}, long: true},
	{name: "quotient .07 30", argv: []string{"sgtool", "quotient", ".07", "-max", "30"},
		peer: []string{"java", "-jar", "misere.jar", "--maxheap", "30", "--full", "0.07"}},
	{name: "quotient 4.7 30", argv: []string{"sgtool", "quotient", "4.7", "-max", "30"}, long: true,
		peer: []string{"java", "-jar", "misere.jar", "--maxheap", "30", "--full", "4.7"}},
	{name: "engine", kind: benchKind, argv: []string{"sg.test", "-test.run", "^$",
		"-test.bench", "^Benchmark(Versus|Digraph|Chain|WarmValue|Mex|NimMul)$", "-test.benchtime", "200ms"}},
	{name: "nim", kind: benchKind, argv: []string{"nim.test", "-test.run", "^$",
		"-test.bench", ".", "-test.benchtime", "200ms"}},
}
