package sparse

import (
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
)

// The parallel sparse engine is a pipeline. One goroutine, the finisher,
// computes the heaps in order, as the single-core engine does; the other
// workers run ahead of it. A worker claims the next heap m and, knowing
// the values below lo (the heaps the finisher has done), runs the first
// phase of the rare-value method (engine.go) on the moves whose heaps are
// all below lo: it marks the splits with a rare part, takes the least
// value c0 of the enumerable class that is not yet an option, confirms
// the values of the other class below c0 among those splits (first scan,
// seek, last scan), and publishes c1 = c0+1 and the exact set of options
// below c1 that do not reach into the window [lo, m) (and, while it often
// decides a heap, the next candidate after c0). When the finisher reaches
// m, it adds the options reaching into the window (a split of r tokens
// does only when its smaller part is at most r-lo, so a handful of
// splits, as lo is close behind m) and takes the mex when it is below c1
// (or is the next candidate); otherwise it computes the heap with the
// single-core method.
//
// Each heap's costly part, the marking and the confirmation, is done once,
// by one worker, exactly as the single-core engine would do it, except
// for the few splits into the window; the finisher's own part is a few
// dozen splits. While the next heap is not ready, the finisher claims a
// heap ahead and runs its first phase too, so no processor waits. Workers
// never block the finisher: when the heap it needs is claimed but not
// published and no heap is left to claim (its worker is slow, or not
// running), it takes the heap back, computes it itself, and the worker's
// late result is dropped.
//
// Between two stops of the pipeline the finisher changes nothing that the
// workers read: values and rare heaps are only appended (into room made
// beforehand, published with atomic counters), and the pipeline stops
// before the mask is chosen again, the values outgrow the bitsets or
// their storage, or extend returns.

// Tuning of the parallel sparse engine.
const (
	// rareParMin is the first heap computed by the pipeline.
	rareParMin = 1 << 12
	// pipeMinSteps is the least average number of inner-loop steps a heap
	// must cost, over a probe of pipeProbe heaps computed on one core,
	// for the pipeline to run. Handing a heap between processors costs
	// a few cache-line transfers, more than a cheap heap itself: on a
	// 2-core machine the pipeline made .354 (about 320 steps a heap)
	// 2.3× slower and .1777 2× slower, and Grundy's game (about 4,000
	// steps a heap at 2^20) 1.5× faster. The probe depends on the values
	// only, so a run's choices do not depend on timing.
	//
	// On .354 the first phase itself costs about twice a single-core
	// heap: the move to the heap before, always in the window, gives c0
	// for a third of the heaps, so the workers must confirm the next
	// candidate too. Splitting instead into marking (workers) and
	// confirmation (finisher), handed over in runs of 16 heaps, was
	// tried: the two parts cost 1.3 times the heap on one core and are
	// about even, a ceiling of about 1.45× on two processors, and it ran
	// no faster than one core (0.60 s against 0.58–0.66 s for 2^21 heaps)
	// even once workers read only values below a multiple of 64 heaps (a
	// line of values read by a worker while the finisher writes it had
	// made it 0.8 s).
	pipeMinSteps = 2000
	pipeProbe    = 1 << 12
	// rareLag is the most heaps a worker may claim past the last one
	// finished: the window [lo, m) is shorter.
	rareLag = 64
	// rareSlots is the number of published first phases kept: every
	// heap claimed has a slot that no earlier heap still uses.
	rareSlots = 2 * rareLag
	// rareNextEvery and rareNextRate set wantNext (see countWindow).
	rareNextEvery = 1024
	rareNextRate  = 32
	// rareChunk is the most heaps a worker claims at once.
	rareChunk = 4
	// rareSpin is the number of times a worker with no heap to claim
	// looks again before it sleeps, and rareWake how many heaps the
	// finisher finishes between two wake-ups of sleeping workers.
	rareSpin = 16
	rareWake = 16
)

