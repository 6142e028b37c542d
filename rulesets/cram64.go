package rulesets

import (
	"github.com/impartial-go/impartial/game/grid"
)

// The same on a board of at most 64 cells, a set being one word: cell i
// is bit i, its left and right neighbours bits i∓1 (in the same row:
// masks nc0 and ncLst), its upper and lower ones bits i∓k. Reduce and
// AppendComponents (reduce64Dirs, cuts64Dirs, fill64) take k masked to
// 63, for which the compiler adds no test of a shift of 64 or more: they
// serve the boards of fewer than 64 columns (Cram.split64).

// appendMoves64 is AppendMoves.
func (g *Cram) appendMoves64(dst []grid.Set, p uint64) []grid.Set {
	for w := p & (p >> 1 & g.ncLst); w != 0; w &= w - 1 {
		i := w & -w
		dst = append(dst, grid.Set{Lo: p &^ (i | i<<1)})
	}
	k := g.k
	for w := p & (p >> k); w != 0; w &= w - 1 {
		i := w & -w
		dst = append(dst, grid.Set{Lo: p &^ (i | i<<k)})
	}
	return dst
}

// appendCut64 appends the regions of c, a region of a reduced position
// that a cut split off (connected without its cut edges) for
// AppendComponents: c itself when it neither reduces nor has a cut edge
// (most such regions), with no fill; else what AppendComponents appends
// for it.
func (g *Cram) appendCut64(dst []grid.Set, c uint64) []grid.Set {
	if q, l, r, u, d := g.reduce64Dirs(c); q == c && cuts64Dirs(q, l, r, u, d, g.k) == 0 {
		return append(dst, grid.Set{Lo: c})
	}
	return g.AppendComponents(dst, grid.Set{Lo: c})
}

// seed64 returns the cell, as a one-bit word, from which AppendComponents
// fills a region of rest: one of the middle row when rest has one, since
// fill64 grows a region a cell's step a round vertically and so from the
// middle takes fewer rounds, else the lowest.
func (g *Cram) seed64(rest uint64) uint64 {
	i := rest & g.mid
	if i == 0 {
		i = rest
	}
	return i & -i
}

// reduce64 is Reduce.
func (g *Cram) reduce64(p uint64) uint64 {
	p, _, _, _, _ = g.reduce64Dirs(p)
	return p
}

// reduce64Dirs is Reduce, returning with the reduced position q the cells
// of q whose left, right, upper and lower neighbour is free.
func (g *Cram) reduce64Dirs(p uint64) (q, l, r, u, d uint64) {
	nc0, ncl, k := g.nc0, g.ncLst, g.k&63
	for {
		r = p & (p >> 1 & ncl) // free cells whose right neighbour is free
		d = p & (p >> k)       // … lower neighbour
		l = r << 1             // … left neighbour: the right neighbours of r
		u = d << k             // … upper neighbour
		lr, ud := l|r, u|d
		live := lr | ud
		leaves := live &^ (l&r | u&d | lr&ud)
		if leaves == 0 {
			// Only dead cells go, which are no one's neighbours: l, r,
			// u and d are live's.
			return live, l, r, u, d
		}
		ld := leaves & d
		seen := ld << k
		lr2 := leaves & r
		drop := lr2 & (seen >> 1)
		seen |= lr2 << 1
		lu := leaves & u
		drop |= lu & (seen << k)
		seen |= lu >> k
		ll := leaves & l
		drop |= ll & (seen << 1)
		seen |= ll >> 1
		rest := live &^ (leaves | seen)
		drop |= rest &^ (rest<<1&nc0 | rest>>1&ncl | rest<<k | rest>>k)
		if drop == 0 {
			// Only dead cells go, if any, as above: no iteration more.
			return live, l, r, u, d
		}
		p = live &^ drop
	}
}

// cuts64Dirs is cuts of the position p whose cells with a free left,
// right, upper and lower neighbour are l, r, u and d (as reduce64Dirs
// returns them), on a board of k < 64 columns. Of a square's two corners
// that make a cut, the top one's two neighbours are free cells of the
// square, so the bottom one need only be free and have no other free
// neighbour: rd at cell i with i+k+1 free and neither r nor d there, or
// ld at i+1 with i+k free and neither l nor d there.
func cuts64Dirs(p, l, r, u, d uint64, k uint) uint64 {
	k &= 63
	rd := r & d &^ (l | u)
	ld := l & d &^ (r | u)
	x := rd&((p&^(r|d))>>(k+1&63)) | ld>>1&((p&^(l|d))>>k) // k+1 = 64 on one row, where rd = 0
	return x | x<<k
}

// fill64 is fill from the cell of the one-bit word i. Each round adds to
// the cells found their upper, lower and left neighbours and, in one
// addition, every cell to their right along a run of free cells: with run
// the free cells whose right edge may be followed (not in the last
// column, not the left cell of a cut edge) and s the found cells of run,
// the carries of run + s, (run + s) ^ run ^ s, are the cells from the
// right of each cell of s up to and including the first cell that run
// does not continue past; a carry stops at a cell outside run, so it never
// leaves the row nor crosses a cut. On the regions of the options of
// random 5×7 positions it takes about a fifth less time than a cell's
// step a round (BenchmarkCramFill, "runs" against "cells"). Leftward
// steps of 1, 2, 4, … cells, or the carry taken after the vertical steps
// rather than beside them, save more rounds but lengthen each round's
// chain of dependent operations more: both measured slower. The fill
// ends as soon as it has every cell of p (the usual case: most regions
// are the whole rest of the position), else when a second round adds
// nothing (a test every second round rather than every round saves
// about a tenth, BenchmarkCramFill).
func (g *Cram) fill64(p, cut, i uint64) uint64 {
	k := g.k & 63 // below 64: shifts by k need no test
	run := p & g.ncLst &^ cut
	c := i
	for {
		// Two rounds a test of a fixed point: the test, a branch the
		// processor cannot foresee at the last round, costs about what
		// a round does.
		s := c & run
		n := c | (c<<k|c>>k|c>>1&run|((run+s)^run^s))&p
		if n == p {
			return n
		}
		s = n & run
		c = n | (n<<k|n>>k|n>>1&run|((run+s)^run^s))&p
		if c == n || c == p {
			return c
		}
	}
}
