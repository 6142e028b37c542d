package rulesets_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// Boards are read and written as rows of 'x' and '.', with or without '/'
// between rows; a bad board is refused naming the cell or the count.
func TestParseNotaktoBoard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want rulesets.NotaktoBoard
		out  string
	}{
		{".........", 0, ".../.../..."},
		{"x...x...x", 0421, "x../.x./..x"},
		{"X../.x./..x", 0421, "x../.x./..x"},
		{"xx./.../...", 3, "xx./.../..."},
	} {
		b, err := rulesets.ParseNotaktoBoard(c.in)
		if err != nil || b != c.want || b.String() != c.out {
			t.Errorf("%q: %v (%s), %v; want %v (%s)", c.in, uint16(b), b, err, uint16(c.want), c.out)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"", "0 cells"},
		{"xx", "2 cells"},
		{"..........", "more than 9 cells"},
		{"....o....", "cell 4"},
		{"x..//x../...", "'/' at character 5"},
		{"/.........", "'/' at character 1"},
		{"..é......", "cell 2"},
		{strings.Repeat(".", 100000), "more than 9 cells"},
	} {
		_, err := rulesets.ParseNotaktoBoard(c.in)
		if err == nil || !strings.Contains(err.Error(), c.msg) || len(err.Error()) > 200 {
			t.Errorf("%.20q: %v, want %q", c.in, err, c.msg)
		}
	}
}

// A board with a line is dead and has no move; a live board has a move
// for each empty cell; Canonical is the same on the eight images of a
// board and idempotent.
func TestNotaktoRules(t *testing.T) {
	n, err := rulesets.NewNotakto(2)
	if err != nil || n.String() != "notakto:2" || len(n.Start()) != 2 {
		t.Fatalf("NewNotakto(2): %v, %v", n, err)
	}
	for _, k := range []int{0, -1, rulesets.MaxNotaktoBoards + 1} {
		if _, err := rulesets.NewNotakto(k); err == nil {
			t.Errorf("NewNotakto(%d) accepted", k)
		}
	}
	dead := map[string]bool{"xxx/.../...": true, "x../x../x..": true, "..x/.x./x..": true, "xx./..x/...": false}
	for s, want := range dead {
		b, _ := rulesets.ParseNotaktoBoard(s)
		moves := n.AppendMoves(nil, b)
		if b.Dead() != want || (want && len(moves) != 0) || (!want && len(moves) != 6) {
			t.Errorf("%s: dead %v, %d moves", s, b.Dead(), len(moves))
		}
	}
	classes := map[rulesets.NotaktoBoard]bool{}
	for b := rulesets.NotaktoBoard(0); b < 512; b++ {
		c := n.Canonical(b)
		if n.Canonical(c) != c || c.Dead() != b.Dead() {
			t.Fatalf("%s: canonical %s", b, c)
		}
		classes[c] = true
	}
	// The 512 boards fall in 102 classes under the symmetries of the square.
	if len(classes) != 102 {
		t.Errorf("%d classes of boards", len(classes))
	}
	corner, _ := rulesets.ParseNotaktoBoard("x../.../...")
	for _, s := range []string{"..x/.../...", ".../.../x..", ".../.../..x"} {
		b, _ := rulesets.ParseNotaktoBoard(s)
		if n.Canonical(b) != n.Canonical(corner) {
			t.Errorf("%s and the top left corner differ", s)
		}
	}
	if _, err := n.StartValue(context.Background()); err != nil {
		t.Error(err)
	}
	if v, _ := n.StartValue(context.Background()); v != 0 {
		t.Errorf("two boards: normal-play value %v, want 0", v)
	}
}

// The normal-play value Notakto computes by its own rules equals the
// generic engine's on one board, and its winning moves are the moves to
// boards of value 0.
func TestNotaktoNormalPlay(t *testing.T) {
	ctx := context.Background()
	one, _ := rulesets.NewNotakto(1)
	want, err := sg.NewEngine[rulesets.NotaktoBoard](one).Value(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	three, _ := rulesets.NewNotakto(3)
	for _, n := range []*rulesets.Notakto{one, three} {
		got, err := n.StartValue(ctx)
		if err != nil || got != want {
			t.Errorf("%v: start value %v, %v; the engine says %v", n, got, err, want)
		}
	}
	moves, _ := one.WinningMoves(ctx)
	var zero []string
	e := sg.NewEngine[rulesets.NotaktoBoard](one)
	for c := range 9 {
		if v, _ := e.Value(ctx, rulesets.NotaktoBoard(1)<<c); v == 0 {
			zero = append(zero, "0:"+strconv.Itoa(c))
		}
	}
	if strings.Join(moves, " ") != strings.Join(zero, " ") || (want != 0) != (len(moves) > 0) {
		t.Errorf("winning moves %v, want %v (value %v)", moves, zero, want)
	}
}
