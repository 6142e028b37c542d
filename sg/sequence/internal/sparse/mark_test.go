package sparse

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// markCheck compares the values of r from two workers, in marker mode
// from heap parFrom on, with the single-core values, and returns the
// number of heaps computed in marker mode.
func markCheck(t *testing.T, name string, r game.HeapRule, n, parFrom int) int {
	t.Helper()
	if se := modeCheck(t, "marker mode", name, r, n, 2, parFrom, withMarker(1)); se != nil {
		return se.markHeaps
	}
	return 0
}

// The marker mode gives the single-core values on the classic games and
// on random codes. It computes most heaps of the codes the sparse engine
// keeps (Kayles, .354, .376, .1777, .16, .56, 4.6; and on .6, whose
// values outgrow the bitsets, a run after each growth) and none of Dawson's
// Kayles .07 and Dawson's chess .137 (the plain method), nor of the rules
// that are not codes (Grundy's game, .354 known by its moves). The runs start at heap 200, before .354's last rare
// heap (3,227), so that the finisher marks the rare heaps found after the
// marker's count.
// classicsInMarker runs check on each classic game from heap 200 (n
// heaps, 1,500 for the costly ones) and checks the heaps it reports done
// in marker mode: at least half for the games named in most, none for
// Dawson's Kayles and chess (.07, .137) and the rules that are no codes.
func classicsInMarker(t *testing.T, n int, check func(t *testing.T, name string, r game.HeapRule, n, parFrom int) int, most ...string) {
	t.Helper()
	for _, c := range parClassics {
		nn := n
		if c.Small {
			nn = 1500
		}
		k := check(t, c.Name, c.R, nn, 200)
		switch {
		case slices.Contains(most, c.Name):
			if 2*k < nn {
				t.Errorf("%s: %d of %d heaps in marker mode, want at least half", c.Name, k, nn)
			}
		case slices.Contains([]string{".07", ".137", "Grundy's game", ".354 by moves"}, c.Name):
			if k != 0 {
				t.Errorf("%s: %d heaps in marker mode, want none", c.Name, k)
			}
		}
	}
}

func TestMarkerMatchesSingleCore(t *testing.T) {
	needMulticore(t)
	n, codes, m := 20000, 24, 6000
	switch {
	case raceDetector:
		n, codes, m = 5000, 3, 3000
	case quick():
		n, codes = 8000, 8
	}
	classicsInMarker(t, n, markCheck, ".77 (Kayles)", ".354", ".376", ".1777", ".16", ".56", "4.6 (hexadecimal start)")
	parRandomCodes(t, "marker mode", codes, func(r seqCode, _ int) int { return markCheck(t, r.String(), r, m, 128) })
}

// When the marker is held up, the finisher marks its heaps itself until
// the marker, skipping the heaps passed, is ahead again: with takeovers
// after one look, the values stay the single-core values, on the classic
// codes and on random codes.
func TestMarkerTakeover(t *testing.T) {
	needMulticore(t)
	codes := 8
	if raceDetector {
		codes = 3
	}
	c := markRuns(t, "marker mode with takeovers", withTakeovers(withMarker(1)), takeoverHeaps(), codes, 2000)
	t.Logf("the finisher marked %d of %d heaps of the marker mode", c.alone, c.heaps)
	if c.alone == 0 || c.alone == c.heaps {
		t.Errorf("the finisher marked %d of %d heaps of the marker mode, want some, not all", c.alone, c.heaps)
	}
}

// markCounts sums counters of the marker mode over several runs.
type markCounts struct{ heaps, alone, wrong, self int }

// markRuns compares the values of the marker mode with options opt (two
// workers) with the single-core values, on the classic codes to n heaps
// (from heap 200 on) and on random codes to m heaps (from heap 128 on),
// drawn until the mode ran on codes of them, and sums the engines'
// counters.
func markRuns(t *testing.T, mode string, opt Option, n, codes, m int) markCounts {
	t.Helper()
	var c markCounts
	check := func(name string, r game.HeapRule, n, parFrom int) int {
		se := modeCheck(t, mode, name, r, n, 2, parFrom, opt)
		if se == nil {
			return 0
		}
		c.heaps += se.markHeaps
		c.alone += se.markAlone
		c.wrong += se.markWrong
		c.self += se.markSelf
		return se.markHeaps
	}
	for _, pc := range parClassics {
		if !pc.Small {
			check(pc.Name, pc.R, n, 200)
		}
	}
	parRandomCodes(t, mode, codes, func(r seqCode, _ int) int { return check(r.String(), r, m, 128) })
	return c
}

