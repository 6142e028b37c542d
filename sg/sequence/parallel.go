package sequence

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Parallel value sequences. Both engines split the work of heap n in two
// phases around a bound lo ≤ n below which every value is known. The first
// phase, which can run on any worker, gathers the options that leave heaps
// below lo only; the second, run in order on one goroutine once G(lo … n-1)
// are known, adds the options that reach into [lo, n) and takes the mex.
// A split of r tokens reaches there only when its smaller part is at most
// r-lo, so the second phase costs O(n-lo) per split size, against the O(n)
// (direct) or O(rare heaps + confirmation) (sparse) of the first.
//
// The direct engine runs the first phase on a block of heaps [lo, end) on
// every worker at once, then the second in order (direct_par.go). The
// sparse engine runs a pipeline (internal/sparse, par.go): workers run
// first phases just behind a finisher goroutine, so that n-lo is a few
// heaps and nothing waits at a barrier; where heaps are too cheap for it,
// on a take-and-break code, two goroutines share each heap's work (the
// marker mode, internal/sparse, mark.go): one marks ahead the options far
// below each heap while the other finishes the heaps in order, where a
// trial finds that faster. Results do not depend on the number of workers, the
// scheduling or the block size: every value is the exact mex of all its
// options, and tests compare them with the one-worker run.

// WithWorkers sets the number of goroutines that compute values at once:
// n ≤ 0 (the default) means runtime.GOMAXPROCS(0), and 1 the single-core
// engines, which run no extra goroutine. The values do not depend on n.
//
// The direct engine splits each block of heaps over the n goroutines.
// The sparse engine chooses, from the values alone (the cost of the heaps
// counted in inner-loop steps on one core), among: costly heaps on the
// pipeline of first phases; cheap heaps of a take-and-break code on two
// goroutines, of which one marks ahead the options far below each heap
// while the other finishes the heaps in order (the marker mode). The
// marker mode is timed against the other loop (one core, or the
// pipeline) before it runs and, chunk by chunk, while it runs, and stands
// aside where it is not faster. Cheap heaps of rules that are no
// take-and-break code (rules known by their moves only), of codes whose
// heap n reads heap n-1 through two options of different values (a code
// 4.3, say: G(1) = 1) and of games whose moves leave three heaps or more
// stay on one core below the pipeline's cost.
//
// On GOARCH=wasm, where every goroutine runs on one thread, both engines
// leave their parallel code out of the binary and run on one core
// whatever n.
//
// With more than one worker, the rule's AppendHeapMoves is called from
// several goroutines at once (for different heaps), so a rule with mutable
// state must not be used with more than one worker. The rules of package
// rulesets and take-and-break codes are immutable.
func WithWorkers(n int) Option {
	return func(c *config) { c.workers = n }
}

// procs returns the number of workers a run uses.
func (c *runState) procs() int {
	if c.workers > 0 {
		return c.workers
	}
	return runtime.GOMAXPROCS(0)
}

// parMin returns the first heap an engine computes in parallel:
// def, unless a test set another with withParallelFrom.
func (c *runState) parMin(def int) int { return c.knobs.ParMin(def) }

// withParallelFrom makes the engines compute heaps from n on in parallel
// (tests use it to reach the parallel code on short runs).
func withParallelFrom(n int) Option {
	return func(c *config) { c.knobs.ParFrom = n }
}

// parChunk is the number of consecutive heaps a worker takes at a time.
const parChunk = 16

// runParallel calls f(w, i) for every i in [0, n), spread over procs
// workers (w in [0, procs) names the worker); worker 0 is the calling
// goroutine. It returns when every call has returned.
func runParallel(procs, n int, f func(w, i int)) {
	var next atomic.Int64
	work := func(w int) {
		for {
			i := int(next.Add(parChunk)) - parChunk
			if i >= n {
				return
			}
			for j := i; j < min(i+parChunk, n); j++ {
				f(w, j)
			}
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < procs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(w)
		}()
	}
	work(0)
	wg.Wait()
}

// withTakeover sets how many times a waiting goroutine of the marker mode
// looks for the other goroutine's progress before it does its work
// itself: the finisher marks its heaps itself until the marker catches up
// (internal/sparse). 0 is the default, -1 never. Tests use 1, so that
// takeovers are frequent.
func withTakeover(looks int) Option {
	return func(c *config) { c.knobs.Takeover = looks }
}

// withMarker sets when the sparse engine uses its marker mode
// (internal/sparse), on a take-and-break code with more than one worker
// where the pipeline does not pay: mode 1 wherever it may, with no trial,
// -1 never (with more than one worker only the pipeline runs), 0 where
// its trials win (the default). Tests and benchmarks use it.
func withMarker(mode int) Option {
	return func(c *config) { c.knobs.Marker = mode }
}
