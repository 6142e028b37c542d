package rulesets

import (
	"bytes"
	"slices"
	"sync"
)

// The canonical form of a land is one of the ways of writing it, chosen
// by its structure alone: any order of its regions, of the boundaries of
// each region, any starting spot of each boundary (for the one boundary
// of a region of at most three lives, any order of its letters after its
// digits: see spFree), letters named in the order they are first met
// (upper case A, B, … and lower case a, b, … each in turn), and the land
// or its mirror image (every boundary walked the other way). Two writings
// of one land therefore give one string, whatever their letters and
// orders.
//
// It is found by a search that builds the string a boundary at a time
// (a boundary written with its '.' is a chunk, and a region's '}' is a
// chunk): each chunk has a key (see render) that depends only on the
// land's structure and on the writing so far, the writings whose next
// key is least are all kept, and each is extended by every boundary left
// and every starting spot. The chosen string is the least of the land
// and of its mirror image (see spCanon). Writings that reach the same
// state (same boundaries left, same letters named) are kept once, and of
// boundaries without letters that read the same only the first is tried,
// so that a region of many identical boundaries (the start position)
// costs no more than one of each. Its cost is that of the beam of tied
// writings: a few states for most lands, and for a land with a symmetry
// about the number of its symmetries (see namedKey).

// spCanonState is one writing under way: the boundaries left in each
// region (bit sets), the region being written (-1 between regions), and
// the names given to letters (0: none yet). Its slices belong to it
// alone, so that a state's buffers are reused from one search to the
// next (see spCanonScratch).
type spCanonState struct {
	rem   []uint64
	cur   int
	names []byte
	nUp   byte
	nLo   byte
}

// spCanonScratch holds the buffers of one canonical-form search, reused
// through spCanonPool so that a search allocates only its result.
type spCanonScratch struct {
	info        spCanonInfo
	rev         spLand // the mirror image of the land
	revBuf      []uint8
	revBounds   []spBound
	beam, next  []spCanonState
	chunk, best []byte
	out         []byte
	cands       []spCanonCand
	index       map[uint64]int // see seenBefore
	shapeBuf    []byte
	// colour's buffers
	col, colNext []uint32
	seen         [][2]uint32
	cnt          []int
}

// spCanonCand is an extension of a writing: state s of the beam, boundary
// b of region r from spot rot (r < 0: the end of the region).
type spCanonCand struct{ s, r, b, rot int }

var spCanonPool = sync.Pool{New: func() any { return new(spCanonScratch) }}

// spCanon returns the canonical string of land, ended by ']': the least
// of its writing as oriented and that of its mirror image. The two
// searches run side by side, a chunk at a time, and the one whose string
// so far is greater stops there: no chunk holds ']', so a writing whose
// prefix is greater than the other's is greater whatever follows.
func spCanon(land spLand) string {
	a := spCanonPool.Get().(*spCanonScratch)
	defer spCanonPool.Put(a)
	b := spCanonPool.Get().(*spCanonScratch)
	defer spCanonPool.Put(b)
	a.begin(land)
	b.begin(a.reverse(land)) // a.rev: a's search does not touch it
	moreA, moreB := true, true
	for moreA || moreB {
		if moreA {
			moreA = a.step()
		}
		if moreB {
			moreB = b.step()
		}
		n := min(len(a.out), len(b.out))
		switch c := bytes.Compare(a.out[:n], b.out[:n]); {
		case c < 0:
			return string(a.finish())
		case c > 0:
			return string(b.finish())
		}
	}
	return string(a.out)
}

// spCanonInfo is what the search needs to know of a land's letters and
// boundaries.
type spCanonInfo struct {
	land  spLand
	upper [256]bool // letter k's corners lie in two regions
	col   []uint32  // col[k]: the colour of letter k (see colour)
	// minShape[r][b]: the least shape of boundary b of region r over its
	// starting spots (with its 0), and minRots[r][b] the spots giving it:
	// the shape comes first in a key, so no other start can be least.
	minShape [][][]byte
	minRots  [][][]int
	twin     [][]int // twin[r][b]: the last earlier boundary without letters identical to b, or -1
	// free[r]: region r is one boundary of at most three lives, whose
	// spots are unordered (see spFree); perms[r] then lists its
	// writings, each len(land[r][0]) symbols: its digits in increasing
	// order, then its letters in each order.
	free  []bool
	perms [][]uint8
}

