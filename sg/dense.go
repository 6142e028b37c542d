package sg

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// intEngine is the engine of a [game.Dense] game over int positions that
// neither decomposes nor canonicalizes: a concrete engine under the
// generic face of [Engine] (as math/big keeps nat under Int), whose
// positions index its memo, a slice of cells, directly. Engine[int] holds
// one, and passes it positions that are ints (P is int: NewEngine checks
// it once); no other engine has one.
type intEngine struct {
	r    *run // the Engine's
	g    game.Game[int]
	idx  game.Dense
	lend game.Lender[int] // nil when the game lends no options
	d    []cell           // the memo, made at the first question
	searchStack[int]
}

// on reports whether the engine is in use.
func (e *intEngine) on() bool { return e.g != nil }

// prepare makes the memo for the number of positions the game has when
// it is first used.
func (e *intEngine) prepare() {
	if e.d == nil {
		e.make()
	}
}

func (e *intEngine) make() {
	e.d = make([]cell, e.idx.NumPositions())
	fillUnknown(e.d)
}

// reset forgets every value, keeping the memo's memory.
func (e *intEngine) reset() {
	if e.d != nil {
		fillUnknown(e.d)
	}
}

// known returns i's cell: a value, or a sentinel.
func (e *intEngine) known(i int) cell {
	if uint(i) < uint(len(e.d)) {
		return e.d[i]
	}
	if e.d == nil && uint(i) < uint(e.idx.NumPositions()) {
		return unknown // not prepared yet
	}
	return notPos
}

// wide is [Engine.Value] for an unknown position i with 64 options or
// more, kids: one loop over them when they are all known, a search
// otherwise.
func (e *intEngine) wide(ctx context.Context, i int, kids []int) (Nimber, error) {
	n := len(kids)
	if n > MaxOptions {
		return e.search(ctx, i) // which reports it
	}
	vals := reserve(e.vals[:0], n)[:n]
	e.vals = vals
	var worst cell
	for j, c := range kids {
		v := notPos
		if uint(c) < uint(len(e.d)) {
			v = e.d[c]
		}
		vals[j] = v
		worst = max(worst, v)
	}
	if worst >= notPos {
		return e.search(ctx, i)
	}
	v := mexInto(&e.r.mex, vals)
	e.d[i] = v
	e.r.count++
	e.r.stats.Expanded++
	if e.r.cfg.progress != nil {
		e.r.tick(n)
	}
	return Nimber(v), nil
}

