package rulesets

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// This file holds the position strings of Sprouts: their parser, their
// reductions and the canonical form of a land. The notation is that of
// J. Lemoine and S. Viennot's program Glop (the manual of Glop 1.0, and
// "Computer analysis of Sprouts with nimbers", Games of No Chance 4, MSRI
// Publications 63, 2015; "Nimbers are inevitable", Theoretical Computer
// Science 462, 2012): a position is a list of lands, each ended by ']',
// the whole ended by '!'; a land is a list of regions, each ended by '}';
// a region is a list of boundaries, each ended by '.'; a boundary is the
// list of the spots met walking along it with the region on the left
// (counter-clockwise round the outer boundary, clockwise round the
// others). Spots without lives are not written; a spot is written by the
// number of lines drawn to it: '0' (three lives), '1' (two lives), '2'
// (one life, seen once), and a spot with one life seen at two corners
// by a letter, upper case when the two corners lie in two regions, lower
// case when they lie in one. Letters are local to a land.
//
// Internally a land is a slice of regions, a region a slice of
// boundaries, a boundary a slice of symbols: 0, 1, 2 for those digits
// and spLetter+k for the k-th letter of the land.

// spLetter is the first symbol of a letter in the internal form.
const spLetter = 3

// spMaxLetters bounds lives plus letters of a Sprouts position: then no
// position reached from it has more than 26 letters in one land, which
// the notation's alphabet of each case holds.
const spMaxLetters = 52

type (
	spBound  = []uint8
	spRegion = []spBound
	spLand   = []spRegion
)

// spLives returns the lives of symbol s: 3, 2, 1, and 1 for a letter.
func spLives(s uint8) int {
	if s < spLetter {
		return 3 - int(s)
	}
	return 1
}

// spSyntax is the error of a bad Sprouts string at byte i (0-based).
func spSyntax(text string, i int, msg string) error {
	tok := ""
	if i >= 0 && i < len(text) {
		tok = text[i : i+1]
	}
	return &SyntaxError{Spec: text, Pos: i + 1, Token: tok, Msg: msg}
}

// spComplete adds the terminators a position string may leave out: the
// last boundary's '.', region's '}', land's ']' and the final '!'.
func spComplete(s string) string {
	if strings.HasSuffix(s, "!") || s == "" {
		if s == "" {
			return "!"
		}
		return s
	}
	switch s[len(s)-1] {
	case ']':
		return s + "!"
	case '}':
		return s + "]!"
	case '.':
		return s + "}]!"
	}
	return s + ".}]!"
}

// parseSproutsLands reads a position string into its lands, checking
// every character: each letter of a land appears exactly twice, in two
// regions when upper case and in one when lower case, and a '0' is alone
// on its boundary. Positions count bytes of the completed string from 0.
func parseSproutsLands(text string) ([]spLand, error) {
	s := spComplete(text)
	var lands []spLand
	var land spLand
	var reg spRegion
	var bnd spBound
	letters := map[byte]uint8{} // letter → symbol, in the current land
	seen := map[byte][]int{}    // letter → regions of its occurrences
	var order []byte            // letters of the land in order met
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '!':
			if i != len(s)-1 {
				return nil, spSyntax(s, i+1, "text after the end of the position '!'")
			}
			if len(bnd) > 0 || len(reg) > 0 || len(land) > 0 {
				return nil, spSyntax(s, i, "unfinished land before '!' (end boundaries with '.', regions with '}', lands with ']')")
			}
			return lands, nil
		case c == '.':
			if len(bnd) == 0 {
				return nil, spSyntax(s, i, "empty boundary")
			}
			for j, x := range bnd {
				if x == 0 && len(bnd) > 1 {
					return nil, spSyntax(s, i-len(bnd)+j, "a spot '0' has no lines, so it is alone on its boundary")
				}
			}
			reg = append(reg, bnd)
			bnd = nil
		case c == '}':
			if len(bnd) > 0 {
				return nil, spSyntax(s, i, "boundary not ended by '.'")
			}
			if len(reg) == 0 {
				return nil, spSyntax(s, i, "empty region")
			}
			land = append(land, reg)
			reg = nil
		case c == ']':
			if len(bnd) > 0 || len(reg) > 0 {
				return nil, spSyntax(s, i, "region not ended by '}'")
			}
			if len(land) == 0 {
				return nil, spSyntax(s, i, "empty land")
			}
			for _, l := range order {
				if len(seen[l]) != 2 {
					return nil, spSyntax(s, i, fmt.Sprintf("letter %c appears once in its land (a spot seen once is '2')", l))
				}
			}
			lands = append(lands, land)
			land = nil
			clear(letters)
			clear(seen)
			order = order[:0]
		case c >= '0' && c <= '2':
			bnd = append(bnd, c-'0')
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			r := len(land)
			switch len(seen[c]) {
			case 0:
				letters[c] = uint8(spLetter + len(order))
				order = append(order, c)
			case 1:
				same := seen[c][0] == r
				if upper := c <= 'Z'; upper && same {
					return nil, spSyntax(s, i, fmt.Sprintf("upper-case letter %c twice in one region (write it in lower case)", c))
				} else if !upper && !same {
					return nil, spSyntax(s, i, fmt.Sprintf("lower-case letter %c in two regions (write it in upper case)", c))
				}
			default:
				return nil, spSyntax(s, i, fmt.Sprintf("letter %c a third time in its land (a letter is a spot seen at two corners)", c))
			}
			seen[c] = append(seen[c], r)
			bnd = append(bnd, letters[c])
		default:
			return nil, spSyntax(s, i, "not a Sprouts character (0 1 2, letters, '.' '}' ']' '!')")
		}
	}
	return nil, spSyntax(s, len(s)-1, "no end of position '!'")
}

