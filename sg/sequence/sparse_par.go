package sequence

import (
	"cmp"
	"math/bits"
	"slices"
)

// The parallel sparse engine (see parallel.go for the two phases). The
// first phase of heap n runs the rare-value method (sparse.go) on the
// splits whose parts are both below lo, the start of the block: it marks
// the splits with a rare part, takes the least two values c0 < c1 of the
// enumerable class that are not yet options, and confirms the values of
// the other class below c1 among those splits (first scan, seek, last
// scan). It keeps, per heap, c1 and the exact set of options below c1 that
// do not reach into the block. The second phase adds the options that
// reach into the block: when their union has a mex below c1, that is
// G(n); otherwise (an option in the block filled both c0 and every value
// up to c1) the heap is computed by the single-core method.

// Tuning of the parallel sparse engine.
const (
	// rareParMin is the first heap computed in blocks: below it a
	// block is too short to pay for starting the workers.
	rareParMin = 1 << 12
	// rareBlockMin and rareBlockMax bound the block length; it starts
	// at rareBlockStart and adapts to keep the second phase's work a
	// small part of the first's.
	rareBlockMin   = 64
	rareBlockStart = 256
	rareBlockMax   = 1 << 14
)

// rareBlock holds the first phase of a block of heaps [lo, end).
type rareBlock struct {
	lo, end int
	size    int      // the length of the next block
	stride  int      // words per heap in opts
	c1      []int32  // c1[n-lo]: options below it are in opts (0: heap not done)
	opts    []uint64 // opts[(n-lo)*stride:]: options of n below c1 not reaching into the block
	acc     []uint64 // the second phase's scratch
	workers []*rareWorker
	steps   [2]int // work of the two phases, for choosing size

	// decided and undecided count the heaps whose second phase gave the
	// value, and those left to the single-core method (tests read them).
	decided, undecided int
}

// rareWorker is the scratch of one worker of the first phase.
type rareWorker struct {
	heapMoves
	marks, needs *sparseTab
	needList     []int
	steps        int
}

// dropBlock forgets the first phase of the current block (the mask
// changed, or the values changed width).
func (e *sparseEngine) dropBlock() {
	if e.blk != nil {
		e.blk.lo, e.blk.end = 0, 0
	}
}

// startRareBlock runs the first phase of a block starting at heap
// lo = len(vals) when the run is parallel and the block can pay, and
// returns its work.
func startRareBlock[T uint8 | uint16](e *sparseEngine, vals []T, target int, scan scanFunc[T]) int {
	procs := e.cfg.procs()
	lo := len(vals)
	if procs <= 1 || e.direct || !e.rareOK || lo < e.cfg.parMin(rareParMin) {
		return 0
	}
	b := e.blk
	if b == nil {
		b = &rareBlock{size: rareBlockStart}
		e.blk = b
	}
	if b.steps[0] > 0 {
		b.tune()
	}
	end := min(lo+b.size, target, e.nextChoose, cap(vals), lo+lo/4)
	if end-lo < rareBlockMin {
		return 0
	}
	for len(b.workers) < procs {
		w := &rareWorker{marks: new(sparseTab), needs: new(sparseTab)}
		w.code, w.k0 = e.code, e.k0
		b.workers = append(b.workers, w)
	}
	b.lo, b.end = lo, end
	b.stride = e.limit/64 + 1
	b.c1 = slices.Grow(b.c1[:0], end-lo)[:end-lo]
	b.opts = slices.Grow(b.opts[:0], (end-lo)*b.stride)[:(end-lo)*b.stride]
	b.acc = slices.Grow(b.acc[:0], b.stride)[:b.stride]
	runParallel(procs, end-lo, func(w, i int) {
		rareFirstPhase(e, b.workers[w], vals, lo+i, scan)
	})
	steps := 0
	for _, w := range b.workers[:procs] {
		steps += w.steps
		w.steps = 0
	}
	b.steps[0] += steps
	return steps
}

// tune adapts the block length after a block: longer while the
// second phase's work is under 1/32 of the first's, shorter when it is
// over 1/16.
func (b *rareBlock) tune() {
	switch {
	case b.steps[1]*32 < b.steps[0]:
		b.size = min(2*b.size, rareBlockMax)
	case b.steps[1]*16 > b.steps[0]:
		b.size = max(b.size/2, rareBlockMin)
	}
	b.steps = [2]int{}
}

