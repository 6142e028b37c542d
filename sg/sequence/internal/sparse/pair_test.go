package sparse

import (
	"context"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// pairCheck compares the values of r from two workers, in pair mode from
// heap parFrom on, with the single-core values, and returns the number of
// heaps computed in pair mode.
func pairCheck(t *testing.T, name string, r game.HeapRule, n, parFrom int) int {
	t.Helper()
	want := parValues(t, r, n, MethodSparse, 1, parFrom)
	got, eng := parRun(t, r, n, MethodSparse, 2, parFrom)
	if len(got) != len(want) {
		t.Fatalf("%s: %d values in pair mode, %d on one core", name, len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: pair mode G(%d) = %d, single core %d", name, i, got[i], want[i])
		}
	}
	if e, ok := eng.(*Engine); ok {
		return e.pairHeaps
	}
	return 0
}

// The pair mode gives the single-core values on the classic games (among
// them .354 and .1777, whose heaps the pipeline finds too cheap) and on
// random codes. It computes most heaps of Kayles .77, .354, .376, .1777,
// .16, .56, and of the games that split a heap without removing a token
// (Grundy's game, 4.6) or are known by their moves only; none of Dawson's
// Kayles .07 and Dawson's chess .137, which stay in the plain method
// (their heaps have too many rare values to pay); and some of the random
// codes.
func TestPairMatchesSingleCore(t *testing.T) {
	needMulticore(t)
	n, codes, m := 20000, 36, 6000
	switch {
	case raceDetector:
		n, codes, m = 8000, 4, 3000
	case quick():
		n, codes = 8000, 12
	}
	for _, c := range parClassics {
		nn := n
		if c.small {
			nn = 1500
		}
		k := pairCheck(t, c.name, c.r, nn, 200)
		switch c.name {
		case ".77 (Kayles)", ".354", ".376", ".1777", ".16", ".56", "Grundy's game", "4.6 (hexadecimal start)", ".354 by moves":
			if 2*k < nn {
				t.Errorf("%s: %d of %d heaps in pair mode, want at least half", c.name, k, nn)
			}
		case ".07", ".137":
			if k != 0 {
				t.Errorf("%s: %d heaps in pair mode, want none", c.name, k)
			}
		}
	}
	parRandomCodes(t, "pair mode", codes, func(r seqCode, _ int) int { return pairCheck(t, r.String(), r, m, 128) })
}

// BenchmarkPairHandoff measures what the pair mode pays per heap to hand
// over: two goroutines publish heaps in turn in a pairState's word, each
// waiting for the other's (ns/op is one heap, a transfer of the cache line
// from one processor to the other). Run it with -cpu 2: on a machine
// where it is far below the ~300 ns of a .354 heap, the pair mode gains;
// near it, it cannot.
func BenchmarkPairHandoff(b *testing.B) {
	if _, ok := pairPingPong(b.N, time.Hour); !ok {
		b.Fatal("the hand-overs took over an hour")
	}
}

// Where handing a heap over is slow, the pair mode does not run, and asks
// again 2·pairTrial heaps later, then twice as late each time (a few
// times in a run, not at every heap); where it is fast, the pair mode is timed against one core on a
// trial of pairTrial heaps, and runs on only when it won; after a loss it
// tries again 2·pairTrial heaps later, then twice as late each time (one
// to three trials lost in these 100,000 heaps). The values are the same.
func TestPairHandoffCheck(t *testing.T) {
	needMulticore(t)
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
			t.Errorf("%+v: %d heaps in pair mode, %d trials", c, e.pairHeaps, trials)
		}
		if asked == 0 || asked > 20 {
			t.Errorf("%+v: the hand-over asked about %d times for %d heaps", c, asked, n)
		}
	}
	if !pairHandoffFast() {
		t.Log("this machine hands a heap over slowly: the pair mode would not run here")
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

// Codes that split a heap without removing a token read G(n-1) in heap n
// through the split into 1 and n-1 (pairPending): the pair mode runs on
// them with a stand-in for G(n-1), also where the move that takes one
// token leaves n-1 as well and G(1) = 0 (4.2, 4.27: both options are
// G(n-1)), and leaves to one core the codes where those two options differ
// (4.3, 4.7, 4.37: G(1) = 1). The values are the single-core values.
// (On Grundy's game, where G(1) = G(2) = 0, a stand-in of G(n-2) would
// do as well; 4.005, 4.044 and 4.045 fail with it.)
func TestPairSplitWhole(t *testing.T) {
	needMulticore(t)
	n := 6000
	if raceDetector {
		n = 4000
	}
	for _, c := range []struct {
		code string
		pair bool
	}{{"4.2", true}, {"4.27", true}, {"4.07", true}, {"4.6", true}, {"4.1", true}, {"4.005", true}, {"4.044", true}, {"4.045", true}, {"4.3", false}, {"4.7", false}, {"4.37", false}, {"4.76", false}} {
		k := pairCheck(t, c.code, seqParse(c.code), n, 200)
		if c.pair && 2*k < n {
			t.Errorf("%s: %d of %d heaps in pair mode, want at least half", c.code, k, n)
		}
		if !c.pair && k != 0 {
			t.Errorf("%s: %d heaps in pair mode, want none (its two options that hold heap n-1 differ)", c.code, k)
		}
	}
}

// pairTwiceRule lists the move that takes a token and leaves the rest
// twice, with the split of the whole heap (whole, Grundy's game: heap n
// reads G(n-1) through three options, all of value G(n-1) since G(1) = 0)
// or of n-2 tokens (.34 known by its moves: parts of at most n-3, so the
// second copy read as an option would index past the values pairValue is
// given).
type pairTwiceRule struct{ whole bool }

func (r pairTwiceRule) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n >= 2 {
		dst = append(dst, game.HeapMove{Remain: n - 1, Parts: 1}, game.HeapMove{Remain: n - 1, Parts: 1})
	}
	if r.whole && n >= 3 {
		dst = append(dst, game.HeapMove{Remain: n, Parts: 2, Unequal: true})
	}
	if !r.whole && n >= 4 {
		dst = append(dst, game.HeapMove{Remain: n - 2, Parts: 2})
	}
	return dst
}

