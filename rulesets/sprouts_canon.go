package rulesets

import (
	"bytes"
	"slices"
	"strings"
)

// The canonical form of a land is the least string, in byte order, among
// all the ways of writing it: any order of its regions, of the
// boundaries of each region, any starting spot of each boundary, letters
// named in the order they are first met (upper case A, B, … and lower
// case a, b, … each in turn), and the land or its mirror image (every
// boundary walked the other way). Two writings of one land therefore
// give one string, whatever their letters and orders.
//
// It is found by a search that builds the string a boundary at a time
// (a boundary written with its '.' is a chunk, and a region's '}' is a
// chunk): the writings whose strings so far are least are kept, and
// extended by every boundary left and every starting spot; since no
// chunk is a prefix of another, the least string is among the extensions
// of the least prefixes. Writings that reach the same state (same
// boundaries left, same letters named) are kept once, and of boundaries
// without letters that read the same only the first is tried, so that a
// region of many identical boundaries (the start position) costs no
// more than one of each.

// spCanonState is one writing under way: the boundaries left in each
// region (bit sets), the region being written (-1 between regions), and
// the names given to letters (0: none yet).
type spCanonState struct {
	rem   []uint64
	cur   int
	names []byte
	nUp   byte
	nLo   byte
}

// spCanon returns the canonical string of land, ended by ']'.

func spCanon(land spLand) string {
	a := spCanonDir(land, false)
	b := spCanonDir(land, true)
	if b < a {
		return b
	}
	return a
}

// spCanonInfo is what the search needs to know of a land's letters and
// boundaries.
type spCanonInfo struct {
	land  spLand
	upper []bool   // letter k's corners lie in two regions
	col   []uint32 // col[k]: the colour of letter k (see colour)
	// minShape[r][b]: the least shape of boundary b of region r over its
	// starting spots (with its 0), and minRots[r][b] the spots giving it:
	// the shape comes first in a key, so no other start can be least.
	minShape [][][]byte
	minRots  [][][]int
	twin     [][]int // twin[r][b]: the last earlier boundary without letters identical to b, or -1
}

func spCanonDir(land spLand, reverse bool) string {
	if reverse {
		rev := make(spLand, len(land))
		for r, reg := range land {
			rev[r] = make(spRegion, len(reg))
			for b, bd := range reg {
				nb := make(spBound, len(bd))
				for i, x := range bd {
					nb[len(bd)-1-i] = x
				}
				rev[r][b] = nb
			}
		}
		land = rev
	}
	info := newSpCanonInfo(land)
	start := spCanonState{rem: make([]uint64, len(land)), cur: -1, names: make([]byte, len(info.col))}
	for r, reg := range land {
		start.rem[r] = 1<<len(reg) - 1
	}
	return info.search(start)
}

