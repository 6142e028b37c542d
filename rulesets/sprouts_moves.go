package rulesets

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The moves of Sprouts on the notation of Lemoine and Viennot. A move
// draws a line through one region from a spot to a spot (the same spot
// when it has two lives or more) and puts a new spot on it, which then
// has two lines and one life, seen at two corners. The two ends are two
// corners of the region's boundaries:
//
//   - on two boundaries: the line joins them into one boundary, which
//     walks round the first from the first end, along the line to the new
//     spot and the second end, round the second, and back along the line;
//   - on one boundary: the line cuts the region in two, one side bounded
//     by the walk from the first end to the second and the line back, the
//     other by the walk from the second end to the first; each other
//     boundary of the region goes to one side or the other, every way of
//     sharing them being a move.
//
// The ends gain a line each (a loop gives its spot two), and a spot with
// three lines is dead.

// spMove is a move in one land: corners (b1, i1) and (b2, i2) of region
// r, and for a cut, the other boundaries of r that go with the first side
// (bits by boundary index).
type spMove struct {
	r, b1, i1, b2, i2 int
	in                uint64
}

const spDead = 255

// spMaxLetter returns one more than the largest letter symbol of land.
func spMaxLetter(land spLand) uint8 {
	m := uint8(spLetter)
	for _, reg := range land {
		for _, b := range reg {
			for _, x := range b {
				if x >= m && x != spDead {
					m = x + 1
				}
			}
		}
	}
	return m
}

// spArena holds the land a move builds: its symbols in one buffer, its
// boundaries and regions in two more, reused from move to move through
// spArenaPool so that playing a move allocates only the strings of the
// lands it leaves.
type spArena struct {
	syms   []uint8
	bounds []spBound
	regs   []spRegion
	dead   [256]bool
}

var spArenaPool = sync.Pool{New: func() any { return new(spArena) }}

// reset makes room for symbols, boundaries and regions of the given
// counts: the slices handed out stay valid until the next reset.
func (a *spArena) reset(syms, bounds, regs int) {
	a.syms = slices.Grow(a.syms[:0], syms)
	a.bounds = slices.Grow(a.bounds[:0], bounds)
	a.regs = slices.Grow(a.regs[:0], regs)
}

// bound returns an empty boundary of capacity n in the arena.
func (a *spArena) bound(n int) spBound {
	at := len(a.syms)
	if at+n > cap(a.syms) { // not reserved by reset: a buffer of its own
		return make(spBound, 0, n)
	}
	a.syms = a.syms[:at+n]
	return a.syms[at : at : at+n]
}

// clone returns a copy of b in the arena.
func (a *spArena) clone(b spBound) spBound { return append(a.bound(len(b)), b...) }

// region returns an empty region of capacity n in the arena.
func (a *spArena) region(n int) spRegion {
	at := len(a.bounds)
	if at+n > cap(a.bounds) {
		return make(spRegion, 0, n)
	}
	a.bounds = a.bounds[:at+n]
	return a.bounds[at : at : at+n]
}

// spSize returns the symbols and the boundaries of land.
func spSize(land spLand) (syms, bounds int) {
	for _, rg := range land {
		bounds += len(rg)
		for _, bd := range rg {
			syms += len(bd)
		}
	}
	return syms, bounds
}

// copyRegions appends to regs a copy in the arena of every region of land
// but region skip.
func (a *spArena) copyRegions(regs []spRegion, land spLand, skip int) []spRegion {
	for r, rg := range land {
		if r == skip {
			continue
		}
		c := a.region(len(rg))
		for _, bd := range rg {
			c = append(c, a.clone(bd))
		}
		regs = append(regs, c)
	}
	return regs
}

