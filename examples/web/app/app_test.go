package app

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

func ask(t *testing.T, r Request) Response {
	t.Helper()
	return Handle(context.Background(), r, nil)
}

func TestPositionValues(t *testing.T) {
	for _, c := range []struct {
		game, pos string
		value     uint64
		win       string
	}{
		{"nim", "1,2,3,4", 4, "heap 4: take all 4"},
		{"nim", "1,2,3", 0, ""},
		{"sub:1,2,3", "10", 2, "heap 1: take 2 of 10, leaving 8"}, // G(n) = n mod 4
		{"kayles", "5", 4, ""},                                    // Kayles .77: 0 1 2 3 1 4 (Winning Ways ch. 4)
		{".07", "6,3", 2, ""},                                     // Dawson's Kayles: G(6) = 3, G(3) = 1
	} {
		r := ask(t, Request{View: "position", Game: c.game, Position: c.pos})
		if r.Error != "" {
			t.Fatalf("%s %s: %s", c.game, c.pos, r.Error)
		}
		if r.Value != c.value {
			t.Errorf("%s %s: value %d, want %d", c.game, c.pos, r.Value, c.value)
		}
		wins := 0
		for _, m := range r.Moves {
			if m.Winning {
				wins++
				if c.win != "" && wins == 1 && m.Text != c.win {
					t.Errorf("%s %s: first winning move %q, want %q", c.game, c.pos, m.Text, c.win)
				}
			}
		}
		if (wins > 0) != (c.value != 0) {
			t.Errorf("%s %s: %d winning moves for value %d", c.game, c.pos, wins, c.value)
		}
		if len(r.Mex) == 0 {
			t.Errorf("%s %s: no mex table", c.game, c.pos)
		}
	}
}

func TestNimSum(t *testing.T) {
	r := ask(t, Request{View: "nimsum", Game: "nim", Position: "1,2,3,4"})
	if r.NimSum == nil || r.NimSum.Sum != 4 || r.NimSum.Chosen != 3 || r.NimSum.To != 0 {
		t.Fatalf("nim-sum table of 1 2 3 4: %+v, want sum 4, row 4 from 4 to 0", r.NimSum)
	}
}

func TestSequencePeriod(t *testing.T) {
	r := ask(t, Request{View: "sequence", Game: ".07"})
	s := r.Sequence
	if s == nil || s.Preperiod != 53 || s.Period != 34 || !s.Certified {
		t.Fatalf("Dawson's Kayles .07: %+v, want certified preperiod 53, period 34 (Guy and Smith, 1956)", s)
	}
	if !strings.Contains(s.SVG, `class="period"`) || strings.Count(s.SVG, `class="bar"`) != len(s.Values) {
		t.Error("the plot lacks the period band or a bar per value")
	}
}

