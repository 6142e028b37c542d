package solve_test

import (
	"context"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// engineValues returns G(0..n-1) of rule r computed by the generic engine
// over the heap game: the reference the rulesets are checked against.
func engineValues(t testing.TB, r game.HeapRule, n int) []sg.Nimber {
	t.Helper()
	e := sg.NewEngine[game.Heaps](game.NewHeapGame(r))
	out := make([]sg.Nimber, n)
	for k := range n {
		h, err := game.MakeHeaps(k)
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.Value(context.Background(), h)
		if err != nil {
			t.Fatalf("%v: heap %d: %v", r, k, err)
		}
		out[k] = v
	}
	return out
}

func mustCode(t testing.TB, code string) *rulesets.TakeBreak {
	t.Helper()
	r, err := rulesets.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
