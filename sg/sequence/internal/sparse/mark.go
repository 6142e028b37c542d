package sparse

import (
	"context"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/internal/prefetch"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
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
// The finisher does not confirm its values: it guesses. A heap's value is
// its candidate (the least value of the enumerable class that is no
// option) unless a value of the other class below it is no option either,
// and that almost never happens where the marker mode runs (on .354 at
// heaps 1,096 and 3,227 and nowhere else in its first 8 million; on .376
// about 200 times in its first 2 million, on .16 and .56 a few dozen). So
// the finisher takes the candidate as the value at once, and leaves in a
// second ring (checks: markChecks heaps) what its confirmation would have
// looked for, the values of the other class below the candidate that no
// marked split gives. The confirmation (confirmNeeds, the single-core
// engine's three steps on the same splits) runs later, as a check, on
// whichever goroutine is free: the marker when it may not mark yet (it
// stays markCheckLag heaps behind the finisher, so that the values a
// check reads lie in cache lines the finisher no longer writes), the
// finisher when the checks fall half a ring behind, while it waits for
// the marker, and at the end of a run. Checks are claimed markClaim heaps
// at a time (one compare-and-swap), and a block of them that comes out
// right is marked so with one atomic store, which frees its entries in
// the ring. The finisher hands over only heaps whose guesses are checked:
// the sequence, the counts, the rare heaps, the progress reported and the
// checkpoints saved at each poll (pairCatchUp) stop at the first heap not
// checked (markChecked). A check that finds a value missing stops the run
// at its heap h; the checks of the heaps below h are made, so they are
// right, the value found is then heap h's (markFix), and a new run starts
// after it, with the finisher's later guesses, and the rare heaps it
// listed for them, dropped. The values, the rare heaps and the counts are
// still those of the single-core engine (TestMarkerGuesses, with the
// checks made by either goroutine or by the finisher alone, and with no
// guesses, against the single-core values).
//
// Where the confirmation was 60 % of the finisher's time (the first scan
// of a heap reads the values just finished, which the marker could not
// do ahead), the two goroutines now share it: on .354 the finisher made
// about 70 % of the checks, the marker the rest, and the finisher's
// guesses keep both busy. The marker hands over only as many bit words a
// heap as hold 99 % of the values so far (markWords: one on .354, whose
// values are below 64 but for one heap in 2,000); a finisher whose
// candidate lies past them marks the marker's splits for that heap
// itself.
//
// The marker may run up to markA0 + kmin heaps ahead of the finisher
// (fewer by up to a line of values), so neither waits on the other at each
// heap: each reads the other's progress only when its own has caught up
// with what it last read (one cache line a few dozen heaps, not one a
// heap). A finisher that has waited takeoverAfter
// looks for the marker (about 10 µs: the marker's processor most likely
// taken away) marks its heaps itself, as on one core, until the marker,
// which skips the heaps the finisher has passed, is ahead again. With a
// program beside it that takes 1 ms of processor time every 5 ms, .354 to
// its certificate on two goroutines took 4.71–5.01 s with takeovers
// against 5.60–5.82 s without (three alternating rounds each, before
// the guesses). Being ahead, the marker marks four heaps in one pass
// over the rare heaps (markRareCode4), and packs them into the ring only
// after it has marked the next four (packed at once, the packing's loads
// waited on the marks' stores). The finisher marks its own rare heaps
// (those below markA0: 22 of .354's 131) heap by heap: batched four
// heaps at a time as the single-core loop does (batch.go), they
// were no faster (.354 to 2^21 in marker mode, five alternating rounds
// with guesses: medians 357 against 355 ms, and a little more CPU).
//
// runPair runs the marker mode on take-and-break codes with two workers
// or more where the pipeline does not pay (heaps the probe found cheap:
// .354, .376, Kayles .77, .1777, .16, .56). Each of its runs is timed
// against the loop that runs otherwise (one core, or the pipeline;
// pairTry) and goes on only where it wins.
//
// Figures (this project's 2-core VM, 2026-11-28, seventh session, each
// run its own process, alternated; hand-overs of 28–29 ns). .354 to its
// certificate (20,126,195 heaps), one worker / two, the default choice
// (go test -run '^$' -bench 'Parallel/354/workers-(1|2)$' -benchtime 1x
// ./sg/sequence), ten rounds: 5.90 / 3.11 s (1.90×), 5.62 / 4.01
// (1.40×), 5.95 / 3.38 (1.76×), 6.24 / 4.06 (1.54×), 6.23 / 4.48
// (1.39×), 6.22 / 3.10 (2.01×), 6.46 / 3.58 (1.80×), 6.77 / 3.69
// (1.84×), 5.34 / 3.15 (1.70×), 5.77 / 3.30 (1.75×): median 1.76×; in
// eighteen rounds of the builds just before, median 1.74× (1.27–1.85×).
// The slow two-worker runs (4.0–4.5 s) come in spells, as the
// hypervisor places the two processors (hand-overs measured 190–215 ns
// at times within the same hour). Before the guesses, the same one core
// against two gave a median of 1.41× (six rounds). In that run the
// marker mode computed 20.0 million of the heaps, no guess was wrong
// (.354's two come before it starts), the finisher made 71 % of the
// checks and marked 54,000 heaps alone. .354 to 2^21 heaps, three rounds
// of go test -run '^$' -bench 'Marker/354-2\^21/(mark|confirm)-2$|Parallel/354-2\^21/workers-1$'
// -benchtime 5x ./sg/sequence: guesses 340–473 ms, no guesses (the
// finisher confirming) 385–426 ms, one core 589–636 ms.

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

// markState is what the finisher and the marker share: the handed-over
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
	// The checks of the finisher's guesses: check is the first heap
	// whose check is not yet claimed, and wrong the first heap whose
	// guess a check found wrong (math.MaxInt: none).
	check atomic.Int64
	_     [64]byte
	wrong atomic.Int64
	_     [64]byte

	// Read by both goroutines, written before they start.
	stride int      // words of a ring entry: the bit words, then the marker's count of rare heaps
	words  int      // bit words of an entry: the values below 64·words (see markWords)
	spin   int      // looks between two yields of the processor
	ring   []uint64 // heap n's entry is ring[(n%markRing)*stride:]
	// takeover is the number of looks at the marker's progress after
	// which the finisher marks its heaps itself until the marker catches
	// up.
	takeover     int
	guess        bool // the finisher guesses (see above)
	markerChecks bool // and the marker checks too
	n0           int  // the run's first heap
	// Heap h's check is in checks[(h%markChecks)*cstride:]: its candidate
	// and cwords words of the values to confirm. The checks are claimed
	// in blocks of markClaim heaps from n0 on; block k's all came out
	// right when right[k%len(right)] holds k+1.
	cstride, cwords int
	checks          []uint64
	right           []paddedInt64
	rule            game.HeapRule
	_               [64]byte

	// The finisher's (a line the marker does not read): alone counts the
	// heaps it marked itself, the marker held up; checked is the number
	// of heaps whose checks have all come out right, as far as it has
	// looked (markChecked); self counts the checks it made.
	alone, checked, self int
	_                    [64]byte

	wrongMu sync.Mutex // held to set wrong and wrongG
	wrongG  int        // the value the check of heap wrong found
}

