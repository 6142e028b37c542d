package search

import (
	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
)

// A worker's own caches, which spare it reads of the shared table: a
// direct-mapped cache of what it learnt of canonical components (facts),
// one of the components it met with their canonical forms and values
// (cache), and one of canonical forms alone (craw, ccan). Each is an
// array of a fixed size, allocated once a worker and never grown; a
// lookup is a hash and a comparison.

type factEntry struct {
	key  game.Key
	fact uint32
	ok   bool
}

// factLog is log2 of the number of entries of a worker's facts: 8192,
// 192 KiB, which with the cache (160 KiB) and the table's filter stays in
// a processor's second-level cache. Twice or four times as many (the
// sizes before) found more but were slower on Cram 5×7: a lookup then
// misses that cache more often than the entries saved cost.
const factLog = 13

type cacheEntry[P comparable] struct {
	raw game.Key
	can P
	val uint32 // value+1, or 0 when not known
}

// cacheSize is the number of entries of a worker's cache.
const cacheSize = 1 << cacheLog

// cacheLog is log2 of cacheSize.
const cacheLog = 12

// fact returns the entry of the worker's facts where key k goes.
func (w *worker[P]) fact(k game.Key) *factEntry {
	if w.facts == nil {
		w.facts = make([]factEntry, 1<<factLog)
	}
	return &w.facts[(k.Lo*0x9e3779b97f4a7c15^k.Hi*0xc2b2ae3d27d4eb4f)>>(64-factLog)]
}

// cacheBits sizes a worker's cache of canonical forms.
const cacheBits = 12

// split is Solver.split with a cache of canonical forms for a Packer: a
// component met again (small regions of a board recur everywhere) costs a
// hash and a comparison instead of a Canonical call.
func (w *worker[P]) split(dst []P, p P) []P {
	s := w.s
	if s.can == nil || s.pk == nil {
		return s.split(dst, p)
	}
	if w.craw == nil {
		w.craw = make([]game.Key, 1<<cacheBits)
		w.ccan = make([]P, 1<<cacheBits)
	}
	lo := len(dst)
	if s.dec != nil {
		dst = s.dec.AppendComponents(dst, p)
	} else {
		dst = append(dst, p)
	}
	for i := lo; i < len(dst); i++ {
		k, ok := cellsKey(dst[i])
		if !ok {
			k = s.pk.Pack(dst[i])
		}
		h := (k.Lo*0x9e3779b97f4a7c15 ^ k.Hi*0xc2b2ae3d27d4eb4f) >> (64 - cacheBits)
		if w.craw[h] == k && k != (game.Key{}) {
			dst[i] = w.ccan[h]
			continue
		}
		c := s.can.Canonical(dst[i])
		w.craw[h], w.ccan[h] = k, c
		dst[i] = c
	}
	return cancelPairs(dst, lo)
}

// cellsKey returns the key by which the worker's caches of canonical
// forms (cache, craw) find a component c as the game gives it, when P is
// a [bitset.Set] (the board and graph games): c's own cells, with no
// call of the game's Pack; else false, and the caller packs c (a
// function of its own, small enough to inline, where one that also
// packed is not: 2 % more instructions on Cram 5×6). Either is
// injective on positions, the cells being the position, and the Pack of
// a [game.Packer] whose positions are not sets of cells being injective
// on the positions the engines store.
func cellsKey[P comparable](c P) (game.Key, bool) {
	b, ok := any(c).(bitset.Set)
	return game.Key{Lo: b.Lo, Hi: b.Hi}, ok
}
