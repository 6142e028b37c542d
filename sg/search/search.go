package search

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search/internal/tt"
)

// DefaultMemory is the table budget of a [Solver] made without
// [WithMemory]: 256 MiB, about 20 million positions of a [game.Packer]
// whose keys fit in 64 bits, 12 million otherwise.
const DefaultMemory = 256 << 20

// MinMemory is the smallest table budget [New] accepts: 256 KiB.
const MinMemory = 256 << 10

// MaxValue is the largest value a [Solver] can record; a position with
// more options than this is refused with a [*sg.LimitError] on "moves"
// that also wraps [sg.ErrTooManyOptions].
const MaxValue = 1<<23 - 2

// Solver answers questions about the positions of one game with a
// depth-first search that shares a bounded transposition table among
// several goroutines. See the package documentation for the methods it
// uses.
//
// A Solver is safe for concurrent use, and calls the game's methods from
// several goroutines at once: the game must be safe for concurrent use
// (the board games of package rulesets are).
type Solver[P comparable] struct {
	g   game.Game[P]
	dec game.Decomposer[P]
	can game.Canonicalizer[P]
	pk  game.Packer[P]
	mc  game.MoveCounter[P]
	mo  game.MoveOrderer[P]
	st  game.Strategist[P]
	sz  game.Sizer[P] // the game's own measure of a component, or nil
	// byCells: an option's cost is its cells left to search (cellCost),
	// for a MoveOrderer, MoveCounter and Packer (Cram; see addOption).
	byCells bool
	tab     store[P]
	pt      *tt.Table // the table of tab, for a Packer
	cfg     config

	// expanded, hits and misses count the work of finished workers and
	// of the workers' flushes (see worker.flush), and of the questions'
	// top levels.
	expanded     atomic.Uint64
	hits, misses atomic.Uint64
	reads        atomic.Uint64
	progMu       sync.Mutex
	born         time.Time    // when New made the solver
	nextReport   atomic.Int64 // when progress is due, in nanoseconds since born

	// idle holds workers between questions, so that their caches and
	// buffers serve the next question.
	idleMu sync.Mutex
	idle   []*worker[P]

	// saveMu serializes the saves of WithCheckpoint; lastSave is the
	// time of the last one (or of the load).
	saveMu   sync.Mutex
	lastSave time.Time
}

