package sequence

import (
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/impartial-go/impartial/game"
)

// The parallel sparse engine is a pipeline, with two modes: the first,
// described here, for heaps whose confirmation is long (Grundy's game),
// and the marking mode of sparse_parmarks.go, for heaps that cost little
// beyond their rare splits (.354). One goroutine, the finisher,
// computes the heaps in order, as the single-core engine does; the other
// workers run ahead of it. The heaps are handed over in runs of rareRun
// consecutive heaps. A worker claims the next run and, knowing the values
// below lo (the heaps the finisher had done when it claimed the run),
// runs for each heap m of the run the first phase of the rare-value
// method (sparse.go) on the moves whose heaps are all below lo: it marks
// the splits with a rare part, takes the least value c0 of the enumerable
// class that is not yet an option, confirms the values of the other class
// below c0 among those splits (first scan, seek, last scan), and records
// c1 = c0+1 and the exact set of options below c1 that do not reach into
// the window [lo, m) (and, while it often decides a heap, the next
// candidate after c0). It publishes the whole run at once, so that the
// cache lines pass between processors once a run, not once a heap.
//
// When the finisher reaches m, it adds the options reaching into the
// window and takes the mex when it is below c1 (or is the next
// candidate); otherwise it computes the heap with the single-core method.
// In the usual case, where every option of the other class below c0 is
// known, only c0 (and the next candidate) can still be given by a move
// into the window, and a value of the enumerable class comes from a split
// with a rare part only: the finisher looks at the splits of r tokens
// whose rare part is at most r-lo (a few small rare heaps, as lo is close
// behind m) or in the window itself.
//
// Each heap's costly part, the marking and the confirmation, is done once,
// by one worker, exactly as the single-core engine would do it, except
// for the few splits into the window. While the next run is not ready,
// the finisher claims a run ahead and runs its first phases too, so that
// no processor waits; when the next run is not claimed at all, the
// finisher computes it with the single-core method. Workers never block
// the finisher: when the run it needs is claimed but not published and no
// run is left to claim (its worker is slow, or not running), it takes the
// run back and computes it itself, and the worker's late result is
// dropped.
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
	// must cost, over a probe of pipeProbe heaps (computed on one core,
	// or given by the pipeline), for the first mode to run; below it the
	// marking mode runs, if the heaps mark enough rare splits
	// (pipeMarkMin), else the heaps stay on one core. The probe depends
	// on the values only, so a run's choices do not depend on timing.
	pipeMinSteps = 2000
	pipeProbe    = 1 << 12
	// rareRun is the number of heaps in a run, the unit a worker claims
	// and publishes.
	rareRun = 16
	// rareRuns is the most runs claimed and not yet finished, and the
	// number of slots: the window [lo, m) is shorter than
	// (rareRuns+1)·rareRun + rareLine heaps.
	rareRuns = 3
	// rarePub is the number of heaps the finisher finishes between two
	// publications of its progress (each a store that waits for the
	// stores before it).
	rarePub = 4
	// rareNextEvery and rareNextRate set wantNext (see countWindow).
	rareNextEvery = 1024
	rareNextRate  = 32
	// rareLine is a cache line's worth of 1-byte values: workers use
	// only the values below a multiple of it.
	rareLine = 64
	// rareSpin is the number of times a worker with no run to claim
	// looks again before it sleeps until the finisher wakes it (at the
	// start of each run it finishes). Waking a worker is a system call,
	// dearer than a run of cheap heaps, so workers spin a while (about
	// 0.1 ms) rather than sleep whenever they get ahead.
	rareSpin = 1 << 10
)

