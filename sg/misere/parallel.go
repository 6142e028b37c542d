package misere

import (
	"runtime"
	"sync"
)

// WithWorkers sets the number of goroutines a quotient computation runs
// its split passes and exactness proofs on (see [NewQuotient]); n ≤ 0,
// the default, means runtime.GOMAXPROCS(0). The result does not depend
// on it: each parallel step splits a fixed list of independent pieces of
// work and combines their results in the list's order. An [Engine] is
// sequential and ignores it.
func WithWorkers(n int) Option {
	return func(c *config) { c.workers = n }
}

// nworkers returns the number of goroutines a parallel step may use.
func (c *config) nworkers() int {
	if c.workers > 0 {
		return c.workers
	}
	return runtime.GOMAXPROCS(0)
}

// minParallelWork is the least work (in elementary steps, such as the
// product lookups of a pull) worth handing to other goroutines: below it
// a step runs on the calling goroutine alone. A variable so that tests
// can run every step in parallel.
var minParallelWork = 1 << 17

// parts returns the number of parts parallel splits n pieces of work of
// the given cost into, for w workers: 1 when w ≤ 1 or the work is below
// minParallelWork, else min(w, n). Part i is [i·n/parts, (i+1)·n/parts).
func parts(w, n, work int) int {
	if w <= 1 || work < minParallelWork || n <= 1 {
		return 1
	}
	return min(w, n)
}

// parallel calls f(i, lo, hi) on each part i of 0…n−1 that parts gives,
// on a goroutine each, the calling one taking part 0, and returns when
// all are done.
func parallel(w, n, work int, f func(part, lo, hi int)) {
	np := parts(w, n, work)
	if np == 1 {
		if n > 0 {
			f(0, 0, n)
		}
		return
	}
	var wg sync.WaitGroup
	for i := 1; i < np; i++ {
		lo, hi := i*n/np, (i+1)*n/np
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i, lo, hi)
		}()
	}
	f(0, 0, n/np)
	wg.Wait()
}
