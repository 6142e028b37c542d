package rulesets_test

import (
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// cramRows returns Cram on the board of rows ('.' free, '#' blocked).
func cramRows(t testing.TB, rows ...string) *rulesets.Cram {
	t.Helper()
	b, free, err := grid.ParseRows(rows, '.', '#')
	if err != nil {
		t.Fatal(err)
	}
	return rulesets.NewCramBoard(b, free)
}

// movesValue is the value of p from moves alone: no components, no
// canonical forms, no reduction.
func movesValue(t testing.TB, g *rulesets.Cram, p grid.Set) game.Nimber {
	t.Helper()
	v, err := sg.NewEngine[grid.Set](movesOnly[grid.Set]{g}).Value(bg, p)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Each rule of Reduce on a board where it applies, with the cells it
// leaves; the value, from moves alone, is the same before and after, and
// for the strips it is Dawson's Kayles's (G(2) = G(3) = 1, G(5) = 0:
// Winning Ways, ch. 4; -1 where no value is cited).
func TestCramReduceRules(t *testing.T) {
	for _, c := range []struct {
		rows  []string
		cells int // cells left by Reduce
		value int
	}{
		{[]string{"."}, 0, 0},                         // a dead cell
		{[]string{".#.", "#.#"}, 0, -1},               // three dead cells
		{[]string{".."}, 2, 1},                        // a domino: nothing to reduce
		{[]string{"..."}, 2, 1},                       // two leaves on one centre
		{[]string{"#.#", "...", "#.#"}, 2, -1},        // four leaves on one centre
		{[]string{".#.", "...", ".#."}, 4, -1},        // H: two leaves a centre, the bar between
		{[]string{"....."}, 4, 0},                     // the middle cell lies between two centres
		{[]string{"...", ".#."}, 4, -1},               // the same, bent
		{[]string{"..", ".."}, 4, -1},                 // a square: no leaf
		{[]string{"...", "...", "..."}, 9, -1},        // 3×3: no leaf
		{[]string{"....", "#..#"}, 6, -1},             // leaves on two centres, no cell between
		{[]string{"#.#", "...", "#.#", "#.#"}, 4, -1}, // a centre keeps one of its leaves; the leg stays
		{[]string{"#.#.#", ".....", "#.#.#"}, 4, -1},  // two crosses: a leaf each, and the cell between goes
	} {
		g := cramRows(t, c.rows...)
		p := g.Start()
		r := g.Reduce(p)
		if r.AndNot(p) != (grid.Set{}) {
			t.Errorf("%v: Reduce adds cells: %v", g, g.Board().Format(r, '.', '#'))
		}
		if r.Len() != c.cells {
			t.Errorf("%v: Reduce leaves %d cells (%s), want %d", g, r.Len(), g.Board().Format(r, '.', '#'), c.cells)
		}
		v, w := movesValue(t, g, p), movesValue(t, g, r)
		if v != w || (c.value >= 0 && v != game.Nimber(c.value)) {
			t.Errorf("%v: value %v, reduced %v, want %d", g, v, w, c.value)
		}
	}
}

// A region that the cut of AppendComponents splits: a square of four
// free cells whose top-left and bottom-right cells have no other free
// neighbour, joined on the top right and the bottom left to two other
// squares. The cut splits the region (and the squares on either side,
// of the same kind, are cut in turn); the parts are components, and
// their values XOR to the value of the whole from moves alone.
func TestCramCutSplitsSquare(t *testing.T) {
	for _, rows := range [][]string{
		{"##..", "#...", "...#", "..##"},
		{"..##", "...#", "#...", "##.."}, // the mirror image: the other diagonal
	} {
		g := cramRows(t, rows...)
		p := g.Start()
		if !g.Board().Connected(p) {
			t.Fatalf("%v: the board is not one region", g)
		}
		comps := g.AppendComponents(nil, p)
		if len(comps) < 2 {
			t.Fatalf("%v: %d components, want the cut to split the region", g, len(comps))
		}
		var x game.Nimber
		for _, c := range comps {
			if again := g.AppendComponents(nil, c); len(again) != 1 || again[0] != c {
				t.Errorf("%v: component %s splits again", g, g.Board().Format(c, '.', '#'))
			}
			x ^= movesValue(t, g, c)
		}
		if want := movesValue(t, g, p); x != want {
			t.Errorf("%v: components XOR to %v, the value is %v", g, x, want)
		}
	}
}

// On random boards of up to 5×5 cells with random blocked cells: Reduce
// keeps a subset of the cells, is idempotent and keeps the value from
// moves alone, and the components XOR to that value.
func TestPropertyCramReduce(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 150))
	props.Property("cram: Reduce and components keep the value", prop.ForAll(
		func(rows, cols int, mask, sparse uint64) (bool, error) {
			g := randomCram(t, rows, cols, mask&sparse)
			p := g.Start()
			r := g.Reduce(p)
			if r.AndNot(p) != (grid.Set{}) || g.Reduce(r) != r {
				return false, fmt.Errorf("%v: Reduce gives %v, again %v", g, r, g.Reduce(r))
			}
			want := movesValue(t, g, p)
			if got := movesValue(t, g, r); got != want {
				return false, fmt.Errorf("%v: reduced %s has value %v, want %v", g, g.Board().Format(r, '.', '#'), got, want)
			}
			var x game.Nimber
			for _, c := range g.AppendComponents(nil, p) {
				x ^= movesValue(t, g, c)
			}
			if x != want {
				return false, fmt.Errorf("%v: components XOR to %v, want %v", g, x, want)
			}
			return true, nil
		},
		gen.IntRange(1, 5), gen.IntRange(1, 5), gen.UInt64Range(0, 1<<25-1), gen.UInt64Range(0, 1<<25-1),
	))
	props.TestingRun(t)
}

// Reduce on an H of seven free cells: each side column is a centre with
// two leaves, of which one is kept, and the bar between the centres goes.
// What is left, two dominoes, has the H's value, 0, and they are its
// components.
func ExampleCram_Reduce() {
	g, err := rulesets.ParseCram(".#./.../.#.")
	if err != nil {
		fmt.Println(err)
		return
	}
	r := g.Reduce(g.Start())
	fmt.Println(g.Board().Format(r, '.', '#'))
	for _, c := range g.AppendComponents(nil, g.Start()) {
		fmt.Println(g.Board().Format(c, '.', '#'))
	}
	// Output:
	// .#./.#./###
	// .##/.##/###
	// ##./##./###
}
