package sparse

import (
	"context"
	"runtime"
	"slices"
	"time"
	"unsafe"

	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// What the marker mode (mark.go) shares with its trials (trial.go): the
// word the goroutines hand over at each heap (pairState), each
// goroutine's copy of the engine (pairWorker), the publication of a heap
// in order (pairPublish), and the catching up of the engine's counts and
// of the sequence with the heaps finished (pairPoll, pairEnd).
//
// The heaps are published in order, each after its predecessor, so the
// values and the rare heaps are those of the single-core engine; the
// histogram, the positions of values and the sequence's length are
// brought up to date every few million steps (when the finisher polls
// the context and reports progress) and when the mode stops.

// pairMinRun is the fewest heaps for which the marker mode starts.
const pairMinRun = 256

// pairSpin is the number of looks at the other goroutine's progress
// between two yields of the processor, and pairSpinLong between two naps
// of pairNap: a heap takes a few hundred nanoseconds, so a wait of many
// thousand looks means the other goroutine is not running.
const (
	pairSpin     = 64
	pairSpinLong = 1 << 16
	pairNap      = 20 * time.Microsecond
)

// pairState is what the two goroutines of the marker mode share.
type pairState struct {
	_ [64]byte // (last's cache line holds nothing else)

	// last is the number of heaps finished, times 2^32, plus the value of
	// the last of them: the one word a goroutine waits for. rareN is the
	// number of rare heaps listed in rare (stored before last). stopAt is
	// the first heap the mode does not finish; it only decreases.
	last   paddedInt64
	rareN  paddedInt64
	stopAt paddedInt64
	rare   []rareHeap // the engine's rare heaps, with room to grow

	// counted is the number of heaps counted in the engine and held in
	// the sequence: the finisher catches up when it
	// polls, and runPair at the end.
	counted int
	err     error
}

// lowerStop makes n the first heap not finished, unless an earlier one is.
func (p *pairState) lowerStop(n int) {
	for {
		s := p.stopAt.Load()
		if s <= int64(n) || p.stopAt.CompareAndSwap(s, int64(n)) {
			return
		}
	}
}

// waitPrev waits until heap n-1 is finished and returns its value, or
// false when heap n is not to be finished.
func (p *pairState) waitPrev(n int) (int, bool) {
	for i := 0; ; i++ {
		if v := p.last.Load(); v>>32 >= int64(n) {
			return int(uint32(v)), true
		}
		if p.stopAt.Load() <= int64(n) {
			return 0, false
		}
		switch {
		case i%pairSpinLong == pairSpinLong-1:
			// The other goroutine is long in coming (its processor
			// taken by another program, say): give this one up a while.
			time.Sleep(pairNap)
		case i%pairSpin == pairSpin-1:
			runtime.Gosched()
		}
	}
}

// pairWorker is one goroutine's copy of the engine: its own scratch and
// moves, and a snapshot of what the heaps read (the mask, the rare heaps,
// the heaps of each value for seek), fixed while the marker mode runs.
type pairWorker struct {
	_ [64]byte // (the two workers write their fields at every heap: no
	// cache line of one holds fields of the other)
	Engine
	steps int // the inner-loop steps of its heaps
	_     [64]byte
}

// newPairWorker returns a goroutine's copy of e for the marker mode: e's
// state, with scratch and moves of its own.
func newPairWorker(e *Engine) *pairWorker {
	w := &pairWorker{Engine: *e}
	// The scratch slices written at every heap have their own cache
	// lines (64 bytes or more each): small ones of the two goroutines
	// could otherwise share a line, or a 16-byte block of Go's tiny
	// allocator, and hand it back and forth at every heap.
	w.Heap = moves.Heap{Code: e.Code, K0: e.K0,
		One: make([]int, 0, 8), Two: make([]int, 0, 8), Uneq: make([]bool, 0, 64)}
	w.confirmState = confirmState{mark: make([]uint64, len(e.mark), max(len(e.mark), 8)),
		needList: make([]int, 0, 64), marks: new(sparseTab), needs: new(sparseTab)}
	w.pos = append([][]uint32(nil), e.pos...)
	w.pipe = nil
	w.batch = rareBatch{} // (the engine's tables stay its own)
	return w
}

// pairTakes reports whether the marker mode may start at heap n with the
// moves m, where G(1) = g1: a heap that splits, and where the split into
// 1 and n-1 is among its moves, one from heap 5 on whose options that
// hold heap n-1 have one value (G(1) = 0, or no move leaves n-1), so that
// a run does not stop at its first heap.
func pairTakes(m *moves.Heap, n, g1 int) bool {
	if len(m.Two) == 0 {
		return false
	}
	if m.Two[0] == n {
		return n >= 5 && (g1 == 0 || !slices.Contains(m.One, n-1))
	}
	return true
}

// pairEnd ends a run of the marker mode
// from heap n0 (to end at most) that finished the heaps below done: it
// brings the engine's counts and s up to them and counts them in
// e.pairHeaps. A run stopped at once (a rule known by its moves may give
// a heap moves the mode cannot use; or a stop that the
// single-core loop's next heap lifts, at a small cost) asks again after
// a few heaps, not at the next.
func pairEnd[T uint8 | uint16](e *Engine, s *store.Seq, p *pairState, all []T, n0, done, end int) {
	pairCatchUp(e, s, p, all, done)
	e.pairHeaps += done - n0
	if done-n0 < pairMinRun && done < end {
		e.pairRetry = done + pairMinRun
	}
}

// pairPoll is the modes' poll, on the goroutine that called Values or
// Period, once enough work is done (as the single-core loop polls every
// sparsePollWork steps): it brings the engine's counts and s up to the n
// heaps finished, reports progress, saves checkpoints and looks at the
// context. On an error it keeps it in p, stops the mode at heap n and
// reports false.
func pairPoll[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, p *pairState, all []T, n int) bool {
	pairCatchUp(e, s, p, all, n)
	if err := e.rs.Poll(ctx, s, len(e.rare), e.progressMask()); err != nil {
		p.err = err
		p.lowerStop(n)
		return false
	}
	return true
}

// pairCatchUp counts the heaps finished below n in the engine, as the
// single-core loop does heap by heap, and makes them part of s.
func pairCatchUp[T uint8 | uint16](e *Engine, s *store.Seq, p *pairState, all []T, n int) {
	top := 0
	for i := p.counted; i < n; i++ {
		g := int(all[i])
		e.count(i, g)
		top = max(top, g)
	}
	s.Adopt(n, sg.Nimber(top))
	// (The marker mode's finisher may have listed rare heaps past n, on
	// guesses not yet checked.)
	rare := p.rare[:p.rareN.Load()]
	for len(rare) > 0 && int(rare[len(rare)-1].a) >= n {
		rare = rare[:len(rare)-1]
	}
	e.rare = rare
	e.done = n
	p.counted = n
}

// pairPublish makes g the value of heap n in all, and adds n to the rare
// heaps where it is one, unless g does not fit the bitsets (or the
// storage) or the rare heaps have no room: then the single-core loop
// takes heap n, and pairPublish lowers the stop to n and reports false.
// The marker mode's finisher calls it for each heap in order.
func pairPublish[T uint8 | uint16](p *pairState, w *pairWorker, all []T, n, g int) bool {
	rare := w.isRare(n, g)
	if g >= w.limit || rare && p.rareN.Load() == int64(len(p.rare)) {
		p.lowerStop(n)
		return false
	}
	all[n] = T(g)
	if rare {
		k := p.rareN.Load()
		p.rare[k] = rareHeap{a: uint32(n), g: uint32(g)}
		p.rareN.Store(k + 1)
	}
	return true
}

// ringLine returns the heaps whose values lie in the cache lines of all
// below the one that holds heap bound: the lines no goroutine writes any
// more once heap bound-1 is known. The marker reads values from there
// only: reading a line that another processor is writing costs a
// transfer of the line each time.
func ringLine[T uint8 | uint16](all []T, bound int) int {
	size := int(unsafe.Sizeof(all[0]))
	off := int(uintptr(unsafe.Pointer(unsafe.SliceData(all))) % 64)
	end := (off + bound*size) &^ 63
	return max((end-off)/size, 0)
}
