package sequence

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/seqtest"
	"github.com/impartial-go/impartial/sg/sequence/internal/sparse"
)

// parValues computes G(0 … n-1) of r with the engine for method, with
// the given number of workers, computing heaps from parFrom on in
// parallel blocks.
func parValues(t testing.TB, r game.HeapRule, n int, m Method, workers, parFrom int) []sg.Nimber {
	t.Helper()
	vals, _ := parRun(t, r, n, m, workers, parFrom)
	return vals
}

// parRun is parValues, also returning the engine.
func parRun(t testing.TB, r game.HeapRule, n int, m Method, workers, parFrom int) ([]sg.Nimber, engine) {
	t.Helper()
	cfg := newRun(r, []Option{WithMethod(m), WithWorkers(workers), withParallelFrom(parFrom)})
	e := chooseEngine(r, cfg)
	s := New(0)
	if err := e.extend(context.Background(), s, n); err != nil {
		t.Fatalf("%v, %d workers: %v", r, workers, err)
	}
	if de, ok := e.(*directEngine); ok && sparse.Multicore && workers > 1 && de.blk == nil && de.bounded && de.code.Parts <= 2 {
		t.Errorf("%v, %d workers: the direct engine made no parallel block", r, workers)
	}
	return s.AppendValues(nil, 0, s.Len()), e
}

// parCheck compares the parallel runs of r (2, 3 and 5 workers) with the
// single-core run, value by value.
func parCheck(t *testing.T, name string, r game.HeapRule, n int, m Method, parFrom int) {
	t.Helper()
	seqtest.CheckWorkers(t, fmt.Sprintf("%s (%v)", name, m), func(w int) []sg.Nimber { return parValues(t, r, n, m, w, parFrom) })
}

// parClassics are the games the parallel engines are checked on.
var parClassics = seqtest.Classics

// BenchmarkParallel measures the parallel sparse engine with 1 and 2
// workers (and 16 where the machine has 16 processors), in one run:
//
//	go test -run '^$' -bench 'Parallel/Grundy22/' -benchtime 1x ./sg/sequence
//	go test -run '^$' -bench 'Parallel/354/' -benchtime 1x ./sg/sequence
//
// Grundy22 computes 2^22 values of Grundy's game; 354 the 20,126,195
// values that certify the period of .354 (preperiod 10,061,916, period
// 1180, Flammenkamp's octal-game tables) by the Guy–Smith theorem. The
// short variants (Grundy20, 354-2^21) run by default.
//
// The workers are set with WithWorkers, not by GOMAXPROCS: with a list
// such as -cpu 1,2, the testing package runs a b.Loop benchmark's first
// entry, whole, at the GOMAXPROCS left by the one before (the machine's
// default for the first benchmark, the list's last value after it: Go
// issue 49980), so "-cpu 1,2,16" on a 16-core machine timed 16
// processors as 1.
func BenchmarkParallel(b *testing.B) {
	for _, bc := range []struct {
		name string
		r    game.HeapRule
		n    int
		long bool
	}{
		{"Grundy20", seqGrundy{}, 1 << 20, false},
		{"354-2^21", seqParse(".354"), 1 << 21, false},
		{"Grundy22", seqGrundy{}, 1 << 22, true},
		{"354", seqParse(".354"), 2*(10061916+1180) + 3, true},
	} {
		for _, workers := range []int{1, 2, 16} {
			if workers > 2 && workers > runtime.NumCPU() {
				continue
			}
			b.Run(fmt.Sprintf("%s/workers-%d", bc.name, workers), func(b *testing.B) {
				if bc.long && (testing.Short() || !spBenchNamed(bc.name)) {
					b.Skip("long: run with -bench 'Parallel/" + bc.name + "/' and without -short")
				}
				benchValues(b, bc.r, bc.n, WithMethod(MethodSparse), WithWorkers(workers))
			})
		}
	}
}

// BenchmarkBusy times two workers while another goroutine of the process
// takes 1 ms of processor time every 5 ms, as another program on a
// shared machine would (the Go scheduler then takes a processor from a
// worker for about a millisecond at a time): with takeovers (the default:
// a worker that has waited long for another does that one's work itself)
// and without them (wait). The cases are long: run them by name, as
// -bench 'Busy/Grundy22/' or -bench 'Busy/354/'.
func BenchmarkBusy(b *testing.B) {
	for _, bc := range []struct {
		name string
		r    game.HeapRule
		n    int
	}{
		{"Grundy22", seqGrundy{}, 1 << 22},
		{"354", seqParse(".354"), 2*(10061916+1180) + 3},
	} {
		for _, mode := range []struct {
			name  string
			looks int
		}{{"takeover", 0}, {"wait", -1}} {
			b.Run(bc.name+"/"+mode.name, func(b *testing.B) {
				if testing.Short() || !spBenchNamed("Busy/"+bc.name) {
					b.Skip("long: run with -bench 'Busy/" + bc.name + "/' and without -short")
				}
				defer busy()()
				benchValues(b, bc.r, bc.n, WithMethod(MethodSparse), WithWorkers(2), withTakeover(mode.looks))
			})
		}
	}
}

