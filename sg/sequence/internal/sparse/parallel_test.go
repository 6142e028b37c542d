package sparse

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/seqtest"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// parValues computes G(0 … n-1) of r with the engine for method, with
// the given number of workers, computing heaps from parFrom on in
// parallel blocks, and the sparse engine's first mask chosen at heap 64.
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
	if se, ok := e.(*Engine); ok {
		se.start = 64
		se.pipeTest = true
	}
	s := store.New(0)
	if err := e.extend(context.Background(), s, n); err != nil {
		t.Fatalf("%v, %d workers: %v", r, workers, err)
	}
	if se, ok := e.(*Engine); ok && workers > 1 && !se.handedOver && !se.direct {
		// The parallel path must have been taken, and must decide
		// most heaps; with the default start (parFrom 0) only when the
		// heaps are costly enough (pipeMinSteps): Grundy's game's are,
		// .354's are not.
		// (Or by the marker mode, with two workers on a code.)
		want := parFrom > 0 || se.pipeWorth
		decided := se.pairHeaps
		if se.pipe != nil {
			decided += se.pipe.decided
		}
		if p := se.pipe; want && decided == 0 {
			t.Errorf("%v, %d workers: no heap decided by the pipeline or the marker mode", r, workers)
		} else if !want && p != nil && p.decided > 0 {
			t.Errorf("%v, %d workers: %d heaps decided by the pipeline, whose probe found them too cheap", r, workers, p.decided)
		} else if p != nil {
			t.Logf("%v, %d workers: %d heaps decided by the pipeline, %d left to the single-core method after a first phase, %d taken back; %d in marker mode",
				r, workers, p.decided, p.undecided, p.abandoned, se.pairHeaps)
		}
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

func TestParallelSparseMatchesSingleCore(t *testing.T) {
	needMulticore(t)
	n := 20000
	switch {
	case raceDetector:
		n = 4000
	case quick():
		n = 8000
	}
	for _, c := range parClassics {
		nn := n
		if c.Small {
			nn = 1500 // a direct engine's O(n²) or more
		}
		parCheck(t, c.Name, c.R, nn, MethodSparse, 200)
	}
}

func TestParallelSparseRandomCodes(t *testing.T) {
	needMulticore(t)
	rnd := gametest.Rand(t)
	codes, n := 80, 6000
	switch {
	case raceDetector:
		codes, n = 10, 3000
	case quick():
		codes = 30
	}
	for range codes {
		r := randomSplitCode(rnd)
		parCheck(t, r.String(), r, n, MethodSparse, 128)
	}
}

// parRandomCodes runs check, which returns the heaps a parallel mode
// computed, on random codes (check is given each code and its index)
// until the mode has run on want of them, and fails if it has not after
// parDrawsPer·want codes. A mode runs on about 60 % of the codes
// randomSplitCode draws (the marker mode 61 % at 2,000
// heaps, over 300 codes), so the test is as strong whatever the seed:
// when it counted the codes on which the mode ran out of a fixed number
// drawn, requiring a quarter, about one seed in 450 failed the marker
// mode's (fewer than 3 of 12).
func parRandomCodes(t *testing.T, mode string, want int, check func(r seqCode, i int) int) {
	t.Helper()
	ran, draws := 0, 0
	rnd := gametest.Rand(t)
	for ; ran < want && draws < parDrawsPer*want; draws++ {
		if check(randomSplitCode(rnd), draws) > 0 {
			ran++
		}
	}
	t.Logf("the %s ran on %d of %d random codes", mode, ran, draws)
	if ran < want {
		t.Errorf("the %s ran on %d of %d random codes, want %d", mode, ran, draws, want)
	}
}

// parDrawsPer bounds the random codes parRandomCodes draws, per code
// wanted. With 5 and a mode running on 60 % of the codes, failing to
// find 8 in 40 draws has a chance of about one in twenty million.
const parDrawsPer = 5

// randomSplitCode returns an octal code of 1 to 4 random digits after the
// point whose last digit allows a split, so that the sparse engine takes
// it; a quarter of them start with 4 (a heap may be split without removing
// a token, as in Grundy's game).
func randomSplitCode(rnd *rand.Rand) seqCode {
	ds := []uint32{0}
	if rnd.IntN(4) == 0 {
		ds[0] = 4
	}
	for range 1 + rnd.IntN(4) {
		ds = append(ds, uint32(rnd.IntN(8)))
	}
	ds[len(ds)-1] |= 4
	return seqDigits(ds...)
}

// TestParallelDefaultBlocks runs the default pipeline start (heap 4096) on
// .354, whose heaps the probe finds too cheap for the pipeline, and
// Grundy's game, whose heaps it finds costly enough.
func TestParallelDefaultBlocks(t *testing.T) {
	if quick() {
		t.Skip("long (and the other parallel tests run these paths under the race detector)")
	}
	for _, c := range []struct {
		r    game.HeapRule
		pipe bool // whether the probe finds the heaps costly enough
	}{{seqParse(".354"), false}, {seqGrundy{}, true}} {
		parCheck(t, fmt.Sprint(c.r), c.r, 60000, MethodSparse, 0)
		cfg := newRun(c.r, []Option{WithMethod(MethodSparse), WithWorkers(2)})
		e := chooseEngine(c.r, cfg).(*Engine)
		if err := e.extend(context.Background(), store.New(0), 60000); err != nil {
			t.Fatal(err)
		}
		if e.pipeWorth != c.pipe {
			t.Errorf("%v: the probe says the pipeline pays: %v, want %v", c.r, e.pipeWorth, c.pipe)
		}
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

// TestParallelGrundySparseSet checks the parallel engine on the sparse
// set of Grundy's game: the heaps n whose value, less its lowest bit, has
// an even number of ones (mask 0111…1). Flammenkamp lists them ("Known
// Sparse SGV of Grundy's Game", http://wwwhomes.uni-bielefeld.de/achim/grundy.html);
// these are his first 48, up to heap 231, with their values.
func TestParallelGrundySparseSet(t *testing.T) {
	needMulticore(t)
	want := [][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 1}, {4, 0}, {6, 1}, {7, 0}, {9, 1}, {10, 0}, {12, 1},
		{15, 1}, {20, 0}, {23, 0}, {26, 0}, {28, 1}, {31, 1}, {34, 1}, {37, 1}, {40, 1}, {43, 1},
		{46, 1}, {49, 1}, {50, 0}, {52, 1}, {53, 0}, {55, 1}, {58, 1}, {61, 1}, {87, 7}, {90, 7},
		{93, 7}, {146, 6}, {149, 6}, {152, 6}, {158, 11}, {161, 11}, {164, 11}, {167, 11}, {176, 7}, {179, 7},
		{181, 12}, {182, 7}, {185, 7}, {188, 7}, {190, 12}, {193, 12}, {196, 10}, {231, 10}}
	vs := parValues(t, seqGrundy{}, 1<<13, MethodSparse, 2, 64)
	var got [][2]int
	for n, v := range vs[:232] {
		if bits.OnesCount64(uint64(v)>>1)%2 == 0 {
			got = append(got, [2]int{n, int(v)})
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("sparse heaps of Grundy's game up to 231:\n got %v\nwant %v", got, want)
	}
}

// parSlow is Grundy's game with a rule that takes 2 ms to list the moves
// of every 331st heap, so that a worker holding such a heap falls far
// behind the finisher.
type parSlow struct{}

func (parSlow) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n%331 == 0 {
		time.Sleep(2 * time.Millisecond)
	}
	return seqGrundy{}.AppendHeapMoves(dst, n)
}

// TestParallelSlowWorker checks that the pipeline gives the single-core
// values of Grundy's game when workers stall: the finisher either waits
// for a stalled worker's heap or takes it back (after running rareLag
// first phases ahead) and computes it itself, and the stalled worker's
// late result must then be dropped.
func TestParallelSlowWorker(t *testing.T) {
	needMulticore(t)
	const n = 12000
	want := parValues(t, seqGrundy{}, n, MethodSparse, 1, 0)
	for _, w := range []int{2, 4} {
		cfg := newRun(parSlow{}, []Option{WithMethod(MethodSparse), WithWorkers(w), withParallelFrom(200)})
		e := chooseEngine(parSlow{}, cfg)
		s := store.New(0)
		if err := e.extend(context.Background(), s, n); err != nil {
			t.Fatal(err)
		}
		if i := spFirstDiff(s, want); i >= 0 {
			t.Fatalf("%d workers: G(%d) = %d, want %d", w, i, s.At(i), want[i])
		}
		if p := e.(*Engine).pipe; p == nil {
			t.Fatalf("%d workers: no pipeline", w)
		} else {
			t.Logf("%d workers: %d heaps decided by the pipeline, %d left to the single-core method, %d taken back from a stalled worker",
				w, p.decided, p.undecided, p.abandoned)
		}
	}
}
