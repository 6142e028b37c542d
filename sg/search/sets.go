package search

import "math/bits"

// setBits is the number of values a set of candidate values holds: the
// values asked of query are below it.
const setBits = 64

// notInSet is query's answer when the value is not among those asked.
const notInSet = ^uint32(0)

// wideAsk is the largest value that query asks with the set search of a
// position of setBits options or more (a wide one, whose potential values
// do not all fit a word: see potSet); a question about a larger value of
// a wide position goes to the candidate tests of lv, on the options query
// listed. The set search answers a question about 0 and 1 in one pass
// over the options, where the candidate tests (the method for every wide
// position before, after listing its options a second time) search them
// for a witness of 0 and then again for one of 1; on larger questions it
// did worse. Positions expanded on Cram, one worker, a table of 1 GiB,
// with the option costs of cellWeight, for a wideAsk of 0, 1, 2 and 63
// (every question): 4×11 7.40M, 5.02M, 5.02M, 5.02M; 5×9 17.92M, 9.40M,
// 9.40M, 9.40M; 6×7 (not measured with 0) 49.02M, 55.05M, over 73M
// (stopped unfinished). With the costs before (the moves × orderWeight),
// the candidate tests for every wide position against a wideAsk of 1:
// 4×11 11.01M against 7.62M, 5×9 20.57M against 10.09M, 6×7 53.87M
// against 53.87M (23 fewer). The smaller boards measured (4×9, 5×7, 5×8,
// 6×5) expand the same positions whatever wideAsk is.
const wideAsk = 1

// upTo returns the set {0, …, k} (every value for k ≥ setBits-1).
func upTo(k uint32) uint64 {
	if k >= setBits-1 {
		return ^uint64(0)
	}
	return 1<<(k+1) - 1
}

// highest returns the largest value of a non-empty set.
func highest(s uint64) uint32 { return uint32(63 - bits.LeadingZeros64(s)) }

// xorSet returns {q XOR x : q in s}, for x < setBits.
func xorSet(s uint64, x uint32) uint64 {
	var out uint64
	for ; s != 0; s &= s - 1 {
		out |= 1 << (uint32(bits.TrailingZeros64(s)) ^ x)
	}
	return out
}

// query returns the value of canonical component c when it is in the set
// r (bit v for value v), and notInSet or a value outside r otherwise (a
// value it happens to know). It is the set search of P. Beling and M.
// Rogalski, "On pruning search trees of impartial games", Artificial
// Intelligence 283 (2020) 103262: the value of c is among the potential
// values pot, at first {0, …, n} for n options; each option removes one
// of them, its own value when that is known and potential, else the
// largest, so that at the end one is left. An option is asked only for
// its value among the potential values but the largest and not above the
// largest asked for; an option whose value is not among them removes the
// largest potential value. Invariant (a counting argument): if c's value
// g is at most m, the largest value of r, then g is potential. So the
// search stops as soon as no value of r is potential, and the value left
// at the end is g when it is at most m; otherwise g is above m.
//
// The counting argument allows an option to remove any potential value
// above m instead of the largest (g is not one of them when g ≤ m): so a
// position of setBits options or more keeps its potential values up to
// setBits-1 as bits and only the number of the larger ones (a potSet),
// which every value asked is below. Such a position is searched so up to
// wideAsk; a question about a larger value goes to the candidate tests
// of lv, on the options already listed.
func (w *worker[P]) query(c P, r uint64, d int) uint32 {
	f := w.get(c, d)
	if f != 0 && f&excluded == 0 {
		return f - 1
	}
	r &^= uint64(f) & (1<<maskBits - 1)
	if r == 0 {
		return notInSet
	}
	before := w.done
	lv := w.level(d)
	opts := w.expand(c, lv)
	n := uint32(len(opts))
	pot := newPotSet(n) // a value is at most the number of options
	if r &= pot.low; r == 0 {
		w.exclude(c, f, ^pot.low, before)
		return notInSet
	}
	m := highest(r)
	if n >= setBits && m > wideAsk {
		v, _ := w.tests(c, f, m, opts, lv, before, d)
		return v
	}
	below := upTo(m)
	if !w.splitAll(opts, lv, &pot, r, d) {
		w.exclude(c, f, below&^pot.low, before)
		return notInSet
	}
	for _, i := range lv.pending {
		if pot.low&r == 0 {
			break
		}
		ask := pot.butLargest() & below
		if ask == 0 {
			pot.remove(notInSet) // no need to look at the option
			continue
		}
		us := lv.ucomps[lv.off[i]:lv.off[i+1]]
		x := lv.x[i]
		last := w.s.largest(us)
		for j, u := range us {
			if j != last {
				x ^= w.comp(u, d+1)
			}
		}
		switch {
		case x >= setBits:
			pot.remove(w.comp(us[last], d+1) ^ x)
		default:
			v := w.query(us[last], xorSet(ask, x), d+1)
			if v != notInSet {
				v ^= x
			}
			pot.remove(v)
		}
	}
	if pot.low&r == 0 {
		// g is not in r, and not at most m unless potential.
		w.exclude(c, f, below&^pot.low, before)
		return notInSet
	}
	// Every option removed one value, so one is left: pot.low's, since
	// it meets r (and pot.over is 0).
	v := highest(pot.low)
	if v > m {
		w.exclude(c, f, below, before)
		return notInSet
	}
	w.put(c, v+1, w.done-before)
	return v
}

// A potSet is the set of potential values of query's set search: those
// below setBits one by one, and how many of the others are potential,
// not which. This is enough because every value query asks about is
// below setBits: a value removed at or above setBits, or the largest
// when over is not 0, may be any of the others, since query's counting
// argument lets an option remove any potential value above the values
// asked instead of the largest. The idea of keeping a count for the
// large values is that of the nimber sets of Beling's solver igs.
type potSet struct {
	low  uint64 // bit v for a potential value v < setBits
	over int    // the number of potential values ≥ setBits
}

// newPotSet returns the potSet {0, …, n}.
func newPotSet(n uint32) potSet {
	if n < setBits {
		return potSet{low: upTo(n)}
	}
	return potSet{low: ^uint64(0), over: int(n - setBits + 1)}
}

// butLargest returns the potential values below setBits but the largest
// potential value.
func (p *potSet) butLargest() uint64 {
	if p.over > 0 || p.low == 0 {
		return p.low
	}
	return p.low &^ (1 << highest(p.low))
}

// remove removes v from the potential values when it is one of them and
// below setBits, else a value above those asked: one at or above setBits
// while there are some, else the largest (see query and potSet).
func (p *potSet) remove(v uint32) {
	switch {
	case v < setBits && p.low&(1<<v) != 0:
		p.low &^= 1 << v
	case p.over > 0:
		p.over--
	case p.low != 0:
		p.low &^= 1 << highest(p.low)
	}
}

// exclude records that c's value is none of the set e, merged with the
// fact f known before, when e adds to it.
func (w *worker[P]) exclude(c P, f uint32, e uint64, before uint64) {
	e &= 1<<maskBits - 1
	if f == 0 {
		f = excluded
	}
	if uint64(f)&e == e {
		return
	}
	w.put(c, excluded|uint32(e), w.done-before)
}
