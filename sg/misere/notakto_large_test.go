package misere

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
)

// squareNotakto is Notakto on one k×k board (k ≤ 5) where a line of l X's
// in a row, column or diagonal kills the board: bit k·r+c is the cell in
// row r, column c. Package rulesets has the 3×3 game; this one measures
// how far the quotient reaches on larger boards.
type squareNotakto struct {
	k     int
	lines []uint32
	syms  [8][]int
}

func newSquareNotakto(k, l int) *squareNotakto {
	g := &squareNotakto{k: k}
	at := func(r, c int) int { return k*r + c }
	for r := 0; r < k; r++ {
		for c := 0; c < k; c++ {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				var m uint32
				ok := true
				for i := 0; i < l; i++ {
					rr, cc := r+i*d[0], c+i*d[1]
					if rr < 0 || rr >= k || cc < 0 || cc >= k {
						ok = false
						break
					}
					m |= 1 << at(rr, cc)
				}
				if ok {
					g.lines = append(g.lines, m)
				}
			}
		}
	}
	for s := range 8 {
		g.syms[s] = make([]int, k*k)
		for r := 0; r < k; r++ {
			for c := 0; c < k; c++ {
				rr, cc := r, c
				for range s % 4 {
					rr, cc = cc, k-1-rr
				}
				if s >= 4 {
					cc = k - 1 - cc
				}
				g.syms[s][at(r, c)] = at(rr, cc)
			}
		}
	}
	return g
}

func (g *squareNotakto) dead(b uint32) bool {
	for _, l := range g.lines {
		if b&l == l {
			return true
		}
	}
	return false
}

func (g *squareNotakto) AppendMoves(dst []uint32, b uint32) []uint32 {
	if g.dead(b) {
		return dst
	}
	for i := range g.k * g.k {
		if b&(1<<i) == 0 {
			dst = append(dst, b|1<<i)
		}
	}
	return dst
}

func (g *squareNotakto) Canonical(b uint32) uint32 {
	best := b
	for _, sym := range g.syms[1:] {
		var t uint32
		for i, j := range sym {
			if b&(1<<i) != 0 {
				t |= 1 << j
			}
		}
		best = min(best, t)
	}
	return best
}

// liveClasses counts the canonical boards reachable from the empty one,
// and those with a move.
func (g *squareNotakto) liveClasses() (all, live int) {
	seen := map[uint32]bool{0: true}
	stack := []uint32{0}
	var buf []uint32
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		all++
		if !g.dead(b) {
			live++
		}
		buf = g.AppendMoves(buf[:0], b)
		for _, o := range buf {
			o = g.Canonical(o)
			if !seen[o] {
				seen[o] = true
				stack = append(stack, o)
			}
		}
	}
	return all, live
}

// Larger Notakto boards: the classes of boards under the symmetries of
// the square, and a quotient construction stopped by its element bound
// with a *sg.LimitError (docs/misere.md, "Notakto").
func TestSquareNotaktoLimit(t *testing.T) {
	for _, c := range []struct{ k, l, all, live int }{{3, 3, 87, 46}, {4, 3, 4471, 1433}, {4, 4, 8043, 4961}} {
		all, live := newSquareNotakto(c.k, c.l).liveClasses()
		if all != c.all || live != c.live {
			t.Errorf("%d×%d, %d in a row: %d classes of boards, %d live; want %d, %d", c.k, c.k, c.l, all, live, c.all, c.live)
		}
	}
	cases := []struct{ k, l, elems, stop int }{{4, 4, 8, 0}}
	if gametest.Long() {
		// the default bound: 4×4 with three in a row stops at component
		// 183 of 188, whose candidate needs 23,000 elements
		cases = append(cases, struct{ k, l, elems, stop int }{4, 3, DefaultMaxElements, 183})
	}
	for _, c := range cases {
		_, err := NewGameQuotient[uint32](context.Background(), newSquareNotakto(c.k, c.l), []uint32{0}, WithMaxElements(c.elems))
		var le *sg.LimitError
		if !errors.As(err, &le) || !errors.Is(err, sg.ErrLimit) || le.Bound != "elements" || le.Limit != int64(c.elems) {
			t.Fatalf("%d×%d, %d in a row, at most %d elements: %v, want an element limit error", c.k, c.k, c.l, c.elems, err)
		}
		if c.stop > 0 && !strings.Contains(err.Error(), fmt.Sprintf("component %d:", c.stop)) {
			t.Errorf("%d×%d, %d in a row: %v, want a stop at component %d", c.k, c.k, c.l, err, c.stop)
		}
	}
}

// TestSquareNotaktoReach measures where the quotient of larger Notakto
// boards stops (up to 5 minutes a board: add -timeout 30m):
// IMPARTIAL_LONG=1 IMPARTIAL_NOTAKTO=1, or
// IMPARTIAL_NOTAKTO=4x3:65536,… for boards K×K with L in a row and an
// element bound.
func TestSquareNotaktoReach(t *testing.T) {
	gametest.SkipUnlessLong(t)
	if os.Getenv("IMPARTIAL_NOTAKTO") == "" {
		t.Skip("set IMPARTIAL_NOTAKTO=1")
	}
	cases := []struct{ k, l, elems int }{{3, 3, 0}, {4, 4, 4096}, {4, 3, 4096}, {5, 3, 4096}}
	if spec := os.Getenv("IMPARTIAL_NOTAKTO"); spec != "1" { // K×L:ELEMENTS,…
		cases = cases[:0]
		for _, f := range strings.Split(spec, ",") {
			var c struct{ k, l, elems int }
			fmt.Sscanf(f, "%dx%d:%d", &c.k, &c.l, &c.elems)
			cases = append(cases, c)
		}
	}
	for _, c := range cases {
		g := newSquareNotakto(c.k, c.l)
		all, live := g.liveClasses()
		t.Logf("%d×%d, %d in a row: %d lines, %d classes of boards (%d live)", c.k, c.k, c.l, len(g.lines), all, live)
	}
	for _, c := range cases {
		g := newSquareNotakto(c.k, c.l)
		t0 := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		last := Progress{}
		q, err := NewGameQuotient[uint32](ctx, g, []uint32{0}, WithMaxElements(c.elems), WithMaxPositions(1<<22),
			WithQuotientProgress(func(p Progress) {
				if p.Heap%100 == 0 {
					fmt.Fprintf(os.Stderr, "%d×%d/%d: %+v %v\n", c.k, c.k, c.l, p, time.Since(t0))
				}
				last = p
			}))
		cancel()
		var le *sg.LimitError
		msg := fmt.Sprintf("%d×%d, %d in a row", c.k, c.k, c.l)
		switch {
		case err == nil:
			t.Logf("%s: quotient of %d elements (%d components, %d generators) in %v", msg, q.Order(), q.Max(), len(q.gens), time.Since(t0))
		case errors.As(err, &le):
			t.Logf("%s: %v after %v, last progress %+v (errors.Is ErrLimit: %v)", msg, err, time.Since(t0), last, errors.Is(err, sg.ErrLimit))
		default:
			t.Logf("%s: %v after %v, last progress %+v", msg, err, time.Since(t0), last)
		}
	}
}

var _ game.Canonicalizer[uint32] = (*squareNotakto)(nil)
