package rulesets_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func mustHackenbush(t testing.TB, text string) *rulesets.Hackenbush {
	t.Helper()
	h, err := rulesets.ParseHackenbush(text)
	if err != nil {
		t.Fatalf("ParseHackenbush(%q): %v", text, err)
	}
	return h
}

// bruteHackenbush returns the value of h by the engine over the cutting
// game played by its rules, and the outcome by exhaustive win/lose search.
func bruteHackenbush(t testing.TB, h *rulesets.Hackenbush) (game.Nimber, game.Outcome) {
	t.Helper()
	g, start, err := h.Game()
	if err != nil {
		t.Fatal(err)
	}
	v, err := sg.NewEngine[uint64](g).Value(bg, start)
	if err != nil {
		t.Fatal(err)
	}
	o, err := sg.NewExhaustive[uint64](g).Outcome(bg, start)
	if err != nil {
		t.Fatal(err)
	}
	return v, o
}

func TestHackenbushKnownValues(t *testing.T) {
	// Winning Ways ch. 7: a stalk of n edges is *n; by the colon principle
	// two one-edge branches on a trunk of one cancel (1 ⊕ 1 = 0) and the
	// tree is worth the trunk, *1; by the fusion principle an odd cycle on
	// the ground is a loop, *1, and an even cycle is 0.
	cases := []struct {
		text string
		want game.Nimber
	}{
		{"g-1", 1},
		{"g-1,1-2,2-3", 3},
		{"g-1,1-2,1-3", 1},
		{"g-1,1-2,1-3,3-4", 4},             // branches *1 and *2 at vertex 1: (1 ⊕ 2) + 1
		{"g-1,1-2,2-g", 1},                 // triangle
		{"g-1,1-2,2-3,3-g", 0},             // square
		{"g-g", 1},                         // a loop is one edge
		{"g-1,g-1", 0},                     // two edges between g and 1: a cycle of 2
		{"g-1,1-2,2-3,3-1", 2},             // a triangle on a stalk: the loop *1 on top of one edge
		{"g-1,1-1,1-1,1-1", 2},             // three loops fuse to one: 1 + 1
		{"g-1,1-2,3-4", 2},                 // edge 3-4 is not joined to the ground
		{"g-1 , 1-2 , g-3", 3},             // stalks of 2 and 1
		{"g-a,a-b,b-g,b-c,c-d,d-b", 0},     // two triangles sharing b fuse to six loops
		{"g-a,a-b,b-g,b-c,c-d,d-b,d-e", 1}, // and an edge on top: 0 ⊕ (0+1)
	}
	for _, c := range cases {
		h := mustHackenbush(t, c.text)
		if got := h.Value(); got != c.want {
			t.Errorf("%q: value %d, want %d", c.text, got, c.want)
		}
		if v, _ := bruteHackenbush(t, h); v != h.Value() {
			t.Errorf("%q: value %d, the cutting game gives %d", c.text, h.Value(), v)
		}
	}
}

func TestHackenbushMoves(t *testing.T) {
	// Stalks of 2 and 1 (value 3): cutting the top of the 2-stalk leaves
	// *1 ⊕ *1 = 0, the one winning move.
	h := mustHackenbush(t, "g-1,1-2,g-3")
	moves, err := h.Moves(bg)
	if err != nil {
		t.Fatal(err)
	}
	want := []game.EdgeCut{{Edge: 0, Text: "g-1", Value: 1}, {Edge: 1, Text: "1-2", Value: 0}, {Edge: 2, Text: "g-3", Value: 2}}
	if fmt.Sprint(moves) != fmt.Sprint(want) {
		t.Errorf("moves %v, want %v", moves, want)
	}
	win, err := h.WinningMoves(bg)
	if err != nil || len(win) != 1 || win[0].Edge != 1 {
		t.Errorf("winning moves %v, %v; want edge 1", win, err)
	}
	after, err := h.Cut(0)
	if err != nil || after.String() != "g-3" {
		t.Errorf("Cut(0) = %v, %v; want g-3", after, err)
	}
	if _, err := h.Cut(3); err == nil || !strings.Contains(err.Error(), "3") {
		t.Errorf("Cut(3): err = %v, want one naming edge 3", err)
	}
	far := mustHackenbush(t, "g-1,2-3")
	if _, err := far.Cut(1); err == nil || !strings.Contains(err.Error(), `"2-3"`) {
		t.Errorf("Cut of an ungrounded edge: err = %v", err)
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	if _, err := h.Moves(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Moves with a cancelled context: err = %v", err)
	}
}

func TestHackenbushParseErrors(t *testing.T) {
	cases := []struct{ text, token, msg string }{
		{"", "", "no edges"},
		{"g-1,1-", "1-", "edge 1"},
		{"g-1, 1-2 ,2", "2", "edge 2"},
		{"g-1,1-2-3", "1-2-3", `bad vertex name "2-3"`},
		{"g-x!", "g-x!", `edge 0: bad vertex name "x!"`},
		{"g-1,,1-2", "", "edge 1"},
	}
	for _, c := range cases {
		_, err := rulesets.ParseHackenbush(c.text)
		var se *rulesets.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: err = %v, want a *SyntaxError", c.text, err)
			continue
		}
		if se.Token != c.token || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("%q: token %q, msg %q; want token %q and %q", c.text, se.Token, se.Msg, c.token, c.msg)
		}
	}
	// The position names the edge in the whole text (1-based, in runes).
	_, err := rulesets.ParseHackenbush("g-1, 1-")
	var se *rulesets.SyntaxError
	if errors.As(err, &se) && se.Pos != 6 {
		t.Errorf("position %d, want 6", se.Pos)
	}
	many := strings.Repeat("g-1,", rulesets.MaxHackenbushEdges) + "g-1"
	if _, err := rulesets.ParseHackenbush(many); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("too many edges: err = %v", err)
	}
	if _, _, err := mustHackenbush(t, strings.TrimSuffix(strings.Repeat("g-1,", 65), ",")).Game(); err == nil {
		t.Error("Game of 65 edges: no error")
	}
}

