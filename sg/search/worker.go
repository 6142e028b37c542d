package search

import (
	"math/bits"

	"github.com/impartial-go/impartial/game"
)

// pollEvery is how many expansions a worker makes between looks at its
// context.
const pollEvery = 1 << 10

// A worker is one goroutine's search: recursive, with one level of
// buffers for each depth, so that it allocates only when a level is first
// reached or a buffer grows. Its depth is the length of the longest play,
// which for the board games it is meant for is at most the number of
// cells.
type worker[P comparable] struct {
	s      *Solver[P]
	ctx    interface{ Err() error }
	levels []*level[P]
	polls  int
}

type level[P comparable] struct {
	opts    []P      // options of the component expanded at this depth
	comps   []P      // components of one option
	pending []int32  // options whose value is not yet known
	seen    []uint64 // values of options found, as a bit set
}

func (w *worker[P]) level(d int) *level[P] {
	for len(w.levels) <= d {
		w.levels = append(w.levels, new(level[P]))
	}
	return w.levels[d]
}

// expand lists the options of c at level d and counts the expansion.
func (w *worker[P]) expand(c P, lv *level[P]) []P {
	lv.opts = w.s.g.AppendMoves(lv.opts[:0], c)
	w.s.count()
	if w.polls++; w.polls%pollEvery == 0 && w.ctx.Err() != nil {
		panic(errStop)
	}
	if len(lv.opts) > MaxValue {
		panic(tooMany[P]{c, len(lv.opts)})
	}
	return lv.opts
}

// sumValue returns the value of any position: the XOR of its components'.
func (w *worker[P]) sumValue(p P, d int) uint32 {
	lv := w.level(d)
	lv.comps = w.s.split(lv.comps[:0], p)
	var x uint32
	for i := 0; i < len(lv.comps); i++ { // comps is stable: deeper calls use other levels
		x ^= w.comp(lv.comps[i], d+1)
	}
	return x
}

// known splits option o into lv.comps and returns the XOR of the values
// of its components found in the table, moving the unknown components to
// the front of lv.comps and returning their number.
func (w *worker[P]) known(o P, lv *level[P]) (x uint32, unknown int) {
	lv.comps = w.s.split(lv.comps[:0], o)
	for i, c := range lv.comps {
		if v, ok := w.s.known(c); ok {
			x ^= v
		} else {
			lv.comps[unknown], lv.comps[i] = c, lv.comps[unknown]
			unknown++
		}
	}
	return x, unknown
}

// comp returns the value of canonical component c, from the table or by
// search, and stores it.
//
// The search values the options whose components are all in the table
// first, which costs no search, and then the others. Before it searches
// an option it asks whether the option can change the result: with m the
// mex of the values found so far and r options left, c's value lies in
// [m, m+r], so an option matters only if its value can lie in [m, m+r).
// An option whose known components XOR to x, and whose unknown components
// have at most k options each (so values below B, the power of two above
// k), has a value in [x &^ (B-1), (x &^ (B-1)) + B): when that misses
// [m, m+r) the option is skipped unsearched. This is the pruning of
// Beling and Rogalski (see the package documentation).
func (w *worker[P]) comp(c P, d int) uint32 {
	if v, ok := w.s.known(c); ok {
		return v
	}
	before := w.s.expanded.Load()
	lv := w.level(d)
	opts := w.expand(c, lv)
	n := len(opts)
	words := n/64 + 1
	if cap(lv.seen) < words {
		lv.seen = make([]uint64, words)
	}
	seen := lv.seen[:words]
	clear(seen)
	mark := func(v uint32) {
		if int(v) <= n {
			seen[v/64] |= 1 << (v % 64)
		}
	}
	lv.pending = lv.pending[:0]
	for i, o := range opts {
		x, unknown := w.known(o, lv)
		if unknown == 0 {
			mark(x)
		} else {
			lv.pending = append(lv.pending, int32(i))
		}
	}
	m := mexBits(seen, 0)
	for k, i := range lv.pending {
		r := uint32(len(lv.pending) - k)
		x, unknown := w.known(opts[i], lv)
		if unknown > 0 && !w.s.cfg.noPrune && (x < m || x >= m+r) && w.outside(x, lv.comps[:unknown], m, m+r, d+1) {
			continue
		}
		for j := range unknown {
			x ^= w.comp(lv.comps[j], d+1)
		}
		mark(x)
		m = mexBits(seen, m)
	}
	w.s.tab.put(c, m+1, w.s.expanded.Load()-before)
	return m
}

// outside reports whether an option whose known components XOR to x and
// whose unknown components are us must have a value outside [lo, hi): the
// value of a component is at most its number of options.
func (w *worker[P]) outside(x uint32, us []P, lo, hi uint32, d int) bool {
	lv := w.level(d) // only its opts buffer, free until comp(…, d) runs
	var width int
	for _, u := range us {
		lv.opts = w.s.g.AppendMoves(lv.opts[:0], u)
		width = max(width, bits.Len(uint(len(lv.opts))))
	}
	if width >= 32 {
		return false
	}
	b := uint32(1) << uint(width)
	base := x &^ (b - 1)
	return base >= hi || base+b <= lo
}

// mexBits returns the least value ≥ from that is not in the bit set.
func mexBits(seen []uint64, from uint32) uint32 {
	for i := int(from / 64); i < len(seen); i++ {
		w := ^seen[i]
		if i == int(from/64) {
			w &^= 1<<(from%64) - 1
		}
		if w != 0 {
			return uint32(i*64 + bits.TrailingZeros64(w))
		}
	}
	return uint32(len(seen) * 64)
}

// sumIsP reports whether option o's value is 0: with its known components
// XORing to x and its unknown ones valued but the largest L, whether L's
// value is the XOR of the rest; for a target of 0 that is the outcome
// search isP, which stops at the first winning move.
func (w *worker[P]) sumIsP(o P, d int) bool {
	lv := w.level(d)
	x, unknown := w.known(o, lv)
	if unknown == 0 {
		return x == 0
	}
	last := w.s.largest(lv.comps[:unknown])
	for j := range unknown {
		if j != last {
			x ^= w.comp(lv.comps[j], d+1)
		}
	}
	if x != 0 {
		return w.comp(lv.comps[last], d+1) == x
	}
	return w.isP(lv.comps[last], d+1)
}

// isP reports whether canonical component c is a P-position: whether no
// option is. Options whose components are all in the table are looked at
// first; the search stops at the first option that is a P-position. It
// stores the answer: value 0, or notZero.
func (w *worker[P]) isP(c P, d int) bool {
	switch f := w.s.tab.get(c); {
	case f == 1:
		return true
	case f != 0:
		return false // a value above 0, or notZero
	}
	before := w.s.expanded.Load()
	lv := w.level(d)
	opts := w.expand(c, lv)
	lv.pending = lv.pending[:0]
	win := false
	for i, o := range opts {
		x, unknown := w.known(o, lv)
		if unknown == 0 {
			if x == 0 {
				win = true
				break
			}
		} else {
			lv.pending = append(lv.pending, int32(i))
		}
	}
	if !win {
		for _, i := range lv.pending {
			if w.sumIsP(opts[i], d) {
				win = true
				break
			}
		}
	}
	if win {
		w.s.tab.put(c, notZero, w.s.expanded.Load()-before)
		return false
	}
	w.s.tab.put(c, 1, w.s.expanded.Load()-before)
	return true
}

// keySize is the number of bits set in a key: the cells of a board.
func keySize(k game.Key) int { return bits.OnesCount64(k.Lo) + bits.OnesCount64(k.Hi) }