// spApply plays m on land and appends the canonical strings of the lands
// left to dst; ok is false when m is not a legal move.
func spApply(land spLand, m spMove, dst []string) (_ []string, ok bool) {
	a := spArenaPool.Get().(*spArena)
	defer spArenaPool.Put(a)
	nsym, nbnd := spSize(land)
	reg := land[m.r]
	// the new boundaries hold at most every symbol of b1 and b2 and five more
	a.reset(nsym+len(reg[m.b1])+len(reg[m.b2])+8, nbnd+len(reg)+2, len(land)+1)
	clear(a.dead[:])
	next := spMaxLetter(land)
	// grow gives a spot of symbol s inc more lines: its new symbol.
	grow := func(s uint8, inc int) uint8 {
		d := int(s)
		if s >= spLetter {
			d = 2
		}
		switch d + inc {
		case 1:
			return 1
		case 2:
			next++
			return next - 1
		}
		if s >= spLetter {
			a.dead[s] = true
		}
		return spDead
	}
	x := next
	next++
	others := func(skip1, skip2 int, with, without spRegion) (spRegion, spRegion) {
		for b, bd := range reg {
			if b == skip1 || b == skip2 {
				continue
			}
			if m.in&(1<<b) != 0 {
				with = append(with, a.clone(bd))
			} else {
				without = append(without, a.clone(bd))
			}
		}
		return with, without
	}
	regs := a.regs
	rot := func(b spBound, i int) (uint8, spBound) { // b's corner i, and the rest of b from there
		return b[i], append(append(a.bound(len(b)-1), b[i+1:]...), b[:i]...)
	}
	if m.b1 != m.b2 {
		u, B1 := rot(reg[m.b1], m.i1)
		v, B2 := rot(reg[m.b2], m.i2)
		if u >= spLetter && u == v {
			return dst, false
		}
		su, sv := grow(u, 1), grow(v, 1)
		seq := append(a.bound(len(B1)+len(B2)+6), su)
		seq = append(seq, B1...)
		if u != 0 {
			seq = append(seq, su)
		}
		seq = append(append(seq, x, sv), B2...)
		if v != 0 {
			seq = append(seq, sv)
		}
		seq = append(seq, x)
		_, rest := others(m.b1, m.b2, nil, a.region(len(reg)-1))
		regs = append(regs, append(rest, seq))
	} else {
		u, B := rot(reg[m.b1], m.i1)
		n := len(B) + 1
		j := ((m.i2-m.i1)%n + n) % n
		var P, Q spBound
		if j == 0 {
			if u >= 2 {
				return dst, false
			}
			su := grow(u, 2)
			P = append(a.bound(2), su, x)
			Q = append(append(append(a.bound(n+1), su), B...), x)
		} else {
			v := B[j-1]
			if u >= spLetter && u == v {
				return dst, false
			}
			su, sv := grow(u, 1), grow(v, 1)
			P = append(append(append(a.bound(j+2), su), B[:j-1]...), sv, x)
			Q = append(append(append(a.bound(n-j+2), sv), B[j:]...), su, x)
		}
		with, without := others(m.b1, -1, a.region(len(reg)), a.region(len(reg)))
		regs = append(regs, append(with, P), append(without, Q))
	}
	regs = a.copyRegions(regs, land, m.r)
	a.regs = regs
	dead := func(s uint8) bool { return s == spDead || a.dead[s] }
	return spReduce(regs, dead, dst), true
}

// spClasses returns for each boundary of reg the first boundary without
// letters that reads the same (up to where it starts), or itself.
func spClasses(reg spRegion) []int {
	cls := make([]int, len(reg))
	for b, bd := range reg {
		cls[b] = b
		if !spPlain(bd) {
			continue
		}
		for e := range b {
			if cls[e] == e && spPlain(reg[e]) && spSameCycle(reg[e], bd) {
				cls[b] = e
				break
			}
		}
	}
	return cls
}

// spEachMove calls f with every move of land, but one of each set of
// moves that identical boundaries without letters make the same (the
// start position's many '0.' boundaries): the result is the same set of
// positions.
func spEachMove(land spLand, f func(m spMove)) {
	for r, reg := range land {
		cls := spClasses(reg)
		first := func(b int) bool { return cls[b] == b }
		for b1 := range reg {
			for b2 := b1 + 1; b2 < len(reg); b2++ {
				okPair := first(b1) && (first(b2) || cls[b2] == b1 && spSecond(cls, b2))
				if !okPair {
					continue
				}
				for i1 := range reg[b1] {
					for i2 := range reg[b2] {
						f(spMove{r: r, b1: b1, i1: i1, b2: b2, i2: i2})
					}
				}
			}
		}
		for b := range reg {
			if !first(b) {
				continue
			}
			for i1 := range reg[b] {
				for i2 := i1; i2 < len(reg[b]); i2++ {
					spEachShare(reg, cls, b, func(in uint64) {
						f(spMove{r: r, b1: b, i1: i1, b2: b, i2: i2, in: in})
					})
				}
			}
		}
	}
}

