package sparse

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// modeCheck compares the values of r from the given workers, from heap
// parFrom on in the mode (named mode) that the option force sets, with
// the single-core values, and returns the sparse engine that computed
// them (nil when another engine did).
func modeCheck(t *testing.T, mode, name string, r game.HeapRule, n, workers, parFrom int, force Option) *Engine {
	t.Helper()
	want := parValues(t, r, n, MethodSparse, 1, parFrom)
	cfg := newRun(r, []Option{WithMethod(MethodSparse), WithWorkers(workers), withParallelFrom(parFrom), force})
	eng := chooseEngine(r, cfg)
	se, ok := eng.(*Engine)
	if ok {
		se.start = 64
	}
	s := store.New(0)
	if err := eng.extend(context.Background(), s, n); err != nil {
		t.Fatalf("%s, %d workers: %v", name, workers, err)
	}
	got := s.AppendValues(nil, 0, s.Len())
	if len(got) != len(want) {
		t.Fatalf("%s: %d values in %s, %d on one core", name, len(got), mode, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s, %d workers: %s G(%d) = %d, single core %d", name, workers, mode, i, got[i], want[i])
		}
	}
	return se
}

// takeoverHeaps returns the heaps of the takeover tests' classic games.
func takeoverHeaps() int {
	if quick() {
		return 4000
	}
	return 12000
}

// withTakeovers returns mode, a test option that forces a mode, with
// takeovers at the first look.
func withTakeovers(mode Option) Option {
	return func(c *config) {
		mode(c)
		withTakeover(1)(c)
	}
}

// twoCheck compares the values of r from two workers, from heap parFrom
// on with no trial (the marker mode where pairOK lets it run, else the
// pipeline or one core), with the single-core values, and returns the
// number of heaps computed in marker mode.
func twoCheck(t *testing.T, name string, r game.HeapRule, n, parFrom int) int {
	t.Helper()
	want := parValues(t, r, n, MethodSparse, 1, parFrom)
	got, eng := parRun(t, r, n, MethodSparse, 2, parFrom)
	if len(got) != len(want) {
		t.Fatalf("%s: %d values on two workers, %d on one core", name, len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: two workers G(%d) = %d, single core %d", name, i, got[i], want[i])
		}
	}
	if e, ok := eng.(*Engine); ok {
		return e.pairHeaps
	}
	return 0
}

// Two workers give the single-core values on the classic games and on
// random codes. The marker mode computes most heaps of the octal games
// whose heaps the pipeline finds too cheap (Kayles .77, .354, .376,
// .1777, .16, .56) and none of Dawson's Kayles .07 and Dawson's chess
// .137, which stay in the plain method (their heaps have too many rare
// values to pay), nor of Grundy's game or of the rules known by their
// moves only, which are no codes.
func TestTwoWorkersMatchSingleCore(t *testing.T) {
	needMulticore(t)
	n, codes, m := 20000, 36, 6000
	switch {
	case raceDetector:
		n, codes, m = 8000, 4, 3000
	case quick():
		n, codes = 8000, 12
	}
	classicsInMarker(t, n, twoCheck, ".77 (Kayles)", ".354", ".376", ".1777", ".16", ".56")
	parRandomCodes(t, "two workers", codes, func(r seqCode, _ int) int { return twoCheck(t, r.String(), r, m, 128) })
}

// BenchmarkPairHandoff measures what the marker mode pays per heap to
// hand over: two goroutines publish heaps in turn in a pairState's word,
// each waiting for the other's (ns/op is one heap, a transfer of the
// cache line from one processor to the other). Run it with -cpu 2.
func BenchmarkPairHandoff(b *testing.B) {
	if _, ok := pairPingPong(b.N, time.Hour); !ok {
		b.Fatal("the hand-overs took over an hour")
	}
}

