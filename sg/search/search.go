package search

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// DefaultMemory is the table budget of a [Solver] made without
// [WithMemory]: 256 MiB, about 20 million positions of a [game.Packer]
// whose keys fit in 64 bits, 12 million otherwise.
const DefaultMemory = 256 << 20

// MinMemory is the smallest table budget [New] accepts: 256 KiB.
const MinMemory = 256 << 10

// MaxValue is the largest value a [Solver] can record; a position with
// more options than this is refused with an error wrapping
// [sg.ErrTooManyOptions].
const MaxValue = 1<<23 - 2

// Option configures a [Solver].
type Option func(*config)

type config struct {
	memory   int64
	workers  int
	noPrune  bool
	noSplit  bool
	progress func(Stats)
	every    uint64

	ckptPath  string        // WithCheckpoint's file, or ""
	ckptEvery time.Duration // the time between two saves
}

// WithMemory sets the table's budget in bytes. The table starts small
// and doubles as it fills, up to the largest power-of-two size within the
// budget (holding the old array beside the new one while it doubles, and
// handing an old array of 64 MiB or more back to the operating system at
// once, by a forced collection), and never grows past it: the process's
// peak is about 1.5 times the table's final size. When it is full, new
// results replace old ones that cost little to compute, so a search that
// would need more memory runs slower, but never fails and never answers
// wrongly. [New] rejects a budget below [MinMemory].
func WithMemory(bytes int64) Option { return func(c *config) { c.memory = bytes } }

// WithWorkers sets the number of goroutines one question uses; n ≤ 0
// (the default) means runtime.GOMAXPROCS(0).
func WithWorkers(n int) Option { return func(c *config) { c.workers = n } }

// WithoutPruning turns off the pruning of [Solver.Value]: every option of
// every position is valued. The answers are the same; it is there to
// measure what the pruning saves.
func WithoutPruning() Option { return func(c *config) { c.noPrune = true } }

// WithoutComponents makes the solver ignore the game's [game.Decomposer]:
// positions are stored whole, never split. The answers are the same (the
// game's Canonicalizer must then accept sums); it is there to measure
// what the component memo saves.
func WithoutComponents() Option { return func(c *config) { c.noSplit = true } }

// WithProgress asks for f to be called with the solver's [Stats] each
// time `every` more positions have been expanded (every ≤ 0 means 1<<20).
// Calls are serialized; f should return quickly.
func WithProgress(every int, f func(Stats)) Option {
	return func(c *config) {
		c.progress = f
		if every > 0 {
			c.every = uint64(every)
		}
	}
}

// MoveCounter is [game.MoveCounter]: a game that counts its moves. A
// game that is also a [MoveOrderer] and a [game.Packer] (Cram) has its
// options ordered by their cells weighed with its order instead, and
// NumMoves is then not called.
type MoveCounter[P comparable] = game.MoveCounter[P]

// MoveOrderer is [game.MoveOrderer]: a game that lists its moves in the
// order a search should try them. For a game that is also a
// [MoveCounter] and a [game.Packer] (Cram) the size weighed is the cells
// of the option's components not yet valued, and a place counts a
// sixteenth of a cell; for another game the size is as without an order
// and a place counts a quarter of it. The top of a question keeps the
// game's own order ([Solver.WinningMove] returns the first winning move
// in it, with one worker).
type MoveOrderer[P comparable] = game.MoveOrderer[P]

// Strategist is [game.Strategist]: a game that recognizes positions its
// second player wins by a strategy, valued 0 without listing their moves.
type Strategist[P comparable] = game.Strategist[P]

