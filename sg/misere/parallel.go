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
// a step runs on the calling goroutine alone.
const minParallelWork = 1 << 16

// parallel calls f on contiguous parts [lo, hi) that cover 0…n−1, on at
// most w goroutines, the calling one included, and returns when all are
// done. With w ≤ 1, or when work (an estimate of the whole step's cost)
// is below minParallelWork, it calls f(0, n) itself.
func parallel(w, n, work int, f func(lo, hi int)) {
	w = min(w, n)
	if w <= 1 || work < minParallelWork {
		if n > 0 {
			f(0, n)
		}
		return
	}
	var wg sync.WaitGroup
	for i := 1; i < w; i++ {
		lo, hi := i*n/w, (i+1)*n/w
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(lo, hi)
		}()
	}
	f(0, n/w)
	wg.Wait()
}