func TestHackenbushRoundTrip(t *testing.T) {
	h := mustHackenbush(t, " g-a , a-a,a-b_2 ")
	if h.String() != "g-a,a-a,a-b_2" || h.Len() != 3 {
		t.Errorf("String %q, Len %d", h.String(), h.Len())
	}
	if again := mustHackenbush(t, h.String()); again.String() != h.String() {
		t.Errorf("round trip %q", again)
	}
}

// randomPicture returns a picture on the ground and nv other vertices
// whose edge i joins the vertices ends[2i] and ends[2i+1] (modulo nv+1,
// 0 being the ground); loops and repeated edges occur.
func randomPicture(nv int, ends []int) string {
	var b strings.Builder
	name := func(x int) string {
		if x%(nv+1) == 0 {
			return "g"
		}
		return fmt.Sprint(x % (nv + 1))
	}
	for i := 0; i+1 < len(ends); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(name(ends[i]) + "-" + name(ends[i+1]))
	}
	return b.String()
}

func TestHackenbushAgainstCuttingGame(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 300))
	props.Property("value and moves equal the search of the cutting game", prop.ForAll(
		func(nv, ne int, ends []int) bool {
			text := randomPicture(nv, ends[:2*ne])
			h, err := rulesets.ParseHackenbush(text)
			if err != nil {
				t.Log(text, err)
				return false
			}
			v, o := bruteHackenbush(t, h)
			if v != h.Value() || o != sg.OutcomeOf(v) {
				t.Logf("%s: value %d, search %d (%v)", text, h.Value(), v, o)
				return false
			}
			moves, err := h.Moves(bg)
			if err != nil {
				return false
			}
			for _, m := range moves {
				after, err := h.Cut(m.Edge)
				if err != nil {
					return false
				}
				if bv, _ := bruteHackenbush(t, after); bv != m.Value || after.Value() != m.Value {
					t.Logf("%s: cut %d %s: value %d, search %d", text, m.Edge, m.Text, m.Value, bv)
					return false
				}
			}
			return true
		},
		gen.IntRange(1, 6),
		gen.IntRange(1, 11),
		gen.SliceOfN(22, gen.IntRange(0, 6)),
	))
	props.TestingRun(t)
}

func TestHackenbushMovesProgress(t *testing.T) {
	h := mustHackenbush(t, strings.TrimSuffix(strings.Repeat("g-1,", 150), ","))
	var calls [][2]int
	moves, err := h.MovesProgress(bg, func(done, total int) { calls = append(calls, [2]int{done, total}) })
	if err != nil || len(moves) != 150 {
		t.Fatalf("%d moves, %v", len(moves), err)
	}
	// 150 parallel edges between g and 1: an even number of loops after
	// fusion is 0, and any cut leaves 149, an odd number: *1.
	if h.Value() != 0 || moves[0].Value != 1 {
		t.Errorf("value %d, after a cut %d; want 0 and 1", h.Value(), moves[0].Value)
	}
	want := [][2]int{{64, 150}, {128, 150}, {150, 150}}
	if fmt.Sprint(calls) != fmt.Sprint(want) {
		t.Errorf("progress %v, want %v", calls, want)
	}
}

func TestHackenbushMovesAgainstCut(t *testing.T) {
	// Pictures too large for the search: the value after each move, found
	// from the tree of blocks for bridges, equals the value of the picture
	// Cut returns, evaluated afresh.
	r := gametest.Rand(t)
	for range 20 {
		nv := 5 + r.IntN(60)
		name := func(x int) string {
			if x == 0 {
				return "g"
			}
			return fmt.Sprint(x)
		}
		var parts []string
		for x := 1; x <= nv; x++ {
			parts = append(parts, name(r.IntN(x))+"-"+name(x))
		}
		for range r.IntN(nv / 3) {
			parts = append(parts, name(r.IntN(nv+1))+"-"+name(r.IntN(nv+1)))
		}
		text := strings.Join(parts, ",")
		h := mustHackenbush(t, text)
		moves, err := h.Moves(bg)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			after, err := h.Cut(m.Edge)
			if err != nil {
				t.Fatal(err)
			}
			if after.Value() != m.Value {
				t.Fatalf("%s: cut %d (%s): Moves says %d, the cut picture %d", text, m.Edge, m.Text, m.Value, after.Value())
			}
		}
	}
}
