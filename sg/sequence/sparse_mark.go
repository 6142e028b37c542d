package sequence

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/impartial-go/impartial/sg/internal/prefetch"
)

// Two processors on cheap heaps that are mostly marking: the marker mode
// of the sparse engine.
//
// On a game such as .354, most of a heap's work is marking the splits
// with a rare part (markRareCode): on .354, 131 rare heaps and two
// removals that split, 262 marks a heap, about 60 % of its time on one
// core. A split of r tokens whose rare part a is large reads the value of
// heap r-a, far below the heap being computed. So a second goroutine, the
// marker, marks those splits ahead: for each heap n it marks the splits
// whose rare part is markA0 or more, reading only values in the cache
// lines that the finisher no longer writes (ringLine: below the line that
// holds the next heap to finish), packs them into bit words and leaves
// them in a ring of markRing entries of whole cache lines. The finisher,
// on the caller's goroutine, computes the heaps in order as the
// single-core engine does, with the marker's words added to its own marks
// (given, read by candidate) and marking itself only the splits whose
// rare part is below markA0 and those of the rare heaps found since the
// marker took its copy of their number. Every option is marked by one of
// the two, so the values, the rare heaps and the counts are those of the
// single-core engine.
//
// The marker may run up to markA0 + kmin heaps ahead of the finisher
// (fewer by up to a line of values), so neither waits on the other at each
// heap: each reads the other's progress only when its own has caught up
// with what it last read (one cache line a few dozen heaps, not one a
// heap as in the pair mode). A finisher that has waited takeoverAfter
// looks for the marker (about 10 µs: the marker's processor most likely
// taken away) marks its heaps itself, as on one core, until the marker,
// which skips the heaps the finisher has passed, is ahead again. With a
// program beside it that takes 1 ms of processor time every 5 ms, .354 to
// its certificate on two goroutines took 4.71–5.01 s with takeovers
// against 5.60–5.82 s without (three alternating rounds each). Being
// ahead, the marker marks four heaps in one pass over the rare heaps
// (markRareCode4): on .354 this makes the marking cheap enough for the
// two goroutines to be about even with markA0 = 80 (22 of the 131 rare
// heaps left to the finisher). The single-core loop has since learnt to
// mark four heaps in one pass too, for the rare heaps that read no value
// of those four (sparse_batch.go): .354 on one core went from 6.7–7.0 s
// to 5.2–5.4 s, two goroutines stayed at 3.6–5.4 s (median 3.8 s, six
// rounds). The finisher, batching its own rare heaps (those below
// markA0) the same way, was about 5 % slower (4 million heaps in 0.86–0.94 s against 0.81–0.87 s,
// three alternating runs), so it marks them heap by heap: most of its
// time is the confirmation (confirm), whose first scan reads the values
// just finished.
//
// The marker mode pays only where the marker's share of the work is large:
// runPair uses it for take-and-break codes whose splits with a rare part
// markA0 or more make half the inner-loop steps of a heap or more
// (markerMode: .354, and .376), and the pair mode (sparse_pair.go) for the
// others, where the marker would have little to do (Kayles .77, .1777,
// .16, .56). Like the pair mode, each of its runs is timed against one
// core (pairTry) and goes on only where it wins.
//
// Figures (this project's 2-core VM, 2026-11-28, runs alternated). .354
// to its certificate (20,126,195 heaps), one worker / two, the default
// choice (go test -run '^$' -bench 'Parallel/354/workers-(1|2)$'
// -benchtime 1x ./sg/sequence), six rounds: 8.07 / 3.89 s (2.07×), 7.92
// / 4.01 (1.98×), 7.68 / 4.13 (1.86×), 8.24 / 4.65 (1.77×), 8.30 / 4.49
// (1.85×), 7.44 / 4.05 (1.84×). In four rounds of an earlier build (no
// prefetch of the ring, and a lost trial retried only 262,144 heaps
// later) 1.69–1.93×, where the former default (the pair mode) gave 7.68 /
// 5.31, 7.87 / 6.05, 7.54 / 5.19 and 7.83 / 6.30 s (1.24–1.45×). .354 to 2^21
// heaps, that first build, six rounds of go test -run '^$' -bench
// 'Ring/354-2\^21/(pair|mark)-2$|Parallel/354-2\^21/workers-1$'
// -benchtime 3x ./sg/sequence: the marker mode (forced) 397–532 ms
// (median 435), the pair mode (with its trials) 483–762 ms (median 507),
// one core 725–806 ms (median 759): 1.75× at the medians.

// markA0 is the least rare part of the splits the marker marks; with the
// smallest removal that splits, kmin, it bounds how far the marker may run
// ahead (markA0 + kmin heaps, less up to a line of values). It must exceed
// a line of values (64 heaps): otherwise the marker could be waiting for
// the finisher's line while the finisher waits for the marker's next heap
// (a build whose marker reached 10 heaps back hung in
// TestMarkerMatchesSingleCore).
const markA0 = 80