// rareFirstPhase is the first phase of heap n, on worker w, with
// vals = G(0 … lo-1).
func rareFirstPhase[T uint8 | uint16](e *sparseEngine, w *rareWorker, vals []T, n int, scan scanFunc[T]) {
	b := e.blk
	lo := b.lo
	i := n - lo
	b.c1[i] = 0
	w.parityOK = true
	if err := w.loadMoves(e.rule, n); err != nil || w.handOff || (e.par == 1 && !w.parityOK) {
		// The single-core method meets the same moves and handles them.
		w.handOff = false
		return
	}
	tab := w.marks
	limit := e.limit
	if w.zero {
		tab[0] = 1
	}
	for _, r := range w.one {
		if r < lo {
			tab[vals[r]] = 1
		}
	}
	steps := len(w.one) + 1
	out := b.opts[i*b.stride : (i+1)*b.stride]
	c1 := b.stride * 64
	if len(w.two) > 0 {
		// The splits of r with a rare part a and the other below lo:
		// r-lo < a < r.
		for j, r := range w.two {
			k, _ := slices.BinarySearchFunc(e.rare, uint32(max(r-lo+1, 0)), func(h rareHeap, a uint32) int { return cmp.Compare(h.a, a) })
			for _, h := range e.rare[k:] {
				a := int(h.a)
				if a >= r {
					break
				}
				if 2*a == r && w.uneq[j] {
					continue
				}
				tab[T(h.g)^vals[r-a]] = 1
				steps++
			}
		}
		// The least two values of the enumerable class that are not
		// options yet, c0 < c1.
		enum := e.enum[1^(e.par&(n-e.k0)&1)]
		found := 0
		for k := 0; k < b.stride && found < 2; k++ {
			z := enum[k] &^ packWord(tab, k)
			for ; z != 0 && found < 2; z &= z - 1 {
				if found++; found == 2 {
					c1 = k*64 + bits.TrailingZeros64(z)
				}
			}
		}
		// The values of the other class below c1 to confirm (values of
		// limit or more are never options).
		w.needList = w.needList[:0]
		bound := min(c1, limit)
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
			steps += confirmBelow(e, w, vals, cnt, scan)
		}
	}
	// Keep the options below c1: those marked, and those confirmed.
	nw := (c1 + 63) / 64
	for k := range nw {
		out[k] = packWord(tab, k)
	}
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
	b.c1[i] = int32(c1)
	w.steps += steps
}

// confirmBelow looks for the cnt values marked in w.needs among the splits
// of the sizes in w.two whose parts are both below lo = len(vals),
// clearing each one it finds, and returns the work done. It scans in the
// order of confirm, which it follows: first the smaller parts a whose
// partner may reach into the block (a ≤ r-lo), skipping those that do,
// then the single-core scans from a = top-lo+1 on, where no partner does.
func confirmBelow[T uint8 | uint16](e *sparseEngine, w *rareWorker, vals []T, cnt int, scan scanFunc[T]) int {
	lo := len(vals)
	top := w.two[0]
	steps := 0
	for a := 1; a <= min(top-lo, top/2) && cnt > 0; a++ {
		ga := vals[a]
		for j, r := range w.two {
			p := r - a
			if p < a || (p == a && w.uneq[j]) {
				break
			}
			steps++
			if p >= lo {
				continue
			}
			if x := ga ^ vals[p]; w.needs[x] != 0 {
				w.needs[x] = 0
				cnt--
			}
		}
	}
	if cnt == 0 {
		return steps
	}
	a0 := max(1, top-lo+1)
	left, next, st := scan(vals, w.two, w.uneq, w.needs, w.needList, cnt, a0, max(a0, sparseFirstScan))
	steps += st
	if left > 0 && left <= sparseSeekMax {
		for _, v := range w.needList {
			if w.needs[v] == 0 {
				continue
			}
			ok, st := seek(vals, w.two, w.uneq, v, e.top, e.pos, sparseSeekBudget, lo)
			steps += st
			if ok {
				w.needs[v] = 0
				left--
			}
		}
	}
	if left > 0 {
		_, _, st = scan(vals, w.two, w.uneq, w.needs, w.needList, left, next, top)
		steps += st
	}
	return steps
}

// finishRareHeap is the second phase of heap n, with vals = G(0 … n-1) and
// n's moves loaded in e: it returns G(n) and true when the block's first
// phase and the options reaching into the block decide it.
func finishRareHeap[T uint8 | uint16](e *sparseEngine, vals []T, n int) (g, steps int, ok bool) {
	b := e.blk
	if b == nil || n < b.lo || n >= b.end {
		return 0, 0, false
	}
	i := n - b.lo
	c1 := int(b.c1[i])
	if c1 == 0 {
		return 0, 0, false
	}
	lo := b.lo
	acc := b.acc
	copy(acc, b.opts[i*b.stride:(i+1)*b.stride])
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
	b.steps[1] += steps
	for k := 0; k*64 < c1; k++ {
		if z := ^acc[k]; z != 0 {
			if v := k*64 + bits.TrailingZeros64(z); v < c1 {
				b.decided++
				return v, steps, true
			}
			break
		}
	}
	b.undecided++
	return 0, steps, false
}
