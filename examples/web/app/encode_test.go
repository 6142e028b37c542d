package app

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
)

// TestAppendJSON: the module's own JSON of every kind of answer reads back
// as encoding/json's does.
func TestAppendJSON(t *testing.T) {
	reqs := []Request{
		{View: "position", Game: "nim", Position: "1,2,3,4"},
		{View: "position", Game: ".77", Position: "5,0"},
		{View: "nimsum", Game: "nim", Position: "3,4,5"},
		{View: "nimsum", Game: ".07", Position: "3,4"},
		{View: "sequence", Game: "sub:1,2,3", N: 100},
		{View: "graph", Game: ".07", Position: "6,3"},
		{View: "play", Game: "nim", Position: "1"},
		{View: "play", Game: "nim", Position: "0"},
		{View: "options", Game: "grundy", N: 9},
		{View: "misere", Game: "nim", Position: "1,1,2"},
		{View: "position", Game: "cram:3x4"},
		{View: "play", Game: "cram:2x3", At: "0,3"},
		{View: "play", Game: "chomp:5,4"},
		{View: "position", Game: "nodekayles:0-1,1-2,2-0,2-3"},
		{View: "play", Game: "hackenbush:g-1,1-2,2-g,2-3"},
		{View: "play", Game: "coins:mock-turtles:1,4,6"},
		{View: "position", Game: "coins2:corners:1.1,2.3"},
		{View: "play", Game: "coins2:ruler*mock-turtles:2.3,1.1", At: "5"},
		{View: "play", Game: "notakto:2", At: "1,2,3,5,6,7,8,9,10,11,12,13,14,15,16,17"},
		{View: "position", Game: "notakto:2", Position: "xx.xx...., ........."},
		{View: "play", Game: "digraph:0-1,1-2,2-0,2-3,3-4", Position: "0,1"},
		{View: "position", Game: "subadd:2,3/1/20", Position: "4,7"},
		{View: "position", Game: ".9x", Position: "1"},
		{View: "position", Game: "nim", Position: "a\x01\"é\xff"},
	}
	for _, r := range reqs {
		resp := Handle(context.Background(), r, nil)
		want, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		got := resp.AppendJSON(nil)
		var a, b any
		if err := json.Unmarshal(got, &a); err != nil {
			t.Fatalf("%+v: not JSON: %v\n%s", r, err, got)
		}
		json.Unmarshal(want, &b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%+v:\n got %s\nwant %s", r, got, want)
		}
	}
}
