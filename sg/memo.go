package sg

import (
	"hash/maphash"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/internal/splitmix"
)

// A cell is a memoized value, or one of the sentinels below. Cells are 32
// bits, half a Nimber, because the memo of a large game is read at random:
// halving it keeps twice as much of it in the processor's caches. A
// memoized value is a mex, at most the position's number of options, and
// the engine refuses a position with more than MaxOptions options, so the
// values, and the XORs of values of components, stay below 2^31 and never
// reach the sentinels.
type cell = uint32

const (
	unknown    = ^cell(0)     // not searched yet
	inProgress = ^cell(0) - 1 // on the search stack
	notPos     = ^cell(0) - 2 // not a position of the game
)

// fillUnknown sets every cell of d to unknown, by doubling copies, which
// memmove does a vector at a time, several times faster than a loop of
// stores.
func fillUnknown(d []cell) {
	if len(d) == 0 {
		return
	}
	d[0] = unknown
	for k := 1; k < len(d); k *= 2 {
		copy(d[k:], d[:k])
	}
}

// A memo is where an [Engine] keeps its values, chosen once by NewEngine
// from what the game offers:
//
//   - indexMemo: a [game.Indexer], a slice of cells indexed by Index;
//   - tableMemo: any other game, an open-addressing hash table.
//
// A [game.Canonicalizer] wraps the memo in a canonMemo, which looks up
// options in canonical form, and a [game.Decomposer] in a sumMemo, which
// looks up a sum as the XOR of its components' values and splits it when
// the search meets it. The engine's search has no other cases: every
// difference between games lies behind these methods, each called once a
// position or once a list of options. A [game.Dense] game over ints that
// neither decomposes nor canonicalizes needs no memo of this kind: the
// engine solves it with an intEngine (dense.go), a concrete engine whose
// positions index a slice of cells directly.
type memo[P comparable] interface {
	// prepare allocates the memo before a search, if it is not yet.
	prepare()
	// reset forgets every value.
	reset()
	// canonical returns the form in which an option is looked up with get
	// and searched: p itself, or its canonical form.
	canonical(p P) P
	// get returns the cell of p, a form returned by canonical: a value,
	// unknown, inProgress or notPos.
	get(p P) cell
	// look returns canonical(p) and its cell, in one call.
	look(p P) (P, cell)
	// resolve sets vals[j] to the cell of kids[j], options as the game
	// generates them, and reports whether all of them are values.
	resolve(kids []P, vals []cell) bool
	// split appends p's components to dst and reports sum true when p (a
	// form returned by canonical) is a sum of several; otherwise it
	// returns dst as it was, the form key in which p is memoized and
	// key's cell.
	split(dst []P, p P) (kids []P, sum bool, key P, v cell)
	// enter marks key, a position whose cell is unknown, as in progress,
	// and returns the slot to give store.
	enter(key P) int
	// store sets the cell of key (in slot slot when enter gave one, -1
	// otherwise) to v.
	store(key P, slot int, v cell)
}

// indexMemo is the memo of a game.Indexer: a slice of cells indexed by
// the game's Index.
type indexMemo[P comparable] struct {
	idx game.Indexer[P]
	d   []cell
}

func (m *indexMemo[P]) prepare() {
	if m.d == nil {
		m.d = make([]cell, m.idx.NumPositions())
		fillUnknown(m.d)
	}
}

func (m *indexMemo[P]) reset() {
	if m.d != nil {
		fillUnknown(m.d)
	}
}

func (m *indexMemo[P]) canonical(p P) P { return p }

func (m *indexMemo[P]) get(p P) cell {
	i := m.idx.Index(p)
	if i < 0 {
		return notPos
	}
	if m.d == nil {
		return unknown
	}
	return m.d[i]
}

func (m *indexMemo[P]) look(p P) (P, cell) { return p, m.get(p) }

func (m *indexMemo[P]) resolve(kids []P, vals []cell) bool {
	d := m.d
	vals = vals[:len(kids)]
	var worst cell
	for j, c := range kids {
		v := notPos
		if i := m.idx.Index(c); uint(i) < uint(len(d)) {
			v = d[i]
		}
		vals[j] = v
		worst = max(worst, v)
	}
	return worst < notPos
}

func (m *indexMemo[P]) split(dst []P, p P) ([]P, bool, P, cell) { return dst, false, p, unknown }

func (m *indexMemo[P]) enter(p P) int {
	i := m.idx.Index(p)
	m.d[i] = inProgress
	return i
}

