package sg

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"unsafe"

	"github.com/impartial-go/impartial/game"
)

// errNoGame is returned by an engine made without a game: the zero
// Engine, or NewEngine(nil).
var errNoGame = errors.New("sg: the engine has no game (make one with NewEngine and a game that is not nil)")

// Engine computes Sprague–Grundy values of the positions of one game, and
// remembers every value it computes, so that later questions about related
// positions cost only the positions not seen before: a bot that asks about
// each position of a game in turn pays for each position once.
//
// The search is iterative, with an explicit stack, so a chain of millions of
// positions needs no goroutine stack. It allocates only when its buffers or
// memo grow. When the game implements [game.Indexer] and has at most the
// positions limit of positions, the memo is a slice, 4 bytes a position;
// otherwise a hash table of positions and values. A [game.Dense] game's
// positions index the slice directly, and a [game.Lender]'s options are
// read where they lie when they are all known (and copied without a call
// to AppendMoves when a search must descend), which together make the
// engine's cost per position within twice that of a loop written by hand
// for the game. When the game implements [game.Decomposer], only
// components are memoized, and a position's value is the XOR of its
// components' values: a sum met again costs one split and one lookup a
// component, never a search, and [Engine.Known] answers for it once its
// components are known. When it implements [game.Canonicalizer],
// positions (for a Decomposer, single components) are canonicalized before
// lookup. For games too large to memoize whole, see package sg/search.
//
// An Engine is not safe for concurrent use; [SharedEngine] is. The zero
// Engine has no game: its methods return an error.
type Engine[P comparable] struct {
	g game.Game[P]
	r run

	// ints is the engine of a dense game over ints (P is int), when the
	// game neither decomposes nor canonicalizes (see intEngine); it is
	// not on for every other game, which m serves.
	ints intEngine
	// m holds the values, and hides every difference between the other
	// games: NewEngine chooses it once (see memo).
	m memo[P]
	// moves appends p's options to dst: the game's AppendMoves, or a copy
	// of a Lender's list.
	moves func(dst []P, p P) []P
	// counter is the game's MoveCounter, or nil: asked before a
	// position's moves are listed (see tooMany).
	counter game.MoveCounter[P]

	searchStack[P]
	tmp []P
}

