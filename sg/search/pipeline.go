package search

import "github.com/impartial-go/impartial/game"

// splitLag is how many options splitPacked splits ahead of the one it
// reads the table for, in a table of pipelineBytes or more; in a smaller
// one, which the processor's caches hold, none.
var splitLag = 2

// pipelineBytes is the size of table from which splitPacked fetches
// buckets ahead: below it the fetches and the options split in vain cost
// more than they save (Cram 5×6 and 5×7, in tables of a few megabytes).
var pipelineBytes int64 = 16 << 20

// A pendingRead is a component whose fact splitPacked reads from the
// table some options after it started fetching its bucket: its key, hash,
// slot in the worker's cache, and the fact read.
type pendingRead struct {
	key  game.Key
	h    uint64
	slot uint64
	f    uint32
}

// pendingFact marks an entry of the worker's facts whose read splitPacked
// has started: the low bits number the read (from 1). No fact has it set
// (facts have factBits bits), and none stays marked when splitPacked
// returns.
const pendingFact = 1 << 31

// splitPacked is splitAll's loop for a game with a Packer and a
// Canonicalizer, as a pipeline: it splits option i, and starts fetching
// the table's bucket of each of its components that neither of the
// worker's caches knows (tt.Table.Touch), while it reads the buckets of
// option i-splitLag, fetched meanwhile. So the cache misses of several
// options overlap instead of following one another; and since options
// are still read in order, the search stops as soon as it did (often
// before its last option, when the table knows an option of a value
// asked), having split at most splitLag options more.
// In a table smaller than pipelineBytes it reads each option's buckets
// as soon as it has split it (splitDirect). It gives what splitKnown
// would give option by option.
func (w *worker[P]) splitPacked(opts []P, lv *level[P], pot *potSet, r uint64) bool {
	s := w.s
	if w.cache == nil {
		w.cache = make([]cacheEntry[P], cacheSize)
	}
	if s.pt.ArrayBytes() < pipelineBytes {
		return w.splitDirect(opts, lv, pot, r)
	}
	w.reads2, w.kv, w.xs, w.rend = w.reads2[:0], w.kv[:0], w.xs[:0], w.rend[:0]
	lag := splitLag
	done := 0 // reads made
	wr := 0   // components of the options recorded
	ok := true
	for i := 0; i <= len(opts)+lag && ok; i++ {
		if i < len(opts) {
			w.splitOne(opts[i], lv, lag > 0)
		}
		j := i - lag
		if j < 0 || j >= len(opts) {
			continue
		}
		for ; done < int(w.rend[j]); done++ {
			rd := &w.reads2[done]
			f := w.read(s.pt.GetHash(rd.h, rd.key))
			rd.f = f
			*w.fact(rd.key) = factEntry{rd.key, f, true}
			if f != 0 && f&excluded == 0 {
				if e := &w.cache[rd.slot]; s.pk.Pack(e.can) == rd.key {
					e.val = f
				}
			}
		}
		// Drop option j's components found known, as splitKnown does,
		// moving the others down to wr; the later options' components
		// lie past them, untouched.
		u := lv.ucomps
		from, to := int(lv.off[j]), len(u)
		if j+1 < len(lv.off) {
			to = int(lv.off[j+1])
		}
		x := w.xs[j]
		lo := wr
		lv.off[j] = int32(lo)
		for k := from; k < to; k++ {
			if rd := w.kv[k]; rd != 0 {
				if f := w.reads2[rd-1].f; f != 0 && f&excluded == 0 {
					x ^= f - 1
					continue
				}
			}
			u[wr] = u[k]
			wr++
		}
		// cancelPairs moves components within u[lo:wr] only.
		wr = len(cancelPairs(u[:wr], lo))
		ok = w.addOption(lv, j, u[lo:wr], x, pot, r)
	}
	// Unmark the reads never made (the search stopped first).
	for _, rd := range w.reads2[done:] {
		if fe := w.fact(rd.key); fe.key == rd.key && fe.fact&pendingFact != 0 {
			*fe = factEntry{}
		}
	}
	lv.ucomps = lv.ucomps[:wr]
	return ok
}

