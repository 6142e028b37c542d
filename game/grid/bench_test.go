package grid_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/search"
)

// recorder is Cram that keeps every set whose canonical form the search
// asks for: the regions a real search meets, with their frequencies.
type recorder struct {
	*rulesets.Cram
	sets *[]grid.Set
}

// Canonical records the set that Cram hands to the board's Canonical.
func (r recorder) Canonical(p grid.Set) grid.Set {
	b := r.Board()
	*r.sets = append(*r.sets, p.And(b.Neighbors(p)))
	return r.Cram.Canonical(p)
}

var (
	searchedOnce sync.Once
	searchedSets map[string][]grid.Set
	searchedErr  error
)

// searchedRegions returns the board of Cram rows × cols and the regions
// whose canonical forms one search of its value takes, in order (one
// worker, so that the order is reproducible), recorded once a process.
func searchedRegions(tb testing.TB, rows, cols int) (*grid.Board, []grid.Set) {
	tb.Helper()
	searchedOnce.Do(func() {
		searchedSets = map[string][]grid.Set{}
		for _, d := range [][2]int{{5, 6}, {4, 8}} {
			g, err := rulesets.NewCram(d[0], d[1])
			if err != nil {
				searchedErr = err
				return
			}
			var sets []grid.Set
			s, err := search.New[grid.Set](recorder{g, &sets}, search.WithWorkers(1))
			if err != nil {
				searchedErr = err
				return
			}
			if _, err := s.Value(context.Background(), g.Start()); err != nil {
				searchedErr = err
				return
			}
			searchedSets[fmt.Sprintf("%dx%d", d[0], d[1])] = sets
		}
	})
	if searchedErr != nil {
		tb.Fatal(searchedErr)
	}
	sets, ok := searchedSets[fmt.Sprintf("%dx%d", rows, cols)]
	if !ok {
		tb.Fatalf("no regions recorded for %d×%d", rows, cols)
	}
	b, err := grid.NewBoard(rows, cols)
	if err != nil {
		tb.Fatal(err)
	}
	return b, sets
}

// BenchmarkCanonicalSearched takes the canonical forms of the regions
// that a search of Cram's value meets on 5×6 and 4×8, in the order the
// search asks for them: ns/op is the time of one region.
func BenchmarkCanonicalSearched(b *testing.B) {
	for _, d := range [][2]int{{5, 6}, {4, 8}} {
		board, sets := searchedRegions(b, d[0], d[1])
		b.Run(fmt.Sprintf("cram-%dx%d", d[0], d[1]), func(b *testing.B) {
			var sink grid.Set
			i := 0
			for b.Loop() {
				sink = sink.Or(board.Canonical(sets[i]))
				if i++; i == len(sets) {
					i = 0
				}
			}
			b.ReportMetric(float64(len(sets)), "regions")
			if sink.IsEmpty() {
				b.Fatal("no regions")
			}
		})
	}
}

// BenchmarkCanonicalRegions takes the canonical forms of random regions
// (the connected sets of 3 cells or more of random sets of half the
// cells) of boards of more than 64 cells,
// whose shapes are on one word when their rows fit in one, and of boards
// of up to 64 cells, for comparison.
func BenchmarkCanonicalRegions(b *testing.B) {
	for _, d := range [][2]int{{3, 21}, {4, 16}, {3, 22}, {4, 17}, {9, 9}} {
		board, err := grid.NewBoard(d[0], d[1])
		if err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		sets := make([]grid.Set, 0, 1<<12)
		for len(sets) < cap(sets) {
			s := grid.Set{Lo: r.Uint64(), Hi: r.Uint64()}.And(board.Full()) // half the cells
			if c := board.Component(s, s.Lowest()); c.Len() >= 3 {
				sets = append(sets, c)
			}
		}
		b.Run(fmt.Sprintf("%dx%d", d[0], d[1]), func(b *testing.B) {
			var sink grid.Set
			i := 0
			for b.Loop() {
				sink = sink.Or(board.Canonical(sets[i%len(sets)]))
				i++
			}
			if sink.IsEmpty() {
				b.Fatal("no regions")
			}
		})
	}
}