// Stats describes a solver's work and its table.
type Stats struct {
	// Expanded is the number of positions whose moves were generated.
	Expanded uint64
	// Hits and Misses count table lookups that found a fact or none.
	Hits, Misses uint64
	// Reads counts the lookups that read the shared table; the others
	// were answered by a worker's own cache of what it learnt (see the
	// package documentation on the table).
	Reads uint64
	// Stores counts facts stored in a free or replaced slot; Evictions
	// the stores that replaced another position's fact.
	Stores, Evictions uint64
	// Entries is the number of positions in the table, Capacity the most
	// it can hold, and Bytes its size.
	Entries, Capacity, Bytes int64
	// Packed reports whether the table holds packed keys (the game is a
	// [game.Packer]) rather than positions.
	Packed bool
}

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
	mc  MoveCounter[P]
	mo  MoveOrderer[P]
	st  Strategist[P]
	tab store[P]
	pt  *table // the table of tab, for a Packer
	cfg config

	// expanded, hits and misses count the work of finished workers and
	// of the workers' flushes (see worker.flush), and of the questions'
	// top levels.
	expanded     atomic.Uint64
	hits, misses atomic.Uint64
	reads        atomic.Uint64
	progMu       sync.Mutex

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
// at the path of [WithCheckpoint]. It returns an error naming the budget
// when the budget given with [WithMemory] is below [MinMemory], and the
// error of reading the checkpoint (see [WithCheckpoint]).
func New[P comparable](g game.Game[P], opts ...Option) (*Solver[P], error) {
	c := config{memory: DefaultMemory, every: 1 << 20}
	for _, o := range opts {
		o(&c)
	}
	if c.memory < MinMemory {
		return nil, fmt.Errorf("search: memory budget %d bytes is below the minimum of %d", c.memory, MinMemory)
	}
	if c.workers <= 0 {
		c.workers = runtime.GOMAXPROCS(0)
	}
	s := &Solver[P]{g: g, cfg: c}
	if !c.noSplit {
		s.dec, _ = g.(game.Decomposer[P])
	}
	s.can, _ = g.(game.Canonicalizer[P])
	s.mc, _ = g.(MoveCounter[P])
	s.mo, _ = g.(MoveOrderer[P])
	if o, ok := g.(interface{ OrdersMoves() bool }); ok && !o.OrdersMoves() {
		s.mo = nil
	}
	s.st, _ = g.(Strategist[P])
	if u, ok := g.(interface{ UsesStrategy() bool }); ok && !u.UsesStrategy() {
		s.st = nil
	}
	if pk, ok := g.(game.Packer[P]); ok {
		s.pk = pk
		s.pt = newTable(c.memory)
		s.tab = packed[P]{t: s.pt, pk: pk}
	} else {
		s.tab = newMapTable[P](c.memory)
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
	st := s.tab.stats()
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
			err = fmt.Errorf("search: position %v has %d options: %w (at most %d)", r.p, r.n, sg.ErrTooManyOptions, MaxValue)
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
	if v, ok := s.known(c); ok {
		return v, nil
	}
	if s.cfg.workers == 1 || s.cfg.noPrune {
		var v uint32
		err := s.run(ctx, func(w *worker[P]) { v = w.comp(c, 0) })
		return v, err
	}
	before := s.expanded.Load()
	opts := s.moves(c)
	s.count()
	if len(opts) > MaxValue {
		return 0, fmt.Errorf("search: position %v has %d options: %w (at most %d)", c, len(opts), sg.ErrTooManyOptions, MaxValue)
	}
	for t := uint32(0); ; t++ {
		if f := s.get(c); f != 0 && f&excluded == 0 {
			return f - 1, nil
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

// anyOption returns the index of an option for which f holds and true, or
// false when f holds for none. Options equal after splitting and
// canonical forms are tried once (see distinct). The workers take the
// options in turn; a worker that finds none left helps one still being
// searched (the one with the fewest helpers), with its search turned to
// start elsewhere among that option's options (worker.turn), so that the
// two meet through the table instead of repeating each other. The first
// worker done with an option stops its helpers, and all stop at the first
// option found for which f holds. Of the options found before they stop,
// the first in order is returned.
func (s *Solver[P]) anyOption(ctx context.Context, opts []P, f func(w *worker[P], o P) bool) (int, bool, error) {
	idx := s.distinct(opts)
	n := len(idx)
	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	type slot struct {
		ctx     context.Context
		cancel  context.CancelFunc
		done    atomic.Bool
		helpers atomic.Int32
	}
	slots := make([]slot, n)
	for i := range slots {
		slots[i].ctx, slots[i].cancel = context.WithCancel(ctx2)
		defer slots[i].cancel()
	}
	var foundAt, next atomic.Int64
	foundAt.Store(int64(n))
	errs := make([]error, s.cfg.workers)
	var wg sync.WaitGroup
	for k := range s.cfg.workers {
		wg.Go(func() {
			for ctx2.Err() == nil {
				i := int(next.Add(1) - 1)
				turn := 0
				if i >= n {
					// None left: help the unfinished option with the
					// fewest helpers.
					i, turn = -1, 1<<30
					for j := 0; j < n && int64(j) < foundAt.Load(); j++ {
						if h := int(slots[j].helpers.Load()); !slots[j].done.Load() && h < turn {
							i, turn = j, h
						}
					}
					if i < 0 {
						return
					}
				}
				if int64(i) > foundAt.Load() {
					return
				}
				sl := &slots[i]
				sl.helpers.Add(1)
				var holds bool
				err := s.run(sl.ctx, func(w *worker[P]) {
					w.turn = turn
					holds = f(w, opts[idx[i]])
				})
				if err != nil {
					if ctx2.Err() == nil && sl.ctx.Err() != nil {
						continue // another worker finished this option
					}
					errs[k] = err
					cancel()
					return
				}
				if sl.done.Swap(true) {
					continue
				}
				sl.cancel()
				if holds {
					for {
						old := foundAt.Load()
						if int64(i) >= old || foundAt.CompareAndSwap(old, int64(i)) {
							break
						}
					}
					cancel()
					return
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, false, err
	}
	if i := foundAt.Load(); i < int64(n) {
		return idx[i], true, nil // the others were stopped because of it
	}
	return 0, false, firstError(errs)
}

// firstError returns the first error of errs that is not a cancellation
// (which the others may be a consequence of), else the first error.
func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return err
		}
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// distinct returns the indices of the options that differ after
// splitting and canonical forms (the first of each kind), in order: the
// options of a symmetric board come in congruent groups, and a worker
// searching one member of a group while another searches its image
// would repeat its work.
func (s *Solver[P]) distinct(opts []P) []int {
	idx := make([]int, 0, len(opts))
	seen := make(map[string]bool, len(opts))
	var comps []P
	var keys []game.Key
	var buf []byte
	for i, o := range opts {
		comps = s.split(comps[:0], o)
		var sig string
		switch {
		case s.pk != nil:
			keys = keys[:0]
			for _, c := range comps {
				keys = append(keys, s.pk.Pack(c))
			}
			slices.SortFunc(keys, func(a, b game.Key) int {
				if c := cmp.Compare(a.Hi, b.Hi); c != 0 {
					return c
				}
				return cmp.Compare(a.Lo, b.Lo)
			})
			buf = buf[:0]
			for _, k := range keys {
				buf = binary.LittleEndian.AppendUint64(buf, k.Lo)
				buf = binary.LittleEndian.AppendUint64(buf, k.Hi)
			}
			sig = string(buf)
		default:
			idx = append(idx, i) // positions have no order to sort them by
			continue
		}
		if !seen[sig] {
			seen[sig] = true
			idx = append(idx, i)
		}
	}
	return idx
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
	last := s.largest(comps)
	var x uint32
	for i, c := range comps {
		if i == last {
			continue
		}
		v, err := s.componentValue(ctx, c)
		if err != nil {
			return false, err
		}
		x ^= v
	}
	c := comps[last]
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

// largest returns the index of the component that is likely the costliest
// to value: the one of most cells for a Packer, else the last.
func (s *Solver[P]) largest(comps []P) int {
	if s.pk == nil {
		return len(comps) - 1
	}
	best, size := len(comps)-1, -1
	for i, c := range comps {
		if n := keySize(s.pk.Pack(c)); n > size {
			best, size = i, n
		}
	}
	return best
}

// WinningMove returns an option of p whose value is 0 and true, or the
// zero position and false when p is a P-position. The workers test
// different options at once, each with the outcome search of
// [Solver.Outcome], and all stop at the first option found to be a
// P-position; so with several workers the move returned is one of the
// winning moves, not necessarily the first in the game's move order.
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

// moves returns the options of p for the top of a question: none when
// the game's Strategist knows p to be a P-position.
func (s *Solver[P]) moves(p P) []P {
	if s.st != nil && s.st.SecondPlayerWins(p) {
		return nil
	}
	return s.g.AppendMoves(nil, p)
}

// count records one expanded position and reports progress.
func (s *Solver[P]) count() { s.addExpanded(1) }

// addExpanded records n expanded positions and reports progress when the
// count passes a multiple of the progress interval.
func (s *Solver[P]) addExpanded(n uint64) {
	after := s.expanded.Add(n)
	if s.cfg.progress != nil && (after-n)/s.cfg.every != after/s.cfg.every {
		s.progMu.Lock()
		s.cfg.progress(s.Stats())
		s.progMu.Unlock()
	}
}