func TestGraphAndPlay(t *testing.T) {
	r := ask(t, Request{View: "graph", Game: ".07", Position: "6,3"})
	if r.Error != "" || r.Graph == nil {
		t.Fatal(r.Error)
	}
	// 13 positions: found by listing the options of (3, 6) by hand.
	if len(r.Graph.Nodes) != 13 || !strings.Contains(r.Graph.SVG, `class="node P"`) {
		t.Errorf("graph of (6, 3) in .07: %d nodes, want 13 with P nodes drawn", len(r.Graph.Nodes))
	}
	p := ask(t, Request{View: "play", Game: "nim", Position: "1,2,3,4"})
	if p.Reply == nil || !p.Reply.Winning {
		t.Errorf("bot's reply from an N-position: %+v, want a winning move", p.Reply)
	}
	p = ask(t, Request{View: "play", Game: "nim", Position: "0"})
	if p.Error != "" || p.Reply != nil {
		t.Errorf("bot's reply with no move: %+v %q", p.Reply, p.Error)
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		r     Request
		field string
		says  string
	}{
		{Request{View: "position", Game: ".9x", Position: "1"}, "game", "x"},
		{Request{View: "position", Game: "nim", Position: "1,-2"}, "position", "negative"},
		{Request{View: "position", Game: "nim", Position: "1,abc"}, "position", "abc"},
		{Request{View: "position", Game: "nim", Position: "100000"}, "position", "100000"},
		{Request{View: "position", Game: "nim", Position: ""}, "position", "empty"},
		{Request{View: "sequence", Game: "nim", N: -1}, "n", "-1"},
		{Request{View: "bogus", Game: "nim", Position: "1"}, "view", "bogus"},
		{Request{View: "graph", Game: "nim", Position: "30,30,30"}, "position", "smaller"},
	} {
		r := ask(t, c.r)
		if r.Field != c.field || !strings.Contains(r.Error, c.says) {
			t.Errorf("%+v: error %q in field %q, want one in %q that mentions %q", c.r, r.Error, r.Field, c.field, c.says)
		}
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := Handle(ctx, Request{View: "sequence", Game: "grundy", N: 1 << 20}, nil)
	if !strings.Contains(r.Error, "cancel") {
		t.Errorf("cancelled sequence: %q", r.Error)
	}
}

// TestTooLong: a request that runs past the time limit stops with an error
// naming the field to change. The values of .E (a move may split a heap
// into three) cost n² a heap, so the default 2^16 of them would take hours;
// Cram 7×7 is a search of minutes at least.
func TestTooLong(t *testing.T) {
	for _, c := range []struct {
		r     Request
		field string
	}{
		{Request{View: "sequence", Game: ".E"}, "n"},
		{Request{View: "position", Game: "cram:7x7"}, "game"},
	} {
		r := handleWithin(context.Background(), c.r, nil, 100*time.Millisecond)
		if r.Field != c.field || !strings.Contains(r.Error, "took longer than 100ms") {
			t.Errorf("%+v: error %q in field %q, want one in %q about the limit", c.r, r.Error, r.Field, c.field)
		}
	}
}

func FuzzHandle(f *testing.F) {
	f.Add("position", "nim", "1,2,3", 0)
	f.Add("sequence", ".07", "", 100)
	f.Add("graph", "sub:1,2", "3,4", 0)
	f.Fuzz(func(t *testing.T, view, game, pos string, n int) {
		if n > 5000 || n < -5 {
			n %= 5000
		}
		// Must not panic. A second's limit keeps costly inputs (a
		// sequence of .E, a large board) from stalling the fuzzer; they
		// must stop with an error then.
		resp := handleWithin(context.Background(), Request{View: view, Game: game, Position: pos, At: pos, N: n}, nil, time.Second)
		if b := resp.AppendJSON(nil); !json.Valid(b) {
			t.Errorf("the answer's JSON is not valid: %s", b)
		}
	})
}

func TestBoards(t *testing.T) {
	for _, c := range []struct {
		game  string
		value uint64
		wins  bool
	}{
		{"cram:4x5", 2, true},               // even×odd Cram is N; *2 (the search package's example)
		{"cram:4x4", 0, false},              // even×even: the second player copies (Winning Ways ch. 22)
		{"chomp:5,4", 0, false},             // two rows (a, a-1) are P (Zeilberger 2001)
		{"hackenbush:g-1,1-2,2-3", 3, true}, // a stalk of 3 is *3 (Winning Ways ch. 7); cut the bottom edge
		{"sprouts:3", 1, true},              // 3 spots: the first player wins (3 mod 6)
	} {
		r := ask(t, Request{View: "position", Game: c.game})
		if r.Error != "" || r.Board == nil {
			t.Fatalf("%s: %q", c.game, r.Error)
		}
		if r.Value != c.value || (len(r.Board.Moves) > 0) != c.wins {
			t.Errorf("%s: value %d with moves %v, want %d (moves: %v)", c.game, r.Value, r.Board.Moves, c.value, c.wins)
		}
	}
	if r := ask(t, Request{View: "position", Game: "sprouts:2"}); r.Board == nil || r.Board.Start != "0.0.}]!" {
		t.Errorf("sprouts:2: the start position is not shown: %+v", r.Board)
	}
	if r := ask(t, Request{View: "sequence", Game: "cram:3x3"}); r.Field != "view" {
		t.Errorf("sequence of a board: %+v, want an error on the view", r)
	}
}

// TestLoopy: the position view of a game with cycles, on Ferguson's graph
// (Game Theory, Part I, Fig. 3.4): vertices 0 1 2 3 4 are ∞{} ∞{} ∞{1} *1 *0.
func TestLoopy(t *testing.T) {
	r := ask(t, Request{View: "position", Game: "digraph:0-1,1-2,2-0,2-3,3-4", Position: "2,3"})
	if r.Error != "" || r.Loopy == nil {
		t.Fatalf("loopy position: %q", r.Error)
	}
	if r.Outcome != "N" || len(r.Loopy.Moves) != 1 || r.Loopy.Values[0] != "∞{1}" || r.Loopy.Values[1] != "*1" {
		t.Errorf("tokens on 2 and 3: %+v, want N by 2 → 3, values ∞{1} and *1", r.Loopy)
	}
	if r := ask(t, Request{View: "position", Game: "digraph:0-1,1-2,2-0,2-3,3-4", Position: "0,1"}); r.Outcome != "D" {
		t.Errorf("tokens on 0 and 1: outcome %q, want D (two draws)", r.Outcome)
	}
	if r := ask(t, Request{View: "position", Game: "windup:4/2", Position: "9"}); r.Field != "position" {
		t.Errorf("heap past the rule: %+v", r)
	}
}

// TestMisere: misère Nim is won by playing as in normal Nim until every
// heap is 0 or 1, then leaving an odd number of heaps of 1 (Bouton).
func TestMisere(t *testing.T) {
	for _, c := range []struct {
		pos, want string
	}{{"1,1", "N"}, {"1,1,1", "P"}, {"1", "P"}, {"2,2", "P"}, {"1,2,3", "P"}, {"1,1,2", "N"}, {"2,3", "N"}} {
		r := ask(t, Request{View: "misere", Game: "nim", Position: c.pos})
		if r.Misere == nil || r.Misere.Outcome != c.want {
			t.Errorf("misère Nim %s: %+v, want %s", c.pos, r.Misere, c.want)
		}
		if c.want == "N" && len(r.Misere.Moves) == 0 {
			t.Errorf("misère Nim %s is N but lists no winning move", c.pos)
		}
	}
	if r := Handle(t.Context(), Request{View: "misere", Game: "nim", Position: "40,40"}, nil); r.Field != "position" {
		t.Errorf("misère Nim 40,40: %+v, want an error on the position", r)
	}
}

// TestPictures: each drawn board starts at its own start (a Chomp bar of
// unequal rows, a Cram board with blocked cells), its moves lead to
// positions the page can ask about, and the bot's reply is a listed move.
func TestPictures(t *testing.T) {
	for _, c := range []struct {
		game  string
		alive int
	}{
		{"chomp:5,4", 9}, {"cram:..#/...", 5}, {"nodekayles:path:5", 5}, {"coins:ruler:1,3", 2},
		{"hackenbush:g-1,1-2,2-g,2-3", 4},
	} {
		r := ask(t, Request{View: "play", Game: c.game})
		if r.Error != "" || r.Picture == nil {
			t.Fatalf("%s: %q", c.game, r.Error)
		}
		n := 0
		for _, a := range r.Picture.Alive {
			if a {
				n++
			}
		}
		if n != c.alive {
			t.Errorf("%s: %d elements in play at the start, want %d", c.game, n, c.alive)
		}
		if r.Picture.Reply == nil || len(r.Picture.Moves) == 0 {
			t.Fatalf("%s: no moves or no reply", c.game)
		}
		next := ask(t, Request{View: "position", Game: c.game, At: r.Picture.Reply.Position})
		if next.Error != "" || next.Picture == nil {
			t.Errorf("%s after %s: %q", c.game, r.Picture.Reply.Text, next.Error)
		}
		if r.Value != 0 && !r.Picture.Reply.Winning {
			t.Errorf("%s: value *%d but the bot's reply %s does not win", c.game, r.Value, r.Picture.Reply.Text)
		}
	}
}

// TestLargeHackenbush: a picture too large to draw is still valued.
func TestLargeHackenbush(t *testing.T) {
	edges := []string{"g-v0"}
	for i := 1; i <= MaxDrawnEdges; i++ {
		edges = append(edges, fmt.Sprintf("v%d-v%d", i-1, i))
	}
	r := ask(t, Request{View: "position", Game: "hackenbush:" + strings.Join(edges, ",")})
	if r.Error != "" || r.Picture != nil || r.Value != uint64(MaxDrawnEdges+1) {
		t.Errorf("a stalk of %d edges: value %d, picture %v, error %q; want *%d, no picture", MaxDrawnEdges+1, r.Value, r.Picture != nil, r.Error, MaxDrawnEdges+1)
	}
}

// TestBadAt: a drawn board's position names only its own elements.
func TestBadAt(t *testing.T) {
	for _, at := range []string{"99", "x", "0,-1"} {
		r := Handle(context.Background(), Request{View: "play", Game: "chomp:5,4", At: at}, nil)
		if r.Field != "at" || !strings.Contains(r.Error, at) {
			t.Errorf("at=%s: %+v, want an error on at naming it", at, r.Error)
		}
	}
	if r := Handle(context.Background(), Request{View: "play", Game: "chomp:5,4", At: "9"}, nil); r.Field != "at" {
		t.Errorf("at=9 (the missing square of chomp:5,4): %q, want an error on at", r.Error)
	}
}