// rarePipe is the pipeline of the parallel sparse engine.
type rarePipe struct {
	// claim is the next run no worker has claimed; done the number of
	// heaps finished (their values and rare heaps published) and rareN
	// the number of rare heaps published. Each has a cache line of its
	// own (claim is written by the workers, the others by the finisher).
	claim paddedInt64
	pub   struct {
		done, rareN atomic.Int64
		_           [48]byte
	}
	stop  atomic.Bool
	rareN int64 // the finisher's copy of pub.rareN
	// Runs from run0 (the first whole run when the pipeline started)
	// to end (excluded) are claimed.
	run0, end int64

	// Workers with no run to claim sleep on wake (sleepers counts
	// them); the finisher wakes them as it starts runs, and closes wake
	// to stop them.
	sleepers paddedInt64
	wake     chan struct{}

	// wantNext asks the first phases for next, the candidate after c0:
	// the finisher sets it while moves into the window often give c0
	// (inWindow of the last seen heaps whose first phase had no missing
	// value).
	wantNext       atomic.Bool
	inWindow, seen int

	// The slots hold the runs published (slot j mod rareRuns for run j).
	slots   [rareRuns]rareSlot
	stride  int // words per heap in the options
	running bool
	wg      sync.WaitGroup

	// The finisher's copy of its current run: cur is the run, curOK
	// whether it came through the pipeline (else the finisher computes
	// its heaps), and first and opts the first phases.
	cur      int64
	curOK    bool
	curFirst [rareRun]rareFirst
	curOpts  []uint64

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
	// marks chooses the mode of the runs claimed from now on: the
	// marking mode (sparse_parmarks.go) or the first one. The finisher
	// sets it from the work of the last pipeProbe heaps it took from
	// the pipeline (probeSteps over probeHeaps), the marking mode only if
	// markOK; mix makes tests run odd runs in the other mode. curMarks is
	// the mode of the current run.
	marks                  atomic.Bool
	markOK, mix, curMarks  bool
	probeSteps, probeHeaps int

	// decided counts the heaps the pipeline gave; undecided those the
	// finisher computed with the single-core method after a worker's
	// first phase, and abandoned those it took back from a worker (tests
	// and the benchmarks read them).
	decided, undecided, abandoned int
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

// rareSlot is a slot of the pipeline: its state, alone in a cache line,
// is 3j while it is open for run j, 3j+1 while a worker copies j's first
// phases into it, 3j+2 once it holds them.
type rareSlot struct {
	state atomic.Int64
	_     [56]byte
	marks bool // the run's mode
	first [rareRun]rareFirst
	opts  []uint64 // opts[i*stride:]: the options of the run's heap i
}

// paddedInt64 is an atomic counter alone in its cache line.
type paddedInt64 struct {
	atomic.Int64
	_ [56]byte
}

// rareWorker is the scratch of one worker's first phases.
type rareWorker struct {
	heapMoves
	marks, needs *sparseTab
	needList     []int
	out          []uint64
	first        rareFirst
	// The first phases of the run being computed.
	run     [rareRun]rareFirst
	runOpts []uint64
}

// startPipe starts the pipeline at heap n = len(vals), for the heaps
// below target, when the run is parallel and the engine is in its
// rare-value mode, and reports whether it runs. The heaps before the
// first whole run are left to the finisher.
func startPipe[T uint8 | uint16](e *sparseEngine, vals []T, target int, scan scanFunc[T]) bool {
	n := len(vals)
	if e.procs <= 1 || e.direct || !e.rareOK || n < e.cfg.parMin(rareParMin) || len(vals) == cap(vals) {
		return false
	}
	// The first mode when the probe finds the heaps costly enough, else
	// the marking mode, when it may run (pipeMarkAuto) and the heaps mark
	// enough rare splits. Tests force the pipeline (parFrom), and with it
	// the marking mode on cheap heaps.
	forced := e.cfg.parFrom > 0
	marks := !e.pipeWorth
	if marks && !forced && (!pipeMarkAuto || len(e.rare)*len(e.two) < pipeMarkMin) {
		return false // heaps too cheap to hand between processors
	}
	p := e.pipe
	if p == nil {
		p = new(rarePipe)
		e.pipe = p
	}
	p.marks.Store(marks)
	p.markOK = pipeMarkAuto || forced
	p.mix = e.pipeTest
	p.probeSteps, p.probeHeaps = 0, 0
	for len(p.workers) < e.procs {
		w := &rareWorker{marks: new(sparseTab), needs: new(sparseTab)}
		w.code, w.k0 = e.code, e.k0
		p.workers = append(p.workers, w)
	}
	p.stride = e.limit/64 + 1
	size := rareRun * p.stride
	for _, w := range p.workers {
		w.out = slices.Grow(w.out[:0], p.stride)[:p.stride]
		w.runOpts = slices.Grow(w.runOpts[:0], size)[:size]
	}
	p.curOpts = slices.Grow(p.curOpts[:0], size)[:size]
	run0 := int64((n + rareRun - 1) / rareRun)
	for i := range rareRuns {
		j := run0 + int64(i)
		s := &p.slots[j%rareRuns]
		s.opts = slices.Grow(s.opts[:0], size)[:size]
		s.state.Store(3 * j)
	}
	p.cur, p.curOK = -1, false
	// Room for the rare heaps found while the pipeline runs.
	e.rare = slices.Grow(e.rare, max(256, len(e.rare)/2))
	p.rare = e.rare[:cap(e.rare)]
	p.pos = append(p.pos[:0], e.pos...)
	p.top = append(p.top[:0], e.top...)
	p.limit, p.enum, p.par, p.k0 = e.limit, e.enum, e.par, e.k0
	p.run0, p.end = run0, int64(min(target, cap(vals))/rareRun)
	p.claim.Store(run0)
	p.pub.done.Store(int64(n))
	p.rareN = int64(len(e.rare))
	p.pub.rareN.Store(p.rareN)
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
func (e *sparseEngine) stopPipe() {
	if p := e.pipe; p != nil && p.running {
		p.stop.Store(true)
		close(p.wake)
		p.wg.Wait()
		p.stop.Store(false)
		p.running = false
	}
}

// pipeWorker claims runs and computes their first phases until the
// pipeline stops. While every run it may claim is claimed it spins a
// little, then sleeps until the finisher wakes it.
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

// pipeRoom reports whether a run may be claimed.
func pipeRoom(p *rarePipe) bool {
	j := p.claim.Load()
	return j < p.pub.done.Load()/rareRun+rareRuns && j < p.end
}

// finished publishes that the heaps below n are done (and their rare
// heaps, rare in all), and at the start of each run wakes the sleeping
// workers.
func (p *rarePipe) finished(n, rare int) {
	if n%rarePub != 0 {
		return
	}
	if int64(rare) != p.rareN {
		p.rareN = int64(rare)
		p.pub.rareN.Store(p.rareN)
	}
	p.pub.done.Store(int64(n))
	if n%rareRun != 0 {
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

// pipeClaim claims the next run, if there is room for it, computes its
// first phases and publishes them. It reports false when no run may be
// claimed.
func pipeClaim[T uint8 | uint16](rule game.HeapRule, p *rarePipe, w *rareWorker, vals []T, scan scanFunc[T]) bool {
	j := p.claim.Load()
	// The values below lo, and the rare heaps among them, are published
	// (the finisher stores rareN before done).
	lo := p.pub.done.Load()
	if j >= lo/rareRun+rareRuns || j >= p.end {
		return false
	}
	if !p.claim.CompareAndSwap(j, j+1) {
		return true // another worker took it: try the next
	}
	// The values below lo, rounded down to a cache line of values: the
	// finisher writes the values from done on, and a line both read here
	// and written there would pass between the processors at each heap.
	lo &^= rareLine - 1
	rare := p.rare[:p.pub.rareN.Load()]
	s := &p.slots[j%rareRuns]
	marks := p.runMarks(j)
	for i := range rareRun {
		if i%4 == 0 && s.state.Load() != 3*j {
			return true // the finisher took the run back
		}
		h := int(j)*rareRun + i
		var ok bool
		if marks {
			ok = rareMarkPhase(rule, p, w, vals, h, int(lo), rare)
		} else {
			ok = rareFirstPhase(rule, p, w, vals, h, int(lo), rare, scan)
		}
		if ok {
			w.run[i] = w.first
			copy(w.runOpts[i*p.stride:(i+1)*p.stride], w.out)
		} else {
			w.run[i] = rareFirst{}
		}
	}
	if !s.state.CompareAndSwap(3*j, 3*j+1) {
		return true
	}
	s.marks, s.first = marks, w.run
	copy(s.opts, w.runOpts)
	s.state.Store(3*j + 2)
	return true
}

// pipeRun makes run j the finisher's current run: it copies the run's
// first phases when they are published, waits for them (running first
// phases of runs ahead meanwhile) while a worker computes them, and
// otherwise leaves the run to the finisher (curOK false), taking it back
// from its worker when no run is left to claim. Either way it frees j's
// slot for a later run.
func pipeRun[T uint8 | uint16](e *sparseEngine, vals []T, j int64, scan scanFunc[T]) {
	p := e.pipe
	p.cur, p.curOK, p.curMarks = j, false, p.runMarks(j)
	if j < p.run0 || j >= p.end {
		return // before the first whole run, or past the last one
	}
	s := &p.slots[j%rareRuns]
	for {
		st := s.state.Load()
		if st == 3*j+2 {
			break
		}
		if st == 3*j+1 {
			continue // being written: a copy of one run
		}
		if c := p.claim.Load(); c <= j {
			// Nobody has claimed j: compute it here.
			if p.claim.CompareAndSwap(c, j+1) {
				s.state.Store(3 * (j + rareRuns))
				return
			}
			continue
		}
		// A worker is on j: compute a run ahead meanwhile. With no run
		// left to claim, the worker on j is stalled (the finisher ran
		// every run it may claim meanwhile) or the run ends: take j
		// back.
		if pipeClaim(e.rule, p, p.workers[0], vals[:cap(vals)], scan) {
			continue
		}
		if s.state.CompareAndSwap(3*j, 3*(j+rareRuns)) {
			p.abandoned += rareRun
			return
		}
	}
	p.curMarks, p.curFirst = s.marks, s.first
	copy(p.curOpts, s.opts)
	s.state.Store(3 * (j + rareRuns))
	p.curOK = true
}

// pipeValue is the finisher's part of heap n, with vals = G(0 … n-1) and
// n's moves loaded in e: it returns G(n) and true when the pipeline gives
// it, and false when the finisher must compute the heap itself.
func pipeValue[T uint8 | uint16](e *sparseEngine, vals []T, n int, scan scanFunc[T]) (g, steps int, ok bool) {
	p := e.pipe
	if j := int64(n / rareRun); j != p.cur {
		pipeRun(e, vals, j, scan)
	}
	acc := e.mark[:p.stride]
	if !p.curOK {
		if !e.pipeTest || n < rareRun {
			return 0, 0, false
		}
		// (Tests: through a first phase with a window of up to
		// rareRuns+1 runs, whatever the scheduling.)
		lo := n - int(uint32(n)*0x9e3779b1>>24)%((rareRuns+1)*rareRun)
		w := p.workers[0]
		rare := p.rare[:p.pub.rareN.Load()]
		if p.curMarks {
			if !rareMarkPhase(e.rule, p, w, vals, n, max(lo, 1), rare) {
				return 0, 0, false
			}
			g, steps = pipeMarksValue(e, vals, n, w.first, w.out, scan)
			p.decided++
			return g, steps, true
		}
		if !rareFirstPhase(e.rule, p, w, vals, n, max(lo, 1), rare, scan) {
			return 0, 0, false
		}
		copy(acc, w.out)
		return pipeDecide(e, vals, w.first, acc)
	}
	i := n % rareRun
	f := p.curFirst[i]
	if p.curMarks {
		if f.c1 == 0 {
			return 0, 0, false
		}
		g, steps = pipeMarksValue(e, vals, n, f, p.curOpts[i*p.stride:(i+1)*p.stride], scan)
		p.decided++
		p.probe(steps)
		return g, steps, true
	}
	if f.c1 > 0 && (f.missing || len(e.two) == 0) {
		copy(acc, p.curOpts[i*p.stride:(i+1)*p.stride])
	}
	g, steps, ok = pipeDecide(e, vals, f, acc)
	if ok {
		p.probe(steps)
	}
	return g, steps, ok
}

// pipeDecide is the second phase of the current heap (loaded in e), with
// vals = G(0 … n-1), its first phase f, and in acc the options below f.c1
// it kept (read only when f.missing or the heap has no split): it adds
// the moves into the window [f.lo, n) and returns G(n) and true when they
// decide it.
func pipeDecide[T uint8 | uint16](e *sparseEngine, vals []T, f rareFirst, acc []uint64) (g, steps int, ok bool) {
	p := e.pipe
	if f.c1 == 0 {
		return 0, 0, false
	}
	c1, lo, next := int(f.c1), int(f.lo), int(f.next)
	steps = int(f.work)
	if !f.missing && len(e.two) > 0 {
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
// that leaves a heap of lo or more has the value v, of the enumerable
// class: such a value comes from a one-heap move or from a split with a
// rare part (the single-core method relies on it too), so that only the
// splits whose rare part is at most r-lo, or is in the window itself, are
// looked at.
func windowGives[T uint8 | uint16](e *sparseEngine, vals []T, lo, v int) (bool, int) {
	steps := 0
	for _, r := range e.one {
		if r >= lo && int(vals[r]) == v {
			return true, steps
		}
	}
	k := len(e.rare)
	for k > 0 && int(e.rare[k-1].a) >= lo {
		k--
	}
	win := e.rare[k:] // the rare heaps in the window
	for j, r := range e.two {
		uneq := e.uneq[j]
		for _, h := range e.rare {
			a := int(h.a)
			if a > r-lo {
				break
			}
			if b := r - a; b != a || !uneq {
				steps++
				if int(T(h.g)^vals[b]) == v {
					return true, steps
				}
			}
		}
		for _, h := range win {
			a := int(h.a)
			if a >= r {
				break
			}
			if b := r - a; b != a || !uneq {
				steps++
				if int(T(h.g)^vals[b]) == v {
					return true, steps
				}
			}
		}
	}
	return false, steps
}

// windowMarks adds to the bitset acc the values below c1 of the moves of
// the current heap that leave a heap of lo or more, and returns the work.
func windowMarks[T uint8 | uint16](e *sparseEngine, vals []T, lo, c1 int, acc []uint64) int {
	steps := 0
	for _, r := range e.one {
		if r >= lo {
			if v := int(vals[r]); v < c1 {
				acc[v>>6] |= 1 << (v & 63)
			}
		}
	}
	for j, r := range e.two {
		hi := min(r-lo, r/2)
		if hi >= 1 && 2*hi == r && e.uneq[j] {
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

// rareFirstPhase runs the first phase of heap n on worker w, with the
// values below lo in vals and rare listing the rare heaps published (some
// may be lo or more), and leaves it in w.first and w.out. It reports false
// when the heap has a move the single-core method must handle.
func rareFirstPhase[T uint8 | uint16](rule game.HeapRule, p *rarePipe, w *rareWorker, vals []T, n, lo int, rare []rareHeap, scan scanFunc[T]) bool {
	if 2*lo <= n {
		return false // (the scans below need every part a ≤ n-lo below lo)
	}
	w.parityOK = true
	if err := w.loadMoves(rule, n); err != nil || w.handOff || (p.par == 1 && !w.parityOK) {
		// The single-core method meets the same moves and handles them.
		w.handOff = false
		return false
	}
	steps := markBelow(p, w, vals, n, lo, rare)
	tab := w.marks
	limit := p.limit
	out := w.out
	c1 := p.stride * 64
	f := rareFirst{lo: uint32(lo)}
	w.needList = w.needList[:0]
	if len(w.two) > 0 {
		// The least value c0 of the enumerable class that is not an
		// option of the splits below lo: the options below c1 = c0+1
		// are known once those of the other class below c0 are
		// confirmed.
		enum := p.enum[1^(p.par&(n-p.k0)&1)]
		for k := range p.stride {
			if z := enum[k] &^ packWord(tab, k); z != 0 {
				c1 = k*64 + bits.TrailingZeros64(z) + 1
				break
			}
		}
		// The values of the other class below c0 to confirm (values of
		// limit or more are never options).
		bound := min(c1-1, limit)
		for k := 0; k*64 < bound; k++ {
			z := ^packWord(tab, k) &^ enum[k]
			if bound-k*64 < 64 {
				z &= 1<<uint(bound-k*64) - 1
			}
			for ; z != 0; z &= z - 1 {
				v := k*64 + bits.TrailingZeros64(z)
				w.needList = append(w.needList, v)
				w.needs[v] = 1
			}
		}
		if cnt := len(w.needList); cnt > 0 {
			steps += confirmBelow(p, w, vals[:lo], cnt, scan)
		}
		for _, v := range w.needList {
			if w.needs[v] != 0 {
				f.missing = true
			}
		}
		if c1-1 > limit {
			// The values from limit to c0 are no options of the splits
			// below lo.
			f.missing = true
		}
		if p.wantNext.Load() {
			f.next = int32(nextCandidate(p, w, vals[:lo], enum, c1-1, &steps, scan))
		}
	}
	// Keep the options below c1: those marked, and those confirmed.
	nw := (c1 + 63) / 64
	for k := range nw {
		out[k] = packWord(tab, k)
	}
	clear(out[nw:])
	for _, v := range w.needList {
		if w.needs[v] == 0 {
			out[v>>6] |= 1 << (v & 63)
		}
		w.needs[v] = 0
	}
	if c1%64 != 0 {
		out[nw-1] &= 1<<uint(c1%64) - 1
	}
	clear(tab[:limit])
	w.needList = w.needList[:0]
	f.c1, f.work = int32(c1), int32(min(steps, 1<<30))
	w.first = f
	return true
}

// markBelow marks in w.marks the options of heap n (its moves loaded in
// w) that leave heaps below lo only and that the single-core method marks:
// taking the whole heap, the one-heap moves and the splits with a rare
// part (rare lists the rare heaps published, some of which may be lo or
// more). It returns the work done.
func markBelow[T uint8 | uint16](p *rarePipe, w *rareWorker, vals []T, n, lo int, rare []rareHeap) int {
	end := len(rare)
	for end > 0 && int(rare[end-1].a) >= lo {
		end-- // (few rare heaps are in the window)
	}
	rare = rare[:end]
	tab := w.marks
	if w.zero {
		tab[0] = 1
	}
	for _, r := range w.one {
		if r < lo {
			tab[vals[r]] = 1
		}
	}
	steps := len(w.one) + 1
	if len(w.two) == 0 {
		return steps
	}
	// The splits of r with a rare part a and the other below lo:
	// r-lo < a < lo.
	if c := w.code; c != nil && len(w.two) == len(c.two) {
		// A code: the rare heaps a > rmax-lo split every r below lo,
		// in one pass as the single-core engine does; those between
		// rmin-lo and rmax-lo only some.
		rmax, rmin := w.two[0], w.two[len(w.two)-1]
		k1 := rareFrom(rare, rmax-lo+1)
		k0 := k1
		for k0 > 0 && int(rare[k0-1].a) > rmin-lo {
			k0--
		}
		steps += markRareCode(vals, rare[k1:], n, c.two, tab)
		for _, h := range rare[k0:k1] {
			for _, r := range w.two {
				if b := r - int(h.a); b >= 1 && b < lo {
					tab[T(h.g)^vals[b]] = 1
					steps++
				}
			}
		}
		return steps
	}
	for j, r := range w.two {
		// markRare reads G(r-a) for these a only: below lo.
		steps += markRare(vals, rare[rareFrom(rare, r-lo+1):], r, w.uneq[j], tab)
	}
	return steps
}

// rareFrom returns the index of the first rare heap of a or more. The
// pipeline asks for small a (the window's length), so it looks from the
// start.
func rareFrom(rare []rareHeap, a int) int {
	i := 0
	for i < len(rare) && int(rare[i].a) < a {
		i++
	}
	return i
}

// confirmBelow looks for the cnt values marked in w.needs among the splits
// of the sizes in w.two whose parts are both below lo = len(vals),
// clearing each one it finds, and returns the work done. It scans in the
// order of confirm, which it follows: first the smaller parts a whose
// partner may reach into the window (a ≤ r-lo), skipping those that do,
// then the single-core scans from a = top-lo+1 on, where no partner does.
func confirmBelow[T uint8 | uint16](p *rarePipe, w *rareWorker, vals []T, cnt int, scan scanFunc[T]) int {
	lo := len(vals)
	top := w.two[0]
	steps := 0
	// For a ≤ rmin-lo every partner reaches into the window.
	for a := max(1, w.two[len(w.two)-1]-lo+1); a <= min(top-lo, top/2) && cnt > 0; a++ {
		ga := vals[a]
		for j, r := range w.two {
			b := r - a
			if b < a || (b == a && w.uneq[j]) {
				break
			}
			steps++
			if b >= lo {
				continue
			}
			if x := ga ^ vals[b]; w.needs[x] != 0 {
				w.needs[x] = 0
				cnt--
			}
		}
	}
	if cnt == 0 {
		return steps
	}
	a0 := max(1, top-lo+1)
	left, next, st := scan(vals, w.two, w.uneq, w.needs, w.needList, cnt, a0, a0+sparseFirstScan)
	steps += st
	left, st = seekMissing(vals, w.two, w.uneq, w.needs, w.needList, left, p.top, p.pos, lo)
	steps += st
	if left > 0 {
		_, _, st = scan(vals, w.two, w.uneq, w.needs, w.needList, left, next, top)
		steps += st
	}
	return steps
}

// nextCandidate returns the least value c of the enumerable class above
// c0 that no split below lo = len(vals) gives, when a short search (the
// first scan and seek, not the whole scan) finds every value of the other
// class between c0 and c among those splits; else 0. It runs after the
// needs of c0 are confirmed, with w.marks still holding the marked
// options.
func nextCandidate[T uint8 | uint16](p *rarePipe, w *rareWorker, vals []T, enum []uint64, c0 int, steps *int, scan scanFunc[T]) int {
	lo := len(vals)
	tab := w.marks
	c := 0
	for v := c0 + 1; v < p.limit; v++ {
		if enum[v>>6]&(1<<(v&63)) != 0 && tab[v] == 0 {
			c = v
			break
		}
	}
	if c == 0 {
		return 0
	}
	list := w.needList[len(w.needList):]
	for v := c0 + 1; v < c; v++ {
		if enum[v>>6]&(1<<(v&63)) == 0 && tab[v] == 0 {
			list = append(list, v)
			w.needs[v] = 1
		}
	}
	left := len(list)
	if left > 0 {
		top := w.two[0]
		a0 := max(1, top-lo+1)
		var st int
		left, _, st = scan(vals, w.two, w.uneq, w.needs, list, left, a0, a0+sparseFirstScan)
		*steps += st
		for _, v := range list {
			if left == 0 || left > sparseSeekMax {
				break
			}
			if w.needs[v] == 0 {
				continue
			}
			ok, st := seek(vals, w.two, w.uneq, v, p.top, p.pos, sparseSeekBudget, lo)
			*steps += st
			if ok {
				w.needs[v] = 0
				left--
			}
		}
		for _, v := range list {
			w.needs[v] = 0
		}
	}
	if left > 0 {
		return 0
	}
	return c
}
