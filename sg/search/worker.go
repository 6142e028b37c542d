package search

import (
	"math/bits"
	"slices"

	"github.com/impartial-go/impartial/game"
)

// pollWork is how much work a worker does between looks at its context
// (and flushes of its counts, where progress is reported): the options it
// listed plus the positions it expanded. An option costs about the same
// work whatever the board (it is split, canonicalized and looked up), so
// the looks come after about a millisecond of work on small boards and
// large ones alike: every thousand positions or so of a small board,
// every hundred of one with a hundred moves.
const pollWork = 1 << 14

// A worker is one goroutine's search: recursive, with one level of
// buffers for each depth, so that it allocates only when a level is first
// reached or a buffer grows. Its depth is the length of the longest play,
// which for the board games it is meant for is at most the number of
// cells.
type worker[P comparable] struct {
	s      *Solver[P]
	ctx    interface{ Err() error }
	levels []*level[P]

	// done counts the positions this worker expanded, flushed the part
	// of it already added to the solver's count; hits and misses count
	// its table lookups since its last flush, and reads those of them
	// that read the shared table rather than the worker's facts. Kept
	// here rather than in shared counters, so that workers on different processors do not
	// write the same cache line at every step.
	done, flushed uint64
	hits, misses  uint64
	reads         uint64
	// work counts the options listed and positions expanded since the
	// last look at the context (see pollWork).
	work uint64

	// turn, when not 0, makes the worker take the options of the
	// positions at the top of its search (depth below turnDepth) from
	// the middle of their order: a helper's search starts where the
	// searcher it helps is not (see Solver.anyOption).
	turn int

	// craw[h] is a component's key and ccan[h] its canonical form.
	craw []game.Key
	ccan []P
	// cache is the worker's direct-mapped cache of components met, by
	// their key as the game gives them: the canonical form and, once
	// known, the value (plus one). Values never change, so it stays
	// right whatever the table evicts; it spares the shared table (a
	// lock and a cache miss) for the small regions that recur
	// everywhere.
	cache []cacheEntry[P]
	// facts is the worker's direct-mapped cache of what it learnt of
	// canonical components, by their key, for a Packer: the facts it
	// stored and those it read from the table. A fact stays true once
	// learnt, so the cache is never wrong, only less informed than the
	// table when another worker learnt more; the searches (query, lv)
	// read the table itself before expanding a component, and splitting
	// an option (splitPacked) reads the table only for a component the
	// cache does not hold.
	facts []factEntry

	// Scratch of splitPacked: the reads it makes after fetching their
	// buckets, the read of each component (by its place in the level's
	// ucomps), the known part of each option, and the reads queued up
	// to each option.
	reads2 []pendingRead
	kv     []uint32
	xs     []uint32
	rend   []int32
}

// splitKnown appends to dst the canonical components of p whose values
// are not known in the table, and returns the XOR of the values of the
// others: splitAll's step for a game without a Packer and a
// Canonicalizer (splitPacked does it for the others, from the worker's
// caches). Equal unknown components cancel in pairs (see cancelPairs).
func (w *worker[P]) splitKnown(dst []P, p P) ([]P, uint32) {
	lo := len(dst)
	dst = w.s.split(dst, p)
	var x uint32
	k := lo
	for _, c := range dst[lo:] {
		if v, ok := w.value(c); ok {
			x ^= v
			continue
		}
		dst[k] = c
		k++
	}
	return dst[:k], x
}

type level[P comparable] struct {
	opts    []P      // options of the component expanded at this depth
	comps   []P      // components of one option
	pending []int32  // options whose value is not yet known
	seen    []uint64 // values of options found, as a bit set

	// The options split once for the candidate tests of lv: option i's
	// components not in the table when it was split are
	// ucomps[off[i]:off[i+1]], and the others XOR to x[i]; cost[i] orders
	// the search (cells left unknown, for a Packer).
	ucomps []P
	off    []int32
	x      []uint32
	cost   []int32
}

