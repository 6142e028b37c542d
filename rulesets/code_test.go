package rulesets_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
)

func TestParseCodeNotations(t *testing.T) {
	tests := []struct {
		in, want string
		maxTake  int
	}{
		{"0.07", "0.07", 2},
		{".07", "0.07", 2},
		{"·07", "0.07", 2},
		{"0·07", "0.07", 2},
		{"0.070", "0.07", 2},
		{".77", "0.77", 2},
		{"0.137", "0.137", 3},
		{"4.07", "4.07", 2},
		{".6", "0.6", 1},
		{"0.F", "0.F", 1},
		{"0.f", "0.F", 1},
		{"0.0F", "0.0F", 2},
		{"0.{17}", "0.{17}", 1},
		{"0.[3]", "0.[3]", -1},
		{".[3]", "0.[3]", -1},
		{"0.3[3]", "0.[3]", -1},
		{"0.[33]", "0.[3]", -1},
		{"0.333…", "0.[3]", -1},
		{"0.333...", "0.[3]", -1},
		{"4.333…", "4.[3]", -1},
		{"0.0[30]", "0.[03]", -1},
		{"0.3[03]", "0.[30]", -1},
		{"0.12[0]", "0.12", 2},
		{"8.1", "8.1", 1},
		{"0.", "0.0", 0},
		{"C.", "C.0", 0},
	}
	for _, tc := range tests {
		r, err := rulesets.ParseCode(tc.in)
		if err != nil {
			t.Errorf("ParseCode(%q): %v", tc.in, err)
			continue
		}
		if got := r.String(); got != tc.want {
			t.Errorf("ParseCode(%q).String() = %q, want %q", tc.in, got, tc.want)
		}
		if got := r.MaxTake(); got != tc.maxTake {
			t.Errorf("ParseCode(%q).MaxTake() = %d, want %d", tc.in, got, tc.maxTake)
		}
		again, err := rulesets.ParseCode(r.String())
		if err != nil || again.String() != r.String() {
			t.Errorf("round trip of %q: %v, %v", r, again, err)
		}
	}
}

func TestParseCodeDigits(t *testing.T) {
	r, err := rulesets.ParseCode("4.0[7F]")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]uint32{-1: 0, 0: 4, 1: 0, 2: 7, 3: 15, 4: 7, 5: 15, 100: 7, 101: 15}
	for k, d := range want {
		if got := r.Digit(k); got != d {
			t.Errorf("4.0[7F] digit %d = %d, want %d", k, got, d)
		}
	}
	digits, repeat, ok := r.Digits()
	if !ok || len(digits) != 2 || len(repeat) != 2 || repeat[1] != 15 {
		t.Errorf("Digits() = %v, %v, %v", digits, repeat, ok)
	}
}

func TestParseCodeErrors(t *testing.T) {
	tests := []struct {
		in    string
		pos   int
		token string
	}{
		{"0.0x7", 4, "x"},
		{"0.07z", 5, "z"},
		{"1.07", 1, "1"},
		{"3.", 1, "3"},
		{"07", 2, "7"},
		{"0.[3", 3, "["},
		{"0.[]", 3, "[]"},
		{"0.[3]4", 6, "4"},
		{"0.…", 3, "…"},
		{"0.3…3", 5, "3"},
		{"0.{x}", 3, "{x}"},
		{"0.{5", 3, "{"},
		{"0.7 7", 4, " "},
		{"é.07", 1, "é"},
		{"0.é7", 3, "é"},
	}
	for _, tc := range tests {
		_, err := rulesets.ParseCode(tc.in)
		var se *rulesets.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseCode(%q) error = %v, want a *SyntaxError", tc.in, err)
			continue
		}
		if se.Pos != tc.pos || se.Token != tc.token {
			t.Errorf("ParseCode(%q): position %d token %q, want %d %q (%v)", tc.in, se.Pos, se.Token, tc.pos, tc.token, err)
		}
		if !strings.Contains(err.Error(), tc.token) || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseCode(%q): message %q does not name %q on one line", tc.in, err, tc.token)
		}
	}
	if _, err := rulesets.ParseCode(""); err == nil {
		t.Error("empty code accepted")
	}
}

func TestNewTakeBreak(t *testing.T) {
	if _, err := rulesets.NewTakeBreak(nil, nil); err == nil {
		t.Error("no digits accepted")
	}
	if _, err := rulesets.NewTakeBreak([]uint32{2, 3}, nil); err == nil || !strings.Contains(err.Error(), "d0 = 2") {
		t.Errorf("d0 = 2: err = %v", err)
	}
	r, err := rulesets.NewTakeBreak([]uint32{0, 1 << 20}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.String(); got != "0.{1048576}" {
		t.Errorf("String() = %q", got)
	}
	// Removing 1 token may leave exactly 20 heaps.
	moves := r.AppendHeapMoves(nil, 25)
	if len(moves) != 1 || moves[0].Parts != 20 || moves[0].Remain != 24 {
		t.Errorf("moves from 25 = %v", moves)
	}
	if moves := r.AppendHeapMoves(nil, 20); len(moves) != 0 {
		t.Errorf("moves from 20 = %v, want none (19 tokens cannot make 20 heaps)", moves)
	}
}
