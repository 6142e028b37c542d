package search

import "math/bits"

// setBits is the number of values a set of candidate values holds: the
// set search of query works on positions of fewer options than that.
const setBits = 64

// notInSet is query's answer when the value is not among those asked.
const notInSet = ^uint32(0)

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
// value it happens to know). It is the set search of Beling and Rogalski
// (2020): the value of c is among the potential values pot, at first
// {0, …, n} for n options; each option removes one of them, its own value
// when that is known and potential, else the largest, so that at the end
// one is left. An option is asked only for its value among the potential
// values but the largest and not above the largest asked for; an option
// whose value is not among them removes the largest potential value.
// Invariant (a counting argument): if c's value g is at most m, the
// largest value of r, then g is potential. So the search stops as soon
// as no value of r is potential, and the value left at the end is g when
// it is at most m; otherwise g is above m. Positions of more than
// setBits-1 options are valued by the candidate tests of lv instead.
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
	if n >= setBits {
		v, _ := w.lv(c, highest(r), d)
		return v
	}
	all := upTo(n) // a value is at most the number of options
	if r &= all; r == 0 {
		w.exclude(c, f, ^all, before)
		return notInSet
	}
	m := highest(r)
	below := upTo(m)
	pot := all
	if !w.splitAll(opts, lv, &pot, r, d) {
		w.exclude(c, f, below&^pot, before)
		return notInSet
	}
	for _, i := range lv.pending {
		if pot&r == 0 {
			break
		}
		ask := pot &^ (1 << highest(pot)) & below
		if ask == 0 {
			pot = removeValue(pot, notInSet) // no need to look at the option
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
			pot = removeValue(pot, w.comp(us[last], d+1)^x)
		default:
			v := w.query(us[last], xorSet(ask, x), d+1)
			if v != notInSet {
				v ^= x
			}
			pot = removeValue(pot, v)
		}
	}
	if pot&r == 0 {
		// g is not in r, and not at most m unless potential.
		w.exclude(c, f, below&^pot, before)
		return notInSet
	}
	v := highest(pot) // the only one left
	if v > m {
		w.exclude(c, f, below, before)
		return notInSet
	}
	w.put(c, v+1, w.done-before)
	return v
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

// removeValue removes v from the potential values pot when it is one of
// them, else the largest (see query).
func removeValue(pot uint64, v uint32) uint64 {
	if v < setBits && pot&(1<<v) != 0 {
		return pot &^ (1 << v)
	}
	return pot &^ (1 << highest(pot))
}
