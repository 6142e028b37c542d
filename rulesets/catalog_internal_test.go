package rulesets

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
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

func (r nimRow) WinningMoves(ctx context.Context) ([]string, error) { return []string{}, ctx.Err() }

func (r nimRow) StartValue(ctx context.Context) (game.Nimber, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var x game.Nimber
	for _, n := range r {
		x ^= game.Nimber(n)
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
		Kind:   game.KindBoard,
		WithArg: func(arg string) (fmt.Stringer, error) {
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
	b, ok := r.Board.(game.Valued)
	if err != nil || !ok || r.Kind != game.KindBoard || r.String() != "testrow:3,5" || r.Heap != nil || r.Loopy != nil {
		t.Fatalf("ParseRules = %+v, %v", r, err)
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

// TestLoopyEntry registers a loopy entry for the length of the test: a
// game that may take or add a token, which Parse must refuse and
// ParseRules returns as a game.Loopy.
func TestLoopyEntry(t *testing.T) {
	register(&Entry{
		Name:   "testloop",
		Syntax: "testloop",
		Doc:    "take or add one token, for the test",
		Kind:   game.KindLoopy,
		Alone: func() fmt.Stringer {
			l, _ := SubtractAdd([]int{1}, []int{1}, 3)
			return l
		},
		Known: []Known{{Spec: "testloop", Values: "0 ∞{0}", Source: "by hand"}},
	})
	t.Cleanup(func() { delete(catalog, "testloop") })
	var se *SyntaxError
	if _, err := Parse("testloop"); !errors.As(err, &se) || !strings.Contains(se.Msg, "a loopy game, not a heap rule") {
		t.Errorf("Parse of a loopy rule: %v", err)
	}
	r, err := ParseRules("testloop")
	if err != nil || r.Kind != game.KindLoopy || r.Loopy == nil || r.Heap != nil || r.Board != nil {
		t.Errorf("ParseRules(testloop) = %+v, %v", r, err)
	}
}

// TestWrongKind checks that an entry whose maker returns a game of
// another kind than it declares (a heap rule in form, declared loopy) is
// caught: a programmer's error, a panic naming the entry.
func TestWrongKind(t *testing.T) {
	register(&Entry{
		Name:   "testwrong",
		Syntax: "testwrong",
		Doc:    "a heap rule declared loopy, for the test",
		Kind:   game.KindLoopy,
		Alone:  func() fmt.Stringer { return addOne{} },
		Known:  []Known{{Spec: "testwrong", Values: "0", Source: "none"}},
	})
	t.Cleanup(func() { delete(catalog, "testwrong") })
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "testwrong") {
			t.Errorf("ParseRules of a wrong kind: recovered %v", r)
		}
	}()
	ParseRules("testwrong")
}

// addOne takes or adds one token: a heap rule in form, but loopy.
type addOne struct{}

func (addOne) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	return append(dst, game.HeapMove{Remain: n + 1, Parts: 1})
}
func (addOne) String() string { return "testloop" }

// TestRegisterRejects checks the programmer's errors register panics on.
func TestRegisterRejects(t *testing.T) {
	ok := &Entry{Name: "x1", Syntax: "x1", Doc: "d", Kind: game.KindHeap, Alone: func() fmt.Stringer { return Nim() }, Known: []Known{{}}}
	for name, e := range map[string]Entry{
		"upper case": {Name: "X"},
		"twice":      {Name: "nim", Syntax: "nim", Doc: "d", Kind: game.KindHeap, Alone: ok.Alone, Known: ok.Known},
		"no doc":     {Name: "x1", Syntax: "x1", Kind: game.KindHeap, Alone: ok.Alone, Known: ok.Known},
		"no kind":    {Name: "x1", Syntax: "x1", Doc: "d", Alone: ok.Alone, Known: ok.Known},
		"no maker":   {Name: "x1", Syntax: "x1", Doc: "d", Kind: game.KindHeap, Known: ok.Known},
		"no known":   {Name: "x1", Syntax: "x1", Doc: "d", Kind: game.KindHeap, Alone: ok.Alone},
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