// spBudget returns lives plus letters of lands (see spMaxLetters).
func spBudget(lands []spLand) int {
	n := 0
	for _, l := range lands {
		seen := map[uint8]bool{}
		for _, r := range l {
			for _, b := range r {
				for _, x := range b {
					if x < spLetter {
						n += spLives(x)
					} else if !seen[x] {
						seen[x] = true
						n += 2
					}
				}
			}
		}
	}
	return n
}

// spReduce applies the reductions of Lemoine and Viennot to a land that
// may hold dead marks (symbols ≥ dead): it removes them and the empty
// boundaries, removes every region with fewer than two lives (no move
// can be made in it; a letter whose other corner is elsewhere becomes
// '2' there), writes a letter whose two corners follow each other on a
// boundary (only lifeless spots between them) as one '2', writes a region
// of at most three lives as one unordered boundary (spFree), and returns
// the lands the rest falls into, each canonical.
func spReduce(land spLand, dead func(uint8) bool, dst []string) []string {
	out := land[:0]
	for _, r := range land {
		nr := r[:0]
		for _, b := range r {
			nb := b[:0]
			for _, x := range b {
				if !dead(x) {
					nb = append(nb, x)
				}
			}
			if len(nb) > 0 {
				nr = append(nr, nb)
			}
		}
		if spRegionLives(nr) >= 2 {
			out = append(out, nr)
		}
	}
	// letters seen once now (their other corner was in a removed region)
	var count [256]uint8
	for _, r := range out {
		spCountLetters(&count, r)
	}
	for ri, r := range out {
		for bi, b := range r {
			for i, x := range b {
				if x >= spLetter && count[x] == 1 {
					b[i] = 2
				}
			}
			r[bi] = spSqueeze(b)
		}
		if spRegionLives(r) <= 3 {
			out[ri] = spFree(r)
		}
	}
	return spSplitLands(out, dst)
}

// spSqueeze replaces a letter whose two corners are next to each other on
// b (cyclically) by one '2'.
func spSqueeze(b spBound) spBound {
	for {
		n := len(b)
		k := -1
		for i := 0; i < n && n > 1; i++ {
			if b[i] >= spLetter && b[i] == b[(i+1)%n] {
				k = i
				break
			}
		}
		if k < 0 {
			return b
		}
		if k == n-1 { // the pair wraps round: drop the first
			b = append(b[:0], b[1:]...)
			b[len(b)-1] = 2
		} else {
			b[k] = 2
			b = append(b[:k+1], b[k+2:]...)
		}
	}
}

// spRegionLives returns the lives of the spots of a region, a letter
// counted once.
func spRegionLives(r spRegion) int {
	n := 0
	var seen [4]uint64
	for _, b := range r {
		for _, x := range b {
			if x >= spLetter {
				if seen[x>>6]&(1<<(x&63)) != 0 {
					continue
				}
				seen[x>>6] |= 1 << (x & 63)
			}
			n += spLives(x)
		}
	}
	return n
}

