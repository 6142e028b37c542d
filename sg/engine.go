package sg

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/impartial-go/impartial/game"
)

// DefaultMemoLimit is the number of positions an [Engine] remembers before
// it stops with an error wrapping [ErrMemoLimit], unless [WithMemoLimit]
// says otherwise. At about 50 bytes a position in a map it bounds the memo
// near 1 GiB.
const DefaultMemoLimit = 1 << 24

// ErrMemoLimit is wrapped by the error returned when a search would memoize
// more positions than its limit allows.
var ErrMemoLimit = errors.New("memo limit reached")

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
	memoLimit     int
	progress      func(Stats)
	progressEvery uint64
}

func newConfig(opts []Option) config {
	c := config{memoLimit: DefaultMemoLimit, progressEvery: 1 << 20}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithMemoLimit bounds the number of memoized positions. A search that
// would exceed it stops and returns an error wrapping [ErrMemoLimit]; what
// was finished before stays memoized. n ≤ 0 means no limit.
func WithMemoLimit(n int) Option {
	return func(c *config) { c.memoLimit = n }
}

// WithProgress asks for f to be called with the engine's [Stats] after
// every `every` expanded positions (every ≤ 0 means 1<<20; while
// [Engine.SolveAll] runs through positions whose options are known, at
// most once per 4096 of them). f runs on the searching goroutine and
// should return quickly.
func WithProgress(every int, f func(Stats)) Option {
	return func(c *config) {
		c.progress = f
		if every > 0 {
			c.progressEvery = uint64(every)
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
// kids[lo:len(kids)] with values vals[lo:len(vals)] while it is on top (the
// children of frames above it are truncated away when they finish), so no
// upper bound is stored: a frame is 32 bytes for int positions, which
// matters for searches a million positions deep.
type frame[P comparable] struct {
	pos  P
	slot int // index in the dense memo; sparseSlot for the map; xorSlot for a sum
	lo   int
	next int
}

const (
	sparseSlot = -1 // a position memoized in the map: value = mex of children
	xorSlot    = -2 // a sum of components, not memoized: value = xor of children
)

// Engine computes Sprague–Grundy values of the positions of one game, and
// remembers every value it computes, so that later questions about related
// positions cost only the positions not seen before: a bot that asks about
// each position of a game in turn pays for each position once.
//
// The search is iterative, with an explicit stack, so a chain of millions of
// positions needs no goroutine stack. It allocates only when its buffers or
// memo grow. When the game implements [game.Indexer] and has at most the
// memo limit of positions, the memo is a slice, 4 bytes a position;
// otherwise a map. A [game.Dense] game's positions index the slice
// directly, and a [game.Lender]'s options are read where they lie when
// they are all known (and copied without a call to AppendMoves when a
// search must descend), which together make the engine's cost per
// position within twice that of a loop written by hand for the game (see
// the README's figures). When the game
// implements [game.Decomposer], only components are memoized, and a
// position's value is the XOR of its components' values: a sum met again
// costs one split and one lookup a component, never a search, and [Engine.Known]
// answers for it once its components are known. When it implements
// [game.Canonicalizer], positions (for a Decomposer, single components)
// are canonicalized before lookup. For games too large to memoize whole,
// see package sg/search.
//
// An Engine is not safe for concurrent use; [SharedEngine] is.
type Engine[P comparable] struct {
	g   game.Game[P]
	dec game.Decomposer[P]
	can game.Canonicalizer[P]
	idx game.Indexer[P]
	cfg config

	// identity: the game is a game.Dense over int positions, so a
	// position is its own memo index (read through asInt, no Index call).
	identity bool
	// fast: identity, with no Decomposer or Canonicalizer, so that Value
	// can look p up before anything else.
	fast bool
	// lend: the game lends its options, so that they are read in place
	// (on the dense fast path), or copied one by one without a call to
	// AppendMoves (in a search)
	lend game.Lender[P]

	dense  []cell // indexed memo, nil until first use or when unused
	sparse map[P]cell
	count  int // memoized or in-progress positions
	stats  Stats

	stack []frame[P]
	kids  []P
	vals  []cell
	mex   MexBuffer
	tmp   []P
	comp  []P // components of one option, for lookup
}

// NewEngine returns an engine for g with an empty memo.
func NewEngine[P comparable](g game.Game[P], opts ...Option) *Engine[P] {
	e := &Engine[P]{g: g, cfg: newConfig(opts)}
	e.dec, _ = g.(game.Decomposer[P])
	e.can, _ = g.(game.Canonicalizer[P])
	e.lend, _ = g.(game.Lender[P])
	if idx, ok := g.(game.Indexer[P]); ok {
		n := idx.NumPositions()
		if n >= 0 && (e.cfg.memoLimit <= 0 || n <= e.cfg.memoLimit) {
			e.idx = idx
			// A Dense game's positions are their own indexes. P is then
			// int itself (Dense embeds Indexer[int]), checked here once.
			_, dense := g.(game.Dense)
			_, isInt := any(*new(P)).(int)
			e.identity = dense && isInt
			e.fast = e.identity && e.dec == nil && e.can == nil
		}
	}
	e.Reset()
	return e
}

// Game returns the game the engine solves.
func (e *Engine[P]) Game() game.Game[P] { return e.g }

// Reset forgets every memoized value. It keeps the memory of a slice memo
// for the values to come (a map memo is let go): the slice keeps the
// number of positions the game had when it was first used.
func (e *Engine[P]) Reset() {
	if e.dense != nil {
		fillUnknown(e.dense)
	}
	e.sparse = nil
	if e.idx == nil {
		e.sparse = make(map[P]cell)
	}
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
	var v cell
	if e.dec != nil {
		v = e.lookup(p)
	} else {
		if e.can != nil {
			p = e.can.Canonical(p)
		}
		v = e.get(p)
	}
	if v >= notPos {
		return 0, false
	}
	return Nimber(v), true
}

func (e *Engine[P]) get(p P) cell {
	if e.identity && e.dense != nil {
		if i := asInt(&p); uint(i) < uint(len(e.dense)) {
			return e.dense[i]
		}
		return notPos
	}
	if e.idx != nil {
		i := e.idx.Index(p)
		if i < 0 {
			return notPos
		}
		if e.dense == nil {
			return unknown
		}
		return e.dense[i]
	}
	if v, ok := e.sparse[p]; ok {
		return v
	}
	return unknown
}

// lookup is get for a game.Decomposer: it splits p into components,
// canonicalizes each, and returns the XOR of their memoized values, or the
// first sentinel met (unknown, inProgress or notPos). Only components are
// ever memoized, so a sum seen again costs one split and one memo load a
// component, never a search.
func (e *Engine[P]) lookup(p P) cell {
	comp := e.dec.AppendComponents(e.comp[:0], p)
	e.comp = comp
	var x cell
	for _, c := range comp {
		if e.can != nil {
			c = e.can.Canonical(c)
		}
		v := e.get(c)
		if v >= notPos {
			return v
		}
		x ^= v
	}
	return x
}

// ensureDense allocates the dense memo; Value calls it before the first
// search of an indexed game.
func (e *Engine[P]) ensureDense() {
	e.dense = make([]cell, e.idx.NumPositions())
	fillUnknown(e.dense)
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

// resolve looks up the memoized value of every position in kids, and
// reports whether all of them are known.
func (e *Engine[P]) resolve(kids []P, vals []cell) bool {
	vals = vals[:len(kids)]
	var worst cell // the largest cell seen: a sentinel when one is unknown
	switch {
	case e.dec != nil:
		for j, c := range kids {
			vals[j] = e.lookup(c)
			worst = max(worst, vals[j])
		}
	case e.can != nil:
		for j, c := range kids {
			vals[j] = e.get(e.can.Canonical(c))
			worst = max(worst, vals[j])
		}
	case e.identity:
		dense := e.dense
		for j, c := range kids {
			v := notPos
			if i := asInt(&c); uint(i) < uint(len(dense)) {
				v = dense[i]
			}
			vals[j] = v
			worst = max(worst, v)
		}
	case e.idx != nil:
		dense := e.dense
		for j, c := range kids {
			v := notPos
			if i := e.idx.Index(c); uint(i) < uint(len(dense)) {
				v = dense[i]
			}
			vals[j] = v
			worst = max(worst, v)
		}
	default:
		for j, c := range kids {
			v, ok := e.sparse[c]
			if !ok {
				v = unknown
			}
			vals[j] = v
			worst = max(worst, v)
		}
	}
	return worst < notPos
}

// Value returns the Sprague–Grundy value of p: 0 exactly when the player to
// move loses. It returns an error when ctx is done (unless p's value is
// memoized already: that answer costs a load), when the memo limit is
// reached, when p lies on or leads to a cycle of moves, or when p is not a
// position of the game; finished values stay memoized in every case, so a
// later call resumes where this one stopped.
func (e *Engine[P]) Value(ctx context.Context, p P) (Nimber, error) {
	if e.fast {
		// A bot's hot loop on a dense game: p is its own memo index.
		// (asInt is safe only here, where e.fast says that P is int.)
		if i := asInt(&p); uint(i) < uint(len(e.dense)) {
			if v := e.dense[i]; v < notPos {
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
				return e.search(ctx, p)
			}
			v, ok := mexDense(e.dense, kids)
			if !ok {
				return e.search(ctx, p)
			}
			e.dense[i] = v
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
// positions than the memo limit, so that the engine keeps a map), when ctx
// is done (it is polled every 4096 positions), or when a search fails (a
// cycle of moves, or a move to a position the game does not have); what
// was finished stays memoized, so a later call resumes.
// Progress asked for with [WithProgress] is reported when the count of
// expanded positions passes a multiple of its step, at most once per 4096
// positions outside searches.
func (e *Engine[P]) SolveAll(ctx context.Context) error {
	if !e.identity {
		if _, dense := e.g.(game.Dense); dense && e.idx == nil {
			return fmt.Errorf("sg: SolveAll: %T has more positions than the memo limit of %d (raise it with WithMemoLimit)",
				e.g, e.cfg.memoLimit)
		}
		return fmt.Errorf("sg: SolveAll needs a game.Dense game over int positions; %T is not one", e.g)
	}
	if e.dense == nil {
		e.ensureDense()
	}
	n := len(e.dense)
	for lo := 0; lo < n; lo += pollEvery {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("sg: solving positions %d to %d: %w", lo, n-1, err)
		}
		hi := min(lo+pollEvery, n)
		for i := lo; i < hi; i++ {
			if e.fast {
				if i = e.sweep(i, hi); i == hi {
					break
				}
			}
			// i needs a search (or the game is not on the fast path).
			if _, err := e.Value(ctx, intAs[P](i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// sweep finishes the positions from i on, up to hi, that have all their
// options known (e.fast holds), and returns the first one it cannot
// finish, or hi. It is Value's dense fast path as one loop.
func (e *Engine[P]) sweep(i, hi int) int {
	start := i
	var p P
	pi := intPointer(&p) // P is int (e.fast)
	// Two loops, one per way of getting the options: each keeps fewer
	// values live across its call, which BenchmarkVersus measured.
	d, lend := e.dense, e.lend
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
	if f, every := e.cfg.progress, e.cfg.progressEvery; f != nil && before/every != e.stats.Expanded/every {
		f(e.Stats())
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
	if e.dec != nil {
		if e.idx != nil && e.dense == nil {
			e.ensureDense()
		}
		if v := e.lookup(p); v < notPos {
			return Nimber(v), nil
		}
		if err := ctx.Err(); err != nil {
			return 0, fmt.Errorf("sg: value of %v: %w", p, err)
		}
		return e.search(ctx, p)
	}
	if e.can != nil {
		p = e.can.Canonical(p)
	}
	slot := sparseSlot
	v := unknown
	if e.idx != nil {
		if e.dense == nil {
			e.ensureDense()
		}
		if e.identity {
			slot = asInt(&p)
		} else {
			slot = e.idx.Index(p)
		}
		if uint(slot) >= uint(len(e.dense)) {
			return 0, fmt.Errorf("sg: position %v: %w", p, ErrNotPosition)
		}
		v = e.dense[slot]
	} else if w, ok := e.sparse[p]; ok {
		v = w
	}
	if v < notPos {
		return Nimber(v), nil
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("sg: value of %v: %w", p, err)
	}
	if v, ok := e.shallow(p, slot); ok {
		return Nimber(v), nil
	}
	return e.search(ctx, p)
}

// shallow computes the value of an atomic position p (memo slot slot)
// whose options are all memoized, without the search stack: the common
// case of a bot asking about successive positions. It reports false,
// changing nothing, when p needs a real search.
func (e *Engine[P]) shallow(p P, slot int) (cell, bool) {
	// A dense memo holds at most the memo limit of positions (NewEngine
	// checked), so the fast path never reaches the limit.
	if !e.fast && (e.dec != nil || (e.cfg.memoLimit > 0 && e.count >= e.cfg.memoLimit)) {
		return 0, false
	}
	e.kids = e.g.AppendMoves(e.kids[:0], p)
	return e.shallowKids(p, slot)
}

// shallowKids is shallow once p's options are in e.kids.
func (e *Engine[P]) shallowKids(p P, slot int) (cell, bool) {
	n := len(e.kids)
	if n > MaxOptions {
		return 0, false // search reports it
	}
	if cap(e.vals) < n {
		e.vals = make([]cell, n, 2*n)
	}
	vals := e.vals[:n]
	if !e.resolve(e.kids, vals) {
		return 0, false
	}
	v := mexInto(&e.mex, vals)
	if slot >= 0 {
		e.dense[slot] = v
	} else {
		e.sparse[p] = v
	}
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
	if e.stats.Expanded%e.cfg.progressEvery == 0 {
		s := e.Stats()
		s.Depth = depth
		e.cfg.progress(s)
	}
}

// search runs the iterative depth-first search from an unknown position p.
// Its callers have checked ctx.
func (e *Engine[P]) search(ctx context.Context, root P) (Nimber, error) {
	e.stack = e.stack[:0]
	e.kids = e.kids[:0]
	e.vals = e.vals[:0]
	if v, done, err := e.push(root); err != nil || done {
		return Nimber(v), err
	}
	for {
		f := &e.stack[len(e.stack)-1]
		pushed := false
		hi := len(e.kids)
		for f.next < hi {
			if e.vals[f.next] < notPos {
				f.next++
				continue
			}
			// Unknown when the frame was pushed: a sibling's search may
			// have solved it since, so look again before descending.
			c := e.kids[f.next]
			var v cell
			if e.fast {
				v = notPos
				if i := asInt(&c); uint(i) < uint(len(e.dense)) {
					v = e.dense[i]
				}
			} else if e.dec != nil {
				v = e.lookup(c) // push splits and canonicalizes c
			} else {
				if e.can != nil {
					c = e.can.Canonical(c)
				}
				v = e.get(c)
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
		v := e.finish(f.pos, f.slot, f.lo)
		e.stack = e.stack[:len(e.stack)-1]
		if len(e.stack) == 0 {
			return Nimber(v), nil
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
	switch slot {
	case xorSlot:
		for _, x := range e.vals[lo:] {
			v ^= x
		}
	case sparseSlot:
		v = mexInto(&e.mex, e.vals[lo:])
		e.sparse[p] = v
	default:
		if vals := e.vals[lo:]; len(vals) < 64 {
			v = mexWord(vals) // inlined, unlike mexInto
		} else {
			v = mexInto(&e.mex, vals)
		}
		e.dense[slot] = v
	}
	e.kids = e.kids[:lo]
	e.vals = e.vals[:lo]
	return v
}

// push expands p, known to be unknown. When the values of all its children
// are known it finishes p at once and returns its value with done true;
// otherwise it pushes p onto the stack.
func (e *Engine[P]) push(p P) (v cell, done bool, err error) {
	lo := len(e.kids)
	slot := sparseSlot
	if e.dec != nil {
		e.kids = e.dec.AppendComponents(e.kids, p)
		if len(e.kids)-lo != 1 || e.kids[lo] != p {
			slot = xorSlot
			if e.can != nil {
				for j := lo; j < len(e.kids); j++ {
					e.kids[j] = e.can.Canonical(e.kids[j])
				}
			}
		} else {
			e.kids = e.kids[:lo]
			if e.can != nil {
				// A component is memoized in canonical form; its
				// canonical form may be known already.
				p = e.can.Canonical(p)
				switch v := e.get(p); {
				case v < notPos:
					return v, true, nil
				case v == inProgress:
					return 0, false, e.fail(&CycleError[P]{Position: p})
				}
			}
		}
	}
	if slot != xorSlot {
		if e.cfg.memoLimit > 0 && e.count >= e.cfg.memoLimit {
			return 0, false, e.fail(fmt.Errorf("sg: %w: %d positions memoized, cannot add %v (raise it with WithMemoLimit)",
				ErrMemoLimit, e.count, p))
		}
		if e.identity {
			slot = asInt(&p)
			e.dense[slot] = inProgress
		} else if e.idx != nil {
			slot = e.idx.Index(p)
			e.dense[slot] = inProgress
		} else {
			e.sparse[p] = inProgress
		}
		e.count++
		if cap(e.kids)-len(e.kids) < 64 {
			e.kids = slices.Grow(e.kids, max(64, len(e.kids)))
		}
		if e.lend != nil {
			// Copy a lent list one by one: for a few options that
			// costs less than the call to memmove in append(…, s...),
			// and the loads of the children that follow find them
			// in the store buffer.
			kids := e.kids
			//lint:ignore S1011 measured: the loop is faster here (BenchmarkVersus/dag-2^14/search)
			for _, c := range e.lend.Successors(p) {
				kids = append(kids, c)
			}
			e.kids = kids
		} else {
			e.kids = e.g.AppendMoves(e.kids, p)
		}
		if n := len(e.kids) - lo; n > MaxOptions {
			e.stack = append(e.stack, frame[P]{pos: p, slot: slot, lo: lo, next: lo})
			return 0, false, e.fail(fmt.Errorf("sg: position %v has %d options: %w (at most %d)", p, n, ErrTooManyOptions, MaxOptions))
		}
	}
	hi := len(e.kids)
	if cap(e.vals) < hi {
		e.vals = slices.Grow(e.vals, max(hi, 2*cap(e.vals))-len(e.vals))
	}
	e.vals = e.vals[:hi]
	// Resolve the children in one tight pass: the memo loads are
	// independent, so the processor overlaps them.
	known := e.resolve(e.kids[lo:hi], e.vals[lo:hi])
	e.stats.Expanded++
	if e.cfg.progress != nil {
		e.report(len(e.stack) + 1)
	}
	if known {
		return e.finish(p, slot, lo), true, nil
	}
	if len(e.stack) == cap(e.stack) {
		// Double, rather than let append grow large stacks by 1.25x:
		// a search a million positions deep copies its stack less.
		e.stack = slices.Grow(e.stack, max(16, len(e.stack)))
	}
	e.stack = append(e.stack, frame[P]{pos: p, slot: slot, lo: lo, next: lo})
	return 0, false, nil
}

// fail unwinds the stack, forgetting positions still in progress, and
// returns err.
func (e *Engine[P]) fail(err error) error {
	for i := range e.stack {
		if f := &e.stack[i]; f.slot != xorSlot {
			if f.slot >= 0 {
				e.dense[f.slot] = unknown
			} else {
				delete(e.sparse, f.pos)
			}
			e.count--
		}
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
