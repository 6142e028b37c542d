package app

import (
	"context"
	"encoding/json"
	"testing"
)

func TestPicDebug(t *testing.T) {
	for _, r := range []Request{
		{View: "play", Game: "cram:2x3"},
		{View: "play", Game: "chomp:2x3"},
		{View: "play", Game: "nodekayles:path:4"},
		{View: "play", Game: "nodekayles:0-1,1-2,2-0,2-3"},
		{View: "play", Game: "coins:ruler:1,3"},
		{View: "play", Game: "hackenbush:g-1,1-2,2-g,2-3"},
		{View: "play", Game: "digraph:0-1,1-2,2-0,2-3", Position: "0"},
	} {
		b, _ := json.Marshal(Handle(context.Background(), r, nil))
		t.Logf("%s", b)
	}
}