// markRun runs the marker mode from s.Len() until heap end at most, and
// returns the number of heaps then held in s and the inner-loop steps the
// marker mode took. A run stopped by a wrong guess starts again after the
// heap, which it finishes with the value the check found.
func markRun[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, end int, get func(*store.Seq) []T, scan scanFunc[T]) (int, int, error) {
	steps := 0
	for {
		done, st, again, err := markRunOnce(ctx, e, s, end, get, scan)
		steps += st
		if !again || err != nil || done >= end {
			return done, steps, err
		}
	}
}

// markRunOnce is one run of the marker mode, from s.Len() until heap end
// at most, or the first wrong guess: it returns the number of heaps then
// held in s, the inner-loop steps taken, and whether a wrong guess
// stopped it (the heap is then finished, and the run may go on after it).
func markRunOnce[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, end int, get func(*store.Seq) []T, scan scanFunc[T]) (int, int, bool, error) {
	vals := get(s)
	n0 := len(vals)
	// Room for the rare heaps found meanwhile.
	e.rare = slices.Grow(e.rare, max(1024, len(e.rare)))
	p := &markState{pairState: pairState{rare: e.rare[:cap(e.rare)], counted: n0}}
	p.last.Store(int64(n0) << 32)
	p.rareN.Store(int64(len(e.rare)))
	p.stopAt.Store(int64(end))
	p.words = e.limit / 64
	if e.rs.Knobs.Guess >= 0 {
		p.words = markWords(e)
	}
	// An entry is a power of two of words up to a cache line (two .354
	// heaps a line: half the lines to hand over), whole lines above.
	p.stride = 1
	for p.stride < p.words+1 {
		p.stride *= 2
	}
	p.stride = min(p.stride, (p.words+1+7)&^7)
	p.ring = make([]uint64, markRing*p.stride)
	p.spin = 1 << 14
	if runtime.GOMAXPROCS(0) < 2 {
		p.spin = pairSpin // (the marker needs this processor)
	}
	p.takeover = e.rs.Knobs.TakeoverLooks()
	p.guess = e.rs.Knobs.Guess >= 0
	p.markerChecks = e.rs.Knobs.Guess == 0
	p.n0, p.rule = n0, e.rule
	p.check.Store(int64(n0))
	p.wrong.Store(math.MaxInt)
	p.checked = n0
	p.cwords = len(e.mark)
	p.cstride = p.cwords + 1
	if p.guess {
		p.checks = make([]uint64, markChecks*p.cstride)
		p.right = make([]paddedInt64, markChecks/markClaim)
	}
	all := vals[:cap(vals)]
	f, m := newPairWorker(e), newPairWorker(e)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		markLoop(p, m, all, n0, scan)
	}()
	done := markFinish(ctx, e, s, p, f, all, n0, scan)
	p.lowerStop(done)
	wg.Wait()
	if p.guess {
		// The checks not made yet, here, until one is wrong.
		for {
			h, h2 := p.claim(min(done, int(p.wrong.Load())), true)
			if h == h2 {
				break
			}
			checkAll(p, f, all, h, h2, scan)
			p.self += h2 - h
		}
	}
	again := false
	if wrong := int(p.wrong.Load()); wrong < done {
		// The heaps below wrong are right, so the value the check found
		// is heap wrong's.
		done = wrong
		e.markWrong++
		if again = markFix(p, f, all, wrong); again {
			done++
		}
	}
	retry := e.pairRetry
	pairEnd(e, s, &p.pairState, all, n0, done, end)
	if again {
		e.pairRetry = retry // (the run goes on: it did not stop at once)
	}
	e.markHeaps += done - n0
	e.markAlone += p.alone
	e.markSelf += p.self
	return done, f.steps + m.steps, again, p.err
}