// at returns the i-th symbol of boundary b of region r written from
// start rot: a starting spot, or for a free region one of its writings.
func (info *spCanonInfo) at(r, b, rot, i int) uint8 {
	bd := info.land[r][b]
	if info.free[r] {
		return info.perms[r][rot*len(bd)+i]
	}
	return bd[(rot+i)%len(bd)]
}

// starts returns the number of starts of boundary b of region r (see at).
func (info *spCanonInfo) starts(r, b int) int {
	if info.free[r] {
		return len(info.perms[r]) / len(info.land[r][b])
	}
	return len(info.land[r][b])
}

// reverse returns land with every boundary walked the other way, in the
// scratch's buffers.
func (sc *spCanonScratch) reverse(land spLand) spLand {
	n := 0
	nb := 0
	for _, reg := range land {
		nb += len(reg)
		for _, bd := range reg {
			n += len(bd)
		}
	}
	sc.revBuf = slices.Grow(sc.revBuf[:0], n)[:n]
	sc.revBounds = slices.Grow(sc.revBounds[:0], nb)[:nb]
	sc.rev = slices.Grow(sc.rev[:0], len(land))[:len(land)]
	at, bi := 0, 0
	for r, reg := range land {
		sc.rev[r] = sc.revBounds[bi : bi+len(reg) : bi+len(reg)]
		bi += len(reg)
		for b, bd := range reg {
			nbd := sc.revBuf[at : at+len(bd) : at+len(bd)]
			at += len(bd)
			for i, x := range bd {
				nbd[len(bd)-1-i] = x
			}
			sc.rev[r][b] = nbd
		}
	}
	return sc.rev
}

// begin starts the search for the least writing of land as it is
// oriented: step then writes it a chunk at a time in sc.out.
func (sc *spCanonScratch) begin(land spLand) {
	sc.prepare(land)
	info := &sc.info
	sc.beam = sc.growStates(sc.beam[:0], len(land), len(info.col))
	st := &sc.beam[0]
	st.cur, st.nUp, st.nLo = -1, 0, 0
	for r, reg := range land {
		st.rem[r] = 1<<len(reg) - 1
	}
	clear(st.names)
	sc.out = sc.out[:0]
}

// growStates appends one state to states with rem and names of n and m
// entries, reusing the buffers of a state that was there before.
func (sc *spCanonScratch) growStates(states []spCanonState, n, m int) []spCanonState {
	if len(states) < cap(states) {
		states = states[:len(states)+1]
	} else {
		states = append(states, spCanonState{})
	}
	st := &states[len(states)-1]
	st.rem = slices.Grow(st.rem[:0], n)[:n]
	st.names = slices.Grow(st.names[:0], m)[:m]
	return states
}

// prepare fills sc.info for land: the letters' cases and colours, the
// identical boundaries without letters, and the least shapes.
func (sc *spCanonScratch) prepare(land spLand) {
	info := &sc.info
	info.land = land
	maxSym := 0
	var regOf [256]int // region of a letter's first corner, plus one
	for _, reg := range land {
		for _, bd := range reg {
			for _, x := range bd {
				if x >= spLetter {
					maxSym = max(maxSym, int(x-spLetter)+1)
				}
			}
		}
	}
	clear(info.upper[:maxSym])
	info.twin = slices.Grow(info.twin[:0], len(land))[:len(land)]
	for r, reg := range land {
		info.twin[r] = slices.Grow(info.twin[r][:0], len(reg))[:len(reg)]
		for b, bd := range reg {
			info.twin[r][b] = -1
			plain := true
			for _, x := range bd {
				if x >= spLetter {
					plain = false
					if r0 := regOf[x] - 1; r0 >= 0 {
						info.upper[x-spLetter] = r0 != r
					} else {
						regOf[x] = r + 1
					}
				}
			}
			if !plain {
				continue
			}
			for e := b - 1; e >= 0; e-- {
				if spPlain(reg[e]) && spSameCycle(reg[e], bd) {
					info.twin[r][b] = e
					break
				}
			}
		}
	}
	info.freeWritings()
	sc.colour(maxSym)
	sc.shapes()
}

