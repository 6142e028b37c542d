package sg

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"time"

	"github.com/impartial-go/impartial/game"
)

// DefaultMaxPositions is the number of positions an [Engine] remembers
// before it stops with a [*LimitError], unless [WithMaxPositions] says
// otherwise. For int positions in a hash table, whose slots take 16 bytes
// and are between three eighths and three quarters full, it bounds the
// memo near 512 MiB.
const DefaultMaxPositions = 1 << 24

// ErrCycle is wrapped by the error returned when a search meets a position
// that can be reached from itself: such a loopy game has no Grundy values
// in the ordinary sense. Use errors.As with a [*CycleError] to get the
// position.
var ErrCycle = errors.New("game has a cycle of moves")

// ErrNotPosition is wrapped by the error returned when a game with an
// [game.Indexer] says a position is not one of its positions.
var ErrNotPosition = errors.New("not a position of the game")

// CycleError reports a position that lies on a cycle of moves.
type CycleError[P comparable] struct {
	Position P
}

// Error names the position on the cycle.
func (e *CycleError[P]) Error() string {
	return fmt.Sprintf("sg: position %v can be reached from itself: %v", e.Position, ErrCycle)
}

// Unwrap returns [ErrCycle].
func (e *CycleError[P]) Unwrap() error { return ErrCycle }

// Stats describes the work an engine has done, for progress reports.
type Stats struct {
	// Memoized is the number of positions whose values the engine holds.
	Memoized int
	// Expanded is the number of positions whose moves were generated since
	// the engine was made (or reset).
	Expanded uint64
	// Depth is the current depth of the search stack.
	Depth int
}

// Option configures an [Engine] or an [Exhaustive] search.
type Option func(*config)

type config struct {
	maxPositions  int
	progress      func(Stats)
	progressEvery time.Duration
}

// DefaultProgressEvery is the interval between progress reports when
// [WithProgress] is given an interval of 0 or less.
const DefaultProgressEvery = time.Second

