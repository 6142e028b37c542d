package main

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

// TestEvalEveryGame evaluates a spec of every entry that sgtool games
// lists, at a small position, and checks the value against the entry's
// published values: G(n) of a heap rule at a single heap, the start value
// of a board, the value of a loopy game's position 1.
func TestEvalEveryGame(t *testing.T) {
	for _, e := range rulesets.Entries() {
		k := e.Known[0]
		want := strings.Fields(k.Values)
		args := []string{k.Spec}
		var wantValue string
		switch e.Kind {
		case game.KindHeap:
			n := min(len(want)-1, 5)
			args = append(args, itoa(n))
			wantValue = want[n]
		case game.KindBoard:
			wantValue = want[0]
			if k.Misere {
				wantValue = "" // a misère outcome: eval values normal play
			}
		case game.KindLoopy:
			args = append(args, "1")
			wantValue = want[1]
		}
		out, err := runCmd(t, cmdEval, args...)
		if err != nil {
			t.Errorf("eval %s: %v", strings.Join(args, " "), err)
			continue
		}
		var rep evalReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Errorf("eval %s: %v in %q", strings.Join(args, " "), err, out)
			continue
		}
		got := rep.Value
		if rep.Nimber != nil {
			got = itoa(int(*rep.Nimber))
		}
		if rep.Kind != e.Kind.String() || (wantValue != "" && got != wantValue) || rep.Engine == "" || rep.Moves == nil {
			t.Errorf("eval %s = %s\nwant kind %v, value %s (%s)", strings.Join(args, " "), out, e.Kind, wantValue, k.Source)
		}
		if (rep.Outcome == "P") != (got == "0") && rep.Outcome != "D" {
			t.Errorf("eval %s: outcome %s for value %s", strings.Join(args, " "), rep.Outcome, got)
		}
		if rep.Outcome == "N" && len(rep.Moves) == 0 {
			t.Errorf("eval %s: N-position without winning moves: %s", strings.Join(args, " "), out)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestEval checks whole outputs, one for each engine, and the errors.
func TestEval(t *testing.T) {
	for _, c := range []struct {
		args string
		want string // exact output, or a substring of the usage error
		bad  bool
	}{
		// Kayles, period 12: G(3) ⊕ G(4) ⊕ G(5) = 3 ⊕ 1 ⊕ 4 = 6; the heap of 5
		// split into 1 and 3 (value 1 ⊕ 3 = 2 = 4 ⊕ 6) wins.
		{"kayles 3 4 5", `{"game":"kayles","kind":"heap","engine":"period","position":["3","4","5"],"value":"*6","nimber":6,"outcome":"N","moves":["5>1+3"]}`, false},
		{"kayles 3,4,7", `{"game":"kayles","kind":"heap","engine":"period","position":["3","4","7"],"value":"*0","nimber":0,"outcome":"P","moves":[]}`, false},
		// Nim by its formula, for any heap.
		{"nim 100000000000000000 3", `{"game":"nim","kind":"heap","engine":"formula","position":["100000000000000000","3"],"value":"*100000000000000003","nimber":100000000000000003,"outcome":"N","moves":["100000000000000000>3"]}`, false},
		// Grundy's game has no certifiable period: its values are computed.
		{"grundy 20 7", `{"game":"grundy","kind":"heap","engine":"computed","position":["20","7"],"value":"*0","nimber":0,"outcome":"P","moves":[]}`, false},
		{"cram:2x3", `{"game":"cram:2x3","kind":"board","engine":"search","position":[],"value":"*1","nimber":1,"outcome":"N","moves":["0,0-1,0","0,1-1,1","0,2-1,2"]}`, false},
		// Ruler: coins 1 to 4 are worth 1, 2, 1, 4; turning all four wins.
		{"coins:ruler:1,2,3,4", `{"game":"coins:ruler:1,2,3,4","kind":"board","engine":"rules","position":[],"value":"*6","nimber":6,"outcome":"N","moves":["4+3+2+1"]}`, false},
		{"hackenbush:g-1,1-2,1-3,3-4", `{"game":"hackenbush:g-1,1-2,1-3,3-4","kind":"board","engine":"rules","position":[],"value":"*4","nimber":4,"outcome":"N","moves":["g-1"]}`, false},
		{"windup:7/1,2,5 4", `{"game":"windup:7/1,2,5","kind":"loopy","engine":"loopy","position":["4"],"value":"*1","nimber":1,"outcome":"N","moves":["3","6"]}`, false},
		{"subadd:1/1/10 3 2", `{"game":"subadd:1/1/10","kind":"loopy","engine":"loopy","position":["3","2"],"value":"∞{}","nimber":null,"outcome":"D","moves":["3>2","3>4","2>1","2>3"]}`, false},
		{"", "want SPEC", true},
		{"frob", `"frob"`, true},
		{"kayles", "want a position", true},
		{"kayles x", `"x"`, true},
		{"cram:2x2 3", "want no position", true},
		{"windup:7/1,2,5 9", `"9"`, true},
		{"cram:2x2 -workers 0", `bad -workers "0"`, true},
		{"kayles 3 -max 0", `bad -max "0"`, true},
	} {
		out, err := runCmd(t, cmdEval, strings.Fields(c.args)...)
		var ue *usageError
		switch {
		case c.bad && (!errors.As(err, &ue) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("eval %s: error %v, want a usage error containing %q", c.args, err, c.want)
		case !c.bad && (err != nil || strings.TrimSpace(out) != c.want):
			t.Errorf("eval %s:\n got %s (%v)\nwant %s", c.args, out, err, c.want)
		}
	}
	if _, err := runCmd(t, cmdEval, "kayles", "3"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := cmdEval(ctx, []string{"cram:4x5"}, &strings.Builder{}, &strings.Builder{}); err == nil {
		t.Error("eval of a cancelled search: no error")
	}
}