// NewEngine returns an engine for g with an empty memo.
func NewEngine[P comparable](g game.Game[P], opts ...Option) *Engine[P] {
	e := &Engine[P]{g: g, r: run{cfg: newConfig(opts)}}
	if g == nil {
		return e // its methods report errNoGame
	}
	e.moves = g.AppendMoves
	e.counter, _ = g.(game.MoveCounter[P])
	_, isInt := any(*new(P)).(int) // checked once, here
	perCell := int64(reflect.TypeFor[cell]().Size())
	e.r.perKid = int64(reflect.TypeFor[P]().Size()) + perCell
	idx, indexed := g.(game.Indexer[P])
	if indexed {
		n := idx.NumPositions()
		indexed = n >= 0 && (e.r.cfg.maxPositions <= 0 || n <= e.r.cfg.maxPositions) &&
			(e.r.cfg.memory <= 0 || int64(n)*perCell <= e.r.cfg.memory/2)
	}
	_, canon := g.(game.Canonicalizer[P])
	_, dec := g.(game.Decomposer[P])
	if d, dense := g.(game.Dense); dense && indexed && !canon && !dec {
		if gi, ok := any(g).(game.Game[int]); ok { // P is int
			e.ints = intEngine{r: &e.r, g: gi, idx: d}
			e.ints.lend, _ = any(g).(game.Lender[int])
			e.r.perPos = perCell
			return e
		}
	}
	switch {
	case indexed:
		e.m = &indexMemo[P]{idx: idx}
		e.r.perPos = perCell
	case isInt:
		e.m = newIntTableMemo[P]()
		e.r.perPos = 3 * int64(reflect.TypeFor[entry[P]]().Size()) // a table at most a third full after growing
	default:
		e.m = newTableMemo[P]()
		e.r.perPos = 3 * int64(reflect.TypeFor[entry[P]]().Size())
	}
	if can, ok := g.(game.Canonicalizer[P]); ok {
		e.m = canonMemo[P]{memo: e.m, can: can}
	}
	if dec, ok := g.(game.Decomposer[P]); ok {
		e.m = &sumMemo[P]{memo: e.m, dec: dec}
	}
	if lend, ok := g.(game.Lender[P]); ok {
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

// asInt returns *p, a position of an engine whose ints is on (or of an
// int hash table): P is int, which NewEngine checked once. It is the one
// conversion between the generic face and the int engine under it, and
// it reads the memory, as unsafe.Pointer's rule (1) allows for types of
// the same layout: the safe form, *any(p).(*int), loads the type from the
// generic dictionary and compares it, 5 instructions on a warm Value of 24
// (BenchmarkWarmValue/dense, counted with cachegrind). TestAsInt checks it.
func asInt[P comparable](p *P) int { return *(*int)(unsafe.Pointer(p)) }

// Game returns the game the engine solves.
func (e *Engine[P]) Game() game.Game[P] { return e.g }

// Reset forgets every memoized value. It keeps the memory of a slice memo
// for the values to come (a hash table is let go): the slice keeps the
// number of positions the game had when it was first used.
func (e *Engine[P]) Reset() {
	switch {
	case e.ints.on():
		e.ints.reset()
	case e.m != nil:
		e.m.reset()
	}
	e.r.count = 0
	e.r.stats = Stats{}
}

// Len returns the number of memoized positions.
func (e *Engine[P]) Len() int { return e.r.count }

// Stats returns the work done so far.
func (e *Engine[P]) Stats() Stats {
	s := e.r.stats
	s.Memoized = e.r.count
	return s
}

// Known returns the memoized value of p, if the engine has it, without
// searching.
//
// For a [game.Decomposer], p's value is known when the values of all its
// components are: Known returns their XOR.
func (e *Engine[P]) Known(p P) (Nimber, bool) {
	var v cell
	switch {
	case e.ints.on():
		v = e.ints.known(asInt(&p))
	case e.m != nil:
		_, v = e.m.look(p)
	default:
		return 0, false
	}
	if v < notPos {
		return Nimber(v), true
	}
	return 0, false
}

// Value returns the Sprague–Grundy value of p: 0 exactly when the player to
// move loses. It returns an error when ctx is done (unless p's value is
// memoized already: that answer costs a load; a search polls ctx within a
// few thousand options listed), when a bound is reached (a [*LimitError]:
// [WithMaxPositions], [WithMemory]; for a [game.MoveCounter] such as
// [game.HeapGame], a position whose options would pass the memory bound
// or [MaxOptions] is refused before they are listed), when p lies on or leads to a cycle of
// moves, when p is not a position of the game, or when the engine has no
// game; finished values stay memoized in every case, so a later call
// resumes where this one stopped.
func (e *Engine[P]) Value(ctx context.Context, p P) (Nimber, error) {
	if d := e.ints.d; d != nil {
		// A bot's hot loop on a dense game: p is its own memo index.
		if i := asInt(&p); uint(i) < uint(len(d)) {
			if v := d[i]; v < notPos {
				return Nimber(v), nil
			}
			if err := ctx.Err(); err != nil {
				return 0, fmt.Errorf("sg: value of %d: %w", i, err)
			}
			// For fewer than 64 options, all known, look up each one
			// and mark its value in one word, in one loop.
			var kids []int
			if e.ints.lend != nil {
				kids = e.ints.lend.Successors(i)
			} else {
				kids = e.ints.g.AppendMoves(e.ints.kids[:0], i)
				if cap(kids) != cap(e.ints.kids) {
					// Store the buffer only when it grew: a pointer
					// store costs a write barrier while the collector
					// runs.
					e.ints.kids = kids
				}
			}
			if len(kids) >= 64 {
				return e.ints.wide(ctx, i, kids)
			}
			v, ok := mexDense(d, kids)
			if !ok {
				return e.ints.search(ctx, i)
			}
			d[i] = v
			e.r.count++
			e.r.stats.Expanded++
			if e.r.cfg.progress != nil {
				e.r.tick(len(kids))
			}
			return Nimber(v), nil
		}
	}
	return e.value(ctx, p)
}

// value is Value for every game but a dense one's, once its memo is made.
func (e *Engine[P]) value(ctx context.Context, p P) (Nimber, error) {
	if e.m == nil {
		if !e.ints.on() {
			return 0, errNoGame
		}
		// A dense game over ints, asked its first question or about a
		// position it does not have.
		e.ints.prepare()
		if i := asInt(&p); uint(i) >= uint(len(e.ints.d)) {
			return 0, fmt.Errorf("sg: position %d: %w", i, ErrNotPosition)
		}
		return e.Value(ctx, p)
	}
	p, v := e.m.look(p)
	switch {
	case v < notPos:
		return Nimber(v), nil
	case v == notPos:
		return 0, fmt.Errorf("sg: position %v: %w", p, ErrNotPosition)
	}
	e.m.prepare()
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
	if m := e.r.cfg.maxPositions; m > 0 && e.r.count >= m {
		return 0, false // search reports it
	}
	kids, sum, key, v := e.m.split(e.kids[:0], p)
	e.kids = kids
	if sum || v != unknown || (e.counter != nil && e.tooMany(key) != nil) {
		return 0, false // search reports too many moves
	}
	e.kids = e.moves(e.kids[:0], key)
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
	v = mexInto(&e.r.mex, vals)
	e.m.store(key, -1, v)
	e.r.count++
	e.r.stats.Expanded++
	if e.r.cfg.progress != nil {
		e.r.tick(n)
	}
	return v, true
}

// search runs the iterative depth-first search from an unknown position p,
// a form returned by the memo's canonical. Its callers have checked ctx.
func (e *Engine[P]) search(ctx context.Context, root P) (Nimber, error) {
	e.clear()
	if v, done, err := e.push(ctx, root); err != nil {
		return 0, e.fail(fmt.Errorf("sg: value of %v: %w", root, err))
	} else if done {
		return Nimber(v), nil
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
			v, done, err := e.push(ctx, c)
			if err != nil {
				return 0, e.fail(fmt.Errorf("sg: value of %v: %w", root, err))
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
			v = mexInto(&e.r.mex, vals)
		}
		e.m.store(p, slot, v)
	}
	e.kids = e.kids[:lo]
	e.vals = e.vals[:lo]
	return v
}

// push expands p, known to be unknown. When the values of all its children
// are known it finishes p at once and returns its value with done true;
// otherwise it pushes p onto the stack. Its errors are those of a bound,
// of a component, or of ctx, which the caller wraps and unwinds (p is
// then finished or on the stack).
func (e *Engine[P]) push(ctx context.Context, p P) (v cell, done bool, err error) {
	up := e.full()
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
			return 0, false, &CycleError[P]{Position: key}
		case notPos:
			return 0, false, fmt.Errorf("position %v: %w", key, ErrNotPosition)
		default:
			if up {
				e.down()
			}
			return v, true, nil
		}
		p = key
		if m := e.r.cfg.maxPositions; m > 0 && e.r.count >= m {
			return 0, false, e.r.positionsError(p)
		}
		if e.counter != nil {
			if err := e.tooMany(p); err != nil {
				return 0, false, err
			}
		}
		slot = e.m.enter(p)
		e.r.count++
		e.kids = e.moves(reserve(e.kids, 64), p)
	}
	hi := len(e.kids)
	if n := hi - lo; n > MaxOptions {
		// (A sum with that many components is refused too: a block holds
		// fewer than 2^32 children.)
		e.stack = append(e.stack, frame[P]{pos: p, slot: slot, lo: uint32(lo), next: uint32(lo)})
		return 0, false, fmt.Errorf("position %v has %d options: %w (at most %d)", p, n, ErrTooManyOptions, MaxOptions)
	}
	e.vals = reserve(e.vals, hi-len(e.vals))[:hi]
	// Resolve the children in one tight pass: the memo loads are
	// independent, so the processor overlaps them.
	known := e.m.resolve(e.kids[lo:hi], e.vals[lo:hi])
	poll := e.r.expanded(hi - lo)
	if known {
		v = e.finish(p, slot, lo)
		done = true
		if up {
			e.down()
		}
	} else {
		e.stack = append(reserve(e.stack, 1), frame[P]{pos: p, slot: slot, lo: uint32(lo), next: uint32(lo)})
	}
	if poll {
		err = e.r.pollAll(ctx, e.depth(), e.held())
	}
	return v, done, err
}