// A rule known by its moves that lists a move to heap n-1 twice runs in
// pair mode, with the single-core values: pairPending takes every copy out.
func TestPairRuleTwice(t *testing.T) {
	needMulticore(t)
	n := 6000
	for _, whole := range []bool{true, false} {
		if k := pairCheck(t, "take1 twice", pairTwiceRule{whole}, n, 200); 2*k < n {
			t.Errorf("whole %v: %d of %d heaps in pair mode, want at least half", whole, k, n)
		}
	}
}

// pairOddRule is Grundy's game from heap 3 until heap stop, then only
// the move that takes two tokens and leaves the rest; heap 1 may be taken
// whole (G(1) = 1), and from heap 3000 on every heap divisible by 7 may
// also lose one token and leave the rest. So the pair mode meets, in a
// rule known by its moves, heaps with no split (after stop) and heaps
// whose two options that hold heap n-1 differ in value (G(n-1) and
// G(1) ^ G(n-1)): it leaves both to the single-core loop.
type pairOddRule struct{ stop int }

func (r pairOddRule) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	switch {
	case n == 1:
		return append(dst, game.HeapMove{})
	case n >= 3 && n < r.stop:
		dst = append(dst, game.HeapMove{Remain: n, Parts: 2, Unequal: true})
	case n >= r.stop:
		dst = append(dst, game.HeapMove{Remain: n - 2, Parts: 1})
	}
	if n >= 3000 && n%7 == 0 {
		dst = append(dst, game.HeapMove{Remain: n - 1, Parts: 1})
	}
	return dst
}

// The pair mode stands aside, heap by heap, where a rule known by its
// moves gives a heap it does not handle (pairPending), with the
// single-core values.
func TestPairRuleStandsAside(t *testing.T) {
	needMulticore(t)
	n := 20000
	if raceDetector {
		n = 8000
	}
	for _, stop := range []int{2000, 5001, 1 << 30} {
		k := pairCheck(t, "odd rule", pairOddRule{stop}, n, 201)
		if k == 0 {
			t.Errorf("stop %d: no heap in pair mode", stop)
		}
	}
}