// markChecks is the number of heaps whose checks the check ring holds,
// and markCheckLag how far behind the finisher's last heap the marker
// checks: far enough that the values a check reads (its first scan reads
// the 64 values below the heap, and more) lie in cache lines the finisher
// no longer writes.
const (
	markChecks   = 1024
	markCheckLag = 192
	markClaim    = 16
)

// markLoop is the marker: it marks, for the heaps n, n+1, … until the
// mode stops, the splits whose rare part is markA0 or more, among the
// rare heaps published when it last looked at the finisher's progress,
// four heaps at a time where it may, and leaves them in the ring. When
// the finisher has passed it (marking heaps itself while the marker was
// held up, see markFinish), it skips the heaps passed.
func markLoop[T uint8 | uint16](p *markState, w *pairWorker, all []T, n int, scan scanFunc[T]) {
	two := w.Code.Two
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
	// Two sets of four tables: the heaps marked last wait in one set
	// while the next are marked into the other, and are packed into the
	// ring only then (packed at once, the packing's loads wait for the
	// marks' stores to retire). One allocation: the tables lie a line
	// apart modulo a page (see batchTake).
	eight := new([8]sparseTab)
	var sets [2][4]*sparseTab
	for j := range 8 {
		sets[j/4][j%4] = &eight[j]
	}
	cur := 0                         // the set to mark into; the other holds the heaps held
	held, heldK, heldRare := 0, 0, 0 // the heaps [held, held+heldK) wait, marked with heldRare rare heaps
	flush := func(keep bool) {
		for j, t := range sets[cur^1][:heldK] {
			if !keep {
				clear(t[:w.limit])
				continue
			}
			ent := p.ring[((held+j)%markRing)*p.stride:][:p.stride]
			// (Marks at 64·p.words and above are never read, nor
			// cleared.)
			for i := range p.words {
				ent[i] = packClearWord(t, i)
			}
			ent[p.stride-1] = uint64(heldRare)
		}
		if keep && heldK > 0 {
			p.marked.Store(int64(held + heldK))
		}
		heldK = 0
	}
	defer flush(true)
	var passed int64
	for int64(n) < p.stopAt.Load() {
		if a := p.passed.Load(); a != passed {
			// (Not a look at the finisher's progress every few dozen
			// heaps: that made .354 about 10 % slower on two
			// processors.)
			passed = a
			if look(); n < done {
				flush(false) // (heaps the finisher has passed)
				n = done
				p.marked.Store(int64(n))
			}
		}
		if !may(n) {
			flush(true)
			// Nothing to mark yet: check the finisher's guesses far
			// enough behind it, else wait.
			if p.markerChecks {
				if h, h2 := p.claim(done-markCheckLag, false); h < h2 {
					checkAll(p, w, all, h, h2, scan)
					look()
					continue
				}
			}
			checkable := func() bool { return p.markerChecks && int(p.check.Load())+markClaim <= done-markCheckLag }
			if !p.markWait(n, func() bool { look(); return may(n) || checkable() }) {
				return
			}
			continue
		}
		k := 1
		tabs := &sets[cur]
		switch stop := p.stopAt.Load(); {
		case may(n+3) && int64(n+3) < stop:
			k = 4
			w.steps += markRareCode4(all, p.rare[i0:rareN], n, two, tabs)
		case may(n+1) && int64(n+1) < stop:
			k = 2
			w.steps += markRareCode(all, p.rare[i0:rareN], n, two, tabs[0])
			w.steps += markRareCode(all, p.rare[i0:rareN], n+1, two, tabs[1])
		default:
			w.steps += markRareCode(all, p.rare[i0:rareN], n, two, tabs[0])
		}
		flush(true)
		held, heldK, heldRare = n, k, rareN
		cur ^= 1
		n += k
	}
}

