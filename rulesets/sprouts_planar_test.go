package rulesets_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// An explicit drawing of a Sprouts position, written for the test and
// independent of the ruleset's notation: a plane graph as a rotation
// system (dart 2k and 2k+1 are the two ends of edge k; rot[d] is the next
// dart round d's origin), and the faces as lists of walks, a walk being
// a dart of its face cycle or, for a spot with no lines, -1-v. The face
// cycle of dart d continues with rot[twin(d)]. A move inserts the darts
// of a new path u–x–v into two corners of one face and traces the face
// cycles again, so it finds how faces merge and split from the drawing
// itself.
type drawing struct {
	deg   []int
	org   []int
	rot   []int
	faces [][]int
}

func (g *drawing) clone() *drawing {
	c := &drawing{deg: slices.Clone(g.deg), org: slices.Clone(g.org), rot: slices.Clone(g.rot)}
	for _, f := range g.faces {
		c.faces = append(c.faces, slices.Clone(f))
	}
	return c
}

func (g *drawing) next(d int) int { return g.rot[d^1] }

// cycle returns the darts of d's face cycle.
func (g *drawing) cycle(d int) []int {
	out := []int{d}
	for e := g.next(d); e != d; e = g.next(e) {
		out = append(out, e)
	}
	return out
}

// prev returns the dart before d on its face cycle.
func (g *drawing) prev(d int) int {
	c := g.cycle(d)
	return c[len(c)-1]
}

// corners returns the corners of walk w: its darts (the corner where each
// leaves its origin), or the lone spot.
func (g *drawing) corners(w int) []int {
	if w < 0 {
		return []int{w}
	}
	return g.cycle(w)
}

func (g *drawing) vertex(c int) int {
	if c < 0 {
		return -1 - c
	}
	return g.org[c]
}

// insert puts dart e into the corner c at its origin, whose dart before
// it round the origin is before (-1 for a spot with no lines, where e
// goes after the dart after when there is one).
func (g *drawing) insert(e, c, before, after int) {
	switch {
	case after >= 0:
		g.rot[e], g.rot[after] = g.rot[after], e
	case c < 0:
		g.rot[e] = e
	default:
		g.rot[before], g.rot[e] = e, c
	}
}

// play draws the line from corner c1 to corner c2 of face f, putting the
// other walks listed in with (bits) with the first new face when the face
// splits; ok is false when the move is illegal.
func (g *drawing) play(f, w1, c1, w2, c2 int, with uint64) (*drawing, bool) {
	u, v := g.vertex(c1), g.vertex(c2)
	if c1 == c2 && g.deg[u] > 1 || c1 != c2 && (g.deg[u] > 2 || g.deg[v] > 2 || u == v && g.deg[u] > 1) {
		return nil, false
	}
	if c1 != c2 && u == v {
		return nil, false
	}
	h := g.clone()
	x := len(h.deg)
	h.deg = append(h.deg, 2)
	h.deg[u]++
	h.deg[v]++
	e := len(h.org)
	h.org = append(h.org, u, x, x, v)
	h.rot = append(h.rot, 0, 0, 0, 0)
	h.rot[e+1], h.rot[e+2] = e+2, e+1
	b1, b2 := -1, -1
	if c1 >= 0 {
		b1 = h.prev(c1) ^ 1
	}
	if c2 >= 0 {
		b2 = h.prev(c2) ^ 1
	}
	h.insert(e, c1, b1, -1)
	if c1 == c2 {
		h.insert(e+3, c1, -1, e)
	} else {
		h.insert(e+3, c2, b2, -1)
	}
	var others []int
	for i := range g.faces[f] {
		if i != w1 && i != w2 {
			others = append(others, i)
		}
	}
	ca := h.cycle(e)
	faces := slices.Delete(slices.Clone(h.faces), f, f+1)
	if slices.Contains(ca, e+3) { // one face: the walks merged
		nf := []int{e}
		for _, i := range others {
			nf = append(nf, g.faces[f][i])
		}
		h.faces = append(faces, nf)
		return h, true
	}
	fa, fb := []int{e}, []int{e + 3}
	for k, i := range others {
		if with&(1<<k) != 0 {
			fa = append(fa, g.faces[f][i])
		} else {
			fb = append(fb, g.faces[f][i])
		}
	}
	h.faces = append(faces, fa, fb)
	return h, true
}

// options returns every drawing one move from g.
func (g *drawing) options() []*drawing {
	var out []*drawing
	for f, walks := range g.faces {
		for w1, a := range walks {
			for w2 := w1; w2 < len(walks); w2++ {
				b := walks[w2]
				for i1, c1 := range g.corners(a) {
					for i2, c2 := range g.corners(b) {
						if w1 == w2 && i2 < i1 {
							continue
						}
						shares := uint64(1)
						if w1 == w2 {
							shares = 1 << (len(walks) - 1)
						}
						for with := range shares {
							if h, ok := g.play(f, w1, c1, w2, c2, with); ok {
								out = append(out, h)
							}
						}
					}
				}
			}
		}
	}
	return out
}