// Where handing a heap over is slow, the marker mode does not run, and
// asks again 2·pairTrial heaps later, then twice as late each time (a
// few times in a run, not at every heap); where it is fast, the marker
// mode is timed against one core on a trial of pairTrial heaps, and runs
// on only when it won; after a loss it tries again 2·pairTrial heaps
// later, then twice as late each time (one to three trials lost in these
// 100,000 heaps). The values are the same.
func TestPairHandoffCheck(t *testing.T) {
	r := seqParse(".354")
	const n = 100000
	want, err := Values(context.Background(), r, n, WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	defer func(f func() bool) { pairHandoffCheck = f }(pairHandoffCheck)
	defer func(f func(a, b float64) bool) { pairTrialWins = f }(pairTrialWins)
	defer func(f func(a, b float64) bool) { pairKeeps = f }(pairKeeps)
	for _, c := range []struct{ fast, wins bool }{{false, true}, {true, false}, {true, true}} {
		asked, trials := 0, 0
		pairHandoffCheck = func() bool { asked++; return c.fast }
		pairTrialWins = func(pair, single float64) bool {
			if pair <= 0 || single <= 0 {
				t.Errorf("%+v: a trial timed %v a heap against %v", c, pair, single)
			}
			trials++
			return c.wins
		}
		pairKeeps = func(pair, single float64) bool { return c.wins }
		cfg := newRun(r, []Option{WithMethod(MethodSparse), WithWorkers(2)})
		e := chooseEngine(r, cfg).(*Engine)
		s := store.New(0)
		if err := e.extend(context.Background(), s, n); err != nil {
			t.Fatal(err)
		}
		if i := spFirstDiff(s, want.AppendValues(nil, 0, n)); i >= 0 {
			t.Fatalf("%+v: G(%d) = %d, want %d", c, i, s.At(i), want.At(i))
		}
		switch {
		case !c.fast && (e.pairHeaps != 0 || trials != 0),
			c.fast && !c.wins && (e.pairHeaps == 0 || e.pairHeaps > trials*pairTrial || trials < 1 || trials > 3),
			c.fast && c.wins && (2*e.pairHeaps < n || trials != 1):
			t.Errorf("%+v: %d heaps in marker mode, %d trials", c, e.pairHeaps, trials)
		}
		if asked == 0 || asked > 20 {
			t.Errorf("%+v: the hand-over asked about %d times for %d heaps", c, asked, n)
		}
	}
	if !pairHandoffFast() {
		t.Log("this machine hands a heap over slowly: the marker mode would not run here")
	}
}

// pairPingPong completes its hand-overs within a generous limit and gives
// up, reporting false, past a limit of nothing (the goroutines then stop).
func TestPairPingPong(t *testing.T) {
	if d, ok := pairPingPong(1000, time.Minute); !ok || d <= 0 {
		t.Errorf("1000 hand-overs: %v, %v; want them done", d, ok)
	}
	if _, ok := pairPingPong(1000, 0); ok {
		t.Error("a limit of 0: the hand-overs reported done")
	}
}

// By default, with two or three workers, the values are the single-core
// ones on .354 (cheap heaps: the marker mode or one core, by their
// trials) and on Grundy's game (costly heaps: the pipeline).
func TestModesDefault(t *testing.T) {
	if quick() {
		t.Skip("long (TestTwoWorkersMatchSingleCore runs the modes under the race detector)")
	}
	for _, c := range []struct {
		r       game.HeapRule
		workers int
	}{{seqParse(".354"), 3}, {seqGrundy{}, 3}, {seqParse(".354"), 2}, {seqGrundy{}, 2}} {
		want := parValues(t, c.r, 60000, MethodSparse, 1, 0)
		cfg := newRun(c.r, []Option{WithMethod(MethodSparse), WithWorkers(c.workers)})
		e := chooseEngine(c.r, cfg).(*Engine)
		s := store.New(0)
		if err := e.extend(context.Background(), s, 60000); err != nil {
			t.Fatal(err)
		}
		if i := spFirstDiff(s, want); i >= 0 {
			t.Fatalf("%v: G(%d) = %d, want %d", c.r, i, s.At(i), want[i])
		}
		t.Logf("%v, %d workers: %d heaps in marker mode", c.r, c.workers, e.pairHeaps)
	}
}

// BenchmarkMarker compares the marker mode, forced, with the pipeline
// alone (the marker turned off), at each number of workers the machine
// has (and 2), on .354 to 2^21 (mark-N, confirm-N: the marker mode with
// no guesses, pipe-N; the first two with two goroutines whatever N).
// BenchmarkParallel gives the default choice.
func BenchmarkMarker(b *testing.B) {
	for _, bc := range []struct {
		name string
		r    game.HeapRule
		n    int
	}{
		{"354-2^21", seqParse(".354"), 1 << 21},
	} {
		for _, workers := range []int{2, 3, 4, 6, 8, 12, 16} {
			if workers > 2 && workers > runtime.NumCPU() {
				continue
			}
			for _, mode := range []string{"mark", "confirm", "pipe"} {
				opts := []Option{WithMethod(MethodSparse), WithWorkers(workers)}
				switch mode {
				case "pipe":
					opts = append(opts, withMarker(-1))
				case "mark":
					opts = append(opts, withMarker(1))
				case "confirm": // the marker mode with no guesses
					opts = append(opts, withMarker(1), withGuess(-1))
				}
				b.Run(fmt.Sprintf("%s/%s-%d", bc.name, mode, workers), func(b *testing.B) {
					benchValues(b, bc.r, bc.n, opts...)
				})
			}
		}
	}
}
