package rulesets

import (
	"math/bits"

	"github.com/impartial-go/impartial/game/grid"
)

// AppendOptionComponents appends what [Cram.AppendComponents] appends for
// o, when o is an option of c (c without one domino) and c is a region:
// a position whose free cells are connected, as AppendComponents and
// [Cram.Canonical] give them. It is the capability
// [github.com/impartial-go/impartial/sg/search.OptionSplitter], which the
// solver calls on the options of the regions it expands; for any other c
// it is AppendComponents(dst, o), and the caller must not pass a c that is
// not connected with an o that is an option of it.
//
// Most options of a region are the region less one domino, and stay one
// region: when the domino's removal leaves the free cells around it
// connected among themselves, no fill is needed to know it. Precisely: if
// the free cells next to the domino are connected within the ring of
// free cells around it (the 3×4 box centred on it, less the domino: ten
// cells at most, read as an index into a table made once), o is
// connected, since any path of c through the domino enters and leaves it
// at cells next to it, which the ring joins without it. The rest of
// AppendComponents still applies in order: when Reduce leaves o as it is
// and no square of o is cut (see AppendComponents), o is one component,
// itself; otherwise the regions are found by a fill as AppendComponents
// finds them. On a board of more than 64 cells it is AppendComponents.
func (g *Cram) AppendOptionComponents(dst []grid.Set, c, o grid.Set) []grid.Set {
	if !g.word || g.k > 62 {
		return g.AppendComponents(dst, o)
	}
	k := g.k
	dom := c.Lo &^ o.Lo
	x := uint(bits.TrailingZeros64(dom))
	if o.Lo&^c.Lo != 0 || bits.OnesCount64(dom) != 2 {
		return g.AppendComponents(dst, o)
	}
	horiz := dom == 3<<x && uint(g.col[x]) != k-1
	if !horiz && dom != (1|1<<k)<<x {
		return g.AppendComponents(dst, o)
	}
	p, l, r, u, d := g.reduce64Dirs(o.Lo)
	if p == o.Lo && g.ringConnected(p, x, horiz) && cuts64Dirs(l, r, u, d, k) == 0 {
		if p != 0 {
			dst = append(dst, grid.Set{Lo: p})
		}
		return dst
	}
	return g.split64(dst, p, l, r, u, d)
}

// ringConnected reports whether the free cells of p next to the domino
// whose upper or left cell is x (horizontal when horiz) are connected
// within the free cells of the box around it: see ringTables.
func (g *Cram) ringConnected(p uint64, x uint, horiz bool) bool {
	r, c := uint(g.row[x]), uint(g.col[x])
	var i uint64
	if horiz {
		i = g.window(p, r-1, c, 0xf) | g.window(p, r, c, 0xf)<<4 | g.window(p, r+1, c, 0xf)<<8
		return ringH[i>>6]>>(i&63)&1 != 0
	}
	i = g.window(p, r-1, c, 7) | g.window(p, r, c, 7)<<3 | g.window(p, r+1, c, 7)<<6 | g.window(p, r+2, c, 7)<<9
	return ringV[i>>6]>>(i&63)&1 != 0
}

// window returns the cells of p in row r, from column c-1 on, as the
// low bits of mask: 0 for a row or a column off the board (r wraps
// round to a large number for the row above row 0).
func (g *Cram) window(p uint64, r, c uint, mask uint64) uint64 {
	if r >= g.rows {
		return 0
	}
	return (p >> (r * g.k) & (1<<g.k - 1)) << 1 >> c & mask
}

// ringH and ringV are, as bit sets indexed by the free cells of the box
// around a horizontal domino (3 rows of 4 cells, bit 4·row+column, the
// domino at bits 5 and 6) and around a vertical one (4 rows of 3 cells,
// bit 3·row+column, the domino at bits 4 and 7), whether the free cells
// next to the domino are connected within the free cells of the box
// less the domino.
var ringH, ringV = ringTable(3, 4, 5, 6), ringTable(4, 3, 4, 7)

// ringTable returns the table of ringH or ringV for a box of rows × cols
// cells with the domino on cells a and b.
func ringTable(rows, cols, a, b int) (t [64]uint64) {
	n := rows * cols
	adj := func(i, j int) bool {
		ri, ci, rj, cj := i/cols, i%cols, j/cols, j%cols
		return ri == rj && (ci-cj == 1 || cj-ci == 1) || ci == cj && (ri-rj == 1 || rj-ri == 1)
	}
	for idx := range 1 << n {
		free := idx &^ (1<<a | 1<<b)
		next := 0 // free cells next to the domino
		for i := range n {
			if free>>i&1 != 0 && (adj(i, a) || adj(i, b)) {
				next |= 1 << i
			}
		}
		seen := next & -next
		for grew := true; grew; {
			grew = false
			for i := range n {
				if free>>i&1 == 0 || seen>>i&1 != 0 {
					continue
				}
				for j := range n {
					if seen>>j&1 != 0 && adj(i, j) {
						seen |= 1 << i
						grew = true
						break
					}
				}
			}
		}
		if next&^seen == 0 {
			t[idx>>6] |= 1 << (idx & 63)
		}
	}
	return t
}
