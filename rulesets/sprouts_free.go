package rulesets

import "slices"

// spFree writes r, a region of at most three lives, as one boundary: its
// digits in increasing order, then its letters of two regions, a letter
// of this region alone written '2'. In such a region the boundaries and
// the order of the spots need not be told apart (the manual of Glop 1.0,
// "Choose a start position": "when inside a region there is 3 lives or
// less, it is useless to separate boundaries"; J. Lemoine and S.
// Viennot, "Computer analysis of Sprouts with nimbers", 2015): a move in
// it takes two of its lives and leaves its new spot, with one life, in a
// region with whatever life is left, which the next move there joins to
// it, however the boundaries run. So only which spots it holds, with
// their lives, matters. The canonical form (spCanon) treats the letters
// of such a boundary as unordered.
func spFree(r spRegion) spRegion {
	var buf [16]uint8
	syms := buf[:0]
	var seen [256]uint8
	spCountLetters(&seen, r)
	for _, b := range r {
		for _, x := range b {
			switch {
			case x < spLetter:
				syms = append(syms, x)
			case seen[x] == 2: // both corners here: one spot of one life
				syms = append(syms, 2)
				seen[x] = 0
			case seen[x] == 1:
				syms = append(syms, x)
			}
		}
	}
	spSortFree(syms)
	r[0] = append(r[0][:0], syms...)
	return r[:1]
}

// spCountLetters adds to count, for each letter of region r, the number
// of its corners in r.
func spCountLetters(count *[256]uint8, r spRegion) {
	for _, b := range r {
		for _, x := range b {
			if x >= spLetter {
				count[x]++
			}
		}
	}
}

// spSortFree puts the digits of a free boundary first, in increasing
// order, and its letters after them in increasing order of symbol.
func spSortFree(b spBound) {
	for i := 1; i < len(b); i++ {
		for j := i; j > 0 && b[j] < b[j-1]; j-- {
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
}

// freeWritings fills info.free and info.perms.
func (info *spCanonInfo) freeWritings() {
	land := info.land
	info.free = slices.Grow(info.free[:0], len(land))[:len(land)]
	info.perms = slices.Grow(info.perms[:0], len(land))[:len(land)]
	for r, reg := range land {
		info.free[r] = len(reg) == 1 && len(reg[0]) > 1 && spRegionLives(reg) <= 3
		if !info.free[r] {
			continue
		}
		bd := reg[0]
		var digits, letters [8]uint8
		nd, nl := 0, 0
		for _, x := range bd {
			if x < spLetter {
				digits[nd] = x
				nd++
			} else {
				letters[nl] = x
				nl++
			}
		}
		spSortFree(digits[:nd])
		spSortFree(letters[:nl])
		p := info.perms[r][:0]
		for {
			p = append(append(p, digits[:nd]...), letters[:nl]...)
			if !spNextPerm(letters[:nl]) {
				break
			}
		}
		info.perms[r] = p
	}
}

// spNextPerm rearranges x into the next permutation in lexicographic
// order, reporting false (and leaving x sorted) after the last.
func spNextPerm(x []uint8) bool {
	i := len(x) - 2
	for i >= 0 && x[i] >= x[i+1] {
		i--
	}
	if i < 0 {
		slices.Reverse(x)
		return false
	}
	j := len(x) - 1
	for x[j] <= x[i] {
		j--
	}
	x[i], x[j] = x[j], x[i]
	slices.Reverse(x[i+1:])
	return true
}
