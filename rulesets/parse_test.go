package rulesets_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
)

func TestParse(t *testing.T) {
	tests := []struct{ spec, want string }{
		{".07", "0.07"},
		{"0.137", "0.137"},
		{"4.07", "4.07"},
		{" .77 ", "0.77"},
		{"0.[3]", "0.[3]"},
		{"sub:1,3,4", "sub:1,3,4"},
		{"SUB: 4, 1,3 ,1", "sub:1,3,4"},
		{"bash:3", "bash:3"},
		{"bash: 10", "bash:10"},
		{"allbut:2,1", "allbut:1,2"},
		{"odd", "odd"},
		{"fib", "fib"},
		{"nim", "nim"},
		{"Kayles", "kayles"},
		{"dawson", "dawson"},
		{"grundy", "grundy"},
		{"lasker", "lasker"},
		{"adjacent:2", "adjacent:2"},
		{"adjacent:5,1,3", "adjacent:1,3,5"},
		{"adjacent", "adjacent"},
		{"anywhere:2", "anywhere:2"},
		{"anywhere", "anywhere"},
	}
	for _, tc := range tests {
		r, err := rulesets.Parse(tc.spec)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.spec, err)
			continue
		}
		if r.String() != tc.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.spec, r, tc.want)
		}
		again, err := rulesets.Parse(r.String())
		if err != nil || again.String() != r.String() {
			t.Errorf("Parse(%q) round trip: %v, %v", r, again, err)
		}
		// Same moves after the round trip.
		for n := range 15 {
			a, b := r.AppendHeapMoves(nil, n), again.AppendHeapMoves(nil, n)
			if len(a) != len(b) {
				t.Errorf("%q: moves from %d differ after round trip", tc.spec, n)
			}
		}
	}
	// Named games are their codes.
	for spec, code := range map[string]string{"nim": "0.[3]", "kayles": "0.77", "dawson": "0.07", "lasker": "4.[3]", "odd": "0.[30]", "bash:3": "0.333", "sub:1,3": "0.303", "allbut:2": "0.30[3]", "fib": "fib"} {
		r, _ := rulesets.Parse(spec)
		if got := r.(*rulesets.TakeBreak).Code(); got != code {
			t.Errorf("%s: code %q, want %q", spec, got, code)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		spec  string
		token string // the bad argument the message must name
		pos   int
	}{
		{"", "", 0},
		{"foo", "foo", 0},
		{"sub:1,x,4", "x", 7},
		{"sub:1,,4", "", 7},
		{"sub:", "", 5},
		{"sub:0", "0", 5},
		{"sub:-3", "-3", 5},
		{"sub:99999999999999999999", "99999999999999999999", 5},
		{"bash:0", "0", 6},
		{"bash: 0", "0", 7},
		{"bash:  m", "m", 8},
		{"bash:m", "m", 6},
		{"nim:3", "nim", 1},
		{" Kayles:", "kayles", 2},
		{"bash", "bash", 1},
		{"allbut", "allbut", 1},
		{"anywhere:40", "40", 10},
		{"frob:3", "frob", 0},
		{".0x7", "x", 3},
		{"1.07", "1", 1},
	}
	for _, tc := range tests {
		_, err := rulesets.Parse(tc.spec)
		var se *rulesets.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): error %v, want a *SyntaxError", tc.spec, err)
			continue
		}
		if se.Token != tc.token || se.Pos != tc.pos {
			t.Errorf("Parse(%q): token %q at %d, want %q at %d (%v)", tc.spec, se.Token, se.Pos, tc.token, tc.pos, err)
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "rulesets: ") {
			t.Errorf("Parse(%q): message %q", tc.spec, msg)
		}
	}
	// A named game given an argument is not an unknown game.
	for _, spec := range []string{"nim:3", "lasker:1,2", "fib:", "odd:1"} {
		_, err := rulesets.Parse(spec)
		if err == nil || !strings.Contains(err.Error(), "takes no argument") || strings.Contains(err.Error(), "unknown") {
			t.Errorf("Parse(%q): %v, want \"takes no argument\"", spec, err)
		}
	}
}

func TestConstructorErrors(t *testing.T) {
	if _, err := rulesets.Subtraction(); err == nil {
		t.Error("empty subtraction set accepted")
	}
	if _, err := rulesets.Subtraction(1, 0); err == nil || !strings.Contains(err.Error(), "index 1") {
		t.Errorf("Subtraction(1, 0): %v", err)
	}
	if _, err := rulesets.Bash(0); err == nil {
		t.Error("Bash(0) accepted")
	}
	if _, err := rulesets.AllBut(); err == nil {
		t.Error("AllBut() accepted")
	}
	if _, err := rulesets.Adjacent(rulesets.MaxTakeLimit + 1); err == nil {
		t.Error("huge Adjacent accepted")
	}
	if _, err := rulesets.Anywhere(2, 31); err == nil || !strings.Contains(err.Error(), "index 1") {
		t.Errorf("Anywhere(2, 31): %v", err)
	}
	if r, err := rulesets.Anywhere(30); err != nil || r.Digit(30) != ^uint32(0) {
		t.Errorf("Anywhere(30) = %v, %v", r, err)
	}
}