// finish runs step to the end and returns sc.out, the least writing of
// the land from begin, ended by ']'.
func (sc *spCanonScratch) finish() []byte {
	for sc.step() {
	}
	return sc.out
}

// step appends the next chunk of the least writing to sc.out and reports
// true, or appends the final ']' and reports false when the land is
// written (and does nothing more when called again).
func (sc *spCanonScratch) step() bool {
	if n := len(sc.out); n > 0 && sc.out[n-1] == ']' {
		return false
	}
	info := &sc.info
	land := info.land
	bestAt := 0
	have := false
	consider := func(s int, r, b, rot int) {
		var at int
		sc.chunk, at = info.render(sc.chunk[:0], &sc.beam[s], r, b, rot)
		c := bytes.Compare(sc.chunk, sc.best)
		switch {
		case !have || c < 0:
			sc.best = append(sc.best[:0], sc.chunk...)
			bestAt = at
			sc.cands = append(sc.cands[:0], spCanonCand{s, r, b, rot})
			have = true
		case c == 0:
			sc.cands = append(sc.cands, spCanonCand{s, r, b, rot})
		}
	}
	sc.cands = sc.cands[:0]
	sc.best = sc.best[:0]
	for si := range sc.beam {
		st := &sc.beam[si]
		if st.cur >= 0 && st.rem[st.cur] == 0 {
			consider(si, -1, -1, 0)
			continue
		}
		for r := range land {
			if st.cur >= 0 && r != st.cur || st.rem[r] == 0 {
				continue
			}
			for b := range land[r] {
				if st.rem[r]&(1<<b) == 0 {
					continue
				}
				if t := info.twin[r][b]; t >= 0 && st.rem[r]&(1<<t) != 0 {
					continue
				}
				if have {
					pre := info.namedKey(st, r, b)
					if pre > sc.best[0] || pre == sc.best[0] && bytes.Compare(info.minShape[r][b][1:], sc.best[1:bestAt]) > 0 {
						continue
					}
				}
				for _, rot := range info.minRots[r][b] {
					consider(si, r, b, rot)
				}
			}
		}
	}
	if !have {
		sc.out = append(sc.out, ']')
		return false
	}
	sc.out = append(sc.out, sc.best[bestAt:]...)
	sc.extend()
	return true
}

// take moves state st on by candidate c: it closes the region being
// written, whose boundaries are all written (c.r < 0), or writes boundary
// c.b of region c.r next, from rotation c.rot, naming its letters.
func (info *spCanonInfo) take(st *spCanonState, c spCanonCand) {
	if c.r < 0 {
		st.cur = -1
		return
	}
	st.cur = c.r
	st.rem[c.r] &^= 1 << c.b
	info.name(st, c.r, c.b, c.rot)
}

// extend makes the beam the states of sc.cands, each once: in place when
// there is one (the usual case), else in sc.next, which becomes the beam.
// A state's buffers stay its own (states are swapped, never shared).
func (sc *spCanonScratch) extend() {
	info := &sc.info
	if len(sc.cands) == 1 {
		c := sc.cands[0]
		sc.beam[0], sc.beam[c.s] = sc.beam[c.s], sc.beam[0]
		sc.beam = sc.beam[:1]
		info.take(&sc.beam[0], c)
		return
	}
	sc.next = sc.next[:0]
	for _, c := range sc.cands {
		st := &sc.beam[c.s]
		sc.next = sc.growStates(sc.next, len(st.rem), len(st.names))
		ns := &sc.next[len(sc.next)-1]
		copy(ns.rem, st.rem)
		copy(ns.names, st.names)
		ns.cur, ns.nUp, ns.nLo = st.cur, st.nUp, st.nLo
		info.take(ns, c)
		if sc.seenBefore(ns, len(sc.next)-1) {
			sc.next = sc.next[:len(sc.next)-1]
		}
	}
	sc.beam, sc.next = sc.next, sc.beam
}