func (w *worker[P]) level(d int) *level[P] {
	for len(w.levels) <= d {
		w.levels = append(w.levels, new(level[P]))
	}
	return w.levels[d]
}

// expand lists the options of c at level d, in the game's preferred order
// for a MoveOrderer, and counts the expansion. A position that the game's
// Strategist knows to be a P-position gets no options: its value is 0.
func (w *worker[P]) expand(c P, lv *level[P]) []P {
	if w.s.st != nil && w.s.st.SecondPlayerWins(c) {
		lv.opts = lv.opts[:0]
	} else if w.s.mo != nil {
		lv.opts = w.s.mo.AppendOrderedMoves(lv.opts[:0], c)
	} else {
		lv.opts = w.s.g.AppendMoves(lv.opts[:0], c)
	}
	w.done++
	if w.work += uint64(len(lv.opts)) + 1; w.work >= pollWork {
		w.work = 0
		w.flush()
		if w.ctx.Err() != nil {
			panic(errStop)
		}
	}
	if len(lv.opts) > MaxValue {
		panic(tooMany[P]{c, len(lv.opts)})
	}
	return lv.opts
}

// flush adds the worker's counts to the solver's.
func (w *worker[P]) flush() {
	s := w.s
	if w.hits+w.misses != 0 {
		s.hits.Add(w.hits)
		s.misses.Add(w.misses)
		s.reads.Add(w.reads)
		w.hits, w.misses, w.reads = 0, 0, 0
	}
	if n := w.done - w.flushed; n != 0 {
		w.flushed = w.done
		s.addExpanded(n)
	}
}

// get returns the fact stored for c, counting the lookup, merged with
// what the worker's facts hold. A solver of one worker takes the fact
// from the worker's facts when they hold it: no other worker adds to the
// table meanwhile, and the search of a component mostly comes just after
// splitPacked read its fact from the table into the worker's facts, so
// the table would say nothing more. A worker among several does the same
// at depth shareDepth and below (d is the depth of c's search), where
// the components are small and another worker seldom searches the same
// at the same time: a fact it lacks costs a search of a small
// component, and a table read saved is a cache miss saved on a large
// table.
func (w *worker[P]) get(c P, d int) uint32 {
	if w.s.pt == nil {
		return w.read(w.s.tab.get(c))
	}
	k := w.s.pk.Pack(c)
	e := w.fact(k)
	hit := e.ok && e.key == k
	if hit && (w.s.cfg.workers == 1 || d >= shareDepth) {
		return w.count(e.fact)
	}
	f := w.read(w.s.pt.Get(k))
	if hit {
		f = merge(e.fact, f)
	}
	*e = factEntry{k, f, true}
	return f
}

// shareDepth is the depth from which a worker among several takes a
// component's fact from its own facts when they hold it (see get).
const shareDepth = 4

// count counts a table lookup that found f.
func (w *worker[P]) count(f uint32) uint32 {
	if f != 0 {
		w.hits++
	} else {
		w.misses++
	}
	return f
}

// read counts a lookup that read the shared table and found f.
func (w *worker[P]) read(f uint32) uint32 {
	w.reads++
	return w.count(f)
}

// put stores fact for c in the table and in the worker's facts.
func (w *worker[P]) put(c P, fact uint32, work uint64) {
	if w.s.pt == nil {
		w.s.tab.put(c, fact, work)
		return
	}
	k := w.s.pk.Pack(c)
	w.s.pt.Put(k, fact, work)
	e := w.fact(k)
	if e.ok && e.key == k {
		fact = merge(e.fact, fact)
	}
	*e = factEntry{k, fact, true}
}

// value returns the value of component c from the table.
func (w *worker[P]) value(c P) (uint32, bool) {
	f := w.get(c, 0)
	if f == 0 || f&excluded != 0 {
		return 0, false
	}
	return f - 1, true
}