// splitOne appends option o's components to lv.ucomps, and its offset
// to lv.off, for splitPacked: its components whose values the worker's
// caches know are left out and their XOR appended to w.xs; the table's
// bucket of each of the others that the worker's facts do not hold is
// fetched (when fetch is set), its read queued in w.reads2 (once for the
// same component in several options), and numbered in w.kv.
func (w *worker[P]) splitOne(o P, lv *level[P], fetch bool) {
	s := w.s
	lo := len(lv.ucomps)
	lv.off = append(lv.off, int32(lo))
	if s.dec != nil {
		lv.ucomps = s.dec.AppendComponents(lv.ucomps, o)
	} else {
		lv.ucomps = append(lv.ucomps, o)
	}
	var x uint32
	k := lo
	for _, c := range lv.ucomps[lo:] {
		key, isSet := cellsKey(c)
		if !isSet {
			key = s.pk.Pack(c)
		}
		h := (key.Lo*0x9e3779b97f4a7c15 ^ key.Hi*0xc2b2ae3d27d4eb4f) >> (64 - cacheLog)
		e := &w.cache[h]
		if e.raw != key || key == (game.Key{}) {
			e.raw, e.can, e.val = key, s.can.Canonical(c), 0
		}
		if e.val != 0 {
			x ^= e.val - 1
			continue
		}
		ck := s.pk.Pack(e.can)
		rd := uint32(0)
		switch fe := w.fact(ck); {
		case fe.ok && fe.key == ck && fe.fact&pendingFact != 0:
			rd = fe.fact &^ pendingFact // read already queued
		case fe.ok && fe.key == ck:
			if f := fe.fact; f != 0 && f&excluded == 0 {
				e.val = f
				x ^= f - 1
				continue
			}
		default:
			th := s.pt.Hash(ck)
			if fetch {
				s.pt.Touch(th)
			}
			w.reads2 = append(w.reads2, pendingRead{key: ck, h: th, slot: h})
			rd = uint32(len(w.reads2))
			// Marked until the read, so that the same component in a
			// later option (a region the move leaves alone) waits for
			// the same read.
			*fe = factEntry{ck, pendingFact | rd, true}
		}
		lv.ucomps[k] = e.can
		w.kv = append(w.kv, rd) // len(w.kv) == k: one entry a component kept
		k++
	}
	lv.ucomps = lv.ucomps[:k]
	w.xs = append(w.xs, x)
	w.rend = append(w.rend, int32(len(w.reads2)))
}

// splitDirect is splitPacked in a table smaller than pipelineBytes, which
// the processor's caches hold: each component of an option that the
// worker's caches do not know is read from the table as soon as it is
// met, with no queue. For a Solver byCells it also computes addOption's
// cost itself (cellCost), from the canonical keys it already has, rather
// than packing the components again; and it keeps the level's slices in local variables until it
// returns.
func (w *worker[P]) splitDirect(opts []P, lv *level[P], pot *potSet, r uint64) bool {
	s := w.s
	pk, can, dec, byCells := s.pk, s.can, s.dec, s.byCells
	u, off, xs, cost, pend := lv.ucomps, lv.off, lv.x, lv.cost, lv.pending
	cache := (*[cacheSize]cacheEntry[P])(w.cache) // indexed with no bounds check
	ok := true
	for i, o := range opts {
		lo := len(u)
		off = append(off, int32(lo))
		if dec != nil {
			u = dec.AppendComponents(u, o)
		} else {
			u = append(u, o)
		}
		var x uint32
		cells := 0
		k := lo
		for j, n := lo, len(u); j < n; j++ {
			c := u[j]
			key, isSet := cellsKey(c)
			if !isSet {
				key = pk.Pack(c)
			}
			e := &cache[(key.Lo*0x9e3779b97f4a7c15^key.Hi*0xc2b2ae3d27d4eb4f)>>(64-cacheLog)]
			if e.raw != key || key == (game.Key{}) {
				e.raw, e.can, e.val = key, can.Canonical(c), 0
			}
			if e.val != 0 {
				x ^= e.val - 1
				continue
			}
			ck := pk.Pack(e.can)
			fe := w.fact(ck)
			f := fe.fact
			if !fe.ok || fe.key != ck {
				f = w.read(s.pt.Get(ck))
				*fe = factEntry{ck, f, true}
			}
			if f != 0 && f&excluded == 0 {
				e.val = f
				x ^= f - 1
				continue
			}
			u[k] = e.can
			cells += keySize(ck)
			k++
		}
		counted := byCells
		if k-lo > 1 {
			if n := len(cancelPairs(u[:k], lo)); n != k {
				k, counted = n, false // cells counts the pairs' cells
			}
		}
		u = u[:k]
		if !counted {
			// addOption's own cost: through the level's slices.
			lv.ucomps, lv.off, lv.x, lv.cost, lv.pending = u, off, xs, cost, pend
			ok = w.addOption(lv, i, u[lo:k], x, pot, r)
			u, off, xs, cost, pend = lv.ucomps, lv.off, lv.x, lv.cost, lv.pending
		} else {
			// addOption, with the cells counted here.
			xs = append(xs, x)
			cost = append(cost, int32(cellCost(cells, i)))
			if pot != nil && k == lo {
				pot.remove(x)
				ok = pot.low&r != 0
			} else {
				pend = append(pend, int32(i))
			}
		}
		if !ok {
			break
		}
	}
	lv.ucomps, lv.off, lv.x, lv.cost, lv.pending = u, off, xs, cost, pend
	return ok
}
