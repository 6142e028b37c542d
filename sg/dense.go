package sg

import (
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// denseEngine is what an [Engine] adds for a [game.Dense] game over int
// positions that neither decomposes nor canonicalizes: the concrete part
// under the generic face (as math/big keeps nat under Int), whose
// positions index its memo, a slice of cells, directly. It answers the
// two questions that need no search, a memoized value and a position
// whose options are all memoized, in a few loads, and fills a whole
// game's memo in one pass (sweep). Everything else, the search included,
// is the Engine's, through the same memo.
type denseEngine struct {
	memo denseMemo // the Engine's memo, m
	g    game.Game[int]
	lend game.Lender[int] // nil when the game lends no options
	kids []int            // options listed by shallow and sweep
	vals []cell           // their values, for shallow
}

// on reports whether the engine is in use.
func (e *denseEngine) on() bool { return e.g != nil }

// shallow computes the value of i, a position of the memo whose value is
// not memoized, when its options are all memoized: for fewer than 64, one
// loop that looks up each one and marks its value in one word. It
// memoizes the value, and reports false, changing nothing, when i needs a
// search (the Engine's).
func (e *denseEngine) shallow(r *run, i int) (cell, bool) {
	var kids []int
	if e.lend != nil {
		kids = e.lend.Successors(i)
	} else {
		kids = e.g.AppendMoves(e.kids[:0], i)
		if cap(kids) != cap(e.kids) {
			// Store the buffer only when it grew: a pointer store costs
			// a write barrier while the collector runs.
			e.kids = kids
		}
	}
	var v cell
	if len(kids) < 64 {
		var ok bool
		if v, ok = mexDense(e.memo.d, kids); !ok {
			return 0, false
		}
	} else {
		n := len(kids)
		if n > MaxOptions {
			return 0, false // the search reports it
		}
		e.vals = reserve(e.vals[:0], n)[:n]
		if !e.memo.resolve(kids, e.vals) {
			return 0, false
		}
		v = mexInto(&r.mex, e.vals)
	}
	e.memo.d[i] = v
	r.count++
	r.stats.Expanded++
	if r.cfg.progress != nil {
		r.tick(len(kids))
	}
	return v, true
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
// shallow's loop over and over.
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
		g, buf := e.g, e.kids[:0]
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
		e.kids = buf
	}
	done := i - start
	r.count += done
	r.stats.Expanded += uint64(done)
	return i
}
