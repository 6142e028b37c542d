package rulesets

import (
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/grid"
)

// The one-word path of AppendMoves, NumMoves, Canonical, Reduce and
// AppendComponents (boards of at most 64 cells) gives the same results as
// the two-word path (the moves in the same order), on random positions of
// boards of every shape up to 8×8.
func TestCramWordPathMatchesSets(t *testing.T) {
	r := gametest.Rand(t)
	for rows := 1; rows <= 8; rows++ {
		for cols := 1; cols <= 8; cols++ {
			g, err := NewCram(rows, cols)
			if err != nil {
				t.Fatal(err)
			}
			if !g.word || !g.split64 {
				t.Fatalf("%v: no one-word path", g)
			}
			sets := *g
			sets.word, sets.split64 = false, false
			for range 300 {
				// Dense and sparse positions alike.
				p := grid.Set{Lo: r.Uint64() | r.Uint64()}
				if r.IntN(2) == 0 {
					p.Lo &= r.Uint64()
				}
				p = p.And(g.b.Full())
				if a, b := g.Reduce(p), sets.Reduce(p); a != b {
					t.Fatalf("%v %s: Reduce %s by words, %s by sets", g, g.b.Format(p, '.', '#'), g.b.Format(a, '.', '#'), g.b.Format(b, '.', '#'))
				}
				if a, b := g.AppendMoves(nil, p), sets.AppendMoves(nil, p); !slices.Equal(a, b) {
					t.Fatalf("%v %s: moves %v by words, %v by sets", g, g.b.Format(p, '.', '#'), a, b)
				}
				if a, b := g.NumMoves(p), sets.NumMoves(p); a != b {
					t.Fatalf("%v %s: %d moves by words, %d by sets", g, g.b.Format(p, '.', '#'), a, b)
				}
				if a, b := g.Canonical(p), sets.Canonical(p); a != b {
					t.Fatalf("%v %s: canonical form %v by words, %v by sets", g, g.b.Format(p, '.', '#'), a, b)
				}
				a, b := g.AppendComponents(nil, p), sets.AppendComponents(nil, p)
				slices.SortFunc(a, compareSets)
				slices.SortFunc(b, compareSets)
				if !slices.Equal(a, b) {
					t.Fatalf("%v %s: components %v by words, %v by sets", g, g.b.Format(p, '.', '#'), a, b)
				}
			}
		}
	}
}

// fill64Cells is fill64 a cell's step a round: the reference for the
// run-at-a-time fill.
func (g *Cram) fill64Cells(p, cut, i uint64) uint64 {
	nc0, ncl, k := g.nc0, g.ncLst, g.k
	c := i
	for {
		n := (c | c<<k | c>>k | (c&^cut)<<1&nc0 | c>>1&ncl&^cut) & p
		if n == c {
			return c
		}
		c = n
	}
}

// fill64 gives fill64Cells's region from every cell of random positions
// of boards of every shape up to 64 cells (rows of 1 to 64 cells, so
// runs that reach the last column and the leftward steps of long rows
// are met), with random cuts and with the positions' own cut squares.
func TestFill64(t *testing.T) {
	r := gametest.Rand(t)
	for rows := 1; rows <= 16; rows++ {
		for cols := 1; cols*rows <= 64; cols++ {
			g, err := NewCram(rows, cols)
			if err != nil {
				t.Fatal(err)
			}
			full := g.b.Full().Lo
			for range 2000 {
				p := r.Uint64() | r.Uint64()
				if r.IntN(2) == 0 {
					p &= r.Uint64()
				}
				p &= full
				if p == 0 {
					continue
				}
				cut := r.Uint64() & r.Uint64() & r.Uint64()
				if r.IntN(2) == 0 {
					cut = g.cuts64(p)
				}
				for w := p; w != 0; w &= w - 1 {
					i := w & -w
					if a, b := g.fill64(p, cut, i), g.fill64Cells(p, cut, i); a != b {
						t.Fatalf("%v: fill of %#x cut %#x from %#x: %#x, want %#x", g, p, cut, i, a, b)
					}
				}
			}
		}
	}
}

// On every position of the boards of at most 16 cells (every set of free
// cells: blocked cells are cells never free), the one-word split gives
// the same components as the two-word path, and fill64 from every cell,
// with the position's cut squares, the same region as fill64Cells.
func TestCramWordPathExhaustive(t *testing.T) {
	for _, d := range [][2]int{{4, 4}, {2, 8}, {8, 2}, {3, 5}, {5, 3}, {1, 16}, {16, 1}} {
		g, err := NewCram(d[0], d[1])
		if err != nil {
			t.Fatal(err)
		}
		sets := *g
		sets.word = false
		for p := uint64(0); p < 1<<(d[0]*d[1]); p++ {
			a, b := g.AppendComponents(nil, grid.Set{Lo: p}), sets.AppendComponents(nil, grid.Set{Lo: p})
			slices.SortFunc(a, compareSets)
			slices.SortFunc(b, compareSets)
			if !slices.Equal(a, b) {
				t.Fatalf("%v %s: components %v by words, %v by sets", g, g.b.Format(grid.Set{Lo: p}, '.', '#'), a, b)
			}
			cut := g.cuts64(p)
			for w := p; w != 0; w &= w - 1 {
				i := w & -w
				if a, b := g.fill64(p, cut, i), g.fill64Cells(p, cut, i); a != b {
					t.Fatalf("%v: fill of %#x cut %#x from %#x: %#x, want %#x", g, p, cut, i, a, b)
				}
			}
		}
	}
}

// compareSets orders sets as Set.Less does, for slices.SortFunc.
func compareSets(x, y grid.Set) int {
	if x.Less(y) {
		return -1
	}
	if y.Less(x) {
		return 1
	}
	return 0
}

// cuts64 is cuts of any one-word position p, reduced or not: a source of
// realistic cut edges for the fill tests.
func (g *Cram) cuts64(p uint64) uint64 {
	k := g.k
	return cuts64Dirs(p, p&(p<<1&g.nc0), p&(p>>1&g.ncLst), p&(p<<k), p&(p>>k), k)
}