// spSecond reports whether b is the second member of its class.
func spSecond(cls []int, b int) bool {
	n := 0
	for e := range b {
		if cls[e] == cls[b] {
			n++
		}
	}
	return n == 1
}

// spEachShare calls f with each way of sharing the boundaries of reg but
// cut between the two sides of a cut, members of one class of identical
// boundaries without letters shared only by how many go with the first
// side (the first ones of the class).
func spEachShare(reg spRegion, cls []int, cut int, f func(in uint64)) {
	type group struct{ members []int }
	var groups []group
	idx := map[int]int{}
	for b := range reg {
		if b == cut {
			continue
		}
		key := cls[b]
		if !spPlain(reg[b]) {
			key = -1 - b
		}
		g, ok := idx[key]
		if !ok {
			g = len(groups)
			idx[key] = g
			groups = append(groups, group{})
		}
		groups[g].members = append(groups[g].members, b)
	}
	counts := make([]int, len(groups))
	for {
		var in uint64
		for g, k := range counts {
			for _, b := range groups[g].members[:k] {
				in |= 1 << b
			}
		}
		f(in)
		g := 0
		for ; g < len(groups); g++ {
			if counts[g] < len(groups[g].members) {
				counts[g]++
				break
			}
			counts[g] = 0
		}
		if g == len(groups) {
			return
		}
	}
}

// spParsed is a canonical land string read back, with the byte offset of
// each corner and of each boundary's first corner in the position.
type spParsed struct {
	land spLand
	off  [][][]int
}

// spParseCanon reads a land string that this package wrote (no checks),
// whose first byte is at offset base of its position.
func spParseCanon(s string, base int) spParsed {
	var p spParsed
	var reg spRegion
	var roff [][]int
	var bd spBound
	var boff []int
	var letters [128]uint8
	next := uint8(spLetter)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.':
			reg, roff = append(reg, bd), append(roff, boff)
			bd, boff = nil, nil
		case c == '}':
			p.land, p.off = append(p.land, reg), append(p.off, roff)
			reg, roff = nil, nil
		case c == ']':
			return p
		case c >= '0' && c <= '2':
			bd, boff = append(bd, c-'0'), append(boff, base+i)
		default:
			if letters[c] == 0 {
				letters[c] = next
				next++
			}
			bd, boff = append(bd, letters[c]), append(boff, base+i)
		}
	}
	return p
}

// spEachOption calls f with every option of position p reached by moving
// in its k-th land, with the move's name.
func spEachOption(p string, f func(q string, name string)) {
	lands := spLandsOf(p)
	base := 0
	for k, ls := range lands {
		pl := spParseCanon(ls, base)
		spEachMove(pl.land, func(m spMove) {
			dst := make([]string, 0, len(lands)+2)
			dst = append(dst, lands[:k]...)
			dst = append(dst, lands[k+1:]...)
			dst, ok := spApply(pl.land, m, dst)
			if ok {
				f(spJoin(dst), spMoveName(pl, m))
			}
		})
		base += len(ls)
	}
}

// spMoveName writes m as "i-j" (the 1-based positions in the position
// string of the two spots joined) and, for a cut of a region with other
// boundaries, "/k,l" (the positions of the first spot of each boundary
// on the first side), "/-" for none.
func spMoveName(pl spParsed, m spMove) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(pl.off[m.r][m.b1][m.i1] + 1))
	b.WriteByte('-')
	b.WriteString(strconv.Itoa(pl.off[m.r][m.b2][m.i2] + 1))
	if m.b1 == m.b2 && len(pl.land[m.r]) > 1 {
		b.WriteByte('/')
		if m.in == 0 {
			b.WriteByte('-')
		}
		sep := ""
		for e := range pl.land[m.r] {
			if m.in&(1<<e) != 0 {
				b.WriteString(sep)
				b.WriteString(strconv.Itoa(pl.off[m.r][e][0] + 1))
				sep = ","
			}
		}
	}
	return b.String()
}
