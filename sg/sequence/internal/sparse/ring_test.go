package sparse

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// ringCheck compares the values of r from the given workers, in ring mode
// from heap parFrom on, with the single-core values, and returns the
// number of heaps computed in ring mode.
func ringCheck(t *testing.T, name string, r game.HeapRule, n, workers, parFrom int) int {
	t.Helper()
	if se := modeCheck(t, "ring mode", name, r, n, workers, parFrom, withRing(1)); se != nil {
		return se.ringHeaps
	}
	return 0
}

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

// The ring mode gives the single-core values on the classic games and on
// random codes, with 2 to 7 goroutines (more than this machine's
// processors: the goroutines then take turns, which changes the schedule,
// never a value). It computes most heaps of the games the sparse engine
// keeps (Kayles, .354, .376, .1777, .16, .56, Grundy's game, 4.6, rules
// known by their moves) and none of Dawson's Kayles .07 and Dawson's chess
// .137, which stay in the plain method.
func TestRingMatchesSingleCore(t *testing.T) {
	needMulticore(t)
	n := 20000
	if quick() {
		n = 6000
	}
	for i, c := range parClassics {
		nn := n
		if c.small {
			nn = 1500
		}
		workers := 2 + i%6
		k := ringCheck(t, c.name, c.r, nn, workers, 200)
		switch c.name {
		case ".77 (Kayles)", ".354", ".376", ".1777", ".16", ".56", "Grundy's game", "4.6 (hexadecimal start)", ".354 by moves":
			if 2*k < nn {
				t.Errorf("%s, %d workers: %d of %d heaps in ring mode, want at least half", c.name, workers, k, nn)
			}
		case ".07", ".137":
			if k != 0 {
				t.Errorf("%s: %d heaps in ring mode, want none", c.name, k)
			}
		}
	}
}