// spSplitLands cuts regions into lands (regions joined by a letter are in
// one land) and appends the canonical string of each to dst. It reorders
// regs (each land's regions together).
func spSplitLands(regs []spRegion, dst []string) []string {
	n := len(regs)
	var parentBuf [32]int
	parent := parentBuf[:0]
	if n > len(parentBuf) {
		parent = make([]int, n)
	}
	parent = parent[:n]
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	var where [256]int32 // region of a letter's first corner, plus one
	for i, r := range regs {
		for _, b := range r {
			for _, x := range b {
				if x < spLetter {
					continue
				}
				if j := int(where[x]) - 1; j >= 0 {
					parent[find(i)] = find(j)
				} else {
					where[x] = int32(i + 1)
				}
			}
		}
	}
	// Each land's regions are written back into regs, in their order, so
	// that a land is a part of regs (a buffer of the stack for the copy:
	// a land handed to spCanonCached would make it escape).
	var tmpBuf [32]spRegion
	tmp := tmpBuf[:0]
	if n > len(tmpBuf) {
		tmp = make([]spRegion, 0, n)
	}
	tmp = append(tmp, regs...)
	k := 0
	for i := range n {
		if find(i) != i {
			continue
		}
		lo := k
		for j := range n {
			if find(j) == i {
				regs[k] = tmp[j]
				k++
			}
		}
		dst = append(dst, spCanonCached(regs[lo:k]))
	}
	return dst
}

// spJoin returns the position string of lands, each a canonical land
// string ended by ']': sorted, then '!'.
func spJoin(lands []string) string {
	slices.Sort(lands)
	return strings.Join(lands, "") + "!"
}

// spLandsOf splits a canonical position string into its land strings,
// each with its ']'.
func spLandsOf(p string) []string {
	var out []string
	for len(p) > 1 {
		i := strings.IndexByte(p, ']')
		if i < 0 {
			break
		}
		out = append(out, p[:i+1])
		p = p[i+1:]
	}
	return out
}

// spCanonCacheSize bounds the lands whose canonical forms are kept in
// each of the two generations of spCanons: a move's land is often one
// met before in the same order (the same regions, boundaries and
// corners, letters renamed), and its canonical form is then read instead
// of searched for.
const spCanonCacheSize = 1 << 18

// spCanons maps the exact writing of a land (its letters named in the
// order met) to its canonical form, in two generations: a land is looked
// up in the new one, then in the old one (and then copied to the new
// one); when the new one is full it becomes the old one and the old one
// is emptied, so that the lands met recently stay. It holds facts about
// lands only, so every game shares it.
var spCanons = struct {
	sync.Mutex
	m, old map[string]string
}{m: map[string]string{}, old: map[string]string{}}

// spCanonCached returns spCanon(land), through the cache spCanons.
func spCanonCached(land spLand) string {
	var buf [128]byte
	k := spRawKey(buf[:0], land)
	spCanons.Lock()
	c, ok := spCanons.m[string(k)]
	if !ok {
		if c, ok = spCanons.old[string(k)]; ok {
			spCanonKeep(string(k), c)
		}
	}
	spCanons.Unlock()
	if ok {
		return c
	}
	c = spCanon(land)
	spCanons.Lock()
	spCanonKeep(string(k), c)
	spCanons.Unlock()
	return c
}

// spCanonKeep records c as the canonical form of the land written k in
// the new generation of spCanons, which the caller holds locked.
func spCanonKeep(k, c string) {
	if len(spCanons.m) >= spCanonCacheSize {
		spCanons.m, spCanons.old = spCanons.old, spCanons.m
		clear(spCanons.m)
	}
	spCanons.m[k] = c
}

// spRawKey appends to b land exactly as it is ordered, its letters named
// in the order met: two lands with one key are one land.
func spRawKey(b []byte, land spLand) []byte {
	var names [256]byte
	next := byte('A')
	for _, r := range land {
		for _, bd := range r {
			for _, x := range bd {
				if x < spLetter {
					b = append(b, '0'+x)
					continue
				}
				if names[x] == 0 {
					names[x] = next
					next++
				}
				b = append(b, names[x])
			}
			b = append(b, '.')
		}
		b = append(b, '}')
	}
	return b
}