// busy starts a goroutine that spins for 1 ms every 5 ms, and returns
// the function that stops it.
func busy() (stop func()) {
	done := make(chan struct{})
	over := make(chan struct{})
	go func() {
		defer close(over)
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			for t := time.Now(); time.Since(t) < time.Millisecond; {
			}
		}
	}()
	return func() {
		close(done)
		<-over
	}
}

// benchValues times Values(r, n, opts) and reports heaps a second.
func benchValues(b *testing.B, r game.HeapRule, n int, opts ...Option) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Values(context.Background(), r, n, opts...); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "heaps/s")
}

func TestParallelDirectMatchesSingleCore(t *testing.T) {
	n := 5000
	if quick() {
		n = 2500
	}
	for _, c := range parClassics {
		nn := n
		if c.Small {
			nn = 1200
		}
		parCheck(t, c.Name, c.R, nn, MethodDirect, 100)
	}
	rnd := gametest.Rand(t)
	for range 20 {
		ds := []uint32{0}
		for range 1 + rnd.IntN(4) {
			ds = append(ds, uint32(rnd.IntN(8)))
		}
		r := seqDigits(ds...)
		parCheck(t, r.String(), r, 2000, MethodDirect, 64)
	}
}

// TestParallelCancelAndResume cancels a parallel run from its progress
// function, checks that the values it kept are exact, and resumes from a
// checkpoint with the parallel engine to the same values as one
// single-core run.
func TestParallelCancelAndResume(t *testing.T) {
	for _, c := range []struct {
		name    string
		r       game.HeapRule
		n, stop int
		opts    []Option
		short   bool // fewer heaps under the race detector, which makes these slow
	}{
		{".354", seqParse(".354"), 300000, 50000, nil, false},
		{"grundy", seqGrundy{}, 120000, 40000, nil, true},
		{".354-pipeline", seqParse(".354"), 300000, 50000, []Option{withMarker(-1), withParallelFrom(4096)}, true},
		// (.354's heaps are cheap: a poll comes every 25,000 or so.)
		{".354-marker", seqParse(".354"), 300000, 50000, []Option{withMarker(1)}, false},
		// (.376's guesses are wrong at a few hundred heaps: each stops a
		// run of the marker mode, mended, and another starts.)
		{".376-marker", seqParse(".376"), 120000, 40000, []Option{withMarker(1)}, true},
	} {
		if c.short && raceDetector {
			c.n, c.stop = 40000, 15000
		}
		t.Run(c.name, func(t *testing.T) { parCancelAndResume(t, c.r, c.n, c.stop, c.opts...) })
	}
}

// parCancelAndResume is TestParallelCancelAndResume for rule r, n values,
// cancelled once stop are done, with the options opts besides.
func parCancelAndResume(t *testing.T, r game.HeapRule, n, stop int, opts ...Option) {
	want := parValues(t, r, n, MethodSparse, 1, 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	path := t.TempDir() + "/run.ckpt"
	onProgress := func(p Progress) {
		if p.Done >= stop {
			cancel()
		}
	}
	s, err := Values(ctx, r, n, append([]Option{WithWorkers(2), WithProgress(time.Nanosecond, onProgress), WithCheckpoint(path, time.Hour)}, opts...)...)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: err = %v, want context.Canceled", err)
	}
	if s.Len() >= n || s.Len() < stop {
		t.Fatalf("cancelled run kept %d values", s.Len())
	}
	for i := range s.Len() {
		if s.At(i) != want[i] {
			t.Fatalf("cancelled run: G(%d) = %d, want %d", i, s.At(i), want[i])
		}
	}
	s, err = Values(context.Background(), r, n, append([]Option{WithWorkers(3), WithCheckpoint(path, time.Hour)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	if i := spFirstDiff(s, want); i >= 0 {
		t.Fatalf("resumed run: G(%d) = %d, want %d", i, s.At(i), want[i])
	}
}