// spCanonLinear is the beam up to which a new state is compared with
// every state before it; a larger beam is deduplicated through a hash
// set of its states.
const spCanonLinear = 8

// seenBefore reports whether ns, the i-th state of sc.next, is one of the
// states before it, and otherwise records it.
func (sc *spCanonScratch) seenBefore(ns *spCanonState, i int) bool {
	if len(sc.cands) <= spCanonLinear {
		for j := range i {
			if sc.next[j].same(ns) {
				return true
			}
		}
		return false
	}
	if i == 0 {
		clear(sc.index)
		if sc.index == nil {
			sc.index = map[uint64]int{}
		}
	}
	h := ns.hash()
	if j, ok := sc.index[h]; ok && sc.next[j].same(ns) {
		return true
	}
	sc.index[h] = i
	return false
}

// hash returns a hash of st (see same).
func (st *spCanonState) hash() uint64 {
	h := uint64(st.cur+1)*0x9e3779b97f4a7c15 ^ uint64(st.nUp)<<8 ^ uint64(st.nLo)
	for _, w := range st.rem {
		h = (h ^ w) * 0xff51afd7ed558ccd
		h ^= h >> 29
	}
	for _, c := range st.names {
		h = (h ^ uint64(c)) * 0xc4ceb9fe1a85ec53
	}
	return h ^ h>>31
}

// render appends the key of boundary b of region r started at rot, and
// returns it with the index where its chunk begins: the key is a byte
// that puts first the boundaries with more letters st has named (see
// namedKey), the boundary's shape (each digit, and each letter by its
// colour, a function of the land's structure only), a 0, then the chunk
// written with letters named as st would name them, so that keys order
// writings by shape before names and keep fewer ties. For r < 0 the key
// is 0xff and the chunk "}".
func (info *spCanonInfo) render(dst []byte, st *spCanonState, r, b, rot int) ([]byte, int) {
	if r < 0 {
		return append(dst, 0xff, '}'), len(dst) + 1
	}
	dst = append(dst, info.namedKey(st, r, b))
	n := len(info.land[r][b])
	for i := range n {
		x := info.at(r, b, rot, i)
		if x < spLetter {
			dst = append(dst, 1+x)
			continue
		}
		c := info.col[x-spLetter]
		dst = append(dst, 4, byte(c>>24), byte(c>>16), byte(c>>8), byte(c))
	}
	dst = append(dst, 0)
	start := len(dst)
	var fresh [16]struct{ x, n byte }
	nf := 0
	var extra []struct{ x, n byte }
	up, lo := st.nUp, st.nLo
	for i := range n {
		x := info.at(r, b, rot, i)
		if x < spLetter {
			dst = append(dst, '0'+x)
			continue
		}
		nm := st.names[x-spLetter]
		if nm == 0 {
			for _, f := range fresh[:nf] {
				if f.x == x {
					nm = f.n
				}
			}
			for _, f := range extra {
				if f.x == x {
					nm = f.n
				}
			}
		}
		if nm == 0 {
			if info.upper[x-spLetter] {
				nm = 'A' + up
				up++
			} else {
				nm = 'a' + lo
				lo++
			}
			if nf < len(fresh) {
				fresh[nf] = struct{ x, n byte }{x, nm}
				nf++
			} else {
				extra = append(extra, struct{ x, n byte }{x, nm})
			}
		}
		dst = append(dst, nm)
	}
	return append(dst, '.'), start
}

// namedKey returns the first byte of the key of boundary b of region r
// for st: 0xfe less the corners of the boundary whose letters st has
// named, so that boundaries tied to what is written already come first
// (whatever their start). Writing first what is joined to the letters
// named keeps the beam small on symmetric lands (regions of few letters
// joined like the edges and vertices of a regular graph), where writing
// unconnected boundaries first would keep a state for every way of
// naming their letters.
func (info *spCanonInfo) namedKey(st *spCanonState, r, b int) byte {
	n := 0
	for _, x := range info.land[r][b] {
		if x >= spLetter && st.names[x-spLetter] != 0 {
			n++
		}
	}
	return byte(0xfe - n)
}
