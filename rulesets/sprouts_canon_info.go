package rulesets

import (
	"bytes"
	"slices"
)

// The parts of the canonical form of a land (sprouts_canon.go) that
// describe its structure: the least shapes of its boundaries, the
// colours of its letters, and the comparison of writings.

// shapes fills minShape and minRots, reusing their buffers.
func (sc *spCanonScratch) shapes() {
	info := &sc.info
	var st spCanonState // names all 0: render's shape does not read them
	var names [256]byte
	st.names = names[:]
	info.minShape = slices.Grow(info.minShape[:0], len(info.land))[:len(info.land)]
	info.minRots = slices.Grow(info.minRots[:0], len(info.land))[:len(info.land)]
	buf := sc.shapeBuf
	for r, reg := range info.land {
		info.minShape[r] = slices.Grow(info.minShape[r][:0], len(reg))[:len(reg)]
		info.minRots[r] = slices.Grow(info.minRots[r][:0], len(reg))[:len(reg)]
		for b := range reg {
			best := info.minShape[r][b][:0]
			rots := info.minRots[r][b][:0]
			for rot := range info.starts(r, b) {
				var at int
				buf, at = info.render(buf[:0], &st, r, b, rot)
				c := bytes.Compare(buf[:at], best)
				switch {
				case rot == 0 || c < 0:
					best = append(best[:0], buf[:at]...)
					rots = append(rots[:0], rot)
				case c == 0:
					rots = append(rots, rot)
				}
			}
			info.minShape[r][b], info.minRots[r][b] = best, rots
		}
	}
	sc.shapeBuf = buf
}

// colour gives each letter of info.land a colour that depends on the
// land's structure only (not on the letters' names): three rounds of
// refinement, a letter's new colour mixing its case with, at each of its
// two corners, the symbols (or colours) before and after it, the length
// of its boundary and the number of boundaries of its region.
func (sc *spCanonScratch) colour(n int) {
	info := &sc.info
	col := slices.Grow(sc.col[:0], n)[:n]
	next := slices.Grow(sc.colNext[:0], n)[:n]
	seen := slices.Grow(sc.seen[:0], n)[:n]
	cnt := slices.Grow(sc.cnt[:0], n)[:n]
	for k := range col {
		col[k] = 0
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
	for range 3 {
		clear(cnt)
		for ri, reg := range info.land {
			for _, bd := range reg {
				m := len(bd)
				for i, x := range bd {
					if x < spLetter {
						continue
					}
					var h uint32
					if m > 1 && len(reg) == 1 && info.free[ri] { // unordered: the sum of the others
						var sum uint32
						for j, y := range bd {
							if j != i {
								sum += sym(y)
							}
						}
						h = sum*0x9e3779b1 ^ 0x85ebca6b ^ uint32(m)*0xc2b2ae35
					} else {
						h = sym(bd[(i+m-1)%m])*0x9e3779b1 ^ sym(bd[(i+1)%m])*0x85ebca6b ^ uint32(m)*0xc2b2ae35 ^ uint32(len(reg))*0x27d4eb2f
					}
					h ^= h >> 15
					k := x - spLetter
					if cnt[k] < 2 {
						seen[k][cnt[k]] = h
						cnt[k]++
					}
				}
			}
		}
		for k := range n {
			a, b := seen[k][0], seen[k][1]
			if a > b {
				a, b = b, a
			}
			h := col[k]*0x165667b1 ^ a*0x9e3779b1 ^ b*0x85ebca6b
			next[k] = h ^ h>>13
		}
		col, next = next, col
	}
	info.col = col
	sc.col, sc.colNext, sc.seen, sc.cnt = col, next, seen, cnt
}

// name gives st's names to the letters of boundary b of region r read
// from rot, as render wrote them.
func (info *spCanonInfo) name(st *spCanonState, r, b, rot int) {
	for i := range info.land[r][b] {
		x := info.at(r, b, rot, i)
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
func (st *spCanonState) same(o *spCanonState) bool {
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