// fail unwinds the stack, forgetting positions still in progress, and
// returns err.
func (e *Engine[P]) fail(err error) error {
	e.unwind(func(f *frame[P]) {
		e.m.store(f.pos, f.slot, unknown)
		e.r.count--
	})
	return err
}

// fits reports whether a slice memo of n positions fits the engine's
// bounds.
func (r *run) fits(n int) bool {
	return n >= 0 && (r.cfg.maxPositions <= 0 || n <= r.cfg.maxPositions) &&
		(r.cfg.memory <= 0 || int64(n)*int64(reflect.TypeFor[cell]().Size()) <= r.cfg.memory/2)
}

// SolveAll computes the value of every position of a [game.Dense] game,
// the positions 0, 1, …, n-1, in increasing order: the engine's fastest
// way to fill the table of a whole game, and its counterpart of a loop
// written by hand. Every position's value is then memoized (for a
// [game.Decomposer], every component's), so Value and Known answer from
// the memo. It costs O(n + m) for n positions and m moves.
//
// A position whose options are all known costs one loop over them, with
// no search; in a game whose moves go down, such as a [game.Digraph] with
// arcs to lower vertices or a heap game, that is every position. Other
// positions are searched as by Value.
//
// SolveAll returns an error when the game is not dense, a [*LimitError]
// when it has more positions than the engine's bounds allow a slice memo,
// ctx's error when ctx is done (it is polled every 4096 positions, and
// within searches as by Value), and the error of a search that fails (a
// cycle of moves, or a move to a position the game does not have); what
// was finished stays memoized, so a later call resumes. Progress asked
// for with [WithProgress] is reported at most once per interval.
func (e *Engine[P]) SolveAll(ctx context.Context) error {
	if e.ints.on() {
		return e.ints.solveAll(ctx)
	}
	if e.g == nil {
		return errNoGame
	}
	d, dense := e.g.(game.Dense)
	var p P
	ip, isInt := any(&p).(*int)
	if !dense || !isInt {
		return fmt.Errorf("sg: SolveAll needs a game.Dense game over int positions; %T is not one", e.g)
	}
	n := d.NumPositions()
	if !e.r.fits(n) {
		return &LimitError{Op: "sg.Engine.SolveAll", Bound: "positions", Limit: int64(e.r.cfg.maxPositions),
			Need: int64(n), Detail: fmt.Sprintf("%T has more positions than the engine's bounds allow (raise them with WithMaxPositions or WithMemory)", e.g)}
	}
	// A Decomposer or Canonicalizer: each position through Value.
	for lo := 0; lo < n; lo += pollWork {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("sg: solving positions %d to %d: %w", lo, n-1, err)
		}
		for i := lo; i < min(lo+pollWork, n); i++ {
			*ip = i
			if _, err := e.Value(ctx, p); err != nil {
				return err
			}
		}
	}
	return nil
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