// markRing is the number of heaps whose marks the ring holds, and
// markAhead how many heaps ahead the finisher asks for an entry
// (prefetch.Line), so that its transfer from the marker's processor
// overlaps with the heaps before.
const (
	markRing  = 256
	markAhead = 4
)

// markState is what the finisher and the marker share: the pair mode's
// rare heaps, stop and counts, the finisher's progress (pairState.last:
// the heaps finished, times 2^32), the marker's (marked), and the ring.
type markState struct {
	pairState
	_      [64]byte
	marked atomic.Int64 // the heaps whose marks are in the ring
	_      [64]byte
	// passed counts the times the finisher started marking its heaps
	// itself (markFinish), the marker held up: written that rarely, it
	// costs the marker nothing to read at every pass.
	passed atomic.Int64
	_      [64]byte
	stride int      // words of a ring entry: the bit words, then the marker's count of rare heaps
	words  int      // bit words of an entry
	spin   int      // looks between two yields of the processor
	ring   []uint64 // heap n's entry is ring[(n%markRing)*stride:]

	// takeover is the number of looks at the marker's progress after
	// which the finisher marks its heaps itself until the marker catches
	// up; alone counts those heaps (the finisher's).
	takeover, alone int
}

// markerMode reports whether runPair runs the marker mode rather than the
// pair mode: on a take-and-break code, where the splits whose rare part
// is markA0 or more make half the inner-loop steps of a heap or more by
// the engine's last probe, or where a test asks for it (withMarker).
func (e *sparseEngine) markerMode() bool {
	switch {
	case e.code == nil || e.cfg.marker < 0:
		return false
	case e.cfg.marker > 0:
		return true
	}
	big := len(e.rare) - rareFrom(e.rare, markA0)
	return e.probeAvg > 0 && 2*big*len(e.code.two) >= e.probeAvg
}

// markRun runs the marker mode from s.Len() until heap end at most, and
// returns the number of heaps then held in s and the inner-loop steps the
// marker mode took.
func markRun[T uint8 | uint16](ctx context.Context, e *sparseEngine, s *Sequence, end int, get func(*Sequence) []T, scan scanFunc[T]) (int, int, error) {
	vals := get(s)
	n0 := len(vals)
	// Room for the rare heaps found meanwhile.
	e.rare = slices.Grow(e.rare, max(1024, len(e.rare)))
	p := &markState{pairState: pairState{rare: e.rare[:cap(e.rare)], counted: n0}}
	p.last.Store(int64(n0) << 32)
	p.rareN.Store(int64(len(e.rare)))
	p.stopAt.Store(int64(end))
	p.words = e.limit / 64
	p.stride = (p.words + 1 + 7) &^ 7 // (whole cache lines)
	p.ring = make([]uint64, markRing*p.stride)
	p.spin = 1 << 14
	if runtime.GOMAXPROCS(0) < 2 {
		p.spin = pairSpin // (the marker needs this processor)
	}
	p.takeover = e.cfg.takeoverLooks()
	all := vals[:cap(vals)]
	f, m := newPairWorker(e), newPairWorker(e)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		markLoop(p, m, all, n0)
	}()
	done := markFinish(ctx, e, s, p, f, all, n0, scan)
	p.lowerStop(done)
	wg.Wait()
	pairEnd(e, s, &p.pairState, all, n0, done, end)
	e.markHeaps += done - n0
	e.markAlone += p.alone
	return done, f.steps + m.steps, p.err
}

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