// The finisher's guesses, checked by either goroutine (the default), by
// the finisher alone, or not made (the finisher confirms each value
// itself), give the single-core values on the classic codes and on random
// codes. Some guesses are wrong (on .376, .16 and .56, a few hundred of
// the first 20,000 heaps: the value is then a value of the other class
// that no split gives), and each is found and mended: the run goes on
// after the heap, with the value the check found.
func TestMarkerGuesses(t *testing.T) {
	needMulticore(t)
	n, codes, m := 20000, 12, 4000
	switch {
	case raceDetector:
		n, codes, m = 2500, 1, 2000
	case quick():
		n, codes = 8000, 4
	}
	for _, guess := range []int{0, 1, -1} {
		opt := func(c *config) { withMarker(1)(c); withGuess(guess)(c) }
		c := markRuns(t, fmt.Sprintf("marker mode, guesses %d", guess), opt, n, codes, m)
		heaps, wrong, self := c.heaps, c.wrong, c.self
		t.Logf("guesses %d: %d heaps in marker mode, %d wrong guesses, %d checks by the finisher", guess, heaps, wrong, self)
		switch {
		case guess >= 0 && wrong == 0:
			t.Errorf("guesses %d: no wrong guess in %d heaps, want some (.376, .16, .56)", guess, heaps)
		case guess < 0 && (wrong != 0 || self != 0):
			t.Errorf("no guesses: %d wrong guesses, %d checks, want none", wrong, self)
		case guess == 1 && self < heaps:
			t.Errorf("guesses checked by the finisher: %d checks of %d heaps, want all", self, heaps)
		}
	}
}

// A wrong guess starts a new run of the marker mode, and the work since
// the last poll carries over, so that runs shorter than a poll's work
// (.376 has 181 wrong guesses in its first 150,000 heaps, mostly in the
// first 60,000) do not keep progress reports, checkpoints and
// cancellation away: with the count restarted at each run, .376's first
// report came at heap 58,415, with it carried over at heap 2,250.
func TestMarkerPollsAcrossRuns(t *testing.T) {
	needMulticore(t)
	r := seqParse(".376")
	first := 0
	progress := func(p Progress) {
		if first == 0 {
			first = p.Done
		}
	}
	cfg := newRun(r, []Option{WithMethod(MethodSparse), WithWorkers(2), withParallelFrom(128), withMarker(1), WithProgress(time.Nanosecond, progress)})
	se := chooseEngine(r, cfg).(*Engine)
	if err := se.extend(context.Background(), store.New(0), 60000); err != nil {
		t.Fatal(err)
	}
	if se.markWrong < 50 || first == 0 || first > 20000 {
		t.Errorf(".376 to 60,000 heaps: %d wrong guesses, first progress report at heap %d, want 50 or more and a report by heap 20,000", se.markWrong, first)
	}
}

// The engine's state at each poll of the marker mode (the progress
// reported, the checkpoint saved) and at its end holds only heaps whose
// guesses are checked: pairCatchUp lists no rare heap at or past the
// heaps it makes the sequence's, though the finisher has listed those of
// the heaps it guessed since.
func TestPairCatchUpChecked(t *testing.T) {
	r := seqParse(".354")
	cfg := newRun(r, []Option{WithMethod(MethodSparse), WithWorkers(2)})
	e := chooseEngine(r, cfg).(*Engine)
	s := store.New(0)
	if err := e.extend(context.Background(), s, 5000); err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(e.rare)
	s.Reserve(6000)
	all := s.B8[:cap(s.B8)]
	past := []rareHeap{{a: 5100, g: 1}, {a: 5200, g: 1}} // (listed on guesses)
	p := &pairState{rare: append(slices.Clone(e.rare), past...), counted: 5000}
	p.rareN.Store(int64(len(want) + 2))
	for _, n := range []int{5000, 5100} {
		pairCatchUp(e, s, p, all, n)
		if s.Len() != n || !slices.Equal(e.rare, want) {
			t.Fatalf("caught up to %d: %d values, rare heaps %v, want %v", n, s.Len(), e.rare[len(want):], want[len(want):])
		}
	}
	pairCatchUp(e, s, p, all, 5101)
	if k := len(e.rare); k != len(want)+1 || e.rare[k-1].a != 5100 {
		t.Fatalf("caught up to 5101: rare heaps %v, want heap 5100 added", e.rare[len(want):])
	}
}

// markRareCode4 marks what markRareCode marks for each of the four heaps,
// on codes with one, two and three removals that split.
func TestMarkRareCode4(t *testing.T) {
	rnd := gametest.Rand(t)
	vals := make([]uint8, 3000)
	for i := range vals {
		vals[i] = uint8(rnd.IntN(128))
	}
	var rare []rareHeap
	for a := 1; a < len(vals); a += 1 + rnd.IntN(40) {
		rare = append(rare, rareHeap{a: uint32(a), g: uint32(vals[a])})
	}
	for _, twoK := range [][]int{{2}, {2, 3}, {0, 4}, {1, 2, 5}} {
		for _, n := range []int{50, 997, 2990} {
			var got [4]*sparseTab
			for j := range got {
				got[j] = new(sparseTab)
			}
			markRareCode4(vals, rare, n, twoK, &got)
			for j := range 4 {
				want := new(sparseTab)
				markRareCode(vals, rare, n+j, twoK, want)
				if *want != *got[j] {
					t.Fatalf("splits %v, heap %d: markRareCode4 marks differ from markRareCode's", twoK, n+j)
				}
			}
		}
	}
}
