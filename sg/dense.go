package sg

import (
	"context"
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// denseEngine is what an [Engine] adds for a [game.Dense] game over int
// positions that neither decomposes nor canonicalizes: the concrete part
// under the generic face (as math/big keeps nat under Int), whose
// positions index its memo, a slice of cells, directly. Engine.Value
// answers from it the two questions that need no search, a memoized value
// and a position whose options are all memoized, in a few loads, and
// SolveAll fills a whole game's memo in one pass (sweep). Everything else,
// the search included, is the Engine's, which reads the same memo.
type denseEngine struct {
	memo denseMemo // the Engine's memo, m
	g    game.Game[int]
	lend game.Lender[int] // nil when the game lends no options
	buf  []int            // options listed by Engine.Value and sweep
	vals []cell           // their values, for wide
	// opts is the Engine's search stack's options (&e.kids, P is int),
	// which its search reads as ints without a conversion each.
	opts *[]int
}

// on reports whether the engine is in use.
func (e *denseEngine) on() bool { return e.g != nil }

// wide is [Engine.Value] for an unknown position p (i) of a dense game
// with 64 options or more, kids: one loop over them when they are all
// known, a search otherwise.
func (e *Engine[P]) wide(ctx context.Context, p P, i int, kids []int) (Nimber, error) {
	n := len(kids)
	if n > MaxOptions {
		return e.search(ctx, p) // which reports it
	}
	de := &e.dense
	de.vals = reserve(de.vals[:0], n)[:n]
	if !resolveDense(de.memo.d, kids, de.vals) {
		return e.search(ctx, p)
	}
	v := mexInto(&e.r.mex, de.vals)
	de.memo.d[i] = v
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

// sweep finishes the positions from i on, up to hi, that have all their
// options known, and returns the first one it cannot finish, or hi. It is
// Engine.Value's first loop over and over.
func (e *denseEngine) sweep(r *run, i, hi int) int {
	start := i
	// Two loops, one per way of getting the options: each keeps fewer
	// values live across its call, which BenchmarkVersus measured.
	d, lend := e.memo.d, e.lend
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
		g, buf := e.g, e.buf[:0]
		for ; i < hi; i++ {
			if d[i] < notPos {
				start++
				continue
			}
			buf = g.AppendMoves(buf[:0], i)
			if len(buf) >= 64 {
				break
			}
			v, ok := mexDense(d, buf)
			if !ok {
				break
			}
			d[i] = v
		}
		e.buf = buf
	}
	done := i - start
	r.count += done
	r.stats.Expanded += uint64(done)
	return i
}
