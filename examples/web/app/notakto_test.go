package app

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
)

// misereWins says whether the player to move wins the sum of Notakto
// boards bs in misère play, by brute force (memo keyed by the boards).
func misereWins(bs [2]rulesets.NotaktoBoard, memo map[[2]rulesets.NotaktoBoard]bool) bool {
	if v, ok := memo[bs]; ok {
		return v
	}
	win := bs[0].Dead() && bs[1].Dead() // no move: the other player made the last line
	for i := range 2 {
		if bs[i].Dead() {
			continue
		}
		for c := range 9 {
			if bs[i]&(1<<c) == 0 {
				next := bs
				next[i] |= 1 << c
				if !misereWins(next, memo) {
					win = true
				}
			}
		}
	}
	memo[bs] = win
	return win
}

// TestNotakto: the page's outcomes and winning moves of two boards agree
// with a brute-force misère search, the start outcomes with Plambeck and
// Whitehead's, and a bad board is refused by its number and cell.
func TestNotakto(t *testing.T) {
	for k, want := range map[int]string{1: "N", 2: "P", 3: "N"} {
		r := ask(t, Request{View: "position", Game: "notakto:" + itoa(k)})
		if r.Error != "" || r.Outcome != want || r.Picture == nil || len(r.Picture.Alive) != 9*k {
			t.Fatalf("notakto:%d: outcome %q (error %q), want %s with %d cells drawn", k, r.Outcome, r.Error, want, 9*k)
		}
	}
	memo := map[[2]rulesets.NotaktoBoard]bool{}
	rng := rand.New(rand.NewPCG(4, 2))
	for range 60 {
		var bs [2]rulesets.NotaktoBoard
		for i := range bs {
			for range rng.IntN(6) {
				if !bs[i].Dead() {
					bs[i] |= 1 << rng.IntN(9)
				}
			}
		}
		pos := bs[0].String() + "," + bs[1].String()
		r := ask(t, Request{View: "play", Game: "notakto:2", Position: pos})
		if r.Error != "" {
			t.Fatalf("%s: %s", pos, r.Error)
		}
		if got, want := r.Outcome == "N", misereWins(bs, memo); got != want {
			t.Errorf("%s: outcome %s, brute force says the mover wins: %v", pos, r.Outcome, want)
		}
		for _, m := range r.Picture.Moves {
			e := m.Pick[0]
			next := bs
			next[e/9] |= 1 << (e % 9)
			if m.Winning != !misereWins(next, memo) {
				t.Errorf("%s: %s marked winning %v, brute force disagrees", pos, m.Text, m.Winning)
			}
		}
		if r.Picture.Reply == nil && len(r.Picture.Moves) > 0 {
			t.Errorf("%s: the bot does not reply", pos)
		}
	}
	for _, c := range []struct{ pos, want string }{
		{"x........,xx.x.a...", "board 2"},
		{"x........", "has 2 boards"},
		{"x........,xxxxxxxxxx", "board 2"},
	} {
		r := ask(t, Request{View: "play", Game: "notakto:2", Position: c.pos})
		if r.Field != "position" || !strings.Contains(r.Error, c.want) {
			t.Errorf("%s: error %q in field %q, want one naming %q", c.pos, r.Error, r.Field, c.want)
		}
	}
}

// TestCoinGrid: a board of coins is drawn with each head's value, the
// Tartan theorem's, and its winning moves leave value 0.
func TestCoinGrid(t *testing.T) {
	r := ask(t, Request{View: "play", Game: "coins2:corners:4.4,2.3"})
	p := r.Picture
	if r.Error != "" || p == nil || p.Kind != "coins2" || p.Rows != 5 || p.Cols != 5 {
		t.Fatalf("corners 4.4, 2.3: %q %+v, want a 5×5 board of coins", r.Error, p)
	}
	// 4 ⊗ 4 = 6 and 2 ⊗ 3 = 1 (nim-multiplication): the value is 7.
	if r.Value != 7 || p.Marks[24] != "4.4:6" || p.Marks[13] != "2.3:1" {
		t.Errorf("value %d, marks %q and %q: want 7, 4.4:6 and 2.3:1", r.Value, p.Marks[24], p.Marks[13])
	}
	for _, m := range p.Moves {
		after := ask(t, Request{View: "position", Game: "coins2:corners:4.4,2.3", At: m.Position})
		if m.Winning != (after.Value == 0) {
			t.Errorf("%s: winning %v, but it leaves value %d", m.Text, m.Winning, after.Value)
		}
	}
	if p.Reply == nil || !p.Reply.Winning {
		t.Errorf("the bot's reply %+v is not a winning move", p.Reply)
	}
	if r := ask(t, Request{View: "play", Game: "coins2:corners:9.9"}); r.Field != "game" || !strings.Contains(r.Error, "9.9") {
		t.Errorf("a 10×10 board: error %q in field %q, want one naming 9.9", r.Error, r.Field)
	}
}