// newSpCanonInfo returns what the search needs to know of land.
func newSpCanonInfo(land spLand) *spCanonInfo {
	info := &spCanonInfo{land: land}
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
	info.upper = make([]bool, maxSym)
	info.twin = make([][]int, len(land))
	for r, reg := range land {
		info.twin[r] = make([]int, len(reg))
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
	info.colour(maxSym)
	info.shapes()
	return info
}

// search returns the least writing of the land from start, ended by ']'.
func (info *spCanonInfo) search(start spCanonState) string {
	land := info.land
	beam := []spCanonState{start}
	var out strings.Builder
	var chunk, best []byte
	bestAt := 0
	type cand struct {
		s    int
		r, b int
		rot  int
	}
	var cands []cand
	var next []spCanonState
	have := false
	consider := func(s int, r, b, rot int) {
		var at int
		chunk, at = info.render(chunk[:0], &beam[s], r, b, rot)
		c := bytes.Compare(chunk, best)
		switch {
		case !have || c < 0:
			best = append(best[:0], chunk...)
			bestAt = at
			cands = append(cands[:0], cand{s, r, b, rot})
			have = true
		case c == 0:
			cands = append(cands, cand{s, r, b, rot})
		}
	}
	for {
		cands = cands[:0]
		best = best[:0]
		have = false
		done := true
		for si := range beam {
			st := &beam[si]
			if st.cur >= 0 && st.rem[st.cur] == 0 {
				done = false
				consider(si, -1, -1, 0)
				continue
			}
			for r := range land {
				if st.cur >= 0 && r != st.cur || st.rem[r] == 0 {
					continue
				}
				done = false
				for b := range land[r] {
					if st.rem[r]&(1<<b) == 0 {
						continue
					}
					if t := info.twin[r][b]; t >= 0 && st.rem[r]&(1<<t) != 0 {
						continue
					}
					if have && bytes.Compare(info.minShape[r][b], best[:bestAt]) > 0 {
						continue
					}
					for _, rot := range info.minRots[r][b] {
						consider(si, r, b, rot)
					}
				}
			}
		}
		if done {
			break
		}
		out.Write(best[bestAt:])
		if len(cands) == 1 { // the usual case: extend the one writing in place
			c := cands[0]
			ns := beam[c.s]
			if c.r < 0 {
				ns.cur = -1
			} else {
				ns.cur = c.r
				ns.rem[c.r] &^= 1 << c.b
				info.name(&ns, c.r, c.b, c.rot)
			}
			beam = append(beam[:0], ns)
			continue
		}
		next = next[:0]
		for _, c := range cands {
			st := beam[c.s]
			ns := spCanonState{rem: append([]uint64(nil), st.rem...), cur: st.cur, names: append([]byte(nil), st.names...), nUp: st.nUp, nLo: st.nLo}
			if c.r < 0 {
				ns.cur = -1
			} else {
				ns.cur = c.r
				ns.rem[c.r] &^= 1 << c.b
				info.name(&ns, c.r, c.b, c.rot)
			}
			if !slices.ContainsFunc(next, ns.same) {
				next = append(next, ns)
			}
		}
		beam, next = next, beam
	}
	out.WriteByte(']')
	return out.String()
}

// render appends the key of boundary b of region r started at rot, and
// returns it with the index where its chunk begins: the key is the
// boundary's shape (each digit, and each letter by its colour, a
// function of the land's structure only), a 0, then the chunk written
// with letters named as st would name them, so that keys order writings
// by shape first and keep fewer ties. For r < 0 the key is 0xff and the
// chunk "}".
func (info *spCanonInfo) render(dst []byte, st *spCanonState, r, b, rot int) ([]byte, int) {
	if r < 0 {
		return append(dst, 0xff, '}'), len(dst) + 1
	}
	bd := info.land[r][b]
	n := len(bd)
	for i := range n {
		x := bd[(rot+i)%n]
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
		x := bd[(rot+i)%n]
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

// shapes fills minShape and minRots.
func (info *spCanonInfo) shapes() {
	var st spCanonState
	st.names = make([]byte, len(info.col))
	info.minShape = make([][][]byte, len(info.land))
	info.minRots = make([][][]int, len(info.land))
	var buf []byte
	for r, reg := range info.land {
		info.minShape[r] = make([][]byte, len(reg))
		info.minRots[r] = make([][]int, len(reg))
		for b, bd := range reg {
			var best []byte
			var rots []int
			for rot := range bd {
				var at int
				buf, at = info.render(buf[:0], &st, r, b, rot)
				c := bytes.Compare(buf[:at], best)
				switch {
				case best == nil || c < 0:
					best = append(best[:0:0], buf[:at]...)
					rots = append(rots[:0], rot)
				case c == 0:
					rots = append(rots, rot)
				}
			}
			info.minShape[r][b], info.minRots[r][b] = best, rots
		}
	}
}

// colour gives each letter of info.land a colour that depends on the
// land's structure only (not on the letters' names): three rounds of
// refinement, a letter's new colour mixing its case with, at each of its
// two corners, the symbols (or colours) before and after it, the length
// of its boundary and the number of boundaries of its region.
func (info *spCanonInfo) colour(n int) {
	col := make([]uint32, n)
	for k := range col {
		if info.upper[k] {
			col[k] = 1
		}
	}
	sym := func(x uint8) uint32 {
		if x < spLetter {
			return uint32(x) + 1
		}
		return col[x-spLetter]*2654435761 + 7
	}
	seen := make([][2]uint32, n)
	cnt := make([]int, n)
	for range 3 {
		clear(cnt)
		for _, reg := range info.land {
			for _, bd := range reg {
				m := len(bd)
				for i, x := range bd {
					if x < spLetter {
						continue
					}
					h := sym(bd[(i+m-1)%m])*0x9e3779b1 ^ sym(bd[(i+1)%m])*0x85ebca6b ^ uint32(m)*0xc2b2ae35 ^ uint32(len(reg))*0x27d4eb2f
					h ^= h >> 15
					k := x - spLetter
					if cnt[k] < 2 {
						seen[k][cnt[k]] = h
						cnt[k]++
					}
				}
			}
		}
		next := make([]uint32, n)
		for k := range n {
			a, b := seen[k][0], seen[k][1]
			if a > b {
				a, b = b, a
			}
			h := col[k]*0x165667b1 ^ a*0x9e3779b1 ^ b*0x85ebca6b
			next[k] = h ^ h>>13
		}
		col = next
	}
	info.col = col
}

// name gives st's names to the letters of boundary b of region r read
// from rot, as render wrote them.
func (info *spCanonInfo) name(st *spCanonState, r, b, rot int) {
	bd := info.land[r][b]
	for i := range bd {
		x := bd[(rot+i)%len(bd)]
		if x < spLetter || st.names[x-spLetter] != 0 {
			continue
		}
		if info.upper[x-spLetter] {
			st.names[x-spLetter] = 'A' + st.nUp
			st.nUp++
		} else {
			st.names[x-spLetter] = 'a' + st.nLo
			st.nLo++
		}
	}
}

// same reports whether st and o are the same state of a writing.
func (st spCanonState) same(o spCanonState) bool {
	return st.cur == o.cur && slices.Equal(st.rem, o.rem) && bytes.Equal(st.names, o.names)
}

// spPlain reports whether b has no letters.
func spPlain(b spBound) bool {
	for _, x := range b {
		if x >= spLetter {
			return false
		}
	}
	return true
}

// spSameCycle reports whether a and b are one cyclic sequence.
func spSameCycle(a, b spBound) bool {
	if len(a) != len(b) {
		return false
	}
	for rot := range a {
		ok := true
		for i := range a {
			if a[(rot+i)%len(a)] != b[i] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
