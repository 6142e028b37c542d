package rulesets

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/sg"
)

// nimRow is a board for the test: Nim heaps given in the spec, whose start
// value is the XOR of the heaps (Bouton, 1901).
type nimRow []int

func (r nimRow) String() string {
	parts := make([]string, len(r))
	for i, n := range r {
		parts[i] = strconv.Itoa(n)
	}
	return "testrow:" + strings.Join(parts, ",")
}

func (r nimRow) StartValue(ctx context.Context) (sg.Nimber, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var x sg.Nimber
	for _, n := range r {
		x ^= sg.Nimber(n)
	}
	return x, nil
}

// TestBoardEntry registers a board entry for the length of the test, as a
// board game's file would, and checks that ParseRules returns a Board,
// Parse refuses it as not a heap rule, Help lists its kind, and its
// argument errors point into the whole spec.
func TestBoardEntry(t *testing.T) {
	register(&Entry{
		Name:   "testrow",
		Syntax: "testrow:N,N,…",
		Doc:    "Nim heaps with a start position, for the test",
		Kind:   KindBoard,
		WithArg: func(arg string) (Rules, error) {
			sizes, err := sizeList(arg)
			if err != nil {
				return nil, err
			}
			return nimRow(sizes), nil
		},
		Known: []Known{{Spec: "testrow:1,2,3", Values: "0", Source: "Bouton, 1901"}},
	})
	t.Cleanup(func() { delete(catalog, "testrow") })

	r, err := ParseRules(" TestRow:3,5 ")
	b, ok := r.(Board)
	if err != nil || !ok || r.String() != "testrow:3,5" {
		t.Fatalf("ParseRules = %v (%T), %v", r, r, err)
	}
	if v, err := b.StartValue(context.Background()); err != nil || v != 6 {
		t.Errorf("StartValue = %v, %v; want 6", v, err)
	}
	var se *SyntaxError
	if _, err := Parse("testrow:3,5"); !errors.As(err, &se) || !strings.Contains(err.Error(), "not a heap rule") {
		t.Errorf("Parse of a board: %v", err)
	}
	if _, err := ParseRules("testrow:3,x"); !errors.As(err, &se) || se.Token != "x" || se.Pos != 11 {
		t.Errorf("bad board argument: %#v", err)
	}
	if _, err := ParseRules("testrow"); !errors.As(err, &se) || !strings.Contains(se.Msg, "needs an argument, as in testrow:N,N,…") {
		t.Errorf("board without argument: %v", err)
	}
	if !strings.Contains(Help(), "board  Nim heaps with a start position") {
		t.Errorf("Help does not show the board:\n%s", Help())
	}
}

// TestRegisterRejects checks the programmer's errors register panics on.
func TestRegisterRejects(t *testing.T) {
	ok := &Entry{Name: "x1", Syntax: "x1", Doc: "d", Kind: KindHeap, Alone: func() Rules { return Nim() }, Known: []Known{{}}}
	for name, e := range map[string]Entry{
		"upper case": {Name: "X"},
		"twice":      {Name: "nim", Syntax: "nim", Doc: "d", Kind: KindHeap, Alone: ok.Alone, Known: ok.Known},
		"no doc":     {Name: "x1", Syntax: "x1", Kind: KindHeap, Alone: ok.Alone, Known: ok.Known},
		"no kind":    {Name: "x1", Syntax: "x1", Doc: "d", Alone: ok.Alone, Known: ok.Known},
		"no maker":   {Name: "x1", Syntax: "x1", Doc: "d", Kind: KindHeap, Known: ok.Known},
		"no known":   {Name: "x1", Syntax: "x1", Doc: "d", Kind: KindHeap, Alone: ok.Alone},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: register accepted %+v", name, e)
				}
			}()
			register(&e)
		}()
		if name != "twice" && catalog["x1"] != nil {
			t.Fatalf("%s: registered", name)
		}
	}
}
