package sequence

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Parallel value sequences. Both engines compute the heaps of a block
// [lo, end) in two phases. In the first, run on every worker at once, each
// heap n of the block gathers the options that do not reach into the
// block: the moves that leave heaps below lo only, whose values are known.
// In the second, run in order on one goroutine, each heap adds the options
// that do reach into the block (a part of lo or more, whose value the same
// phase has just computed) and takes the mex. A split of r tokens reaches
// into the block only when its smaller part is at most r-lo < end-lo, so
// the second phase costs O(end-lo) per heap and split size, against the
// O(n) (direct) or O(rare heaps) (sparse) of the first: with blocks short
// beside n, nearly all the work runs in parallel. Results do not depend on
// the number of workers or the block size: every value is the exact mex of
// all its options, and tests compare them with the one-worker run.

// WithWorkers sets the number of goroutines that compute values at once:
// n ≤ 0 (the default) means runtime.GOMAXPROCS(0), and 1 the single-core
// engines, which run no extra goroutine. The values do not depend on n.
//
// With more than one worker, the rule's AppendHeapMoves is called from
// several goroutines at once (for different heaps), so a rule with mutable
// state must not be used with more than one worker. The rules of package
// rulesets and take-and-break codes are immutable.
func WithWorkers(n int) Option {
	return func(c *config) { c.workers = n }
}

// procs returns the number of workers a run uses.
func (c *config) procs() int {
	if c.workers > 0 {
		return c.workers
	}
	return runtime.GOMAXPROCS(0)
}

// parMin returns the first heap an engine computes in parallel blocks:
// def, unless a test set another with withParallelFrom.
func (c *config) parMin(def int) int {
	if c.parFrom > 0 {
		return c.parFrom
	}
	return def
}

// withParallelFrom makes the engines compute heaps from n on in parallel
// blocks (tests use it to reach the parallel code on short runs).
func withParallelFrom(n int) Option {
	return func(c *config) { c.parFrom = n }
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
