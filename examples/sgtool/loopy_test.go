package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestCmdLoopy(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, args, stdout, errText string
	}{
		// T. S. Ferguson, "Game Theory", Part I, Figure 3.4: the cycle
		// 0 → 1 → 2 → 0 with the exit 2 → 3 → 4.
		{"values only", "0-1,1-2,2-0,2-3,3-4",
			`{"game":"digraph:0-1,1-2,2-0,2-3,3-4","values":["∞{}","∞{}","∞{1}","*1","*0"]}`, ""},
		// ∞{1} + *1: won by escaping 2 → 3, leaving *1 + *1 = *0.
		{"a draw plus a nimber wins", "0-1,1-2,2-0,2-3,3-4 2 3",
			`{"game":"digraph:0-1,1-2,2-0,2-3,3-4","values":["∞{}","∞{}","∞{1}","*1","*0"],"sum":[2,3],"outcome":"N","moves":[{"part":0,"from":2,"to":3,"result":"*0"}]}`, ""},
		// Two draws: every move keeps two infinite parts.
		{"two draws draw", "0-1,1-2,2-0,2-3,3-4 0 1",
			`{"game":"digraph:0-1,1-2,2-0,2-3,3-4","values":["∞{}","∞{}","∞{1}","*1","*0"],"sum":[0,1],"outcome":"D","moves":[{"part":0,"from":0,"to":1,"result":"∞{}"},{"part":1,"from":1,"to":2,"result":"∞{}"}]}`, ""},
		{"a lost sum", "0-1,1-2,2-0,2-3,3-4 3 3",
			`{"game":"digraph:0-1,1-2,2-0,2-3,3-4","values":["∞{}","∞{}","∞{1}","*1","*0"],"sum":[3,3],"outcome":"P","moves":[]}`, ""},
		// WindUp with n = 5, S = {1, 3} (Davies; the cgt crate's values).
		{"a loopy rule", "windup:5/1,3 4",
			`{"game":"windup:5/1,3","values":["*0","∞{0}","∞{0}","∞{0}","*0"],"sum":[4],"outcome":"P","moves":[]}`, ""},
		{"bad arc", "0-1,1*2", "", `bad EDGES: "0-1,1*2": "1*2" at position 5: not an arc u-v`},
		{"bad vertex", "0-1,1-0 2", "", `bad VERTEX "2" (vertex 0): want a vertex from 0 to 1`},
		{"negative vertex", "0-1,1-0 -1", "", `bad VERTEX "-1"`},
		{"bad rule", "windup:0/1", "", `"0" at position 8: clock size must be`},
		{"no edges", "", "", "want EDGES"},
	} {
		var out, errw bytes.Buffer
		var args []string
		if tc.args != "" {
			args = strings.Fields(tc.args)
		}
		err := cmdLoopy(ctx, args, &out, &errw)
		if tc.errText != "" {
			var ue *usageError
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.errText) {
				t.Errorf("%s: error %v, want a usage error with %q", tc.name, err, tc.errText)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := strings.TrimSpace(out.String()); got != tc.stdout {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.stdout)
		}
		if !json.Valid(out.Bytes()) {
			t.Errorf("%s: not JSON", tc.name)
		}
	}
}

func TestLoopyValuesAndValue(t *testing.T) {
	ctx := context.Background()
	var out bytes.Buffer
	// subadd:3/1/14 alternates 0, 1 (take 3 or add 1; checked by hand in
	// rulesets' tests); subadd:1/1/10 is drawn from 2 on.
	if ok, err := valuesLoopy(ctx, []string{"subadd:3/1/14", "6"}, &out); !ok || err != nil || out.String() != "0 1 0 1 0 1\n" {
		t.Errorf("values subadd:3/1/14 6: %v %v %q", ok, err, out.String())
	}
	out.Reset()
	if ok, err := valuesLoopy(ctx, []string{"subadd:1/1/10", "4"}, &out); !ok || err != nil || out.String() != "0 ∞{0} ∞{} ∞{}\n" {
		t.Errorf("values subadd:1/1/10 4: %v %v %q", ok, err, out.String())
	}
	out.Reset()
	if ok, err := valueLoopy(ctx, []string{"windup:4/2", "3"}, &out); !ok || err != nil || out.String() != "∞{}\n" {
		t.Errorf("value windup:4/2 3: %v %v %q", ok, err, out.String())
	}
	if ok, err := valuesLoopy(ctx, []string{".07", "4"}, &out); ok || err != nil {
		t.Errorf("values .07 taken as loopy: %v %v", ok, err)
	}
	if ok, err := valueLoopy(ctx, []string{"digraph", "4"}, &out); ok || err != nil {
		t.Errorf("value digraph (no colon) taken as loopy: %v %v", ok, err)
	}
	for _, tc := range []struct {
		ops  []string
		want string
		f    func(context.Context, []string, *bytes.Buffer) (bool, error)
	}{
		{[]string{"windup:4/2", "5"}, "has 4 heap sizes", valuesL},
		{[]string{"windup:4/2", "x"}, `bad N "x"`, valuesL},
		{[]string{"windup:4/x", "2"}, `"x" at position 10`, valuesL},
		{[]string{"windup:4/2", "4"}, `bad HEAP "4"`, valueL},
		{[]string{"windup:4/2", "-1"}, `bad HEAP "-1"`, valueL},
	} {
		ok, err := tc.f(ctx, tc.ops, &out)
		var ue *usageError
		if !ok || !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v %v, want a usage error with %q", tc.ops, ok, err, tc.want)
		}
	}
}

func valuesL(ctx context.Context, ops []string, out *bytes.Buffer) (bool, error) {
	return valuesLoopy(ctx, ops, out)
}

func valueL(ctx context.Context, ops []string, out *bytes.Buffer) (bool, error) {
	return valueLoopy(ctx, ops, out)
}
