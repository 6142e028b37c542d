package main

import (
	"errors"
	"strings"
	"testing"
)

func TestCmdHackenbush(t *testing.T) {
	cases := []struct{ edges, want string }{
		// Stalks of 2 and 1: cut the top of the 2-stalk (edge 1).
		{"g-1,1-2,g-3", `{"value":3,"moves":[{"edge":1,"text":"1-2"}]}`},
		// A triangle on the ground is a loop, *1 (fusion); cutting a side on
		// the ground leaves a stalk of 2, cutting the top two stalks of 1.
		{"g-1,1-2,2-g", `{"value":1,"moves":[{"edge":1,"text":"1-2"}]}`},
		// A square is 0 (an even cycle fuses to nothing): no winning move.
		{"g-1,1-2,2-3,3-g", `{"value":0,"moves":[]}`},
		// The catalogue's spec is accepted too.
		{"hackenbush:g-1,1-2,g-3", `{"value":3,"moves":[{"edge":1,"text":"1-2"}]}`},
	}
	for _, c := range cases {
		got, err := runCmd(t, cmdHackenbush, c.edges)
		if err != nil || strings.TrimSpace(got) != c.want {
			t.Errorf("hackenbush %s = %q, %v; want %s", c.edges, got, err, c.want)
		}
	}
	_, err := runCmd(t, cmdHackenbush, "g-1,1-")
	var ue *usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `edge 1`) || !strings.Contains(err.Error(), `"1-"`) {
		t.Errorf("hackenbush g-1,1-: err = %v, want edge 1 named", err)
	}
	if _, err := runCmd(t, cmdHackenbush); !errors.As(err, &ue) {
		t.Errorf("hackenbush with no argument: %v", err)
	}
}