// markFinish is the finisher: it computes the heaps n, n+1, … of the
// marker mode on worker w, with the marker's words, until the mode stops
// or a heap needs the single-core loop, and returns the first heap it did
// not finish. Once it has waited p.takeover looks for the marker, it
// marks each heap itself, as on one core, until the marker is ahead again
// (the marker, held up, then skips the heaps passed). It polls the
// context and reports progress as the single-core loop does.
func markFinish[T uint8 | uint16](ctx context.Context, e *Engine, s *store.Seq, p *markState, w *pairWorker, all []T, n int, scan scanFunc[T]) int {
	// The work since the last poll carries over from the loop before and
	// to the run after (a wrong guess starts a new run: runs shorter than
	// a poll's work must not keep the polls away).
	marked, work := 0, e.work
	defer func() { e.work = work }()
	rareN, i0 := -1, 0
	two := w.Code.Two
	alone := false // the marker is held up: mark the heaps here
	for ; int64(n) < p.stopAt.Load(); n++ {
		if p.guess && !markSlot(p, w, all, n, scan) {
			return n
		}
		if marked <= n {
			marked = int(p.marked.Load())
		}
		if marked <= n && !alone {
			var ok bool
			if marked, alone, ok = markBehind(p, w, all, n, marked, scan); !ok {
				return n
			}
		}
		alone = alone && marked <= n
		w.ParityOK = true
		if err := w.Load(e.rule, n); err != nil || w.HandOff || (w.par == 1 && !w.ParityOK) || len(w.Two) == 0 {
			// The single-core loop meets the same moves and handles them.
			w.HandOff = false
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
		if r := int(p.rareN.Load()); r != rareN {
			rareN, i0 = r, rareFrom(p.rare[:r], markA0)
		}
		rs := p.rare[:rareN]
		tab := w.marks
		if w.Zero {
			tab[0] = 1
		}
		for _, r := range w.One {
			tab[vals[r]] = 1
		}
		steps := markRareCode(vals, rs[:i0], n, two, tab)
		if k := max(cut, i0); k < len(rs) {
			// (Mostly empty: the call alone costs about 5 ns.)
			steps += markRareCode(vals, rs[k:], n, two, tab)
		}
		if w.rare = rs; !alone {
			w.given = ent[:p.words]
		}
		var g int
		if p.guess {
			// The guess: the candidate, checked later (guessCheck).
			c, nw := w.candidateMarks(n)
			if nw > len(w.given) && cut > i0 {
				// Past the marker's words: its splits, here.
				steps += markRareCode(vals, rs[i0:cut], n, two, tab)
				c, nw = w.candidateMarks(n)
			}
			markPut(p, w, n, c, nw)
			g = c
			work += markCheckSteps * len(two)
		} else {
			var st int
			g, st = confirm(&w.Engine, vals, n, scan)
			steps += st
		}
		w.given = nil
		clear(tab[:w.limit])
		if !pairPublish(&p.pairState, w, all, n, g) {
			return n
		}
		if n%markPublish == markPublish-1 { // (see markPublish)
			p.last.Store(int64(n+1)<<32 | int64(g))
		}
		w.steps += steps + 8
		// (Polls come after as much work as on one core: the marker's
		// share counts too.)
		if work += steps + 8 + max(cut-i0, 0)*len(two); work >= sparsePollWork {
			work = 0
			if upto, ok := markPoll(ctx, e, s, p, all, n); !ok {
				return upto
			}
		}
	}
	return n
}
