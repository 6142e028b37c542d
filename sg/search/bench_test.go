package search_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// solveOnce runs one question ("value" or "outcome") on the start of g with
// a fresh solver, reports its answer, positions expanded and table
// entries, and returns the solver's statistics.
func solveOnce[P comparable](b *testing.B, g interface {
	game.Game[P]
	Start() P
}, question string, opts ...search.Option) search.Stats {
	b.Helper()
	s, err := search.New[P](g, opts...)
	if err != nil {
		b.Fatal(err)
	}
	switch question {
	case "value":
		v, err := s.Value(bg, g.Start())
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(v), "value")
	case "outcome":
		o, err := s.Outcome(bg, g.Start())
		if err != nil {
			b.Fatal(err)
		}
		isP := 0.0
		if o == sg.P {
			isP = 1
		}
		b.ReportMetric(isP, "P-position")
	default:
		b.Fatalf("unknown question %q", question)
	}
	st := s.Stats()
	b.ReportMetric(float64(st.Expanded), "expanded/op")
	b.ReportMetric(float64(st.Entries), "entries/op")
	return st
}

// unreduced is Cram whose components are its plain regions, without the
// reduction of [rulesets.Cram.AppendComponents] (dead cells only are
// dropped): what the reduction saves, in BenchmarkCram's value-noreduce.
type unreduced struct{ *rulesets.Cram }

func (g unreduced) AppendComponents(dst []grid.Set, p grid.Set) []grid.Set {
	b := g.Board()
	return b.AppendComponents(dst, p.And(b.Neighbors(p)))
}

// boardOrder is Cram whose moves the search takes in the board's order:
// its own AppendOrderedMoves, of another signature, hides Cram's, so it
// is no game.MoveOrderer (value-boardorder in BenchmarkCram).
type boardOrder struct{ *rulesets.Cram }

func (boardOrder) AppendOrderedMoves() {}

// BenchmarkCram solves the value of the empty Cram board with a fresh
// solver each time, with the pruning and without it, and on the small
// boards without the component memo and in the smallest table (which
// evicts), without Cram's reduction of its regions (value-noreduce), and
// with the moves in the board's order instead of from the centre out
// (value-boardorder); positions expanded and table entries are reported
// per op. Run it with -cpu 1, then -cpu 2, for the speed-up of the
// workers (one worker a processor): with a list such as -cpu 1,2 the
// testing package runs a b.Loop benchmark's first entry, whole, at the
// GOMAXPROCS already set (Go issue 49980; see BenchmarkParallel in
// sg/sequence).
func BenchmarkCram(b *testing.B) {
	for _, size := range [][2]int{{4, 5}, {5, 5}, {5, 6}} {
		g, err := rulesets.NewCram(size[0], size[1])
		if err != nil {
			b.Fatal(err)
		}
		for _, prune := range []bool{true, false} {
			name := fmt.Sprintf("%dx%d/value", size[0], size[1])
			var opts []search.Option
			if !prune {
				name += "-noprune"
				opts = append(opts, search.WithoutPruning())
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					solveOnce(b, g, "value", opts...)
				}
			})
		}
		b.Run(fmt.Sprintf("%dx%d/value-noreduce", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				solveOnce[grid.Set](b, unreduced{g}, "value")
			}
		})
		b.Run(fmt.Sprintf("%dx%d/value-boardorder", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				solveOnce[grid.Set](b, boardOrder{g}, "value")
			}
		})
		if size[0]*size[1] <= 25 {
			b.Run(fmt.Sprintf("%dx%d/value-smalltable", size[0], size[1]), func(b *testing.B) {
				for b.Loop() {
					st := solveOnce(b, g, "value", search.WithMemory(search.MinMemory))
					b.ReportMetric(float64(st.Evictions), "evictions/op")
				}
			})
			b.Run(fmt.Sprintf("%dx%d/value-nocomponents", size[0], size[1]), func(b *testing.B) {
				for b.Loop() {
					solveOnce(b, g, "value", search.WithoutComponents())
				}
			})
		}
		b.Run(fmt.Sprintf("%dx%d/outcome", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				solveOnce(b, g, "outcome")
			}
		})
	}
}