// rarePipe is the pipeline of the parallel sparse engine.
type rarePipe struct {
	// claim is the next heap no worker has claimed; done the number of
	// heaps finished (their values and rare heaps published) and rareN
	// the number of rare heaps published. Each has a cache line of its
	// own (claim is written by the workers, the others by the finisher).
	claim paddedInt64
	pub   struct {
		done, rareN atomic.Int64
		_           [48]byte
	}
	stop atomic.Bool
	end  int64 // heaps from end on are not claimed

	// What only the finisher writes, on lines of its own: the workers
	// read the fields around it at every heap.
	pipeTally

	// Workers with no heap to claim sleep on wake (sleepers counts
	// them); the finisher wakes them as it finishes heaps, and closes
	// wake to stop them.
	sleepers paddedInt64
	wake     chan struct{}

	// wantNext asks the first phases for next, the candidate after c0:
	// the finisher sets it while moves into the window often give c0
	// (inWindow of the last seen heaps whose first phase had no missing
	// value).
	wantNext atomic.Bool

	// The slots, one per cache line, hold the first phases published
	// (slot h mod rareSlots for heap h), and their options in opts when
	// they do not fit in the slot.
	slots   []rareSlot
	stride  int      // words per heap in the options
	opts    []uint64 // opts[i*stride:]: options of slot i, when stride > rareInline
	running bool
	wg      sync.WaitGroup

	// What the workers read, fixed while the pipeline runs: the values
	// and rare heaps with room to grow, the heaps of each value known at
	// the start (for seek), and the mask.
	rare    []rareHeap
	pos     [][]uint32
	top     []int
	limit   int
	enum    [2][]uint64
	par, k0 int
	workers []*rareWorker // workers[0] is the finisher's
}

// pipeTally is the part of the pipeline that only the finisher writes,
// at every heap, padded so that no worker reads its cache lines: written
// beside the fields the workers read, each write took the line back from
// them (on a 16-core Xeon, the two counts of countWindow took 90 ms of
// the finisher's 3 s on Grundy's game to 2^22).
type pipeTally struct {
	_ [64]byte
	// inWindow and seen count the heaps for wantNext (countWindow).
	inWindow, seen int
	// decided counts the heaps the pipeline gave; undecided those the
	// finisher computed with the single-core method after a worker's
	// first phase, and abandoned those it took back from a worker (tests
	// read them).
	decided, undecided, abandoned int
	_                             [64]byte
}

// rareFirst is the first phase of heap h, besides its options: the bound
// lo of the values it used; c1, such that its options below c1 that leave
// heaps below lo are in opts (0: no first phase, the finisher computes the
// heap); whether a value of the other class below c0 = c1-1 is missing
// from them (then the finisher marks every move into the window); next,
// the following value of the enumerable class that no split below lo
// gives, when every value of the other class between c0 and next is given
// by one (0 otherwise); and the work it took (at most 2^30, for polling).
// Heaps are below 2^32 and values below 2^16+1.
type rareFirst struct {
	lo             uint32
	c1, next, work int32
	missing        bool
}

// rareInline is the number of option words a slot holds itself: values
// below 192, so one cache line carries a heap's whole first phase for
// most games.
const rareInline = 4

// rareSlot is a slot of the pipeline, a cache line: its state is 3h while
// it is open for heap h, 3h+1 while a worker writes h's first phase into
// it, 3h+2 once it holds it.
type rareSlot struct {
	state atomic.Int64
	first rareFirst
	opts  [rareInline]uint64
}

// paddedInt64 is an atomic counter alone in its cache line.
type paddedInt64 struct {
	atomic.Int64
	_ [56]byte
}

// optsOf returns the option words of slot i.
func (p *rarePipe) optsOf(i int) []uint64 {
	if p.stride <= rareInline {
		return p.slots[i].opts[:p.stride]
	}
	return p.opts[i*p.stride : (i+1)*p.stride]
}

