package rulesets_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

var bg = context.Background()

// engineValues returns G(0..n-1) of rule r computed by the generic engine
// over the heap game: the reference the rulesets are checked against.
func engineValues(t testing.TB, r game.HeapRule, n int) []game.Nimber {
	t.Helper()
	e := sg.NewEngine[game.Heaps](game.NewHeapGame(r))
	out := make([]game.Nimber, n)
	for k := range n {
		h, err := game.MakeHeaps(k)
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.Value(bg, h)
		if err != nil {
			t.Fatalf("%v: heap %d: %v", r, k, err)
		}
		out[k] = v
	}
	return out
}

// exhaustiveOutcome returns the outcome of the position with the given
// heaps by plain win/lose search, with no Grundy values.
func exhaustiveOutcome(t testing.TB, x *sg.Exhaustive[game.Heaps], sizes ...int) game.Outcome {
	t.Helper()
	h, err := game.MakeHeaps(sizes...)
	if err != nil {
		t.Fatal(err)
	}
	o, err := x.Outcome(bg, h)
	if err != nil {
		t.Fatalf("heaps %v: %v", sizes, err)
	}
	return o
}

func nimbers(vs ...int) []game.Nimber {
	out := make([]game.Nimber, len(vs))
	for i, v := range vs {
		out[i] = game.Nimber(v)
	}
	return out
}

func equalPrefix(t testing.TB, name string, got, want []game.Nimber) {
	t.Helper()
	for i := range want {
		if i >= len(got) {
			t.Fatalf("%s: only %d values, want %d", name, len(got), len(want))
		}
		if got[i] != want[i] {
			t.Fatalf("%s: G(%d) = %d, want %d (got %v)", name, i, got[i], want[i], got[:min(len(got), len(want))])
		}
	}
}

func newRand(t testing.TB) *rand.Rand { return gametest.Rand(t) }

// syntaxCase is a bad argument and where its *SyntaxError must point.
type syntaxCase struct {
	arg, token string
	pos        int
}

// checkSyntaxErrors runs parse (named name in messages) on each case and
// checks that the error is a *SyntaxError naming the token at pos.
func checkSyntaxErrors[R any](t *testing.T, name string, parse func(string) (R, error), cases []syntaxCase) {
	t.Helper()
	for _, c := range cases {
		_, err := parse(c.arg)
		var se *rulesets.SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("%s(%q) = %v, want a *SyntaxError", name, c.arg, err)
		}
		if se.Token != c.token || se.Pos != c.pos {
			t.Errorf("%s(%q): token %q at %d, want %q at %d (%v)", name, c.arg, se.Token, se.Pos, c.token, c.pos, err)
		}
	}
}
