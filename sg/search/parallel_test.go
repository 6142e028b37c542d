package search_test

import (
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// TestDistinctOptions counts the options of empty Cram boards up to the
// board's symmetries, which is what the workers divide. Counted by hand:
// on the 4×4 board (8 symmetries) a domino across row 0 is at the corner
// or in the middle, and so is one across row 1; rows 2 and 3 are their
// mirror images and the dominoes down their transposes: 4 kinds. On the
// 5×7 board (4 symmetries) a domino across rows 0, 1 or 2 (rows 3 and 4
// mirror 1 and 0) is at one of 3 places up to the left-right mirror, and
// a domino down covers rows 0–1 or 1–2 (up to the upside-down mirror) in
// one of 4 columns: 9 + 8 = 17 kinds. On the 1×6 strip, 3 of 5.
func TestDistinctOptions(t *testing.T) {
	for _, c := range []struct{ rows, cols, want int }{{4, 4, 4}, {5, 7, 17}, {1, 6, 3}} {
		g, err := rulesets.NewCram(c.rows, c.cols)
		if err != nil {
			t.Fatal(err)
		}
		s, err := search.New[grid.Set](g, search.WithMemory(search.MinMemory))
		if err != nil {
			t.Fatal(err)
		}
		opts := g.AppendMoves(nil, g.Start())
		if got := search.Distinct(s, opts); got != c.want {
			t.Errorf("Cram %d×%d: %d distinct options of %d, want %d", c.rows, c.cols, got, len(opts), c.want)
		}
	}
}

// TestWorkersAgree solves boards with few distinct options at the top
// with one to four workers, so that workers with no option left help
// others (a search turned to start elsewhere), and checks that the value,
// the outcome and the winning move agree with one worker's answers.
func TestWorkersAgree(t *testing.T) {
	boards := []string{"4x4", "4x5", "3x7", "5x5", "..../..../...#/...."}
	if quick() {
		boards = []string{"4x4", "3x7", "..../..../...#/...."}
	}
	for _, spec := range boards {
		g, err := rulesets.ParseCram(spec)
		if err != nil {
			t.Fatal(err)
		}
		one, err := search.New[grid.Set](g, search.WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		want, err := one.Value(bg, g.Start())
		if err != nil {
			t.Fatal(err)
		}
		for workers := 2; workers <= 4; workers++ {
			t.Run(fmt.Sprintf("%s/%d", spec, workers), func(t *testing.T) {
				s, err := search.New[grid.Set](g, search.WithWorkers(workers))
				if err != nil {
					t.Fatal(err)
				}
				o, err := s.Outcome(bg, g.Start())
				if err != nil || o != sg.OutcomeOf(want) {
					t.Errorf("Outcome = %v, %v; want %v", o, err, sg.OutcomeOf(want))
				}
				q, found, err := s.WinningMove(bg, g.Start())
				if err != nil || found != (want != 0) {
					t.Fatalf("WinningMove found = %v, %v; want %v", found, err, want != 0)
				}
				if found {
					if v, err := one.Value(bg, q); err != nil || v != 0 {
						t.Errorf("winning move to %v of value %d, %v; want 0", q, v, err)
					}
				}
				fresh, err := search.New[grid.Set](g, search.WithWorkers(workers))
				if err != nil {
					t.Fatal(err)
				}
				if v, err := fresh.Value(bg, g.Start()); err != nil || v != want {
					t.Errorf("Value = %d, %v; want %d", v, err, want)
				}
			})
		}
	}
}

// TestWideKeys solves Cram on 1×n strips of 60 to 75 cells: a strip of
// more than 64 cells has a key whose high half is not zero, so the
// table turns its narrow buckets into wide ones during the search. Cram
// on a strip is Dawson's Kayles (octal .07; Winning Ways, ch. 22), whose
// values come from the rule itself: a domino leaves two strips of a and
// b cells with a + b = n − 2, so G(n) is the mex of G(a) XOR G(b).
func TestWideKeys(t *testing.T) {
	const top = 75
	var dk [top + 1]sg.Nimber
	for n := 2; n <= top; n++ {
		var seen [64]bool
		for a := 0; a <= n-2; a++ {
			seen[dk[a]^dk[n-2-a]] = true
		}
		for seen[dk[n]] {
			dk[n]++
		}
	}
	for n := 60; n <= top; n++ {
		g, err := rulesets.NewCram(1, n)
		if err != nil {
			t.Fatal(err)
		}
		for workers := 1; workers <= 2; workers++ {
			s, err := search.New[grid.Set](g, search.WithWorkers(workers), search.WithMemory(search.MinMemory))
			if err != nil {
				t.Fatal(err)
			}
			if v, err := s.Value(bg, g.Start()); err != nil || v != dk[n] {
				t.Errorf("Cram 1×%d with %d workers = %d, %v; want %d", n, workers, v, err, dk[n])
			}
			if wide := search.Wide(s); wide != (n > 64) {
				t.Errorf("Cram 1×%d: wide keys %v, want %v", n, wide, n > 64)
			}
		}
	}
}
