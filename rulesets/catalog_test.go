package rulesets_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/solve"
)

// TestCatalogKnownValues recomputes every published row that an entry
// declares, from the rules alone: G(0) … G(k-1) of a heap rule by the
// generic engine over the heap game, the start value of a board, the
// values of a loopy game's first positions (see compute).
func TestCatalogKnownValues(t *testing.T) {
	ctx := context.Background()
	for _, e := range rulesets.Entries() {
		for _, k := range e.Known {
			r, err := rulesets.ParseRules(k.Spec)
			if err != nil {
				t.Errorf("%s: known spec %q: %v", e.Name, k.Spec, err)
				continue
			}
			if k.Source == "" {
				t.Errorf("%s: row for %q has no source", e.Name, k.Spec)
			}
			want := strings.Fields(k.Values)
			var got string
			if k.Misere {
				m, ok := r.Board.(rulesets.MisereOutcomer)
				if !ok {
					t.Errorf("%s: %q: a misère row of a board that reports no misère outcome", e.Name, k.Spec)
					continue
				}
				var o game.Outcome
				o, err = m.MisereOutcome(ctx)
				got = o.String()
			} else {
				got, err = compute(ctx, r, len(want))
			}
			if err != nil {
				t.Errorf("%s: %q: %v", e.Name, k.Spec, err)
				continue
			}
			if got != strings.Join(want, " ") {
				t.Errorf("%s: %q computes\n  %s\nbut %s publishes\n  %s", e.Name, k.Spec, got, k.Source, k.Values)
			}
		}
	}
}

// compute is the catalogue test's way of computing count values of r:
// G(0) … G(count-1) of a heap rule by the generic engine over the heap
// game, the start value of a board by solve.StartValue (its rules, or the
// engine of package sg), the values of positions 0 … count-1 of a loopy
// game by solve.Loopy, an infinite one written ∞{…}.
func compute(ctx context.Context, r game.Rules, count int) (string, error) {
	switch r.Kind {
	case game.KindHeap:
		eng := sg.NewEngine[game.Heaps](game.NewHeapGame(r.Heap))
		vs := make([]string, count)
		for n := range count {
			h, err := game.MakeHeaps(n)
			if err != nil {
				return "", err
			}
			v, err := eng.Value(ctx, h)
			if err != nil {
				return "", err
			}
			vs[n] = strconv.FormatUint(uint64(v), 10)
		}
		return strings.Join(vs, " "), nil
	case game.KindBoard:
		if count != 1 {
			return "", errors.New("a board has one value, its start position's")
		}
		v, err := solve.StartValue(ctx, r.Board)
		if err != nil {
			return "", err
		}
		return strconv.FormatUint(uint64(v), 10), nil
	case game.KindLoopy:
		sol, err := solve.Loopy(ctx, r.Loopy)
		if err != nil {
			return "", err
		}
		out := make([]string, 0, count)
		for v := 0; v < count && v < r.Loopy.NumPositions(); v++ {
			val, _ := sol.Value(v)
			if n, fin := val.Nimber(); fin {
				out = append(out, strconv.FormatUint(uint64(n), 10))
			} else {
				out = append(out, val.String())
			}
		}
		return strings.Join(out, " "), nil
	}
	return "", errors.New("unknown kind " + r.Kind.String())
}