// text writes g in Glop's notation, all faces as one land (the parser
// splits lands and reduces).
func (g *drawing) text() string {
	corners := map[int][]int{} // vertex → faces of its corners
	for f, walks := range g.faces {
		for _, w := range walks {
			for _, c := range g.corners(w) {
				corners[g.vertex(c)] = append(corners[g.vertex(c)], f)
			}
		}
	}
	names := map[int]byte{}
	up, lo := byte('A'), byte('a')
	var b strings.Builder
	for _, walks := range g.faces {
		var reg strings.Builder
		for _, w := range walks {
			var bd strings.Builder
			for _, c := range g.corners(w) {
				v := g.vertex(c)
				switch {
				case g.deg[v] < 2:
					bd.WriteByte(byte('0' + g.deg[v]))
				case g.deg[v] == 2:
					if _, ok := names[v]; !ok {
						if fs := corners[v]; fs[0] != fs[1] {
							names[v], up = up, up+1
						} else {
							names[v], lo = lo, lo+1
						}
					}
					bd.WriteByte(names[v])
				}
			}
			if bd.Len() > 0 {
				reg.WriteString(bd.String() + ".")
			}
		}
		if reg.Len() > 0 {
			b.WriteString(reg.String() + "}")
		}
	}
	if b.Len() == 0 {
		return "!"
	}
	return b.String() + "]!"
}

// drawValues values drawings by their own moves, with no reduction: a
// drawing's value is the mex of its options' values, remembered by its
// full text (every spot and region written, nothing merged), which
// determines the game.
type drawValues map[string]game.Nimber

func (m drawValues) value(d *drawing) game.Nimber {
	k := d.text()
	if v, ok := m[k]; ok {
		return v
	}
	var seen []bool
	for _, o := range d.options() {
		v := int(m.value(o))
		for len(seen) <= v {
			seen = append(seen, false)
		}
		seen[v] = true
	}
	v := game.Nimber(len(seen))
	for i, s := range seen {
		if !s {
			v = game.Nimber(i)
			break
		}
	}
	m[k] = v
	return v
}

// TestSproutsAgainstDrawings: from the starts of 1 to 3 spots (4 with
// IMPARTIAL_LONG=1), every position's options in the ruleset have the
// values of the positions the explicit drawings reach in one move, and
// the position the value of its drawing, each drawing valued by its own
// moves (drawValues). Options are compared by value, not by their
// strings: the reduction of a region of at most three lives (spFree)
// merges positions whose drawings differ but whose games are equal.
func TestSproutsAgainstDrawings(t *testing.T) {
	top, maxDrawings := 3, 20000
	if gametest.Long() {
		top, maxDrawings = 4, 400000
	}
	for p := 1; p <= top; p++ {
		g, _ := rulesets.NewSprouts(p)
		d := &drawing{faces: [][]int{{}}}
		for v := range p {
			d.deg = append(d.deg, 0)
			d.faces[0] = append(d.faces[0], -1-v)
		}
		seen := map[string]bool{}
		drawings := 0
		dv := drawValues{}
		eng := sg.NewEngine[string](g)
		valueSet := func(ps []string) map[game.Nimber]bool {
			out := map[game.Nimber]bool{}
			for _, q := range ps {
				v, err := eng.Value(bg, q)
				if err != nil {
					t.Fatal(err)
				}
				out[v] = true
			}
			return out
		}
		keyOf := func(d *drawing) string {
			key, err := rulesets.ParseSproutsPosition(d.text())
			if err != nil {
				t.Fatalf("%s: %v", d.text(), err)
			}
			return key
		}
		// walk compares the options of a drawing with those of its
		// position, for the first drawing of each position and then for
		// other drawings of positions already met (up to maxDrawings in
		// all): this tests the reductions too, which merge drawings into
		// one position.
		var walk func(d *drawing, key string)
		walk = func(d *drawing, key string) {
			drawings++
			want := map[game.Nimber]bool{}
			var fresh []*drawing
			for _, o := range d.options() {
				k := keyOf(o)
				want[dv.value(o)] = true
				if !seen[k] {
					seen[k] = true
					fresh = append(fresh, o)
				} else if drawings < maxDrawings {
					walk(o, k)
				}
			}
			got := valueSet(g.AppendMoves(nil, key))
			if !maps.Equal(got, want) {
				t.Errorf("%s (drawn %s): options of values %v, the drawings reach %v", key, d.text(), slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
			}
			if v, w := valueSet([]string{key}), dv.value(d); !v[w] {
				t.Errorf("%s (drawn %s): value %v, the drawing's %v", key, d.text(), slices.Sorted(maps.Keys(v)), w)
			}
			for _, o := range fresh {
				walk(o, keyOf(o))
			}
		}
		if k := keyOf(d); k != g.Start() {
			t.Errorf("start of %d spots drawn: %s, want %s", p, k, g.Start())
		}
		seen[g.Start()] = true
		walk(d, g.Start())
		t.Logf("%d spots: %d positions, %d drawings agree", p, len(seen), drawings)
	}
}