func newConfig(opts []Option) config {
	c := config{maxPositions: DefaultMaxPositions, progressEvery: DefaultProgressEvery}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithMaxPositions bounds the number of memoized positions. A search that
// would exceed it stops and returns a [*LimitError] (Bound "positions");
// what was finished before stays memoized. n ≤ 0 means no limit.
func WithMaxPositions(n int) Option {
	return func(c *config) { c.maxPositions = n }
}

// WithProgress asks for f to be called with the engine's [Stats] at most
// once per interval every (every ≤ 0 means [DefaultProgressEvery]) while
// a search runs. The clock is read once per few thousand units of work (a
// unit is an option listed), so a report may come a little late, never
// early. f runs on the searching goroutine and should return quickly.
func WithProgress(every time.Duration, f func(Stats)) Option {
	return func(c *config) {
		c.progress = f
		c.progressEvery = DefaultProgressEvery
		if every > 0 {
			c.progressEvery = every
		}
	}
}

// A cell is a memoized value, or one of the sentinels below. Cells are 32
// bits, half a Nimber, because the memo of a large game is read at random:
// halving it keeps twice as much of it in the processor's caches. A
// memoized value is a mex, at most the position's number of options, and
// the engine refuses a position with more than MaxOptions options, so the
// values, and the XORs of values of components, stay below 2^31 and never
// reach the sentinels.
type cell = uint32

const (
	unknown    = ^cell(0)
	inProgress = ^cell(0) - 1
	notPos     = ^cell(0) - 2
)

// MaxOptions is the most options a position may have in an [Engine]'s
// search (2^31 - 1; listing that many int positions takes 16 GiB): a
// position with more makes the search return an error wrapping
// [ErrTooManyOptions].
const MaxOptions = 1<<31 - 1

// ErrTooManyOptions is wrapped by the error returned when a position has
// more than [MaxOptions] options.
var ErrTooManyOptions = errors.New("too many options")

// how often a search polls its context
const pollEvery = 1 << 12

// A frame is a position on the search stack. Its children are
// kids[lo:len(kids)] of its block, with values vals[lo:len(vals)], while
// it is on top (the children of frames above it are truncated away when
// they finish), so no upper bound is stored. lo and next are indexes in a
// block, which holds fewer than 2^32 children (see push): a frame is 24
// bytes for int positions, which matters for searches a million positions
// deep.
type frame[P comparable] struct {
	pos  P
	slot int    // from the memo's enter (-1 for a hash table); xorSlot for a sum
	lo   uint32 // the first child
	next uint32 // the next child to look at
}

// A block is a part of the search stack: frames, with their children and
// the children's values. A search that outgrows a block goes on in the
// next, so that the stack is never copied as it grows, and its memory is
// kept for the next search.
type block[P comparable] struct {
	stack []frame[P]
	kids  []P
	vals  []cell
}

// A search moves to a new block before a position is expanded, once its
// block holds blockFrames frames or blockKids children.
const (
	blockFrames = 1 << 14
	blockKids   = 1 << 15
)

// xorSlot is the slot of a frame that is a sum of components, not
// memoized: its value is the XOR of its children's.
const xorSlot = -2

// Engine computes Sprague–Grundy values of the positions of one game, and
// remembers every value it computes, so that later questions about related
// positions cost only the positions not seen before: a bot that asks about
// each position of a game in turn pays for each position once.
//
// The search is iterative, with an explicit stack, so a chain of millions of
// positions needs no goroutine stack. It allocates only when its buffers or
// memo grow. When the game implements [game.Indexer] and has at most the
// memo limit of positions, the memo is a slice, 4 bytes a position;
// otherwise a hash table of positions and values. A [game.Dense] game's
// positions index the slice directly, and a [game.Lender]'s options are
// read where they lie when they are all known (and copied without a call
// to AppendMoves when a search must descend), which together make the
// engine's cost per position within twice that of a loop written by hand
// for the game (see the README's figures). When the game implements
// [game.Decomposer], only components are memoized, and a position's value
// is the XOR of its components' values: a sum met again costs one split
// and one lookup a component, never a search, and [Engine.Known] answers
// for it once its components are known. When it implements
// [game.Canonicalizer], positions (for a Decomposer, single components)
// are canonicalized before lookup. For games too large to memoize whole,
// see package sg/search.
//
// An Engine is not safe for concurrent use; [SharedEngine] is.
type Engine[P comparable] struct {
	g   game.Game[P]
	cfg config

	// m holds the values, and hides every difference between games but
	// the two below: NewEngine chooses it once (see memo).
	m memo[P]
	// ints is the memo when the game is a game.Dense over int positions
	// (then P is int), even when m wraps it; nil otherwise.
	ints *denseMemo[P]
	// fast is ints when m is ints itself (no Decomposer, no
	// Canonicalizer): Value and SolveAll then read it directly, a
	// position being its own index. nil otherwise.
	fast *denseMemo[P]
	// cells is fast's slice once it is made (then Value's first load
	// needs no other); nil before, and for every other game.
	cells []cell
	// lend is the game as a game.Lender, whose options the fast path reads
	// in place; nil when it lends none.
	lend game.Lender[P]
	// moves appends p's options to dst: the game's AppendMoves, or a copy
	// of a Lender's list.
	moves func(dst []P, p P) []P

	count int // memoized or in-progress positions
	stats Stats

	lastReport time.Time // of progress

	// The search stack: stack, kids and vals are the top block's; blocks
	// holds the others, those below cur full, those above spare.
	stack  []frame[P]
	kids   []P
	vals   []cell
	blocks []block[P]
	cur    int
	below  int // frames in the blocks below cur

	mex MexBuffer
	tmp []P
}

// NewEngine returns an engine for g with an empty memo.
func NewEngine[P comparable](g game.Game[P], opts ...Option) *Engine[P] {
	e := &Engine[P]{g: g, cfg: newConfig(opts), moves: g.AppendMoves}
	_, isInt := any(*new(P)).(int) // checked once, here
	idx, indexed := g.(game.Indexer[P])
	if indexed {
		n := idx.NumPositions()
		indexed = n >= 0 && (e.cfg.maxPositions <= 0 || n <= e.cfg.maxPositions)
	}
	switch d, dense := g.(game.Dense); {
	case indexed && dense && isInt:
		// A Dense game's positions are their own indexes (P is int).
		e.ints = &denseMemo[P]{g: d}
		e.m, e.fast = e.ints, e.ints
	case indexed:
		e.m = &indexMemo[P]{idx: idx}
	case isInt:
		e.m = newIntTableMemo[P]()
	default:
		e.m = newTableMemo[P]()
	}
	if can, ok := g.(game.Canonicalizer[P]); ok {
		e.m, e.fast = canonMemo[P]{memo: e.m, can: can}, nil
	}
	if dec, ok := g.(game.Decomposer[P]); ok {
		e.m, e.fast = &sumMemo[P]{memo: e.m, dec: dec}, nil
	}
	if lend, ok := g.(game.Lender[P]); ok {
		e.lend = lend
		e.moves = func(dst []P, p P) []P {
			// Copy a lent list one by one: for a few options that costs
			// less than the call to memmove in append(…, s...), and the
			// loads of the children that follow find them in the store
			// buffer.
			//lint:ignore S1011 measured: the loop is faster here (BenchmarkVersus/dag-2^14/search)
			for _, c := range lend.Successors(p) {
				dst = append(dst, c)
			}
			return dst
		}
	}
	return e
}

// Game returns the game the engine solves.
func (e *Engine[P]) Game() game.Game[P] { return e.g }

// Reset forgets every memoized value. It keeps the memory of a slice memo
// for the values to come (a hash table is let go): the slice keeps the
// number of positions the game had when it was first used.
func (e *Engine[P]) Reset() {
	e.m.reset()
	e.count = 0
	e.stats = Stats{}
}

// Len returns the number of memoized positions.
func (e *Engine[P]) Len() int { return e.count }

// Stats returns the work done so far.
func (e *Engine[P]) Stats() Stats {
	s := e.stats
	s.Memoized = e.count
	return s
}

// Known returns the memoized value of p, if the engine has it, without
// searching.
//
// For a [game.Decomposer], p's value is known when the values of all its
// components are: Known returns their XOR.
func (e *Engine[P]) Known(p P) (Nimber, bool) {
	if _, v := e.m.look(p); v < notPos {
		return Nimber(v), true
	}
	return 0, false
}

// fillUnknown sets every cell of d to unknown, by doubling copies, which
// memmove does a vector at a time, several times faster than a loop of
// stores.
func fillUnknown(d []cell) {
	if len(d) == 0 {
		return
	}
	d[0] = unknown
	for k := 1; k < len(d); k *= 2 {
		copy(d[k:], d[:k])
	}
}

// Value returns the Sprague–Grundy value of p: 0 exactly when the player to
// move loses. It returns an error when ctx is done (unless p's value is
// memoized already: that answer costs a load), when the memo limit is
// reached, when p lies on or leads to a cycle of moves, or when p is not a
// position of the game; finished values stay memoized in every case, so a
// later call resumes where this one stopped.
func (e *Engine[P]) Value(ctx context.Context, p P) (Nimber, error) {
	if d := e.cells; d != nil {
		// A bot's hot loop on a dense game: p is its own memo index
		// (P is int: only then is cells set).
		if i := asInt(&p); uint(i) < uint(len(d)) {
			if v := d[i]; v < notPos {
				return Nimber(v), nil
			}
			if err := ctx.Err(); err != nil {
				return 0, fmt.Errorf("sg: value of %v: %w", p, err)
			}
			// For fewer than 64 options, all known, look up each one
			// and mark its value in one word, in one loop.
			var kids []P
			if e.lend != nil {
				kids = e.lend.Successors(p)
			} else {
				kids = e.g.AppendMoves(e.kids[:0], p)
				if cap(kids) != cap(e.kids) {
					// Store the buffer only when it grew: a pointer
					// store costs a write barrier while the collector
					// runs.
					e.kids = kids
				}
			}
			if len(kids) >= 64 {
				e.kids = append(e.kids[:0], kids...)
				if v, ok := e.shallowKids(p, i); ok {
					return Nimber(v), nil
				}
				return e.searchDense(ctx, p)
			}
			v, ok := mexDense(d, kids)
			if !ok {
				return e.searchDense(ctx, p)
			}
			d[i] = v
			e.count++
			e.stats.Expanded++
			if e.cfg.progress != nil {
				e.report(0)
			}
			return Nimber(v), nil
		}
	}
	return e.value(ctx, p)
}

// SolveAll computes the value of every position of a [game.Dense] game,
// the positions 0, 1, …, n-1, in increasing order: the engine's fastest
// way to fill the table of a whole game, and its counterpart of a loop
// written by hand. Every position's value is then memoized (for a
// [game.Decomposer], every component's), so Value and Known answer from
// the memo.
//
// A position whose options are all known costs one loop over them, with
// no search; in a game whose moves go down, such as a [game.Digraph] with
// arcs to lower vertices or a heap game, that is every position. Other
// positions are searched as by Value.
//
// SolveAll returns an error when the game is not dense (or has more
// positions than the memo limit, so that the engine keeps a hash table),
// when ctx is done (it is polled every 4096 positions), or when a search
// fails (a cycle of moves, or a move to a position the game does not
// have); what was finished stays memoized, so a later call resumes.
// Progress asked for with [WithProgress] is reported when the count of
// expanded positions passes a multiple of its step, at most once per 4096
// positions outside searches.
func (e *Engine[P]) SolveAll(ctx context.Context) error {
	if e.ints == nil {
		if _, dense := e.g.(game.Dense); dense {
			if _, isInt := any(*new(P)).(int); isInt {
				return &LimitError{Op: "sg.Engine.SolveAll", Bound: "positions", Limit: int64(e.cfg.maxPositions),
					Need: int64(e.g.(game.Dense).NumPositions()), Detail: fmt.Sprintf("%T has more positions (raise it with WithMaxPositions)", e.g)}
			}
		}
		return fmt.Errorf("sg: SolveAll needs a game.Dense game over int positions; %T is not one", e.g)
	}
	e.ints.prepare()
	if e.fast != nil {
		e.cells = e.fast.d
	}
	n := len(e.ints.d)
	for lo := 0; lo < n; lo += pollEvery {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("sg: solving positions %d to %d: %w", lo, n-1, err)
		}
		hi := min(lo+pollEvery, n)
		if e.fast == nil {
			// A Decomposer or Canonicalizer: each position through Value.
			for i := lo; i < hi; i++ {
				if _, err := e.Value(ctx, intAs[P](i)); err != nil {
					return err
				}
			}
			continue
		}
		for i := lo; i < hi; i++ {
			if i = e.sweep(i, hi); i == hi {
				break
			}
			// i needs a search.
			if _, err := e.Value(ctx, intAs[P](i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// sweep finishes the positions from i on, up to hi, that have all their
// options known (e.fast is set), and returns the first one it cannot
// finish, or hi. It is Value's dense fast path as one loop.
func (e *Engine[P]) sweep(i, hi int) int {
	start := i
	var p P
	pi := intPointer(&p) // P is int (e.fast is set)
	// Two loops, one per way of getting the options: each keeps fewer
	// values live across its call, which BenchmarkVersus measured.
	d, lend := e.fast.d, e.lend
	if lend != nil {
		for ; i < hi; i++ {
			if d[i] < notPos {
				start++ // not done here
				continue
			}
			*pi = i
			kids := lend.Successors(p)
			if len(kids) >= 64 {
				break
			}
			v, ok := mexDense(d, kids)
			if !ok {
				break
			}
			d[i] = v
		}
	} else {
		g, buf := e.g, e.kids[:0]
		for ; i < hi; i++ {
			if d[i] < notPos {
				start++
				continue
			}
			*pi = i
			buf = g.AppendMoves(buf[:0], p)
			if len(buf) >= 64 {
				break
			}
			v, ok := mexDense(d, buf)
			if !ok {
				break
			}
			d[i] = v
		}
		e.kids = buf
	}
	done := i - start
	before := e.stats.Expanded
	e.count += done
	e.stats.Expanded += uint64(done)
	if e.cfg.progress != nil && before/pollEvery != e.stats.Expanded/pollEvery {
		e.reportNow(0)
	}
	return i
}

// mexDense returns the mex of the values in the dense memo d of the options
// kids, fewer than 64 of them, in one loop that marks each value in one
// word; it reports false when an option is unknown or not a position. The
// caller has checked that P is int.
func mexDense[P comparable](d []cell, kids []P) (cell, bool) {
	var seen uint64
	for _, j := range asInts(kids) {
		if uint(j) >= uint(len(d)) {
			return 0, false
		}
		switch w := d[j]; {
		case w < 64:
			seen |= 1 << (w & 63) // one instruction, bts
		case w >= notPos:
			return 0, false
		}
	}
	return cell(bits.TrailingZeros64(^seen)), true
}

// value is Value for every game but a dense one's known positions.
func (e *Engine[P]) value(ctx context.Context, p P) (Nimber, error) {
	p, v := e.m.look(p)
	switch {
	case v < notPos:
		return Nimber(v), nil
	case v == notPos:
		return 0, fmt.Errorf("sg: position %v: %w", p, ErrNotPosition)
	}
	e.m.prepare()
	if e.fast != nil {
		e.cells = e.fast.d
		return e.Value(ctx, p) // the dense fast path, prepared now
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("sg: value of %v: %w", p, err)
	}
	if v, ok := e.shallow(p); ok {
		return Nimber(v), nil
	}
	return e.search(ctx, p)
}

// shallow computes the value of an atomic position p whose options are all
// memoized, without the search stack: the common case of a bot asking
// about successive positions. It reports false, changing nothing, when p
// needs a real search (or is a sum, whose value is not memoized).
func (e *Engine[P]) shallow(p P) (cell, bool) {
	if e.cfg.maxPositions > 0 && e.count >= e.cfg.maxPositions {
		return 0, false // search reports it
	}
	kids, sum, key, v := e.m.split(e.kids[:0], p)
	e.kids = kids
	if sum || v != unknown {
		return 0, false
	}
	e.kids = e.moves(e.kids[:0], key)
	return e.shallowKids(key, -1)
}

// shallowKids is shallow once p's options are in e.kids; slot is p's
// slot in the memo, or -1.
func (e *Engine[P]) shallowKids(p P, slot int) (cell, bool) {
	n := len(e.kids)
	if n > MaxOptions {
		return 0, false // search reports it
	}
	if cap(e.vals) < n {
		e.vals = make([]cell, n, 2*n)
	}
	vals := e.vals[:n]
	if !e.m.resolve(e.kids, vals) {
		return 0, false
	}
	v := mexInto(&e.mex, vals)
	e.m.store(p, slot, v)
	e.count++
	e.stats.Expanded++
	if e.cfg.progress != nil {
		e.report(0)
	}
	return v, true
}

// report calls the progress function, which is set, when the count of
// expanded positions is a multiple of its step; depth is the search's.
func (e *Engine[P]) report(depth int) {
	if e.stats.Expanded%pollEvery == 0 {
		e.reportNow(depth)
	}
}

// reportNow calls the progress function, which is set, when its interval
// has passed since the last report.
func (e *Engine[P]) reportNow(depth int) {
	now := time.Now()
	if e.lastReport.IsZero() {
		e.lastReport = now
	}
	if now.Sub(e.lastReport) < e.cfg.progressEvery {
		return
	}
	e.lastReport = now
	s := e.Stats()
	s.Depth = depth
	e.cfg.progress(s)
}

// search runs the iterative depth-first search from an unknown position p,
// a form returned by the memo's canonical. Its callers have checked ctx.
func (e *Engine[P]) search(ctx context.Context, root P) (Nimber, error) {
	e.stack = e.stack[:0]
	e.kids = e.kids[:0]
	e.vals = e.vals[:0]
	if v, done, err := e.push(root); err != nil || done {
		return Nimber(v), err
	}
	m := e.m
	for {
		f := &e.stack[len(e.stack)-1]
		pushed := false
		hi := uint32(len(e.kids))
		for f.next < hi {
			if e.vals[f.next] < notPos {
				f.next++
				continue
			}
			// Unknown when the frame was pushed: a sibling's search may
			// have solved it since, so look again before descending.
			c, v := m.look(e.kids[f.next])
			if v < notPos {
				e.vals[f.next] = v
				f.next++
				continue
			}
			switch v {
			case inProgress:
				return 0, e.fail(&CycleError[P]{Position: c})
			case notPos:
				return 0, e.fail(fmt.Errorf("sg: move from %v to %v: %w", f.pos, c, ErrNotPosition))
			}
			v, done, err := e.push(c)
			if err != nil {
				return 0, err
			}
			if e.stats.Expanded%pollEvery == 0 {
				if err := ctx.Err(); err != nil {
					return 0, e.fail(fmt.Errorf("sg: value of %v: %w", root, err))
				}
			}
			if done {
				// c's options were all known: push finished it
				// without a frame (f is still the top frame).
				e.vals[f.next] = v
				f.next++
				continue
			}
			pushed = true
			break
		}
		if pushed {
			continue
		}
		// Every child is known: finish this frame.
		v := e.finish(f.pos, f.slot, int(f.lo))
		e.stack = e.stack[:len(e.stack)-1]
		if len(e.stack) == 0 {
			if e.cur == 0 {
				return Nimber(v), nil
			}
			e.down()
		}
		parent := &e.stack[len(e.stack)-1]
		e.vals[parent.next] = v
		parent.next++
	}
}

// finish computes the value of position p (memo slot slot) from the values
// of its children in e.vals[lo:], memoizes it unless p is a sum, and drops
// the children.
func (e *Engine[P]) finish(p P, slot, lo int) cell {
	var v cell
	vals := e.vals[lo:]
	if slot == xorSlot {
		for _, x := range vals {
			v ^= x
		}
	} else {
		if len(vals) < 64 {
			v = mexWord(vals) // inlined, unlike mexInto
		} else {
			v = mexInto(&e.mex, vals)
		}
		e.m.store(p, slot, v)
	}
	e.kids = e.kids[:lo]
	e.vals = e.vals[:lo]
	return v
}

// push expands p, known to be unknown. When the values of all its children
// are known it finishes p at once and returns its value with done true;
// otherwise it pushes p onto the stack.
func (e *Engine[P]) push(p P) (v cell, done bool, err error) {
	// A block holds fewer than blockKids + MaxOptions < 2^32 children,
	// the bound of a frame's indexes.
	up := len(e.stack) >= blockFrames || len(e.kids) >= blockKids
	if up {
		e.up()
	}
	lo := len(e.kids)
	kids, sum, key, v := e.m.split(e.kids, p)
	e.kids = kids
	slot := xorSlot
	if !sum {
		// A component (for a Decomposer, in canonical form, which may be
		// known already).
		switch v {
		case unknown:
		case inProgress:
			return 0, false, e.fail(&CycleError[P]{Position: key})
		case notPos:
			return 0, false, e.fail(fmt.Errorf("sg: position %v: %w", key, ErrNotPosition))
		default:
			if up {
				e.down()
			}
			return v, true, nil
		}
		p = key
		if e.cfg.maxPositions > 0 && e.count >= e.cfg.maxPositions {
			return 0, false, e.fail(&LimitError{Op: "sg.Engine.Value", Bound: "positions", Limit: int64(e.cfg.maxPositions),
				Detail: fmt.Sprintf("cannot add %v (raise it with WithMaxPositions)", p)})
		}
		slot = e.m.enter(p)
		e.count++
		e.kids = e.moves(reserve(e.kids, 64), p)
	}
	hi := len(e.kids)
	if n := hi - lo; n > MaxOptions {
		// (A sum with that many components is refused too: a block holds
		// fewer than 2^32 children.)
		e.stack = append(e.stack, frame[P]{pos: p, slot: slot, lo: uint32(lo), next: uint32(lo)})
		return 0, false, e.fail(fmt.Errorf("sg: position %v has %d options: %w (at most %d)", p, n, ErrTooManyOptions, MaxOptions))
	}
	e.vals = reserve(e.vals, hi-len(e.vals))[:hi]
	// Resolve the children in one tight pass: the memo loads are
	// independent, so the processor overlaps them.
	known := e.m.resolve(e.kids[lo:hi], e.vals[lo:hi])
	e.stats.Expanded++
	if e.cfg.progress != nil {
		e.report(e.below + len(e.stack) + 1)
	}
	if known {
		v := e.finish(p, slot, lo)
		if up {
			e.down()
		}
		return v, true, nil
	}
	e.stack = append(reserve(e.stack, 1), frame[P]{pos: p, slot: slot, lo: uint32(lo), next: uint32(lo)})
	return 0, false, nil
}

// searchDense is search on the dense fast path (e.fast is set: P is int,
// and the positions index the memo d, with no Decomposer or
// Canonicalizer), with the memo's operations written out: the same steps
// as search, push and finish, each a load or a store.
func (e *Engine[P]) searchDense(ctx context.Context, root P) (Nimber, error) {
	e.stack = e.stack[:0]
	e.kids = e.kids[:0]
	e.vals = e.vals[:0]
	d := e.fast.d
	if v, done, err := e.pushDense(d, root); err != nil || done {
		return Nimber(v), err
	}
	for {
		f := &e.stack[len(e.stack)-1]
		pushed := false
		hi := uint32(len(e.kids))
		for f.next < hi {
			if e.vals[f.next] < notPos {
				f.next++
				continue
			}
			// Unknown when the frame was pushed: a sibling's search may
			// have solved it since, so look again before descending.
			c := e.kids[f.next]
			v := notPos
			if i := asInt(&c); uint(i) < uint(len(d)) {
				v = d[i]
			}
			if v < notPos {
				e.vals[f.next] = v
				f.next++
				continue
			}
			switch v {
			case inProgress:
				return 0, e.fail(&CycleError[P]{Position: c})
			case notPos:
				return 0, e.fail(fmt.Errorf("sg: move from %v to %v: %w", f.pos, c, ErrNotPosition))
			}
			v, done, err := e.pushDense(d, c)
			if err != nil {
				return 0, err
			}
			if e.stats.Expanded%pollEvery == 0 {
				if err := ctx.Err(); err != nil {
					return 0, e.fail(fmt.Errorf("sg: value of %v: %w", root, err))
				}
			}
			if done {
				e.vals[f.next] = v
				f.next++
				continue
			}
			pushed = true
			break
		}
		if pushed {
			continue
		}
		v := e.finishDense(d, f.slot, int(f.lo))
		e.stack = e.stack[:len(e.stack)-1]
		if len(e.stack) == 0 {
			if e.cur == 0 {
				return Nimber(v), nil
			}
			e.down()
		}
		parent := &e.stack[len(e.stack)-1]
		e.vals[parent.next] = v
		parent.next++
	}
}

// finishDense is finish on the dense fast path.
func (e *Engine[P]) finishDense(d []cell, slot, lo int) cell {
	var v cell
	if vals := e.vals[lo:]; len(vals) < 64 {
		v = mexWord(vals) // inlined, unlike mexInto
	} else {
		v = mexInto(&e.mex, vals)
	}
	d[slot] = v
	e.kids = e.kids[:lo]
	e.vals = e.vals[:lo]
	return v
}

// pushDense is push on the dense fast path. A dense memo holds every
// position within the memo limit (NewEngine checked), so the limit is never
// reached.
func (e *Engine[P]) pushDense(d []cell, p P) (v cell, done bool, err error) {
	up := len(e.stack) >= blockFrames || len(e.kids) >= blockKids
	if up {
		e.up()
	}
	lo := len(e.kids)
	slot := asInt(&p)
	d[slot] = inProgress
	e.count++
	e.kids = e.moves(reserve(e.kids, 64), p)
	hi := len(e.kids)
	if n := hi - lo; n > MaxOptions {
		e.stack = append(e.stack, frame[P]{pos: p, slot: slot, lo: uint32(lo), next: uint32(lo)})
		return 0, false, e.fail(fmt.Errorf("sg: position %v has %d options: %w (at most %d)", p, n, ErrTooManyOptions, MaxOptions))
	}
	e.vals = reserve(e.vals, hi-len(e.vals))[:hi]
	// Resolve the children in one tight pass: the memo loads are
	// independent, so the processor overlaps them.
	vals := e.vals[lo:hi]
	var worst cell
	for j, c := range asInts(e.kids[lo:hi]) {
		v := notPos
		if uint(c) < uint(len(d)) {
			v = d[c]
		}
		vals[j] = v
		worst = max(worst, v)
	}
	e.stats.Expanded++
	if e.cfg.progress != nil {
		e.report(e.below + len(e.stack) + 1)
	}
	if worst < notPos {
		v := e.finishDense(d, slot, lo)
		if up {
			e.down()
		}
		return v, true, nil
	}
	e.stack = append(reserve(e.stack, 1), frame[P]{pos: p, slot: slot, lo: uint32(lo), next: uint32(lo)})
	return 0, false, nil
}

// up moves the search to the next block, keeping the current one's.
func (e *Engine[P]) up() {
	if len(e.blocks) < e.cur+2 {
		e.blocks = append(e.blocks, make([]block[P], e.cur+2-len(e.blocks))...)
	}
	e.blocks[e.cur] = block[P]{e.stack, e.kids, e.vals}
	e.below += len(e.stack)
	e.cur++
	b := &e.blocks[e.cur]
	if b.stack == nil {
		// Made at full size: growing by doubling would allocate twice
		// as much, and copy it.
		b.stack = make([]frame[P], 0, blockFrames+1)
		b.kids = make([]P, 0, blockKids+64)
		b.vals = make([]cell, 0, blockKids+64)
	}
	e.stack, e.kids, e.vals = b.stack[:0], b.kids[:0], b.vals[:0]
}

// down moves the search back to the block below, keeping the current
// one's memory for later.
func (e *Engine[P]) down() {
	e.blocks[e.cur] = block[P]{e.stack[:0], e.kids[:0], e.vals[:0]}
	e.cur--
	b := &e.blocks[e.cur]
	e.stack, e.kids, e.vals = b.stack, b.kids, b.vals
	e.below -= len(e.stack)
}

// reserve returns s with room for n more elements. It doubles, rather than
// let append grow large slices by 1.25x (a search a million positions deep
// copies its stack less), into an array from make, not slices.Grow, which
// clears the part of the new array beyond the copy: make leaves that to
// the operating system, whose fresh pages are zero already.
func reserve[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	t := make([]T, len(s), max(16, 2*cap(s), len(s)+n))
	copy(t, s)
	return t
}

// fail unwinds the stack, forgetting positions still in progress, and
// returns err.
func (e *Engine[P]) fail(err error) error {
	for {
		for i := range e.stack {
			if f := &e.stack[i]; f.slot != xorSlot {
				e.m.store(f.pos, f.slot, unknown)
				e.count--
			}
		}
		if e.cur == 0 {
			break
		}
		e.stack = e.stack[:0]
		e.down()
	}
	e.stack = e.stack[:0]
	e.kids = e.kids[:0]
	e.vals = e.vals[:0]
	return err
}

// Outcome returns [P] when the player to move from p loses, [N] otherwise.
func (e *Engine[P]) Outcome(ctx context.Context, p P) (Outcome, error) {
	v, err := e.Value(ctx, p)
	if err != nil {
		return Outcome(0), err // P; the name P is the type parameter here
	}
	return OutcomeOf(v), nil
}

// WinningMoves returns every option of p whose value is 0, in the game's
// move order, with duplicates removed: the moves that leave the opponent
// lost. It is empty exactly when p is a P-position.
func (e *Engine[P]) WinningMoves(ctx context.Context, p P) ([]P, error) {
	return e.MovesTo(ctx, p, 0)
}

// MovesTo returns every option of p whose value is v, in the game's move
// order, with duplicates removed. By the definition of mex it is nonempty
// whenever v is less than p's value.
func (e *Engine[P]) MovesTo(ctx context.Context, p P, v Nimber) ([]P, error) {
	var out []P
	err := e.eachOptionOfValue(ctx, p, v, func(q P) bool {
		if !slices.Contains(out, q) {
			out = append(out, q)
		}
		return true
	})
	return out, err
}

// WinningMove returns one option of p of value 0 and true, or the zero
// position and false when p is a P-position (every move loses). A bot that
// must still move from a P-position can take any option; the Player of
// package sg/bot chooses well among them.
func (e *Engine[P]) WinningMove(ctx context.Context, p P) (P, bool, error) {
	var move P
	found := false
	err := e.eachOptionOfValue(ctx, p, 0, func(q P) bool {
		move, found = q, true
		return false
	})
	return move, found, err
}

// eachOptionOfValue calls f with each option of p whose value is v, in the
// game's move order, until f returns false. The options are listed in
// e.tmp, which Value never touches, so they need no copy.
func (e *Engine[P]) eachOptionOfValue(ctx context.Context, p P, v Nimber, f func(P) bool) error {
	pv, err := e.Value(ctx, p)
	if err != nil || pv == v {
		// By the definition of mex no option has p's own value: in
		// particular a P-position has no winning move.
		return err
	}
	e.tmp = e.g.AppendMoves(e.tmp[:0], p)
	for _, q := range e.tmp {
		w, err := e.Value(ctx, q)
		if err != nil {
			return err
		}
		if w == v && !f(q) {
			return nil
		}
	}
	return nil
}