// BenchmarkWorkers solves Cram 5×6 and 5×7 with 1, 2 and (on a machine
// with that many processors) 16 workers, for the speed-up. ns/op is the
// wall time; expanded/op the work of all the workers together, which
// grows a little with their number (two workers may search a position at
// once before either has stored it); and share/op the work of one
// worker, expanded/op divided by the workers: on processors with nothing
// else to do the wall time follows it. table-reads/op counts the lookups
// that read the shared table rather than a worker's own facts.
func BenchmarkWorkers(b *testing.B) {
	for _, size := range [][2]int{{5, 6}, {5, 7}} {
		g, err := rulesets.NewCram(size[0], size[1])
		if err != nil {
			b.Fatal(err)
		}
		for _, workers := range []int{1, 2, 16} {
			if workers > 1 && workers > runtime.NumCPU() {
				continue
			}
			b.Run(fmt.Sprintf("cram-%dx%d/workers-%d", size[0], size[1], workers), func(b *testing.B) {
				for b.Loop() {
					st := solveOnce(b, g, "value", search.WithWorkers(workers))
					b.ReportMetric(float64(st.Expanded)/float64(workers), "share/op")
					b.ReportMetric(float64(st.Reads), "table-reads/op")
				}
			})
		}
	}
}

// BenchmarkCramEngine is the plain engine on the same boards: the
// component memo in a map, no pruning, one core.
func BenchmarkCramEngine(b *testing.B) {
	for _, size := range [][2]int{{4, 5}, {5, 5}} {
		g, _ := rulesets.NewCram(size[0], size[1])
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				e := sg.NewEngine[grid.Set](g)
				if _, err := e.Value(bg, g.Start()); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(e.Stats().Expanded), "expanded/op")
			}
		})
	}
}

// vertexOrder is NodeKayles whose moves the search takes in the order of
// the vertices, as boardOrder is for Cram (value-vertexorder).
type vertexOrder struct{ *rulesets.NodeKayles }

func (vertexOrder) AppendOrderedMoves() {}

// nkNoStrategy hides Node Kayles' SecondPlayerWins, so that an even×even
// grid is searched rather than settled by its symmetry.
type nkNoStrategy struct{ *rulesets.NodeKayles }

func (nkNoStrategy) SecondPlayerWins() {}

// BenchmarkNodeKaylesGrid solves Node Kayles on grid graphs, with the
// search's moves from the centre out (value) and in the order of the
// vertices (value-vertexorder); IMPARTIAL_LARGE=1 adds 7×8 and 6×9.
func BenchmarkNodeKaylesGrid(b *testing.B) {
	sizes := [][2]int{{5, 5}, {6, 7}, {5, 8}}
	if os.Getenv("IMPARTIAL_LARGE") != "" {
		sizes = append(sizes, [2]int{7, 8}, [2]int{6, 9})
	}
	for _, size := range sizes {
		g, err := rulesets.NodeKaylesGrid(size[0], size[1])
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dx%d/value", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				solveOnce(b, g, "value")
			}
		})
		b.Run(fmt.Sprintf("%dx%d/value-vertexorder", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				solveOnce[graph.Set](b, vertexOrder{g}, "value")
			}
		})
	}
}