// mexDense returns the mex of the values in the memo d of the options
// kids, fewer than 64 of them, in one loop that marks each value in one
// word; it reports false when an option is unknown or not a position.
func mexDense(d []cell, kids []int) (cell, bool) {
	var seen uint64
	for _, j := range kids {
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

// moves appends p's options to dst: the game's AppendMoves, or a copy of
// a Lender's list.
func (e *intEngine) moves(dst []int, p int) []int {
	if e.lend == nil {
		return e.g.AppendMoves(dst, p)
	}
	// Copy a lent list one by one: for a few options that costs less
	// than the call to memmove in append(…, s...), and the loads of the
	// children that follow find them in the store buffer.
	//lint:ignore S1011 measured: the loop is faster here (BenchmarkVersus/dag-2^14/search)
	for _, c := range e.lend.Successors(p) {
		dst = append(dst, c)
	}
	return dst
}

// search is the iterative depth-first search from an unknown position
// root, with the memo's loads and stores written out.
func (e *intEngine) search(ctx context.Context, root int) (Nimber, error) {
	e.clear()
	d := e.d
	if v, done, err := e.push(ctx, root); err != nil {
		return 0, e.fail(fmt.Errorf("sg: value of %d: %w", root, err))
	} else if done {
		return Nimber(v), nil
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
			if uint(c) < uint(len(d)) {
				v = d[c]
			}
			if v < notPos {
				e.vals[f.next] = v
				f.next++
				continue
			}
			switch v {
			case inProgress:
				return 0, e.fail(&CycleError[int]{Position: c})
			case notPos:
				return 0, e.fail(fmt.Errorf("sg: move from %d to %d: %w", f.pos, c, ErrNotPosition))
			}
			v, done, err := e.push(ctx, c)
			if err != nil {
				return 0, e.fail(fmt.Errorf("sg: value of %d: %w", root, err))
			}
			if done {
				// c's options were all known: push finished it without a
				// frame (f is still the top frame).
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
		v := e.finish(f.slot, int(f.lo))
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

// finish computes the value of the position in slot from the values of
// its children in e.vals[lo:], memoizes it, and drops the children.
func (e *intEngine) finish(slot, lo int) cell {
	var v cell
	if vals := e.vals[lo:]; len(vals) < 64 {
		v = mexWord(vals) // inlined, unlike mexInto
	} else {
		v = mexInto(&e.r.mex, vals)
	}
	e.d[slot] = v
	e.kids = e.kids[:lo]
	e.vals = e.vals[:lo]
	return v
}

// push expands p, known to be unknown. When the values of all its
// children are known it finishes p at once and returns its value with
// done true; otherwise it pushes p onto the stack. Its errors are those
// of a bound or of ctx, which the caller wraps and unwinds (p is then
// finished or on the stack). The memo holds every position within the
// positions limit (NewEngine checked), so only the memory bound may be
// reached.
func (e *intEngine) push(ctx context.Context, p int) (v cell, done bool, err error) {
	up := e.full()
	if up {
		e.up()
	}
	lo := len(e.kids)
	d := e.d
	d[p] = inProgress
	e.r.count++
	e.kids = e.moves(reserve(e.kids, 64), p)
	hi := len(e.kids)
	if n := hi - lo; n > MaxOptions {
		e.stack = append(e.stack, frame[int]{pos: p, slot: p, lo: uint32(lo), next: uint32(lo)})
		return 0, false, fmt.Errorf("position %d has %d options: %w (at most %d)", p, n, ErrTooManyOptions, MaxOptions)
	}
	e.vals = reserve(e.vals, hi-len(e.vals))[:hi]
	// Resolve the children in one tight pass: the memo loads are
	// independent, so the processor overlaps them.
	vals := e.vals[lo:hi]
	var worst cell
	for j, c := range e.kids[lo:hi] {
		v := notPos
		if uint(c) < uint(len(d)) {
			v = d[c]
		}
		vals[j] = v
		worst = max(worst, v)
	}
	poll := e.r.expanded(hi - lo)
	if worst < notPos {
		v = e.finish(p, lo)
		done = true
		if up {
			e.down()
		}
	} else {
		e.stack = append(reserve(e.stack, 1), frame[int]{pos: p, slot: p, lo: uint32(lo), next: uint32(lo)})
	}
	if poll {
		err = e.r.pollAll(ctx, e.depth(), e.held())
	}
	return v, done, err
}

// fail unwinds the stack, forgetting positions still in progress, and
// returns err.
func (e *intEngine) fail(err error) error {
	e.unwind(func(f *frame[int]) {
		e.d[f.slot] = unknown
		e.r.count--
	})
	return err
}

// solveAll is [Engine.SolveAll].
func (e *intEngine) solveAll(ctx context.Context) error {
	e.prepare()
	n := len(e.d)
	for lo := 0; lo < n; lo += pollWork {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("sg: solving positions %d to %d: %w", lo, n-1, err)
		}
		if e.r.cfg.progress != nil {
			e.r.report(0)
		}
		hi := min(lo+pollWork, n)
		for i := lo; i < hi; i++ {
			if i = e.sweep(i, hi); i == hi {
				break
			}
			// i needs a search.
			if _, err := e.search(ctx, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// sweep finishes the positions from i on, up to hi, that have all their
// options known, and returns the first one it cannot finish, or hi. It is
// value's first loop over and over.
func (e *intEngine) sweep(i, hi int) int {
	start := i
	// Two loops, one per way of getting the options: each keeps fewer
	// values live across its call, which BenchmarkVersus measured.
	d, lend := e.d, e.lend
	if lend != nil {
		for ; i < hi; i++ {
			if d[i] < notPos {
				start++ // not done here
				continue
			}
			kids := lend.Successors(i)
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
			buf = g.AppendMoves(buf[:0], i)
			var v cell
			var ok bool
			if len(buf) <= 2 {
				v, ok = mexFew(d, buf)
			} else {
				if len(buf) >= 64 {
					break
				}
				v, ok = mexDense(d, buf)
			}
			if !ok {
				break
			}
			d[i] = v
		}
		e.kids = buf
	}
	done := i - start
	e.r.count += done
	e.r.stats.Expanded += uint64(done)
	return i
}

// mexFew is mexDense for at most two options, without the loop's
// overhead: the common case of a game with few moves from each position
// (a chain, a subtraction game of one or two amounts), where the loop
// costs about a tenth of sweep's time.
func mexFew(d []cell, kids []int) (cell, bool) {
	var seen uint64
	for k := range 2 {
		if k >= len(kids) {
			break
		}
		j := kids[k]
		if uint(j) >= uint(len(d)) {
			return 0, false
		}
		switch w := d[j]; {
		case w < 64:
			seen |= 1 << (w & 63)
		case w >= notPos:
			return 0, false
		}
	}
	return cell(bits.TrailingZeros64(^seen)), true
}