func (m *indexMemo[P]) store(p P, slot int, v cell) {
	if slot < 0 {
		slot = m.idx.Index(p)
	}
	m.d[slot] = v
}

// tableMemo is the memo of a game whose positions are not indexed: an
// open-addressing hash table with linear probing, each slot a position
// and its cell side by side, so that a lookup costs one cache miss where
// a map of the standard library costs two (its control word, then the
// slot); in a deep search those misses are most of the cost a position.
//
// A slot holds its cell complemented (^c), so that a never-used slot,
// all zeros, holds unknown: a new table needs no filling, and its fresh
// pages no clearing. Such a slot ends every probe sequence. A position
// forgotten when a search fails leaves its slot marked gone: a lookup goes
// past it, and an insertion reuses the first such slot on its way.
// Nothing else is ever deleted; growing drops the gone slots.
type tableMemo[P comparable, H hasher[P]] struct {
	h     H
	slots []entry[P] // a power of two of them, or none
	used  int        // slots not unknown
}

// A hasher hashes positions for a tableMemo.
type hasher[P comparable] interface {
	hash(p P) uint64
}

// anyHash hashes any comparable position with hash/maphash.
type anyHash[P comparable] struct{ seed maphash.Seed }

func (h anyHash[P]) hash(p P) uint64 { return maphash.Comparable(h.seed, p) }

// intHash hashes int positions (P is int: NewEngine checks it) so that the
// eight ints 8k, …, 8k+7 hash to eight consecutive slots, in two cache
// lines, and the groups of eight are scattered by a mixing function with a
// random seed. Games over ints often move to nearby ints (a heap game
// takes a few tokens): their lookups then find the slots of a position's
// neighbours in cache, which halves the cost of a deep search. A group
// holds at most eight positions, so no set of ints crowds the table more
// than a random one by more than eight slots.
type intHash[P comparable] struct{ seed uint64 }

func (h intHash[P]) hash(p P) uint64 {
	x := uint64(asInt(&p))
	return splitmix.Mix(x>>3^h.seed)<<3 | x&7
}

// An entry is a slot of a tableMemo: a position and its cell, complemented.
type entry[P comparable] struct {
	key P
	x   cell // ^cell
}

const (
	// gone marks the slot of a forgotten position in a tableMemo; it is
	// never a cell of the other memos.
	gone = ^cell(0) - 3
	// empty is unknown as a tableMemo's slot holds it.
	empty = ^unknown
)

// newTableMemo returns an empty table for positions of any type.
func newTableMemo[P comparable]() *tableMemo[P, anyHash[P]] {
	return &tableMemo[P, anyHash[P]]{h: anyHash[P]{maphash.MakeSeed()}}
}

// newIntTableMemo returns an empty table for int positions (P is int).
func newIntTableMemo[P comparable]() *tableMemo[P, intHash[P]] {
	return &tableMemo[P, intHash[P]]{h: intHash[P]{maphash.Comparable(maphash.MakeSeed(), 0)}}
}

func (m *tableMemo[P, H]) prepare() {}

// reset lets the table go: a large one would cost as much to clear as to
// allocate again, and a game that needs a hash table may be asked about
// fewer positions next time.
func (m *tableMemo[P, H]) reset() {
	m.slots = nil
	m.used = 0
}

func (m *tableMemo[P, H]) canonical(p P) P { return p }

func (m *tableMemo[P, H]) get(p P) cell {
	s := m.slots
	if len(s) == 0 {
		return unknown
	}
	mask := uint(len(s) - 1)
	for i := uint(m.h.hash(p)) & mask; ; i = (i + 1) & mask {
		switch x := s[i].x; {
		case x == empty:
			return unknown
		case s[i].key == p && x != ^gone:
			return ^x
		}
	}
}

func (m *tableMemo[P, H]) look(p P) (P, cell) { return p, m.get(p) }

func (m *tableMemo[P, H]) resolve(kids []P, vals []cell) bool {
	vals = vals[:len(kids)]
	var worst cell
	for j, c := range kids {
		v := m.get(c)
		vals[j] = v
		worst = max(worst, v)
	}
	return worst < notPos
}

func (m *tableMemo[P, H]) split(dst []P, p P) ([]P, bool, P, cell) { return dst, false, p, unknown }

func (m *tableMemo[P, H]) enter(p P) int {
	m.store(p, -1, inProgress)
	return -1
}