// TestCatalogEntries checks each declaration against what Parse makes of
// it: the kind is right, the name alone and with an argument behave as
// Alone and WithArg say, the canonical spec reads back to itself, and Help
// and the unknown-game error list every entry.
func TestCatalogEntries(t *testing.T) {
	names := rulesets.Names()
	if !slices.IsSorted(names) || len(names) != len(rulesets.Entries()) {
		t.Fatalf("Names() = %v", names)
	}
	for _, want := range []string{"adjacent", "allbut", "anywhere", "bash", "code", "dawson", "fib", "grundy", "kayles", "lasker", "nim", "odd", "sub"} {
		if !slices.Contains(names, want) {
			t.Errorf("%q is not registered", want)
		}
	}
	help := rulesets.Help()
	_, unknown := rulesets.ParseRules("no-such-game")
	for _, e := range rulesets.Entries() {
		if len(e.Known) == 0 || e.Doc == "" || e.Syntax == "" {
			t.Errorf("%s: incomplete entry %+v", e.Name, e)
		}
		if !strings.Contains(help, e.Syntax+" ") || !strings.Contains(help, e.Doc) {
			t.Errorf("Help does not list %s", e.Name)
		}
		if unknown == nil || !strings.Contains(unknown.Error(), e.Syntax) {
			t.Errorf("unknown-game error %v does not list %s", unknown, e.Syntax)
		}
		if got, ok := rulesets.Lookup(strings.ToUpper(e.Name)); !ok || got.Name != e.Name {
			t.Errorf("Lookup(%q) = %v, %v", e.Name, got.Name, ok)
		}
		_, err := rulesets.ParseRules(e.Name)
		if (err == nil) != (e.Alone != nil) {
			t.Errorf("%s alone: error %v, but Alone is set: %v", e.Name, err, e.Alone != nil)
		}
		for _, k := range e.Known {
			r, err := rulesets.ParseRules(k.Spec)
			if err != nil {
				continue // reported by TestCatalogKnownValues
			}
			again, err := rulesets.ParseRules(r.String())
			if err != nil || again.String() != r.String() {
				t.Errorf("%s: %q round trip: %v, %v", e.Name, r, again, err)
			}
			set := 0
			for _, x := range []any{r.Heap, r.Board, r.Loopy} {
				if x != nil {
					set++
				}
			}
			if r.Kind != e.Kind || set != 1 {
				t.Errorf("%s: %q is %+v, declared a %v", e.Name, k.Spec, r, e.Kind)
			}
			if r.Kind == game.KindBoard {
				_, valued := r.Board.(game.Valued)
				if !valued && !solve.Searchable(r.Board) {
					t.Errorf("%s: %q is a board neither valued by its rules nor searchable", e.Name, k.Spec)
				}
			}
			_, perr := rulesets.Parse(k.Spec)
			if (perr == nil) != (e.Kind == game.KindHeap) {
				t.Errorf("Parse(%q) = %v for a %v entry", k.Spec, perr, e.Kind)
			}
		}
	}
	if _, ok := rulesets.Lookup("no-such-game"); ok {
		t.Error("Lookup found an unregistered name")
	}
	if game.KindHeap.String() != "heap" || game.KindBoard.String() != "board" || game.KindLoopy.String() != "loopy" || game.Kind(9).String() != "Kind(9)" {
		t.Error("Kind.String")
	}
}

// TestParseRulesPositions checks that an argument's error positions count
// in the whole spec, whatever the spaces before it, and that a bare code
// and the same code after "code:" are the same rule.
func TestParseRulesPositions(t *testing.T) {
	for _, tc := range []struct {
		spec, token string
		pos         int
	}{
		{"code:.0x7", "x", 8},
		{"code: .0x7", "x", 9},
		{"  .0x7", "x", 5},
		{"adjacent:1, y", "y", 13},
		{"Anywhere: 2,31", "2,31", 11},
	} {
		_, err := rulesets.ParseRules(tc.spec)
		var se *rulesets.SyntaxError
		if !errors.As(err, &se) || se.Token != tc.token || se.Pos != tc.pos || se.Spec != tc.spec {
			t.Errorf("ParseRules(%q) = %#v, want %q at %d", tc.spec, err, tc.token, tc.pos)
		}
	}
	bare, err1 := rulesets.ParseRules(".07")
	named, err2 := rulesets.ParseRules("CODE: 0.07")
	if err1 != nil || err2 != nil || bare.String() != "0.07" || named.String() != "0.07" {
		t.Errorf("bare %v %v, named %v %v", bare, err1, named, err2)
	}
}