// rareWorker is the scratch of one worker's first phases.
type rareWorker struct {
	moves.Heap
	marks, needs *sparseTab
	needList     []int
	out          []uint64
	first        rareFirst
}

// startPipe starts the pipeline at heap n = len(vals), for the heaps
// below target, when the run is parallel and the engine is in its
// rare-value mode, and reports whether it runs.
func startPipe[T uint8 | uint16](e *Engine, vals []T, target int, scan scanFunc[T]) bool {
	n := len(vals)
	if e.procs <= 1 || e.direct || !e.rareOK || n < e.rs.Knobs.ParMin(rareParMin) || len(vals) == cap(vals) {
		return false
	}
	if !e.pipeWorth && e.rs.Knobs.ParFrom == 0 {
		return false // heaps too cheap to hand between processors (tests force the pipeline)
	}
	p := e.pipe
	if p == nil {
		p = &rarePipe{slots: make([]rareSlot, rareSlots)}
		e.pipe = p
	}
	for len(p.workers) < e.procs {
		w := &rareWorker{marks: new(sparseTab), needs: new(sparseTab)}
		w.Code, w.K0 = e.Code, e.K0
		p.workers = append(p.workers, w)
	}
	p.stride = e.limit/64 + 1
	if p.stride > rareInline {
		p.opts = slices.Grow(p.opts[:0], rareSlots*p.stride)[:rareSlots*p.stride]
	}
	for _, w := range p.workers {
		w.out = slices.Grow(w.out[:0], p.stride)[:p.stride]
	}
	for i := range rareSlots {
		h := n + i
		p.slots[h%rareSlots].state.Store(3 * int64(h))
	}
	// Room for the rare heaps found while the pipeline runs.
	e.rare = slices.Grow(e.rare, max(256, len(e.rare)/2))
	p.rare = e.rare[:cap(e.rare)]
	p.pos = append(p.pos[:0], e.pos...)
	p.top = append(p.top[:0], e.top...)
	p.limit, p.enum, p.par, p.k0 = e.limit, e.enum, e.par, e.K0
	p.end = int64(min(target, cap(vals)))
	p.claim.Store(int64(n))
	p.pub.done.Store(int64(n))
	p.pub.rareN.Store(int64(len(e.rare)))
	p.running = true
	p.wake = make(chan struct{}, e.procs)
	p.wantNext.Store(true)
	p.inWindow, p.seen = 0, 0
	all := vals[:cap(vals)]
	for k := 1; k < e.procs; k++ {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			pipeWorker(e.rule, p, p.workers[k], all, scan)
		}()
	}
	return true
}

// stopPipe stops the pipeline, if it runs, and waits for its workers.
func (e *Engine) stopPipe() {
	if p := e.pipe; p != nil && p.running {
		p.stop.Store(true)
		close(p.wake)
		p.wg.Wait()
		p.stop.Store(false)
		p.running = false
	}
}

// pipeWorker claims heaps and runs their first phases until the pipeline
// stops. While the window is full it spins a little, then sleeps until the
// finisher wakes it.
func pipeWorker[T uint8 | uint16](rule game.HeapRule, p *rarePipe, w *rareWorker, vals []T, scan scanFunc[T]) {
	idle := 0
	for !p.stop.Load() {
		if pipeClaim(rule, p, w, vals, scan) {
			idle = 0
			continue
		}
		if idle++; idle < rareSpin {
			runtime.Gosched()
			continue
		}
		p.sleepers.Add(1)
		if !pipeRoom(p) {
			<-p.wake // (closed when the pipeline stops)
		}
		p.sleepers.Add(-1)
		idle = 0
	}
}

// pipeRoom reports whether the window has room for a claim.
func pipeRoom(p *rarePipe) bool {
	m := p.claim.Load()
	return m < p.pub.done.Load()+rareLag && m < p.end
}