// markLoop is the marker: it marks, for the heaps n, n+1, … until the
// mode stops, the splits whose rare part is markA0 or more, among the
// rare heaps published when it last looked at the finisher's progress,
// four heaps at a time where it may, and leaves them in the ring. When
// the finisher has passed it (marking heaps itself while the marker was
// held up, see markFinish), it skips the heaps passed.
func markLoop[T uint8 | uint16](p *markState, w *pairWorker, all []T, n int) {
	two := w.code.two
	reach := two[0] + markA0 // heap n reads values below n-reach+1
	var done, line, rareN, i0 int
	look := func() {
		done = int(p.last.Load() >> 32)
		line = ringLine(all, done)
		if r := int(p.rareN.Load()); r != rareN {
			rareN, i0 = r, rareFrom(p.rare[:r], markA0)
		}
	}
	look()
	// may reports whether heap h may be marked now.
	may := func(h int) bool { return h-reach < line && h < done+markRing }
	tabs := [4]*sparseTab{w.marks, w.needs, new(sparseTab), new(sparseTab)}
	var passed int64
	for int64(n) < p.stopAt.Load() {
		if a := p.passed.Load(); a != passed {
			// (Not a look at the finisher's progress every few dozen
			// heaps: that made .354 about 10 % slower on two
			// processors.)
			passed = a
			if look(); n < done {
				n = done
				p.marked.Store(int64(n))
			}
		}
		if !may(n) && !p.markWait(n, func() bool { look(); return may(n) }) {
			return
		}
		k := 1
		switch stop := p.stopAt.Load(); {
		case may(n+3) && int64(n+3) < stop:
			k = 4
			w.steps += markRareCode4(all, p.rare[i0:rareN], n, two, &tabs)
		case may(n+1) && int64(n+1) < stop:
			k = 2
			w.steps += markRareCode(all, p.rare[i0:rareN], n, two, tabs[0])
			w.steps += markRareCode(all, p.rare[i0:rareN], n+1, two, tabs[1])
		default:
			w.steps += markRareCode(all, p.rare[i0:rareN], n, two, tabs[0])
		}
		for j := range k {
			ent := p.ring[((n+j)%markRing)*p.stride:][:p.stride]
			t := tabs[j]
			for i := range p.words {
				ent[i] = packWord(t, i)
			}
			ent[p.stride-1] = uint64(rareN)
			clear(t[:w.limit])
		}
		n += k
		p.marked.Store(int64(n))
	}
}

// markFinish is the finisher: it computes the heaps n, n+1, … of the
// marker mode on worker w, with the marker's words, until the mode stops
// or a heap needs the single-core loop, and returns the first heap it did
// not finish. Once it has waited p.takeover looks for the marker, it
// marks each heap itself, as on one core, until the marker is ahead again
// (the marker, held up, then skips the heaps passed). It polls the
// context and reports progress as the single-core loop does.
func markFinish[T uint8 | uint16](ctx context.Context, e *sparseEngine, s *Sequence, p *markState, w *pairWorker, all []T, n int, scan scanFunc[T]) int {
	marked, work := 0, 0
	rareN, i0 := -1, 0
	two := w.code.two
	alone := false // the marker is held up: mark the heaps here
	for ; int64(n) < p.stopAt.Load(); n++ {
		if marked <= n {
			marked = int(p.marked.Load())
		}
		if marked <= n && !alone {
			looks := 0
			if !p.markWait(n, func() bool {
				marked = int(p.marked.Load())
				looks++
				return marked > n || looks >= p.takeover
			}) {
				return n
			}
			if alone = marked <= n; alone {
				p.passed.Add(1) // (the marker skips what it missed)
			}
		}
		alone = alone && marked <= n
		w.parityOK = true
		if err := w.loadMoves(e.rule, n); err != nil || w.handOff || (w.par == 1 && !w.parityOK) || len(w.two) == 0 {
			// The single-core loop meets the same moves and handles them.
			w.handOff = false
			return n
		}
		if n+markAhead < marked {
			// The marker wrote this entry on its processor: ask for it
			// now, so that it is here when its heap comes.
			prefetch.Line(unsafe.Pointer(&p.ring[((n+markAhead)%markRing)*p.stride]))
		}
		var ent []uint64
		cut := 0 // the rare heaps the marker knew
		if !alone {
			ent = p.ring[(n%markRing)*p.stride:][:p.stride]
			cut = int(ent[p.stride-1])
		} else {
			p.alone++
		}
		vals := all[:n]
		tab := w.marks
		if w.zero {
			tab[0] = 1
		}
		for _, r := range w.one {
			tab[vals[r]] = 1
		}
		if r := int(p.rareN.Load()); r != rareN {
			rareN, i0 = r, rareFrom(p.rare[:r], markA0)
		}
		rs := p.rare[:rareN]
		steps := markRareCode(vals, rs[:i0], n, two, tab)
		steps += markRareCode(vals, rs[max(cut, i0):], n, two, tab)
		if !alone {
			w.given = ent[:p.words]
		}
		w.rare = rs
		g, st := confirm(&w.sparseEngine, vals, n, scan)
		w.given = nil
		clear(tab[:w.limit])
		steps += st
		if !pairPublish(&p.pairState, w, all, n, g) {
			return n
		}
		p.last.Store(int64(n+1)<<32 | int64(g))
		w.steps += steps + 8
		// (Polls come after as much work as on one core: the marker's
		// share counts too.)
		if work += steps + 8 + max(cut-i0, 0)*len(two); work >= sparsePollWork {
			work = 0
			if !pairPoll(ctx, e, s, &p.pairState, all, n+1) {
				return n + 1
			}
		}
	}
	return n
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
	for j := range 4 {
		steps += markRareCode(vals, rare[full:], n+j, twoK, t[j])
	}
	return steps
}
