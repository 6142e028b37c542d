package solve_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/loopy"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/solve"
)

func mustRules(t *testing.T, spec string) game.Rules {
	t.Helper()
	r, err := rulesets.ParseRules(spec)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestEvalEngines values one position of each kind and checks the engine
// chosen, the value and the winning moves.
func TestEvalEngines(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		spec     string
		position []string
		engine   solve.Engine
		value    string
		outcome  loopy.Outcome
		moves    []string
	}{
		{"nim", []string{"1", "2", "4"}, solve.EngineFormula, "*7", loopy.N, []string{"4>3"}},
		{"kayles", []string{"3", "4", "7"}, solve.EnginePeriod, "*0", loopy.P, []string{}},
		{"grundy", []string{"5"}, solve.EngineComputed, "*2", loopy.N, []string{"5>1+4"}},
		{"cram:1x4", nil, solve.EngineSearch, "*2", loopy.N, []string{"0,1-0,2"}},
		{"hackenbush:g-1,1-2", nil, solve.EngineRules, "*2", loopy.N, []string{"g-1"}},
		{"coins:turtles:3,5", nil, solve.EngineRules, "*6", loopy.N, []string{"5+3"}},
		{"windup:4/2", []string{"1"}, solve.EngineLoopy, "∞{}", loopy.D, []string{"3"}},
	} {
		res, err := solve.Eval(ctx, mustRules(t, c.spec), c.position, solve.WithSearch(search.WithWorkers(1)))
		if err != nil {
			t.Errorf("%s %v: %v", c.spec, c.position, err)
			continue
		}
		if res.Engine != c.engine || res.Value.String() != c.value || res.Outcome != c.outcome || !slices.Equal(res.Moves, c.moves) {
			t.Errorf("%s %v: %s %v %v %q, want %s %v %v %q", c.spec, c.position, res.Engine, res.Value, res.Outcome, res.Moves,
				c.engine, c.value, c.outcome, c.moves)
		}
	}
}

// TestEvalPositionErrors: a position that does not fit the game is a
// *PositionError naming the bad word.
func TestEvalPositionErrors(t *testing.T) {
	for _, c := range []struct {
		spec     string
		position []string
		word     string
	}{
		{"kayles", nil, ""},
		{"kayles", []string{"3", "-1"}, "-1"},
		{"cram:2x2", []string{"1"}, "1"},
		{"windup:4/2", nil, ""},
		{"windup:4/2", []string{"4"}, "4"},
	} {
		_, err := solve.Eval(context.Background(), mustRules(t, c.spec), c.position)
		var pe *solve.PositionError
		if !errors.As(err, &pe) || pe.Word != c.word {
			t.Errorf("%s %v: error %v, want a PositionError naming %q", c.spec, c.position, err, c.word)
		}
	}
}

// TestEvalCatalogue evaluates the first published row of every entry of
// the catalogue: a board at its start position, a heap rule at the
// largest heap of the row, a loopy game at its last position, against the
// published value.
func TestEvalCatalogue(t *testing.T) {
	ctx := context.Background()
	for _, e := range rulesets.Entries() {
		k := e.Known[0]
		if k.Misere {
			continue // a misère outcome; Eval values normal play
		}
		r := mustRules(t, k.Spec)
		want := strings.Fields(k.Values)
		var position []string
		switch r.Kind {
		case game.KindHeap, game.KindLoopy:
			position = []string{itoa(len(want) - 1)}
		}
		res, err := solve.Eval(ctx, r, position)
		if err != nil {
			t.Errorf("%s: %v", k.Spec, err)
			continue
		}
		got := res.Value.String()
		if n, ok := res.Value.Nimber(); ok {
			got = itoa(int(n))
		}
		if got != want[len(want)-1] {
			t.Errorf("%s %v: value %s, want %s (%s)", k.Spec, position, got, want[len(want)-1], k.Source)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
