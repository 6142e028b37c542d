package rulesets_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// sproutsRandomPositions returns positions reached by random plays from
// starts of 2 to maxSpots spots.
func sproutsRandomPositions(r *rand.Rand, n, maxSpots int) []string {
	var out []string
	for len(out) < n {
		g, _ := rulesets.NewSprouts(2 + r.IntN(maxSpots-1))
		p := g.Start()
		for {
			opts := g.AppendMoves(nil, p)
			if len(opts) == 0 {
				break
			}
			p = opts[r.IntN(len(opts))]
			out = append(out, p)
		}
	}
	return out
}

// sproutsRewrite writes position p another way, working on its text only:
// lands, the regions of each land and the boundaries of each region in a
// random order, each boundary from a random spot, letters renamed (within
// their case, land by land), and each land mirrored (every boundary
// reversed) or not. Every writing is the same position.
func sproutsRewrite(r *rand.Rand, p string) string {
	lands := strings.Split(strings.TrimSuffix(p, "!"), "]")
	lands = lands[:len(lands)-1]
	r.Shuffle(len(lands), func(i, j int) { lands[i], lands[j] = lands[j], lands[i] })
	var b strings.Builder
	for _, land := range lands {
		up := r.Perm(26)
		lo := r.Perm(26)
		mirror := r.IntN(2) == 0
		regs := strings.Split(land, "}")
		regs = regs[:len(regs)-1]
		r.Shuffle(len(regs), func(i, j int) { regs[i], regs[j] = regs[j], regs[i] })
		for _, reg := range regs {
			bds := strings.Split(reg, ".")
			bds = bds[:len(bds)-1]
			r.Shuffle(len(bds), func(i, j int) { bds[i], bds[j] = bds[j], bds[i] })
			for _, bd := range bds {
				s := []byte(bd)
				for i, c := range s {
					switch {
					case c >= 'A' && c <= 'Z':
						s[i] = byte('A' + up[c-'A'])
					case c >= 'a' && c <= 'z':
						s[i] = byte('a' + lo[c-'a'])
					}
				}
				if mirror {
					slices.Reverse(s)
				}
				k := r.IntN(len(s))
				b.Write(s[k:])
				b.Write(s[:k])
				b.WriteByte('.')
			}
			b.WriteByte('}')
		}
		b.WriteByte(']')
	}
	b.WriteByte('!')
	return b.String()
}

// TestSproutsCanonicalInvariant: the canonical form of every position is
// unchanged by relabelling letters, reordering lands, regions and
// boundaries, starting boundaries elsewhere and mirroring lands; and the
// positions the game writes are canonical.
func TestSproutsCanonicalInvariant(t *testing.T) {
	r := gametest.Rand(t)
	n := 600
	if gametest.Long() {
		n = 5000
	}
	for _, p := range sproutsRandomPositions(r, n, 5) {
		if q, err := rulesets.ParseSproutsPosition(p); err != nil || q != p {
			t.Fatalf("%q reads back as %q, %v", p, q, err)
		}
		for range 4 {
			w := sproutsRewrite(r, p)
			if q, err := rulesets.ParseSproutsPosition(w); err != nil || q != p {
				t.Fatalf("%q rewritten %q reads as %q, %v", p, w, q, err)
			}
		}
	}
}

// sproutsWhole is Sprouts without its components: an engine values a
// position by the definition, never as a sum of lands.
type sproutsWhole struct{ g *rulesets.Sprouts }

func (w sproutsWhole) AppendMoves(dst []string, p string) []string { return w.g.AppendMoves(dst, p) }

// TestSproutsLandsXOR: a position of several lands, valued whole, is
// worth the XOR of its lands valued alone.
func TestSproutsLandsXOR(t *testing.T) {
	r := gametest.Rand(t)
	g, _ := rulesets.NewSprouts(3)
	var whole = sg.NewEngine[string](sproutsWhole{g})
	n := 0
	for _, p := range sproutsRandomPositions(r, 300, 4) {
		lands := g.AppendComponents(nil, p)
		if len(lands) < 2 {
			continue
		}
		n++
		v, err := whole.Value(bg, p)
		if err != nil {
			t.Fatal(err)
		}
		var x game.Nimber
		for _, l := range lands {
			lv, err := sg.NewEngine[string](sproutsWhole{g}).Value(bg, l)
			if err != nil {
				t.Fatal(err)
			}
			x ^= lv
		}
		if v != x {
			t.Errorf("%s is worth %v, its lands %v", p, v, x)
		}
	}
	if n < 10 {
		t.Errorf("only %d positions of several lands", n)
	}
}

// TestSproutsGameLengths: every play of the start of p spots lasts from
// 2p to 3p−1 moves, and both bounds are reached (Conway; Winning Ways,
// ch. 17): each move takes two lives and gives one, and at the end each
// spot left alive has neighbours that are dead.
func TestSproutsGameLengths(t *testing.T) {
	top := 3
	if gametest.Long() {
		top = 4
	}
	for p := 1; p <= top; p++ {
		g, _ := rulesets.NewSprouts(p)
		type span struct{ lo, hi int }
		memo := map[string]span{}
		var walk func(q string) span
		walk = func(q string) span {
			if s, ok := memo[q]; ok {
				return s
			}
			opts := g.AppendMoves(nil, q)
			s := span{0, 0}
			for i, o := range opts {
				c := walk(o)
				if i == 0 || c.lo+1 < s.lo {
					s.lo = c.lo + 1
				}
				s.hi = max(s.hi, c.hi+1)
			}
			memo[q] = s
			return s
		}
		if s := walk(g.Start()); s.lo != 2*p || s.hi != 3*p-1 {
			t.Errorf("%d spots: plays last %d to %d moves, want %d to %d", p, s.lo, s.hi, 2*p, 3*p-1)
		}
	}
}