// store writes v in p's slot, or, when p has none, in the first slot that
// is empty or gone on its probe sequence, growing the table first when an
// empty slot would fill it beyond three quarters. Forgetting p (v is
// unknown) marks its slot gone. The slot enter returned is not kept: the
// table may have grown since.
func (m *tableMemo[P, H]) store(p P, _ int, v cell) {
	if v == unknown {
		v = gone
	}
	i, live := m.find(p)
	if !live && (i < 0 || m.slots[i].x == empty && 4*(m.used+1) > 3*len(m.slots)) {
		if v == gone {
			return // p has no slot to forget
		}
		m.grow()
		i, _ = m.find(p)
	}
	e := &m.slots[i]
	if e.x == empty {
		m.used++
	}
	e.key, e.x = p, ^v
}

// find returns p's slot and true, or the first slot that is empty or gone
// on p's probe sequence and false, or -1 when the table has no slots.
func (m *tableMemo[P, H]) find(p P) (int, bool) {
	s := m.slots
	if len(s) == 0 {
		return -1, false
	}
	mask := uint(len(s) - 1)
	free := -1
	for i := uint(m.h.hash(p)) & mask; ; i = (i + 1) & mask {
		switch x := s[i].x; {
		case x == empty:
			if free < 0 {
				free = int(i)
			}
			return free, false
		case x == ^gone:
			if free < 0 {
				free = int(i)
			}
		case s[i].key == p:
			return int(i), true
		}
	}
}

// grow doubles the table (from 1024 slots) and moves every position with
// a cell into it, leaving the gone slots behind.
func (m *tableMemo[P, H]) grow() {
	old := m.slots
	m.slots = make([]entry[P], max(1024, 2*len(old)))
	m.used = 0
	mask := uint(len(m.slots) - 1)
	for _, e := range old {
		if e.x == empty || e.x == ^gone {
			continue
		}
		i := uint(m.h.hash(e.key)) & mask
		for m.slots[i].x != empty {
			i = (i + 1) & mask
		}
		m.slots[i] = e
		m.used++
	}
}

// canonMemo wraps the memo of a game.Canonicalizer: options are looked up
// and searched in canonical form.
type canonMemo[P comparable] struct {
	memo[P]
	can game.Canonicalizer[P]
}

func (m canonMemo[P]) canonical(p P) P { return m.can.Canonical(p) }

func (m canonMemo[P]) look(p P) (P, cell) {
	p = m.can.Canonical(p)
	return p, m.memo.get(p)
}

func (m canonMemo[P]) resolve(kids []P, vals []cell) bool {
	vals = vals[:len(kids)]
	var worst cell
	for j, c := range kids {
		v := m.memo.get(m.can.Canonical(c))
		vals[j] = v
		worst = max(worst, v)
	}
	return worst < notPos
}

// sumMemo wraps the memo of a game.Decomposer (itself wrapped in a
// canonMemo when the game also canonicalizes): only components are
// memoized, and a sum's cell is the XOR of its components' values, so a
// sum met again costs one split and one lookup a component, never a
// search. Its get takes positions as the game generates them.
type sumMemo[P comparable] struct {
	memo[P] // of components, looked up through its canonical
	dec     game.Decomposer[P]
	comp    []P // components of one position, for get
}

func (m *sumMemo[P]) canonical(p P) P { return p }

// get splits p into components, canonicalizes each, and returns the XOR
// of their cells, or the first sentinel met (unknown, inProgress or
// notPos).
func (m *sumMemo[P]) get(p P) cell {
	comp := m.dec.AppendComponents(m.comp[:0], p)
	m.comp = comp
	var x cell
	for _, c := range comp {
		v := m.memo.get(m.memo.canonical(c))
		if v >= notPos {
			return v
		}
		x ^= v
	}
	return x
}

func (m *sumMemo[P]) look(p P) (P, cell) { return p, m.get(p) }

func (m *sumMemo[P]) resolve(kids []P, vals []cell) bool {
	vals = vals[:len(kids)]
	var worst cell
	for j, c := range kids {
		vals[j] = m.get(c)
		worst = max(worst, vals[j])
	}
	return worst < notPos
}

func (m *sumMemo[P]) split(dst []P, p P) ([]P, bool, P, cell) {
	lo := len(dst)
	dst = m.dec.AppendComponents(dst, p)
	if len(dst)-lo == 1 && dst[lo] == p {
		// A single component, memoized in canonical form, which may be
		// known already.
		key := m.memo.canonical(p)
		return dst[:lo], false, key, m.memo.get(key)
	}
	for j := lo; j < len(dst); j++ {
		dst[j] = m.memo.canonical(dst[j])
	}
	return dst, true, p, 0
}
