package sparse

import (
	"context"
	"math/bits"
	"runtime"
	"time"

	"github.com/impartial-go/impartial/sg/sequence/internal/bitpack"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// The marker mode's checks of its guesses and the finisher's waits (see
// mark.go): the finisher takes each heap's candidate as its value
// (markPut), and either goroutine later checks blocks of those guesses
// (claim, checkAll, guessCheck); a wrong guess is mended (markFix) and
// the run goes on after it.

// markFix makes the value the check of heap h found (p.wrongG) its value,
// in place of the guess, and takes the rare heaps listed on guesses past
// it out of the list. It reports false, leaving heap h to the single-core
// loop, where the list has no room for h.
func markFix[T uint8 | uint16](p *markState, w *pairWorker, all []T, h int) bool {
	k := int(p.rareN.Load())
	for k > 0 && int(p.rare[k-1].a) >= h {
		k--
	}
	g := p.wrongG
	rare := w.isRare(h, g)
	if rare && k == len(p.rare) {
		p.rareN.Store(int64(k))
		return false
	}
	all[h] = T(g)
	if rare {
		p.rare[k] = rareHeap{a: uint32(h), g: uint32(g)}
		k++
	}
	p.rareN.Store(int64(k))
	return true
}

// markPublish is how often the finisher publishes its progress (p.last)
// for the marker: every markPublish heaps. The marker, seeing it that
// late, must still be allowed to mark the heap the finisher waits for:
// markA0 + kmin exceeds a line of values and markPublish-1 heaps. (Not
// every heap: on amd64 an atomic store is an exchange, which waits for
// every store before it, and the marker needs only a line of values at a
// time.)
const markPublish = 4

// markCheckSteps is what a check adds to the finisher's count of work
// between two polls, for each size of split (about the first scan's
// steps); the check's own steps count in the goroutine that makes it.
const markCheckSteps = 8

// claim claims the checks of the next block of markClaim heaps (from
// heap p.n0 on), where the block lies below limit and the stop, and
// returns them: [h, h2). At the end of a run (part) it claims the heaps
// left below limit, a part of a block.
func (p *markState) claim(limit int, part bool) (h, h2 int) {
	limit = min(limit, int(p.stopAt.Load()))
	for {
		x := p.check.Load()
		y := x + markClaim
		if part {
			y = min(y, int64(limit))
		}
		if y > int64(limit) || x >= y {
			return 0, 0
		}
		if p.check.CompareAndSwap(x, y) {
			return int(x), int(y)
		}
	}
}

// checkAll makes the checks of the heaps [h, h2) on worker w, until one
// is wrong; a whole block of checks right is marked so in p.right (one
// atomic store for markClaim heaps: on amd64 an atomic store is an
// exchange, which waits for every store before it).
func checkAll[T uint8 | uint16](p *markState, w *pairWorker, all []T, h, h2 int, scan scanFunc[T]) {
	for i := h; i < h2; i++ {
		if !guessCheck(p, w, all, i, scan) {
			return
		}
	}
	if h2-h == markClaim {
		k := (h - p.n0) / markClaim
		p.right[k%len(p.right)].Store(int64(k + 1))
	}
}

// markPut leaves heap n's check in the ring: its candidate c and the
// values of the other class below c not yet known to be options, from
// the words w.mark packed by candidateMarks (nw of them).
func markPut(p *markState, w *pairWorker, n, c, nw int) {
	ent := p.checks[(n%markChecks)*p.cstride:][:p.cstride]
	enum := w.enum[1^(w.par&(n-w.K0)&1)]
	ent[0] = uint64(c)
	for i := range p.cwords {
		var x uint64
		if i < nw {
			x = needWord(w.mark[i], enum[i], i, c)
		}
		ent[1+i] = x
	}
}

// guessCheck checks the finisher's guess for heap h on worker w: the
// values of the other class below the candidate must all be options, as
// the single-core engine's confirmation finds them (confirmNeeds, with
// the same splits, the same seek and the same order of scans). It reports
// whether the guess was right; a wrong one is recorded (p.wrong, with the
// value found) and stops the mode at heap h.
func guessCheck[T uint8 | uint16](p *markState, w *pairWorker, all []T, h int, scan scanFunc[T]) bool {
	// (The finisher wrote the check before it published heap h, in
	// p.last, which the marker read before it claimed h.)
	ent := p.checks[(h%markChecks)*p.cstride:][:p.cstride]
	list := w.needList[:0]
	for i, x := range ent[1:] {
		for ; x != 0; x &= x - 1 {
			v := i*64 + bits.TrailingZeros64(x)
			list = append(list, v)
			w.needs[v] = 1
		}
	}
	w.needList = list
	right := true
	if len(list) > 0 {
		w.CodeSplits(h)
		missing, steps := confirmNeeds(all[:h], w.Two, w.Uneq, w.needs, list, len(list), w.top, w.pos, 1, h, scan)
		w.steps += steps
		right = missing < 0
		if !right {
			for _, v := range list {
				w.needs[v] = 0 // (a check that comes out right found them all, clearing each)
			}
			p.wrongMu.Lock()
			if int64(h) < p.wrong.Load() {
				p.wrong.Store(int64(h))
				p.wrongG = missing
			}
			p.wrongMu.Unlock()
			p.lowerStop(h)
			return false
		}
	}
	return true
}

// markSlot makes the ring's entry for heap n free (the check of heap
// n-markChecks right), making checks itself while it is not; it reports
// false when heap n is not to be computed.
func markSlot[T uint8 | uint16](p *markState, w *pairWorker, all []T, n int, scan scanFunc[T]) bool {
	if (n-p.n0)%markClaim != 0 {
		return true // (the slots of a block are freed together)
	}
	// Help first: the checks more than half the ring behind, so that the
	// slot itself is rarely still being checked by the marker.
	for {
		h, h2 := p.claim(n-markChecks/2+1, false)
		if h == h2 {
			break
		}
		checkAll(p, w, all, h, h2, scan)
		p.self += h2 - h
	}
	h := n - markChecks
	if h < p.n0 {
		return true
	}
	k := (h - p.n0) / markClaim
	right := &p.right[k%len(p.right)]
	for i := 0; right.Load() < int64(k+1); i++ {
		if p.stopAt.Load() <= int64(n) {
			return false
		}
		if i%p.spin == p.spin-1 {
			runtime.Gosched()
		}
	}
	return true
}

// markChecked returns the number of heaps whose checks have all come
// out right, as far as the finisher has looked.
func (p *markState) markChecked() int {
	for {
		k := (p.checked - p.n0) / markClaim
		if p.right[k%len(p.right)].Load() != int64(k+1) {
			return p.checked
		}
		p.checked += markClaim
	}
}

// markRareCode4 is markRareCode for the heaps n … n+3 (into t[0] …
// t[3]) in one pass over the rare heaps: each rare heap is read once for
// the four, and the values each reads are neighbours.
func markRareCode4[T uint8 | uint16](vals []T, rare []rareHeap, n int, twoK []int, t *[4]*sparseTab) int {
	// The rare heaps up to n-kmax-1 split every size for all four, in
	// one pass (markRareFull4, whose rule that they read only values
	// below n the marker's keep: they start at markA0); the others, heap
	// by heap.
	kmax := twoK[len(twoK)-1]
	full := len(rare)
	for full > 0 && int(rare[full-1].a) > n-kmax-1 {
		full--
	}
	steps := markRareFull4(vals, rare[:full], n, twoK, t)
	for j := 0; j < 4 && full < len(rare); j++ {
		steps += markRareCode(vals, rare[full:], n+j, twoK, t[j])
	}
	return steps
}

// markWords returns the number of bit words of marks the marker hands
// over for each heap, when the finisher guesses: as many as hold 99 % of
// the values so far, all of the bitsets' words at most. The finisher,
// whose candidate lies past them (on .354 for 1,138 of the first 2^21
// heaps, against the bitsets' 2 words), marks the marker's splits for that
// heap itself. (Half the packing and of the ring to hand over on .354.)
func markWords(e *Engine) int {
	all := uint64(0)
	for _, c := range e.hist {
		all += c
	}
	words := e.limit / 64
	for k := 1; k < words; k++ {
		big := uint64(0) // the heaps of values 64k and more
		for v := 64 * k; 2*v+1 < len(e.hist); v++ {
			big += e.hist[2*v] + e.hist[2*v+1]
		}
		if big*100 <= all {
			return k
		}
	}
	return words
}

// packClearWord is packWord, clearing the 64 bytes it packs.
func packClearWord(t *sparseTab, i int) uint64 { return bitpack.Clear(&t[i*64]) }

// markWait spins until ok reports true, yielding the processor every
// p.spin looks and napping every pairSpinLong; it reports false when heap
// n is not to be computed. (It is ringState.waitDone's loop. One method
// for both, on pairState, was tried: .354 to 2^21 in marker mode then
// took a median of 537 ms against 495 ms, six alternating rounds, for no
// reason found; so each mode keeps its own.)
func (p *markState) markWait(n int, ok func() bool) bool {
	for i := 0; !ok(); i++ {
		if p.stopAt.Load() <= int64(n) {
			return false
		}
		switch {
		case i%pairSpinLong == pairSpinLong-1:
			time.Sleep(pairNap)
		case i%p.spin == p.spin-1:
			runtime.Gosched()
		}
	}
	return true
}

// markBehind is markFinish's wait at heap n for the marker, which has
// marked the heaps below marked (n or less): it checks guesses of a block
// far enough behind while there are some, then waits up to p.takeover
// looks. It returns the heaps marked then, whether the finisher is to
// mark heap n alone (the marker held up, which then skips the heaps
// passed), and false when the mode stops.
func markBehind[T uint8 | uint16](p *markState, w *pairWorker, all []T, n, marked int, scan scanFunc[T]) (int, bool, bool) {
	for p.guess && marked <= n {
		// Wait with work where there is some: the checks of a block
		// far enough behind.
		h, h2 := p.claim(n-markCheckLag, false)
		if h == h2 {
			break
		}
		checkAll(p, w, all, h, h2, scan)
		p.self += h2 - h
		marked = int(p.marked.Load())
	}
	if marked > n {
		return marked, false, true
	}
	looks := 0
	if !p.markWait(n, func() bool {
		marked = int(p.marked.Load())
		looks++
		return marked > n || looks >= p.takeover
	}) {
		return marked, false, false
	}
	alone := marked <= n
	if alone {
		p.passed.Add(1) // (the marker skips what it missed)
	}
	return marked, alone, true
}

// markPoll is markFinish's poll after heap n: it brings the sequence up
// to the heaps whose guesses are checked (with guesses; else n+1), which
// it returns, with false when the mode is to stop there.
func markPoll[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, p *markState, all []T, n int) (int, bool) {
	upto := n + 1
	if p.guess {
		upto = p.markChecked()
	}
	return upto, pairPoll(ctx, e, s, &p.pairState, all, upto)
}
