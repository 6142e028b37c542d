package sparse

import (
	"context"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
	"github.com/impartial-go/impartial/sg/sequence/internal/splits"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// This file holds the sparse-space value-sequence engine ("rare values"),
// used by package sequence's Values and Period for take-and-break rules
// whose moves leave at most two heaps: octal codes with a finite last
// digit, and rules such as Grundy's game. Its hot loops are in loop.go.
//
// # The method
//
// The method is described in Winning Ways (Berlekamp, Conway, Guy, 2nd ed.
// vol. 1, ch. 4, "sparse space") and by Gangolli and Plambeck, "A note on
// periodicity in some octal games", Int. J. Game Theory 18 (1989) 311–320;
// Flammenkamp's octal-game tables were computed with it. Choose a mask m
// and a flag p (0 or 1) and call heap a rare when
//
//	q(a) = parity(G(a) & m) ^ p·(a mod 2)
//
// equals a fixed bit (see rareBit below), common otherwise. For a split of r
// tokens into a + b, parity((G(a)^G(b)) & m) = q(a) ^ q(b) ^ p·(r mod 2),
// so the option values of one parity class (the "enumerable" class of r)
// come only from splits with exactly one rare part. When rare heaps are few
// the engine finds every enumerable option by running over the rare heaps
// alone, takes the least missing enumerable value c as a candidate, and then
// only has to confirm the values of the other class below c, which it does
// by scanning splits until they are all found. Heaps whose value is of the
// other class (the rare heaps themselves) need a complete scan, but there
// are few of them.
//
// Nothing here depends on the mask being good: every value is the exact mex
// of all options for every choice of (m, p). A bad mask only costs time.
// The engine chooses (m, p) from the histogram of the values computed so
// far (the one that makes the fewest heaps rare), chooses again each time
// the sequence doubles, and uses the plain method for a stretch where even
// the best mask leaves more than [sparseMaxRare] of the heaps rare.
//
// The parity flag p can be used only when, for every heap n, all split
// sizes r have the same parity as n - k0 for a fixed k0 (all two-heap
// removals of an octal code have the same parity; Grundy's game splits the
// whole heap): then the enumerable class 1 ^ p·((n-k0) mod 2) is the same
// for every split of heap n. A rule known only by its moves is watched at
// every heap, and the variant is dropped the first time a split breaks it.
//
// # Confirming the other class
//
// Most of the time goes into confirming the values of the other class
// below c, which common-common splits give. It is done in three steps:
// a scan of the splits whose smaller part is below [sparseFirstScan],
// which finds most of them; a targeted search (seek) for each value v
// still missing, trying the known heaps a of value v^u for the most
// frequent values u, where a try succeeds with about u's frequency; and a
// scan of the remaining splits for whatever is still missing (always for
// a rare heap, whose value is one of the missing ones). As the issue that
// asked for this engine notes, the scans run over the smaller part a in
// increasing order and, for each a, over every removal amount at once:
// the last missing value turns up far earlier than when each removal
// amount is scanned to the end in turn. With 1-byte values a scan reads 8
// parts and their 8 partners as two words, and one XOR gives 8 options.
// For a rule whose only split is of the whole heap (Grundy's game) the
// last scan first takes the smaller parts in blocks of 8 in an order
// chosen from the values of the small heaps (internal/splits), and seek is
// not used: on Grundy's game this confirms a heap in about a third of the
// splits.
//
// # Cost
//
// A heap costs O(R·t) for R rare heaps and t removal amounts that split,
// plus the confirmation, typically a few hundred splits; a rare heap costs
// O(n·t). Values are read straight from the [store.Seq] (1 or 2 bytes each);
// the engine's own memory is O(R + V) for V distinct values, and nothing is
// allocated per heap.

// sparseTab is a table indexed by a value (every stored value is below
// 2^16), with room for the mex 2^16 and for reading whole 64-value words.
type sparseTab = splits.Tab

// Tuning of the sparse engine.
const (
	// sparseStart is the number of heaps computed with the plain method
	// before the first choice of mask.
	sparseStart = 1 << 9
	// sparseMaxRare is the largest fraction of rare heaps for which the
	// rare-value method is used; above it the plain method is cheaper.
	sparseMaxRare = 0.2
	// sparseMaskBits bounds the value bits a mask may use (4096 masks).
	sparseMaskBits = 12
	// sparsePollWork is the number of inner-loop steps between two polls
	// of the context and the progress clock (a few milliseconds of work).
	sparsePollWork = 1 << 22
	// sparseMaxGrow bounds the values for which extend makes room at once.
	sparseMaxGrow = 1 << 29
	// sparseFirstScan is the end of the first scan for the values to
	// confirm (smaller parts a < sparseFirstScan); sparseSeekMax the most
	// values left for which seek is tried, and sparseSeekBudget the tries
	// per value (sparseSeekFew for 1-byte values when at most
	// splits.FewNeeds are left: see seekBudget); sparseTop the number of
	// frequent values seek uses, and sparsePosCap the heaps listed per
	// value.
	sparseFirstScan  = 64
	sparseSeekMax    = 16
	sparseSeekBudget = 64
	sparseSeekFew    = 8
	sparseTop        = 8
	sparsePosCap     = 256
)

// rareHeap is a rare heap and its value, kept in increasing order of a.
// Heap sizes are held in 32 bits here and in pos: the engine computes
// heaps below 2^32 only.
type rareHeap struct {
	a uint32
	g uint32
}

// Engine computes value sequences with the rare-value method. It is
// not safe for concurrent use; package sequence makes one per run.
type Engine struct {
	rule game.HeapRule
	rs   *Run

	moves.Heap // the moves of the current heap
	valueStats
	rareSet
	confirmState
	order splits.Blocks // the order of the last scan's blocks (internal/splits)
	batch rareBatch     // the single-core loop's marks of four heaps (batch.go)

	// handedOver is set once the engine has handed the rule over to the
	// caller's direct engine: every later call of Extend returns at once.
	handedOver bool

	// seq is the sequence the state below was derived from, and done the
	// number of its heaps counted in it.
	seq  *store.Seq
	done int

	work  int // inner-loop steps since the last poll
	steps int // inner-loop steps of the heaps computed in extendRareAtWidth's loop, in all (the marker mode's trials time them)

	// pipe is the pipeline of the parallel engine (par.go), nil
	// until the first; procs is the number of workers of the current
	// call of extend.
	pipe  *rarePipe
	procs int
	// probeSteps and probeHeaps measure the single-core heaps' cost, and
	// pipeWorth says whether the last probe found heaps costly enough for
	// the pipeline to pay (see pipeMinSteps).
	probeSteps, probeHeaps int
	pipeWorth, probed      bool
	// pairHeaps counts the heaps computed in marker mode, for tests.
	pairHeaps  int
	markHeaps  int       // the heaps of the marker mode's runs (mark.go)
	markAlone  int       // the heaps the marker mode's finisher marked itself, the marker behind
	markSelf   int       // the guesses of the marker mode the finisher checked itself
	markWrong  int       // the runs of the marker mode that stopped at a wrong guess
	batchHeaps int       // the heaps of the single-core loop that took marks from a batch (batch.go)
	pairRetry  int       // the marker mode does not start again below this heap
	pairClock  pairClock // the marker mode's trials (runPair)
	// pipeTest makes the finisher run the first and second phases on
	// the heaps it computes itself (tests).
	pipeTest bool

	// start is the number of heaps computed plainly before the first
	// choice of mask (sparseStart; tests lower it).
	start int
}

// New returns the sparse engine for r, or false when r has
// moves it cannot use (leaving three or more heaps), has no moves that
// split a heap (the direct engine is then as fast), splits heaps in an
// unbounded number of ways (as 0.777… does), where sparsity cannot pay, or
// is a code with a bad digit (the direct engine reports it).
func New(r game.HeapRule, rs *Run) (*Engine, bool) {
	if r == nil {
		return nil, false
	}
	e := &Engine{rule: r, rs: rs, start: sparseStart}
	if tb, ok := r.(game.TakeBreakRule); ok {
		mt := tb.MaxTake()
		if mt < 0 || mt > 1<<16 {
			return nil, false
		}
		e.Code = moves.NewCode(tb)
		e.Code.Learn(mt + 1)
		if e.Code.Bad != nil || e.Code.Parts > 2 || len(e.Code.Two) == 0 {
			return nil, false
		}
		e.ParityOK = true
		e.K0 = e.Code.Two[0] & 1
		for _, k := range e.Code.Two {
			if k&1 != e.K0 {
				e.ParityOK = false
			}
		}
		return e, true
	}
	// Any other rule: probe the first heaps for what its moves look like.
	const probe = 160
	splits, k0, parOK := 0, -1, true
	for n := 1; n <= probe; n++ {
		if err := e.Load(e.rule, n); err != nil || e.HandOff {
			return nil, false
		}
		for _, rr := range e.Two {
			if k0 < 0 {
				k0 = (n - rr) & 1
			} else if (n-rr)&1 != k0 {
				parOK = false
			}
		}
		splits = len(e.Two)
	}
	if k0 < 0 || splits > 8 {
		return nil, false
	}
	e.K0, e.ParityOK = k0, parOK
	return e, true
}

// Extend computes values until s.Len() ≥ n, reading and appending to s's
// storage directly, and reports whether it did. When s is not the
// sequence the engine last extended, or has been changed since, it first
// rebuilds its state (histogram, mask and rare list) from the values in
// s. Once the rule shows a move leaving three heaps, or a value reaches
// 2^16, it returns false with s as far as it got, and so does every later
// call: the rest is the caller's (package sequence's direct engine); so
// are heaps from 2^32 on (the engine holds heap sizes in 32 bits, and
// Values and Period stop at 2^32). An error (ctx's, or one that Run.Poll
// returned) stops it, with the values computed so far in s.
func (e *Engine) Extend(ctx context.Context, s *store.Seq, n int) (bool, error) {
	if err := ctx.Err(); err != nil {
		return true, err
	}
	if n <= s.Len() {
		return true, nil
	}
	if e.handedOver || s.W == 8 { // values of 2^16 or more
		return e.handOver(), nil
	}
	if e.marks == nil {
		e.marks, e.needs = new(sparseTab), new(sparseTab)
	}
	if s.Len() == 0 {
		s.Append(0) // G(0) = 0 whatever the rule says
	}
	e.procs = e.rs.Procs
	if e.seq != s || e.done != s.Len() {
		e.reset(s)
	}
	// The sparse engine stops at 2^32 heaps, and makes room for the values
	// asked for up to a bound, so that a huge n (ended by ctx) does not
	// allocate at once.
	end := int(min(uint64(n), maxHeaps))
	s.Reserve(min(end, sparseMaxGrow))
	scan8, scan16 := e.order.Scan8, e.order.Scan16
	if e.Code != nil {
		// A code's last scan has no block order (see orderBlocks): its
		// scans are called directly, through no method value.
		scan8, scan16 = splits.RangeWords, splits.Range[uint16]
	}
	for s.Len() < end && !e.HandOff && s.W != 8 {
		var err error
		if s.W == 2 {
			err = extendRareAtWidth(ctx, e, s, end, func(s *store.Seq) []uint16 { return s.B16 }, scan16)
		} else {
			err = extendRareAtWidth(ctx, e, s, end, func(s *store.Seq) []uint8 { return s.B8 }, scan8)
		}
		if err != nil {
			return true, err
		}
	}
	if s.Len() < n {
		return e.handOver(), nil
	}
	return true, nil
}

// maxHeaps is the most heaps the engine computes: it holds heap sizes in
// 32 bits.
const maxHeaps = 1 << 32

// handOver leaves this and every later call of Extend to the caller, and
// returns false.
func (e *Engine) handOver() bool {
	e.seq = nil // the state no longer follows s
	e.handedOver = true
	return false
}

// reset rebuilds the engine's state from the values already in s.
func (e *Engine) reset(s *store.Seq) {
	e.seq, e.done = s, 0
	e.maxV, e.limit = 0, 64
	e.hist = e.hist[:0]
	e.pos = e.pos[:0]
	e.rare = e.rare[:0]
	e.rareOK = false
	e.direct = true
	e.order.Reset()
	e.pairRetry = 0
	e.pairClock = pairClock{}
	if !e.fixed {
		e.mask, e.par = 0, 0
	}
	e.resize()
	for i := range s.Len() {
		e.count(i, int(s.At(i)))
	}
	e.done = s.Len()
	e.nextChoose = max(e.start, s.Len()) // choose before the next heap
}
