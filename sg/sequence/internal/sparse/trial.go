package sparse

import (
	"context"
	"time"

	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// The choice of the marker mode of the sparse engine (mark.go) and its
// trials: whether it may run is decided from the values alone (pairOK);
// whether it runs is decided by timing it against the loop that runs
// otherwise (one core, or the pipeline of par.go) (runPair, pairTry)
// and, while it runs, chunk by chunk (pairChunks).

// pairOK reports whether the marker mode (mark.go) may run on the
// engine's rule now, at heap n, whose moves the engine holds, where heap
// 1 has value g1: on a take-and-break code of no digit of many moves,
// on heaps the probe found cheap (or with two processors, before the
// probe), at a heap of the kind pairTakes takes (so that a run does not
// stop at its first heap), below markMaxHeaps, unless Knobs.Marker turns
// it off.
func (e *Engine) pairOK(n, g1 int) bool {
	if e.procs <= 1 || e.direct || !e.rareOK || e.rs.Knobs.Marker < 0 || e.Code == nil || n >= markMaxHeaps {
		return false
	}
	if len(e.Code.Many) > 0 {
		return false
	}
	return pairTakes(&e.Heap, n, g1) && (e.procs == 2 || e.probed && !e.pipeWorth)
}

// markMaxHeaps is the heap from which the marker mode no longer starts:
// past it a run is long, its second goroutine's garbage and the growth of
// the values' storage while both run raised .1777's certification (443
// million values) from 0.78 GB to 0.94–1.35 GB and its CPU time by 9–17 %
// (for a wall time of 41–55 s instead of 62–65 s), so the longest runs go
// on on one core, in the memory of their values.
const markMaxHeaps = 1 << 26

// runPair computes heaps of s in marker mode, from s.Len() up to target
// at most, and returns when it stops (see above); the caller's loop goes
// on from s.Len(), and calls it only from heap e.pairRetry on. It does
// nothing when the run would be short.
//
// Whether two goroutines are faster than one depends on the machine, and
// on a virtual machine on the minute (see pairMaxHandoff), so runPair
// measures it: it lets the caller's loop compute pairTrial heaps, timed
// (on one core, or with the pipeline where that runs), then computes as
// many in marker mode, and goes on in marker mode (for pairRunMax heaps
// at most, then measures again) only when these took less time an
// inner-loop step (pairTrialWins), and only while each chunk of the run
// stays faster (pairChunks); otherwise it leaves the next heaps to the
// loop, 2·pairTrial after a first loss, twice as many after each loss in
// a row, up to pairBackoffMax (and where the pipeline then runs, the
// heaps up to its stop, at the next choice of the mask). A timing of the
// loop serves for pairRecheck heaps. Tests force the marker mode with no
// trial (Knobs.ParFrom, Knobs.Marker).
func runPair[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, target int, get func(*store.Seq) []T, scan scanFunc[T]) error {
	run := func(end int) (int, int, error) { return markRun(ctx, e, s, end, get, scan) }
	n0 := s.Len()
	end := min(target, cap(get(s)), e.nextChoose, markMaxHeaps)
	if end-n0 < pairMinRun || n0 < 3 {
		// Asked again pairMinRun heaps later (or at the next choice of
		// the mask, where the run may be long again), not at the next
		// heap.
		e.pairRetry = min(n0+pairMinRun, max(e.nextChoose, n0+1))
		return nil
	}
	if e.rs.Knobs.ParFrom != 0 || e.rs.Knobs.Marker > 0 {
		// (Tests and benchmarks: no trial.)
		_, _, err := run(end)
		return err
	}
	c := &e.pairClock
	if !c.won || n0 >= c.until {
		// No trial won less than pairRunMax heaps ago: try one.
		if won, err := pairTry(e, s, end, run); !won || err != nil {
			return err
		}
	}
	return pairChunks(e, s, min(end, c.until), run)
}

// pairChunks runs a mode that won its trial (run) from heap s.Len() up to
// end, in chunks of pairChunk heaps, each timed: it stops, and leaves the
// heaps to the caller's loop as after a lost trial, after a chunk of
// pairTrial heaps or more that was not faster an inner-loop step than the
// trial's timing of the loop (pairKeeps). So a trial won by chance, or a
// machine that has since become busy with other work, costs one chunk.
func pairChunks(e *Engine, s *store.Seq, end int, run func(end int) (int, int, error)) error {
	c := &e.pairClock
	for n := s.Len(); n < end; n = s.Len() {
		stop := min(end, n+pairChunk)
		start := time.Now()
		done, steps, err := run(stop)
		if err != nil || done < stop || steps == 0 {
			return err // (stopped early: the caller's loop takes the heap)
		}
		if done-n >= pairTrial && !pairKeeps(float64(time.Since(start))/float64(steps), c.single) {
			c.won = false
			e.pairRetry = done + c.backoff()
			return nil
		}
	}
	return nil
}

// pairTry is runPair's trial from heap s.Len() (below end): it times the
// caller's loop (one core, or the pipeline where that runs), leaving it
// the next pairTrial heaps, when no timing of it is recent, and else runs
// pairTrial heaps with run (the marker mode). It reports
// whether that won, and then sets e.pairClock.until; when it did not,
// e.pairRetry says where runPair is called again.
func pairTry(e *Engine, s *store.Seq, end int, run func(end int) (int, int, error)) (bool, error) {
	n0, c := s.Len(), &e.pairClock
	c.won = false
	if !pairHandoffCheck() {
		// Handing a heap over costs about as much as the heap (or the
		// other processor was away a moment): the caller's loop is
		// faster for a while, and the probe asks again as after a lost
		// trial.
		e.pairRetry = min(end, n0+c.backoff())
		return false, nil
	}
	start := time.Now()
	if c.timing && e.steps > c.from {
		c.single = float64(start.Sub(c.at)) / float64(e.steps-c.from)
		c.singleAt = n0
	}
	c.timing = false
	if c.single == 0 || n0-c.singleAt > pairRecheck {
		// Time the caller's loop over the next pairTrial heaps.
		c.timing, c.from, c.at = true, e.steps, start
		e.pairRetry = n0 + pairTrial
		return false, nil
	}
	trialEnd := min(end, n0+pairTrial)
	done, steps, err := run(trialEnd)
	if err != nil || done < trialEnd || steps == 0 {
		return false, err // (stopped early: the next call tries again)
	}
	if c.won = pairTrialWins(float64(time.Since(start))/float64(steps), c.single); c.won {
		c.until = done + pairRunMax
		c.losses = 0
	} else {
		e.pairRetry = done + c.backoff()
	}
	return c.won, nil
}

// backoff returns the heaps the caller's loop computes before the next
// trial after one lost (or a hand-over probe failed): 2·pairTrial after
// the first, twice as many after each in a row, up to pairBackoffMax. It
// counts the loss.
func (c *pairClock) backoff() int {
	k := min(pairTrial<<(c.losses+1), pairBackoffMax)
	c.losses = min(c.losses+1, 16)
	return k
}

// pairClock holds the marker mode's trials (runPair): the caller's loop
// is timed (timing) from its step from at time at, and took single
// nanoseconds an inner-loop step, measured at heap singleAt; won: the
// last trial of the marker mode won, and then the marker mode runs up to
// heap until; losses: the trials lost in a row.
type pairClock struct {
	timing, won           bool
	losses                int
	from, singleAt, until int
	at                    time.Time
	single                float64
}

// Sizes of the marker mode's trials (see runPair). A trial runs
// pairTrial heaps (about 5 ms on .354) in marker mode, at the slower pace
// when the marker mode loses, once every pairBackoffMax heaps once it has
// lost a few in a row (after a loss, the next trial comes 2·pairTrial
// heaps later, then twice as late each time up to pairBackoffMax, so
// that a trial lost by chance on a noisy machine costs little): at 1.26×
// slower that is under 2 % of a run (a computed bound).
const (
	pairTrial   = 1 << 14
	pairRunMax  = 1 << 22
	pairRecheck = 1 << 18
	// pairChunk is the heaps of a timed chunk of a run after a won
	// trial (pairChunks); pairBackoffMax the most heaps left to the
	// caller's loop after lost trials in a row (backoff): where every
	// trial loses (a machine busy with other work, on which two
	// goroutines run at a third of one core's pace), the trials then
	// cost about 2 % of a run.
	pairChunk      = 1 << 18
	pairBackoffMax = 1 << 21
)

// pairTrialWins reports whether the marker mode, at pair nanoseconds an
// inner-loop step in its trial, beat the caller's loop's single by 5 %
// at least. (Time a step, not a heap: on .354 the first heaps timed on
// one core cost less than the later ones of the trial.) Tests replace it.
var pairTrialWins = func(pair, single float64) bool {
	return pair < 0.95*single
}

// pairKeeps reports whether a chunk of a run after a won trial, at pair
// nanoseconds an inner-loop step, was faster than the caller's loop at
// single (see pairChunks). Tests replace it.
var pairKeeps = func(pair, single float64) bool {
	return pair < single
}

// pairMaxHandoff is the most a heap's hand-over may cost, measured by
// pairHandoffFast, for the marker mode to be tried: most of a .354 heap
// (about 300 ns). The hand-over time alone does not tell whether the
// marker mode pays, so below this bound runPair times it against the
// other loop.
const pairMaxHandoff = 250 * time.Nanosecond

// pairHandoffFast reports whether two goroutines hand a word back and
// forth in less than pairMaxHandoff a time (512 times, a fraction of a
// millisecond). It is asked before each trial of the marker mode, so a run
// follows where the processors are then (a virtual machine's may move:
// see BenchmarkPairHandoff). Only the schedule depends on it, never a
// value.
func pairHandoffFast() bool {
	const handoffs = 1024
	limit := handoffs * pairMaxHandoff
	d, ok := pairPingPong(handoffs, limit)
	return ok && d < limit
}

// pairPingPong makes two goroutines hand a pairState's word back and
// forth n times, as the marker mode hands heaps over, and returns the time
// it took; it gives up past limit (when the other goroutine does not
// run, say) and then reports false.
func pairPingPong(n int, limit time.Duration) (time.Duration, bool) {
	p := &pairState{}
	p.stopAt.Store(1 << 62)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 1; i < n; i += 2 {
			if _, ok := p.waitPrev(i); !ok {
				return
			}
			p.last.Store(int64(i+1) << 32)
		}
	}()
	start := time.Now()
	ok := true
	for i := 0; i < n; i += 2 {
		if i&63 == 0 && time.Since(start) > limit {
			ok = false
			break
		}
		if _, more := p.waitPrev(i); !more {
			break
		}
		p.last.Store(int64(i+1) << 32)
	}
	d := time.Since(start)
	p.lowerStop(0)
	<-done
	return d, ok
}

// pairHandoffCheck is pairHandoffFast; tests replace it.
var pairHandoffCheck = pairHandoffFast