// BenchmarkLarge solves the boards of the targets, once each:
// run only with IMPARTIAL_LARGE=1 (they take seconds to minutes;
// IMPARTIAL_HUGE=1 adds Node Kayles on the 9×9 grid, 23 minutes), as
//
//	IMPARTIAL_LARGE=1 go test -run X -bench Large/cram-5x7 -benchtime 1x ./sg/search
//
// Each reports positions expanded, table entries and table bytes.
func BenchmarkLarge(b *testing.B) {
	if os.Getenv("IMPARTIAL_LARGE") == "" {
		b.Skip("set IMPARTIAL_LARGE=1 to solve the large boards")
	}
	report := func(b *testing.B, st search.Stats) {
		b.ReportMetric(float64(st.Bytes), "table-bytes/op")
	}
	for _, size := range [][2]int{{5, 6}, {5, 7}, {6, 6}, {6, 7}, {7, 7}} {
		g, err := rulesets.NewCram(size[0], size[1])
		if err != nil {
			b.Fatal(err)
		}
		for _, q := range []string{"value", "outcome"} {
			b.Run(fmt.Sprintf("cram-%dx%d/%s", size[0], size[1], q), func(b *testing.B) {
				for b.Loop() {
					report(b, solveOnce(b, g, q, search.WithMemory(1<<30)))
				}
			})
		}
		if size[0]%2 == 0 && size[1]%2 == 0 {
			// Settled by the half-turn strategy with no search: the
			// search's own work on it, without the strategy.
			b.Run(fmt.Sprintf("cram-%dx%d/value-nostrategy", size[0], size[1]), func(b *testing.B) {
				for b.Loop() {
					report(b, solveOnce[grid.Set](b, noStrategy{g}, "value", search.WithMemory(1<<30)))
				}
			})
		}
		if size[0]*size[1] <= 35 {
			b.Run(fmt.Sprintf("cram-%dx%d/value-boardorder", size[0], size[1]), func(b *testing.B) {
				for b.Loop() {
					report(b, solveOnce[grid.Set](b, boardOrder{g}, "value", search.WithMemory(1<<30)))
				}
			})
		}
	}
	nk := [][2]int{{7, 7}, {8, 8}}
	if os.Getenv("IMPARTIAL_HUGE") != "" {
		// 23 minutes on two processors, 6.3 GB (see the README).
		nk = append(nk, [2]int{9, 9})
	}
	for _, size := range nk {
		g, err := rulesets.NodeKaylesGrid(size[0], size[1])
		if err != nil {
			b.Fatal(err)
		}
		mem := int64(1 << 30)
		if size[0] == 9 {
			mem = 4 << 30
		}
		b.Run(fmt.Sprintf("nodekayles-%dx%d/value", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				report(b, solveOnce(b, g, "value", search.WithMemory(mem)))
			}
		})
		if size[0]%2 == 0 && size[1]%2 == 0 {
			b.Run(fmt.Sprintf("nodekayles-%dx%d/value-nostrategy", size[0], size[1]), func(b *testing.B) {
				for b.Loop() {
					report(b, solveOnce[graph.Set](b, nkNoStrategy{g}, "value", search.WithMemory(mem)))
				}
			})
		}
	}
}

// BenchmarkColdTable solves Cram 5×6 and 5×7 on one worker in a table of
// 1 GiB allocated at the start, as a long search's table ends up: every
// lookup of a position not in the worker's caches then reads memory far
// beyond the processor's caches, as on Cram 6×7, where the time a
// position costs is mostly that. Run with IMPARTIAL_LARGE=1 for 5×7.
func BenchmarkColdTable(b *testing.B) {
	defer search.StartFull()()
	for _, size := range [][2]int{{5, 6}, {5, 7}} {
		g, err := rulesets.NewCram(size[0], size[1])
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("cram-%dx%d/value", size[0], size[1]), func(b *testing.B) {
			if size[1] > 6 && os.Getenv("IMPARTIAL_LARGE") == "" {
				b.Skip("set IMPARTIAL_LARGE=1 to solve the large boards")
			}
			for b.Loop() {
				solveOnce(b, g, "value", search.WithMemory(1<<30), search.WithWorkers(1))
			}
		})
	}
}

// BenchmarkTableSave writes the table of a Cram 5×7 solve with
// [search.Solver.WriteTo] (to io.Discard) and reads it back with
// ReadFrom into a solver that already holds it (the merge of every
// entry, without the table's growth); MB/s is the stream's, and
// ns/entry the time a position costs.
func BenchmarkTableSave(b *testing.B) {
	g, err := rulesets.NewCram(5, 7)
	if err != nil {
		b.Fatal(err)
	}
	s, err := search.New[grid.Set](g, search.WithWorkers(1), search.WithMemory(64<<20))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Value(bg, g.Start()); err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := s.WriteTo(&buf); err != nil {
		b.Fatal(err)
	}
	data, entries := buf.Bytes(), float64(s.Stats().Entries)
	perEntry := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/entries, "ns/entry")
		b.ReportMetric(entries, "entries")
	}
	b.Run("write", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := s.WriteTo(io.Discard); err != nil {
				b.Fatal(err)
			}
		}
		perEntry(b)
	})
	b.Run("read", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := s.ReadFrom(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
		perEntry(b)
	})
}