// A goroutine of the ring mode that waits takes over the first heap not
// finished (ringFinish with take), and the goroutine that had it drops
// its work: with takeovers at the first look, frequent with more
// goroutines than processors, the values stay the single-core values.
func TestRingTakeover(t *testing.T) {
	needMulticore(t)
	n := takeoverHeaps()
	both := withTakeovers(withRing(1))
	taken, heaps := 0, 0
	for i, c := range parClassics {
		nn := n
		if c.small {
			nn = 1500
		}
		workers := 2 + i%6
		if se := modeCheck(t, "ring mode with takeovers", c.name, c.r, nn, workers, 200, both); se != nil {
			taken += se.ringTaken
			heaps += se.ringHeaps
		}
	}
	parRandomCodes(t, "ring mode with takeovers", 8, func(r seqCode, i int) int {
		se := modeCheck(t, "ring mode with takeovers", r.String(), r, 2000, 3+i%5, 128, both)
		if se == nil {
			return 0
		}
		taken += se.ringTaken
		heaps += se.ringHeaps
		return se.ringHeaps
	})
	t.Logf("%d of %d heaps in ring mode taken over", taken, heaps)
	if taken == 0 {
		t.Errorf("no heap taken over in %d heaps of the ring mode", heaps)
	}
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

func TestRingRandomCodes(t *testing.T) {
	needMulticore(t)
	codes := 24
	if quick() {
		codes = 8
	}
	parRandomCodes(t, "ring mode", codes, func(r seqCode, i int) int { return ringCheck(t, r.String(), r, 5000, 2+i%5, 128) })
}

// BenchmarkRing compares the ring mode, forced, with what runs without
// it, at each number of workers the machine has (and 2): on Grundy's game
// (costly heaps) the pipeline it replaces (ring-N and pipe-N), and on .354
// to 2^21 (cheap heaps, where the ring mode gains little: on this
// project's 2-core VM, two goroutines 0.70–0.87 s, the pair mode
// 0.48–0.57 s, one core 0.71–0.98 s, over two hours of this VM) the pair
// mode and the marker mode, which the default takes on .354 (ring-N,
// pair-N and mark-N, the last two with two goroutines whatever N).
// BenchmarkParallel gives the default choice.
func BenchmarkRing(b *testing.B) {
	for _, bc := range []struct {
		name   string
		r      game.HeapRule
		n      int
		long   bool
		others []string // what runs without the ring mode
	}{
		{"Grundy20", seqGrundy{}, 1 << 20, false, []string{"pipe"}},
		{"Grundy22", seqGrundy{}, 1 << 22, true, []string{"pipe"}},
		{"354-2^21", seqParse(".354"), 1 << 21, false, []string{"pair", "mark", "confirm"}},
	} {
		for _, workers := range []int{2, 3, 4, 6, 8, 12, 16} {
			if workers > 2 && workers > runtime.NumCPU() {
				continue
			}
			for _, mode := range append([]string{"ring"}, bc.others...) {
				opts := []Option{WithMethod(MethodSparse), WithWorkers(workers), withRing(-1)}
				switch mode {
				case "ring":
					opts[2] = withRing(1)
				case "pair":
					opts = append(opts, withMarker(-1))
				case "mark":
					opts = append(opts, withMarker(1))
				case "confirm": // the marker mode with no guesses
					opts = append(opts, withMarker(1), withGuess(-1))
				}
				b.Run(fmt.Sprintf("%s/%s-%d", bc.name, mode, workers), func(b *testing.B) {
					if bc.long && (testing.Short() || !spBenchNamed(bc.name)) {
						b.Skip("long: run with -bench 'Ring/" + bc.name + "/' and without -short")
					}
					benchValues(b, bc.r, bc.n, opts...)
				})
			}
		}
	}
}

// The ring mode stands aside, heap by heap, where a rule known by its
// moves gives a heap with no split (the single-core loop takes it), with
// the single-core values.
func TestRingRuleStandsAside(t *testing.T) {
	needMulticore(t)
	n := 20000
	if quick() {
		n = 8000
	}
	for _, stop := range []int{2000, 5001, 1 << 30} {
		if k := ringCheck(t, "odd rule", pairOddRule{stop}, n, 3, 201); k == 0 {
			t.Errorf("stop %d: no heap in ring mode", stop)
		}
	}
}

// By default the ring mode is the choice of two workers or more on heaps
// costly enough for the pipeline (Grundy's game), and the pair mode that
// of cheaper heaps (.354); either way the values are the single-core
// ones.
func TestRingDefault(t *testing.T) {
	if quick() {
		t.Skip("long (TestRingMatchesSingleCore runs the ring mode under the race detector)")
	}
	for _, c := range []struct {
		r       game.HeapRule
		ring    bool
		workers int
	}{{seqParse(".354"), false, 3}, {seqGrundy{}, true, 3}, {seqParse(".354"), false, 2}, {seqGrundy{}, true, 2}} {
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
		if got := e.ringMode(); got != c.ring {
			t.Errorf("%v, %d workers: ring mode %v, want %v", c.r, c.workers, got, c.ring)
		}
		t.Logf("%v: %d heaps in ring mode, %d in pair mode", c.r, e.ringHeaps, e.pairHeaps)
	}
}

// The ring mode computes a heap a second time only where an option it
// left out has the value it found. How many options it leaves out
// depends on how far the heaps finished lag behind the heap claimed,
// which depends on the schedule; on Grundy's game up to heap 50,000 or
// 200,000, on this project's 2-core VM, 0.08–0.09 % of the heaps with two
// goroutines, 0.45–0.7 % with four and 0.9–1.1 % with 16. Many more mean
// that it leaves out options it could read: taking the heaps below
// done-3k as the known ones instead of done gave 0.7 %, 1.4 % and 1.7 %.
// On .354 the move that takes one token has the value found in a third
// of the heaps, so the slots soon hold the next value too (wantNext):
// 0.08 % of the heaps up to 200,000 are computed twice, against 34 %
// without it. A machine busy with other work (go test running packages
// side by side) can push a run past its bound (.354: 1.1–1.3 % in two
// of six runs beside another test binary, 2026-11-28), so a case fails
// only when a second run is past it too; a fault of the mode is past it
// every time.
func TestRingRedoRate(t *testing.T) {
	needMulticore(t)
	if raceDetector {
		t.Skip("slow under the race detector (TestRingMatchesSingleCore runs the same code)")
	}
	n := 200000
	if quick() {
		n = 50000
	}
	for _, c := range []struct {
		r    game.HeapRule
		k    int
		most float64
	}{{seqGrundy{}, 2, 0.0035}, {seqGrundy{}, 4, 0.011}, {seqGrundy{}, 16, 0.03}, {seqParse(".354"), 2, 0.01}} {
		var redo, heaps int
		for try := 0; try < 2; try++ {
			cfg := newRun(c.r, []Option{WithMethod(MethodSparse), WithWorkers(c.k), withParallelFrom(200), withRing(1)})
			e := chooseEngine(c.r, cfg).(*Engine)
			if err := e.extend(context.Background(), store.New(0), n); err != nil {
				t.Fatal(err)
			}
			if 2*e.ringHeaps < n {
				t.Fatalf("%v, %d goroutines: %d of %d heaps in ring mode", c.r, c.k, e.ringHeaps, n)
			}
			redo, heaps = e.ringRedo, e.ringHeaps
			if float64(redo) <= c.most*float64(heaps) {
				break
			}
			t.Logf("%v, %d goroutines, run %d: %d of %d heaps computed twice", c.r, c.k, try+1, redo, heaps)
		}
		if rate := float64(redo) / float64(heaps); rate > c.most {
			t.Errorf("%v, %d goroutines: %d of %d heaps computed twice (%.2f %%) in two runs, want at most %.1f %%", c.r, c.k, redo, heaps, 100*rate, 100*c.most)
		}
	}
}