// finished publishes that the heaps below n are done (and their rare
// heaps, rare in all), and wakes the sleeping workers every rareWake
// heaps: a worker that woke at every heap would spend more on waking
// than on the heap.
func (p *rarePipe) finished(n, rare int) {
	p.pub.rareN.Store(int64(rare))
	p.pub.done.Store(int64(n))
	if n%rareWake != 0 {
		return
	}
	if k := p.sleepers.Load(); k > 0 {
		for range k {
			select {
			case p.wake <- struct{}{}:
			default:
			}
		}
	}
}

// pipeClaim claims the next heaps (up to rareChunk), if the window has
// room for them, runs their first phases and publishes them. It reports
// false when the window is full.
func pipeClaim[T uint8 | uint16](rule game.HeapRule, p *rarePipe, w *rareWorker, vals []T, scan scanFunc[T]) bool {
	m := p.claim.Load()
	// The values below lo, and the rare heaps among them, are published
	// (the finisher stores rareN before done).
	lo := p.pub.done.Load()
	k := min(rareChunk, lo+rareLag-m, p.end-m)
	if k <= 0 {
		return false
	}
	if !p.claim.CompareAndSwap(m, m+k) {
		return true // another worker took them: try the next
	}
	rare := p.rare[:p.pub.rareN.Load()]
	for h := m; h < m+k; h++ {
		s := &p.slots[h%rareSlots]
		if s.state.Load() != 3*h {
			continue // the finisher took the heap back
		}
		ok := rareFirstPhase(rule, p, w, vals, int(h), int(lo), rare, scan)
		if !s.state.CompareAndSwap(3*h, 3*h+1) {
			continue
		}
		if ok {
			s.first = w.first
			copy(p.optsOf(int(h%rareSlots)), w.out)
		} else {
			s.first = rareFirst{}
		}
		s.state.Store(3*h + 2)
	}
	return true
}

// pipeValue is the finisher's part of heap n, with vals = G(0 … n-1) and
// n's moves loaded in e: it returns G(n) and true when the pipeline gives
// it, and false when the finisher must compute the heap itself. Either way
// it frees n's slot for a later heap.
func pipeValue[T uint8 | uint16](e *Engine, vals []T, n int, scan scanFunc[T]) (g, steps int, ok bool) {
	p := e.pipe
	i := n % rareSlots
	slot := &p.slots[i]
	h := int64(n)
	for {
		st := slot.state.Load()
		if st == 3*h+2 {
			break
		}
		if st == 3*h+1 {
			continue // being written: a copy of a few words
		}
		if c := p.claim.Load(); c <= h {
			// Nobody has claimed n: compute it here.
			if !p.claim.CompareAndSwap(c, h+1) {
				continue
			}
			slot.state.Store(3 * (h + rareSlots))
			if !e.pipeTest {
				return 0, 0, false
			}
			// (Tests: through a first phase with a window of up to
			// rareLag heaps, whatever the scheduling.)
			lo := n - int(uint32(n)*0x9e3779b1>>24)%rareLag
			w := p.workers[0]
			if !rareFirstPhase(e.rule, p, w, vals, n, lo, p.rare[:p.pub.rareN.Load()], scan) {
				return 0, 0, false
			}
			acc := e.mark[:p.stride]
			copy(acc, w.out)
			return pipeDecide(e, vals, w.first, acc)
		}
		// A worker is on n: run the first phase of a heap ahead
		// meanwhile. With no heap left to claim, the worker on n is
		// stalled (the finisher ran rareLag heaps meanwhile) or the
		// run ends: take n back.
		if pipeClaim(e.rule, p, p.workers[0], vals[:cap(vals)], scan) {
			continue
		}
		if slot.state.CompareAndSwap(3*h, 3*(h+rareSlots)) {
			p.abandoned++
			return 0, 0, false
		}
	}
	f := slot.first
	acc := e.mark[:p.stride]
	if f.c1 > 0 && (f.missing || len(e.Two) == 0) {
		copy(acc, p.optsOf(i))
	}
	slot.state.Store(3 * (h + rareSlots))
	return pipeDecide(e, vals, f, acc)
}