// New returns a solver for g with an empty table, or with the table saved
// at the path of [WithCheckpoint]. It returns an error when g is nil, an
// error naming the budget when the budget given with [WithMemory] is
// below [MinMemory], an error naming the checkpoint's path when its
// directory does not exist, and the error of reading the checkpoint (see
// [WithCheckpoint]).
func New[P comparable](g game.Game[P], opts ...Option) (*Solver[P], error) {
	if g == nil {
		return nil, errors.New("search: New: the game is nil")
	}
	c := config{memory: DefaultMemory, every: DefaultProgress}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if err := checkDir(c.ckptPath); err != nil {
		return nil, err
	}
	if c.memory < MinMemory {
		return nil, fmt.Errorf("search: memory budget %d bytes is below the minimum of %d", c.memory, MinMemory)
	}
	if c.workers <= 0 {
		c.workers = runtime.GOMAXPROCS(0)
	}
	s := &Solver[P]{g: g, cfg: c, born: time.Now()}
	s.nextReport.Store(int64(c.every))
	if !c.noSplit {
		s.dec, _ = g.(game.Decomposer[P])
	}
	s.can, _ = g.(game.Canonicalizer[P])
	s.mc, _ = g.(game.MoveCounter[P])
	s.mo, _ = g.(game.MoveOrderer[P])
	if o, ok := g.(interface{ OrdersMoves() bool }); ok && !o.OrdersMoves() {
		s.mo = nil
	}
	s.st, _ = g.(game.Strategist[P])
	s.sz, _ = g.(game.Sizer[P])
	if u, ok := g.(interface{ UsesStrategy() bool }); ok && !u.UsesStrategy() {
		s.st = nil
	}
	if pk, ok := g.(game.Packer[P]); ok {
		s.pk = pk
		s.pt = tt.New(c.memory)
		s.tab = packed[P]{t: s.pt, pk: pk}
		s.byCells = s.mo != nil && s.mc != nil
	} else {
		s.tab = mapped[P]{tt.NewMap[P](c.memory)}
	}
	if c.ckptPath != "" {
		s.lastSave = time.Now()
		if err := s.loadCheckpoint(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Game returns the game the solver searches.
func (s *Solver[P]) Game() game.Game[P] { return s.g }

// Stats returns the work done and the table's state.
func (s *Solver[P]) Stats() Stats {
	t := s.tab.stats()
	st := Stats{Stores: t.Stores, Evictions: t.Evictions, Entries: t.Entries,
		Capacity: t.Capacity, Bytes: t.Bytes, Packed: s.pt != nil}
	st.Expanded = s.expanded.Load()
	st.Hits, st.Misses, st.Reads = s.hits.Load(), s.misses.Load(), s.reads.Load()
	return st
}

// errStop unwinds a worker whose context is done.
var errStop = errors.New("search stopped")

// tooMany unwinds a worker that met a position with too many options.
type tooMany[P comparable] struct {
	p P
	n int
}

// tooManyError is the error about position p of n options, more than
// MaxValue: a *sg.LimitError on moves that also wraps
// sg.ErrTooManyOptions.
func tooManyError[P comparable](p P, n int) error {
	return fmt.Errorf("search: %w (%w)", &sg.LimitError{Op: "search.Solver", Bound: "moves", Limit: MaxValue,
		Need: int64(n), Detail: fmt.Sprintf("position %v", p)}, sg.ErrTooManyOptions)
}

// run calls f on a fresh worker, turning the worker's unwinding into an
// error.
func (s *Solver[P]) run(ctx context.Context, f func(w *worker[P])) (err error) {
	w := s.worker(ctx)
	defer func() {
		w.flush()
		s.release(w)
		switch r := recover().(type) {
		case nil:
		case error:
			if r != errStop {
				panic(r)
			}
			err = ctx.Err()
		case tooMany[P]:
			err = tooManyError(r.p, r.n)
		default:
			panic(r)
		}
	}()
	f(w)
	return nil
}

// worker returns an idle worker, or a new one, set to poll ctx.
func (s *Solver[P]) worker(ctx context.Context) *worker[P] {
	s.idleMu.Lock()
	defer s.idleMu.Unlock()
	if n := len(s.idle); n > 0 {
		w := s.idle[n-1]
		s.idle = s.idle[:n-1]
		w.ctx, w.turn = ctx, 0
		return w
	}
	return &worker[P]{s: s, ctx: ctx}
}

// release keeps w for the next question.
func (s *Solver[P]) release(w *worker[P]) {
	w.ctx = nil
	s.idleMu.Lock()
	s.idle = append(s.idle, w)
	s.idleMu.Unlock()
}

// get returns the fact stored for c, counting the lookup.
func (s *Solver[P]) get(c P) uint32 {
	f := s.tab.get(c)
	s.reads.Add(1)
	if f != 0 {
		s.hits.Add(1)
	} else {
		s.misses.Add(1)
	}
	return f
}

// split appends the canonical components of p to dst.
func (s *Solver[P]) split(dst []P, p P) []P {
	if s.dec == nil {
		return append(dst, s.canon(p))
	}
	lo := len(dst)
	dst = s.dec.AppendComponents(dst, p)
	if s.can != nil {
		for i := lo; i < len(dst); i++ {
			dst[i] = s.can.Canonical(dst[i])
		}
	}
	return cancelPairs(dst, lo)
}

// cancelPairs removes from dst[lo:] the components that occur twice, a
// pair at a time: G + G is a P-position whatever G is (the second player
// copies the first), so a sum's value does not change. With canonical
// forms this settles, with no search at all, every move of a symmetric
// board that leaves two congruent regions.
func cancelPairs[P comparable](dst []P, lo int) []P {
	for i := lo; i < len(dst); i++ {
		for j := i + 1; j < len(dst); j++ {
			if dst[i] == dst[j] {
				last := len(dst) - 1
				dst[j] = dst[last]
				dst = dst[:last]
				last--
				dst[i] = dst[last]
				dst = dst[:last]
				i--
				break
			}
		}
	}
	return dst
}

func (s *Solver[P]) canon(p P) P {
	if s.can != nil {
		return s.can.Canonical(p)
	}
	return p
}

// known returns the value of component c from the table.
func (s *Solver[P]) known(c P) (uint32, bool) {
	f := s.get(c)
	if f == 0 || f&excluded != 0 {
		return 0, false
	}
	return f - 1, true
}

// Value returns the Sprague–Grundy value of p: the XOR of the values of
// its components, each found by the candidate tests of the package
// documentation, with the workers dividing the options of the component
// at each test.
func (s *Solver[P]) Value(ctx context.Context, p P) (_ sg.Nimber, err error) {
	ctx, end := s.begin(ctx)
	defer func() { err = end(err) }()
	comps := s.split(nil, p)
	var x uint32
	for _, c := range comps {
		v, err := s.componentValue(ctx, c)
		if err != nil {
			return 0, fmt.Errorf("search: value of %v: %w", p, err)
		}
		x ^= v
	}
	return sg.Nimber(x), nil
}

// componentValue values one canonical component: by the candidate tests
// of the package documentation, with the workers dividing the options at
// each test, all stopping at the first option found to have the
// candidate value.
func (s *Solver[P]) componentValue(ctx context.Context, c P) (uint32, error) {
	return s.componentUpTo(ctx, c, noTarget)
}

// componentUpTo is componentValue with the candidate tests stopped after
// target: it returns c's value when it is at most target, else target+1.
func (s *Solver[P]) componentUpTo(ctx context.Context, c P, target uint32) (uint32, error) {
	if v, ok := s.known(c); ok {
		return v, nil
	}
	if s.cfg.noPrune {
		target = noTarget
	}
	// One worker values c by its own search (comp, or upTo with a
	// target; with WithoutPruning comp values it by the definition).
	if s.cfg.noPrune || s.cfg.workers == 1 {
		var v uint32
		err := s.run(ctx, func(w *worker[P]) {
			if target == noTarget || s.cfg.noPrune {
				v = w.comp(c, 0)
			} else {
				v = w.upTo(c, target)
			}
		})
		return v, err
	}
	before := s.expanded.Load()
	opts := s.moves(c)
	s.count()
	if len(opts) > MaxValue {
		return 0, tooManyError(c, len(opts))
	}
	for t := uint32(0); ; t++ {
		if f := s.get(c); f != 0 && f&excluded == 0 {
			return f - 1, nil
		} else if t > target {
			return t, nil
		} else if t < maskBits && f&(1<<t) != 0 {
			continue
		}
		_, found, err := s.anyOption(ctx, opts, func(w *worker[P], o P) bool { return w.sumHas(o, t, 0) })
		if err != nil {
			return 0, err
		}
		if !found {
			s.tab.put(c, t+1, s.expanded.Load()-before)
			return t, nil
		}
		if t < maskBits {
			s.tab.put(c, excluded|1<<t, s.expanded.Load()-before)
		}
	}
}

// Outcome returns [sg.P] when the player to move from p loses and [sg.N]
// otherwise. For a position that does not split it is a search with
// cut-offs, which stops at the first winning move it finds at every
// level, and is much cheaper than the value; for a sum it values all the
// components but the largest and asks only whether the largest has the
// value that makes the XOR zero.
func (s *Solver[P]) Outcome(ctx context.Context, p P) (_ sg.Outcome, err error) {
	ctx, end := s.begin(ctx)
	defer func() { err = end(err) }()
	isP, err := s.sumIsP(ctx, p)
	if err != nil {
		return sg.N, fmt.Errorf("search: outcome of %v: %w", p, err)
	}
	if isP {
		return sg.P, nil
	}
	return sg.N, nil
}

// sumIsP reports whether p's value is 0, using the workers on the
// component that decides it.
func (s *Solver[P]) sumIsP(ctx context.Context, p P) (bool, error) {
	comps := s.split(nil, p)
	if len(comps) == 0 {
		return true, nil
	}
	c, x, err := s.othersValue(ctx, comps)
	if err != nil {
		return false, err
	}
	if x != 0 {
		v, err := s.componentValue(ctx, c)
		return v == x, err
	}
	if f := s.get(c); f != 0 && (f&excluded == 0 || f&1 != 0) {
		return f == 1, nil // its value, or that it is not 0, is known
	}
	_, found, err := s.winning(ctx, c, true)
	return !found, err
}

// othersValue returns the component of comps likely the costliest to
// value ([Solver.largest]) and the nim-sum of the values of the others,
// each valued in full.
func (s *Solver[P]) othersValue(ctx context.Context, comps []P) (P, uint32, error) {
	last := s.largest(comps)
	var x uint32
	for i, c := range comps {
		if i == last {
			continue
		}
		v, err := s.componentValue(ctx, c)
		if err != nil {
			return comps[last], 0, err
		}
		x ^= v
	}
	return comps[last], x, nil
}

// largest returns the index of the component that is likely the costliest
// to value: the greatest by size ([Solver.size]), the first of those; the
// last component for a game with no measure of size.
func (s *Solver[P]) largest(comps []P) int {
	if s.pk == nil && s.sz == nil {
		return len(comps) - 1
	}
	best, size := len(comps)-1, -1
	for i, c := range comps {
		if n := s.size(c); n > size {
			best, size = i, n
		}
	}
	return best
}

// size returns the size of component c that orders a search: the game's
// own measure ([game.Sizer]), else the bits set in its key for a
// [game.Packer] (the cells of a board), else 1.
func (s *Solver[P]) size(c P) int {
	switch {
	case s.sz != nil:
		return s.sz.Size(c)
	case s.pk != nil:
		return keySize(s.pk.Pack(c))
	}
	return 1
}

// WinningMove returns an option of p whose value is 0 and true, or the
// zero position and false when p is a P-position. The options are taken
// in the order of the game's AppendOrderedMoves for a [game.MoveOrderer] (else
// of AppendMoves); the workers test different options at once, each with
// the outcome search of [Solver.Outcome], and all stop at the first
// option found to be a P-position; so with several workers the move
// returned is one of the winning moves, not necessarily the first in
// that order.
func (s *Solver[P]) WinningMove(ctx context.Context, p P) (_ P, _ bool, err error) {
	ctx, end := s.begin(ctx)
	defer func() { err = end(err) }()
	q, found, err := s.winning(ctx, p, false)
	if err != nil {
		err = fmt.Errorf("search: winning move from %v: %w", p, err)
	}
	return q, found, err
}

// winning looks for an option of p of value 0. When component is true, p
// is a canonical component and the answer is stored in the table.
func (s *Solver[P]) winning(ctx context.Context, p P, component bool) (P, bool, error) {
	var zero P
	if component {
		if f := s.get(p); f == 1 {
			return zero, false, nil // a P-position: no winning move
		}
	}
	before := s.expanded.Load()
	opts := s.moves(p)
	s.count()
	i, ok, err := s.anyOption(ctx, opts, func(w *worker[P], o P) bool { return w.sumHas(o, 0, 0) })
	if err != nil {
		return zero, false, err
	}
	found := -1
	if ok {
		found = i
	}
	if found < 0 {
		if component {
			s.tab.put(p, 1, s.expanded.Load()-before)
		}
		return zero, false, nil
	}
	if component {
		s.tab.put(p, notZero, s.expanded.Load()-before)
	}
	return opts[found], true, nil
}

// moves returns the options of p for the top of a question, in the
// game's order for a [game.MoveOrderer] (as a worker takes them below, so that
// the workers try the likeliest first): none when the game's [game.Strategist]
// knows p to be a P-position.
func (s *Solver[P]) moves(p P) []P {
	if s.st != nil && s.st.SecondPlayerWins(p) {
		return nil
	}
	if s.mo != nil {
		return s.mo.AppendOrderedMoves(nil, p)
	}
	return s.g.AppendMoves(nil, p)
}

// count records one expanded position and reports progress.
func (s *Solver[P]) count() { s.addExpanded(1) }

// addExpanded records n expanded positions and reports progress when it
// is due.
func (s *Solver[P]) addExpanded(n uint64) {
	s.expanded.Add(n)
	if s.cfg.progress == nil {
		return
	}
	now := int64(time.Since(s.born))
	if next := s.nextReport.Load(); now >= next && s.nextReport.CompareAndSwap(next, now+int64(s.cfg.every)) {
		s.progMu.Lock()
		s.cfg.progress(s.Stats())
		s.progMu.Unlock()
	}
}