// known splits option o into lv.comps and returns the XOR of the values
// of its components found in the table, moving the unknown components to
// the front of lv.comps and returning their number.
func (w *worker[P]) known(o P, lv *level[P]) (x uint32, unknown int) {
	lv.comps = w.split(lv.comps[:0], o)
	for i, c := range lv.comps {
		if v, ok := w.value(c); ok {
			x ^= v
		} else {
			lv.comps[unknown], lv.comps[i] = c, lv.comps[unknown]
			unknown++
		}
	}
	return x, unknown
}

// comp returns the value of canonical component c, from the table or by
// search, and stores it: by the candidate tests of lv, or with
// WithoutPruning by the definition (defValue).
func (w *worker[P]) comp(c P, d int) uint32 {
	if !w.s.cfg.noPrune {
		v, _ := w.lv(c, noTarget, d)
		return v
	}
	return w.defValue(c, d)
}

// defValue is comp by the definition: the mex of the options' values, all
// of them computed.
func (w *worker[P]) defValue(c P, d int) uint32 {
	if v, ok := w.value(c); ok {
		return v
	}
	before := w.done
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
	for _, i := range lv.pending {
		x, unknown := w.known(opts[i], lv)
		for j := range unknown {
			x ^= w.defValue(lv.comps[j], d+1)
		}
		mark(x)
		m = mexBits(seen, m)
	}
	w.put(c, m+1, w.done-before)
	return m
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

// keySize is the number of bits set in a key: the cells of a board.
func keySize(k game.Key) int { return bits.OnesCount64(k.Lo) + bits.OnesCount64(k.Hi) }

// noTarget asks lv for the value itself.
const noTarget = ^uint32(0)

// lv tests the candidate values 0, 1, 2, … of canonical component c in
// turn, up to target, and returns the first that c has (and true when it
// is target), or target+1 and false when c's value is above target. Given
// that c's value is not below t, c has value t exactly when no option
// has value t; each such test is a search that stops at the first option
// found to have value t. What it learns is stored: the value when found,
// else the values excluded (up to maskBits of them). This is the method
// of Lemoine and Viennot (2012); the bound that a value is at most the
// number of options answers "has c value t?" with no search when t is
// larger (Beling and Rogalski, 2020).
func (w *worker[P]) lv(c P, target uint32, d int) (uint32, bool) {
	f := w.get(c, d)
	if f != 0 && f&excluded == 0 {
		return f - 1, f-1 == target
	}
	if target < maskBits && f&(1<<target) != 0 {
		return target + 1, false
	}
	before := w.done
	lv := w.level(d)
	opts := w.expand(c, lv)
	return w.tests(c, f, target, opts, lv, before, d)
}

// upTo returns the value of canonical component c, at the top of a
// question (depth 0), when it is at most target, else a value above
// target: lv's candidate tests, up to target or c's number of options,
// whichever is less (a value is at most the number of options), without
// lv's answer "not target" when target alone is excluded.
func (w *worker[P]) upTo(c P, target uint32) uint32 {
	f := w.get(c, 0)
	if f != 0 && f&excluded == 0 {
		return f - 1
	}
	before := w.done
	lv := w.level(0)
	opts := w.expand(c, lv)
	v, _ := w.tests(c, f, min(target, uint32(len(opts))), opts, lv, before, 0)
	return v
}

// tests is lv's search once c is expanded: opts are its options, listed
// in lv, f is the fact known of c before, and before is w.done before the
// expansion (the work it stores with what it learns). query hands its
// wide positions over to it (see wideAsk) without listing their options
// again.
func (w *worker[P]) tests(c P, f uint32, target uint32, opts []P, lv *level[P], before uint64, d int) (uint32, bool) {
	if target != noTarget && target > uint32(len(opts)) {
		return target + 1, false // a value is at most the number of options
	}
	w.splitAll(opts, lv, nil, 0, d)
	mask := f &^ excluded
	for t := uint32(0); t <= target; t++ {
		if t < maskBits && mask&(1<<t) != 0 {
			continue
		}
		if w.someOptionHas(t, lv, d) {
			if t < maskBits {
				mask |= 1 << t
				w.put(c, excluded|mask, w.done-before)
			}
			continue
		}
		w.put(c, t+1, w.done-before)
		return t, t == target
	}
	return target + 1, false
}

// splitAll splits every option of lv.opts once, into lv's x, off, ucomps
// and cost, and orders lv.pending by cost, cheapest first: the options
// likeliest to decide the question at the least search (see addOption).
// With pot not nil (the set search of query), an option whose components
// are all known removes its value from *pot as it is split (see
// potSet.remove), and splitAll stops and returns false as soon as *pot
// has no value of r left: the rest of the options need not be split.
func (w *worker[P]) splitAll(opts []P, lv *level[P], pot *potSet, r uint64, d int) bool {
	lv.ucomps, lv.off, lv.x, lv.cost, lv.pending = lv.ucomps[:0], lv.off[:0], lv.x[:0], lv.cost[:0], lv.pending[:0]
	if w.s.can != nil && w.s.pk != nil {
		if !w.splitPacked(opts, lv, pot, r) {
			return false
		}
	} else {
		for i, o := range opts {
			lv.off = append(lv.off, int32(len(lv.ucomps)))
			lo := len(lv.ucomps)
			var x uint32
			lv.ucomps, x = w.splitKnown(lv.ucomps, o)
			if !w.addOption(lv, i, lv.ucomps[lo:], x, pot, r) {
				return false
			}
		}
	}
	lv.off = append(lv.off, int32(len(lv.ucomps)))
	// A stable insertion sort by cost: options are few.
	p, cost := lv.pending, lv.cost
	for i := 1; i < len(p); i++ {
		v := p[i]
		j := i
		for ; j > 0 && cost[p[j-1]] > cost[v]; j-- {
			p[j] = p[j-1]
		}
		p[j] = v
	}
	if w.turn != 0 && d < turnDepth && len(p) > 1 {
		// A helper: start from the middle (see worker.turn).
		k := len(p) * w.turn / (w.turn + 1) % len(p)
		slices.Reverse(p[:k])
		slices.Reverse(p[k:])
		slices.Reverse(p)
	}
	return true
}

// turnDepth is the depth down to which a helper's order is turned.
const turnDepth = 2

// someOptionHas reports whether an option split into lv has value t,
// trying them in lv.pending's order and stopping at the first.
func (w *worker[P]) someOptionHas(t uint32, lv *level[P], d int) bool {
	for _, i := range lv.pending {
		if lv.off[i] == lv.off[i+1] && lv.x[i] == t {
			return true
		}
	}
	for _, i := range lv.pending {
		if lv.off[i] != lv.off[i+1] && w.optionHas(lv.ucomps[lv.off[i]:lv.off[i+1]], lv.x[i], t, d) {
			return true
		}
	}
	return false
}

// optionHas reports whether the sum of components us and a part of value
// x has value t: it values every component but the largest L, and asks
// whether L has the value that makes the XOR t. us is not changed (the
// caller's level holds it; deeper calls use deeper levels).
func (w *worker[P]) optionHas(us []P, x, t uint32, d int) bool {
	last := w.s.largest(us)
	for j, u := range us {
		if j != last {
			x ^= w.comp(u, d+1)
		}
	}
	if y := t ^ x; y < setBits {
		return w.query(us[last], 1<<y, d+1) == y
	}
	_, ok := w.lv(us[last], t^x, d+1)
	return ok
}

// sumHas reports whether position o has value t.
func (w *worker[P]) sumHas(o P, t uint32, d int) bool {
	lv := w.level(d)
	lv.comps = w.split(lv.comps[:0], o)
	if len(lv.comps) == 0 {
		return t == 0
	}
	return w.optionHas(lv.comps, 0, t, d)
}