// pipeDecide is the second phase of the current heap (loaded in e), with
// vals = G(0 … n-1), its first phase f, and in acc the options below f.c1
// it kept (read only when f.missing or the heap has no split): it adds
// the moves into the window [f.lo, n) and returns G(n) and true when they
// decide it.
func pipeDecide[T uint8 | uint16](e *Engine, vals []T, f rareFirst, acc []uint64) (g, steps int, ok bool) {
	p := e.pipe
	if f.c1 == 0 {
		return 0, 0, false
	}
	c1, lo, next := int(f.c1), int(f.lo), int(f.next)
	steps = int(f.work)
	if !f.missing && len(e.Two) > 0 {
		// Every option below c0 leaving heaps below lo is known: G(n)
		// is c0 unless a move into the window gives it, then next
		// unless one gives that too.
		c0 := c1 - 1
		in, st := windowGives(e, vals, lo, c0)
		steps += st
		p.countWindow(in)
		if !in {
			p.decided++
			return c0, steps, true
		}
		if next > 0 {
			in, st := windowGives(e, vals, lo, next)
			steps += st
			if !in {
				p.decided++
				return next, steps, true
			}
		}
		p.undecided++
		return 0, steps, false
	}
	steps += windowMarks(e, vals, lo, c1, acc)
	for k := 0; k*64 < c1; k++ {
		if z := ^acc[k]; z != 0 {
			if v := k*64 + bits.TrailingZeros64(z); v < c1 {
				p.decided++
				return v, steps, true
			}
			break
		}
	}
	p.undecided++
	return 0, steps, false
}

// countWindow counts whether a move into the window gave c0, and every
// rareNextEvery heaps sets wantNext: next is worth its search when it
// decides more than one heap in rareNextRate.
func (p *rarePipe) countWindow(in bool) {
	if in {
		p.inWindow++
	}
	if p.seen++; p.seen == rareNextEvery {
		p.wantNext.Store(p.inWindow*rareNextRate > p.seen)
		p.inWindow, p.seen = 0, 0
	}
}

// windowGives reports whether a move of the current heap (loaded in e)
// that leaves a heap of lo or more has the value v.
func windowGives[T uint8 | uint16](e *Engine, vals []T, lo, v int) (bool, int) {
	steps := 0
	for _, r := range e.One {
		if r >= lo && int(vals[r]) == v {
			return true, steps
		}
	}
	for j, r := range e.Two {
		hi := min(r-lo, r/2)
		if hi >= 1 && 2*hi == r && e.Uneq[j] {
			hi--
		}
		for a := 1; a <= hi; a++ {
			if int(vals[a]^vals[r-a]) == v {
				return true, steps + a
			}
		}
		steps += max(hi, 0)
	}
	return false, steps
}

// windowMarks adds to the bitset acc the values below c1 of the moves of
// the current heap that leave a heap of lo or more, and returns the work.
func windowMarks[T uint8 | uint16](e *Engine, vals []T, lo, c1 int, acc []uint64) int {
	steps := 0
	for _, r := range e.One {
		if r >= lo {
			if v := int(vals[r]); v < c1 {
				acc[v>>6] |= 1 << (v & 63)
			}
		}
	}
	for j, r := range e.Two {
		hi := min(r-lo, r/2)
		if hi >= 1 && 2*hi == r && e.Uneq[j] {
			hi--
		}
		for a := 1; a <= hi; a++ {
			if v := int(vals[a] ^ vals[r-a]); v < c1 {
				acc[v>>6] |= 1 << (v & 63)
			}
		}
		steps += max(hi, 0)
	}
	return steps
}
