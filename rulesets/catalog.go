package rulesets

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/impartial-go/impartial/game"
)

// Known is a row of published values of one spec of an [Entry], with
// where they are published. The catalogue test parses Spec, computes the
// values and compares them with Values.
type Known struct {
	// Spec is a spec of the entry: "sub:1,3,4", "cram:3x3".
	Spec string
	// Values is the published values in decimal, separated by spaces:
	// G(0) G(1) … for a heap rule ("0 1 0 1 2 3 2"), the start position's
	// value for a board ("3"), the values of positions 0, 1, … for a
	// loopy game, an infinite one written ∞{…} ("0 ∞{0} ∞{}").
	Values string
	// Source is where the values are published: a book and chapter, an
	// OEIS number, a paper.
	Source string
	// Misere, when true, says that Values is the misère outcome of a
	// board's start position, "P" or "N", which the board reports as a
	// [MisereOutcomer].
	Misere bool
}

// MisereOutcomer is implemented by a board that computes the misère
// outcome of its start position itself (Notakto, a misère game as it is
// played): the catalogue's Known rows marked Misere are checked with it.
type MisereOutcomer interface {
	MisereOutcome(ctx context.Context) (game.Outcome, error)
}

// Entry declares one family of rulesets: the spec Name or Name:ARG. Each
// ruleset's file declares its entry once, and [ParseRules], [Parse], the
// error text of an unknown spec, [Names], [Entries], [Help] (and so the
// help of every program) and the catalogue test all read it. Entries are registered while the package
// initializes and never change after, so every function that reads the
// catalogue is safe for concurrent use.
type Entry struct {
	// Name is the spec's key, the text before the colon, in lower case
	// ("sub", "kayles"). The entry named "code" also takes bare
	// take-and-break codes (".07"), with no key at all.
	Name string
	// Syntax shows how a spec is written, for help text: "sub:N,N,…",
	// "adjacent[:N,N,…]".
	Syntax string
	// Doc says what the game is, in one line.
	Doc string
	// Kind says what the specs denote, and so what the makers return: a
	// [Ruleset] for [game.KindHeap], a [game.Board] for [game.KindBoard],
	// a [game.Loopy] for [game.KindLoopy].
	Kind game.Kind
	// Alone makes the game of the spec Name with no argument; nil when
	// the entry needs an argument.
	Alone func() fmt.Stringer
	// WithArg makes the game of the spec Name:ARG from ARG, the text after
	// the colon, unchanged; nil when the entry takes no argument. A
	// [*SyntaxError] it returns counts positions from ARG's first
	// character (1); ParseRules moves them to the whole spec. Any other
	// error is reported as a SyntaxError naming ARG, and its message
	// without the "rulesets: " prefix. Its result is not
	// used when the error is not nil.
	WithArg func(arg string) (fmt.Stringer, error)
	// Known holds published values that the catalogue test recomputes
	// (with package sg/solve). Every entry has at least one row.
	Known []Known
}

// codeEntry is the name of the entry that takes bare codes.
const codeEntry = "code"

// catalog holds the registered entries by name.
var catalog = map[string]*Entry{}

// register adds e to the catalogue; every entry's file calls it once, in a
// package-level declaration:
//
//	var _ = register(&Entry{Name: "kayles", …})
//
// It panics, at package initialization, on a programmer's error: an empty
// or non-lower-case name, a name registered twice, no Syntax or Doc, an
// unknown Kind, neither Alone nor WithArg, or no Known row.
func register(e *Entry) bool {
	switch {
	case e.Name == "" || strings.IndexFunc(e.Name, func(r rune) bool {
		return !unicode.IsLower(r) && !unicode.IsDigit(r)
	}) >= 0:
		panic(fmt.Sprintf("rulesets: entry name %q is not lower-case letters and digits", e.Name))
	case catalog[e.Name] != nil:
		panic("rulesets: entry " + e.Name + " registered twice")
	case e.Syntax == "" || e.Doc == "":
		panic("rulesets: entry " + e.Name + " has no Syntax or Doc")
	case e.Kind != game.KindHeap && e.Kind != game.KindBoard && e.Kind != game.KindLoopy:
		panic("rulesets: entry " + e.Name + " has no Kind")
	case e.Alone == nil && e.WithArg == nil:
		panic("rulesets: entry " + e.Name + " makes nothing (no Alone, no WithArg)")
	case len(e.Known) == 0:
		panic("rulesets: entry " + e.Name + " has no Known values")
	}
	catalog[e.Name] = e
	return true
}

// Entries returns a copy of every registered entry, sorted by name.
func Entries() []Entry {
	out := make([]Entry, 0, len(catalog))
	for _, name := range Names() {
		out = append(out, *catalog[name])
	}
	return out
}

// Lookup returns the entry registered under name (case-insensitive), and
// false when there is none.
func Lookup(name string) (Entry, bool) {
	e := catalog[strings.ToLower(strings.TrimSpace(name))]
	if e == nil {
		return Entry{}, false
	}
	return *e, true
}

// Names returns the names of the registered entries, sorted.
func Names() []string {
	names := make([]string, 0, len(catalog))
	for name := range catalog {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Help returns the accepted specs as an aligned list, one entry a line
// with its syntax, kind and one-line doc, for the usage text of
// command-line programs; each line starts with two spaces:
//
//	adjacent[:N,N,…]  heap   take N adjacent stones from a row (any N if none)
func Help() string {
	es := Entries()
	width := 0
	for _, e := range es {
		width = max(width, len([]rune(e.Syntax)))
	}
	var b strings.Builder
	for _, e := range es {
		fmt.Fprintf(&b, "  %s%s  %-5s  %s\n", e.Syntax, strings.Repeat(" ", width-len([]rune(e.Syntax))), e.Kind, e.Doc)
	}
	return b.String()
}

// ParseRules returns what spec denotes, for any registered entry, typed
// by its kind (see [game.Rules]): a [Ruleset] in Heap for a heap rule, a
// [game.Board] in Board for a game with its start position, a
// [game.Loopy] in Loopy for a game whose play may not end. A spec is NAME or NAME:ARG, the name case-insensitive and
// surrounding spaces ignored, or a bare take-and-break code (".07", "4.[3]",
// see [ParseCode]). [Help] lists the accepted specs.
//
// A bad spec is a [*SyntaxError] naming the bad token: an unknown name
// (the message lists the accepted ones), a name given an argument it does
// not take or missing one it needs, or the bad part of the argument, with
// its position in spec.
func ParseRules(spec string) (game.Rules, error) {
	x, e, err := parseSpec(spec)
	if err != nil {
		return game.Rules{}, err
	}
	return typed(e, x), nil
}

// typed returns x, made by entry e, as the Rules of e's kind. It panics
// when x is not of the kind e declares: a programmer's error in e, which
// the catalogue test finds.
func typed(e *Entry, x fmt.Stringer) game.Rules {
	r := game.Rules{Spec: x.String(), Kind: e.Kind}
	ok := false
	switch e.Kind {
	case game.KindHeap:
		r.Heap, ok = x.(Ruleset)
	case game.KindBoard:
		r.Board, ok = x.(game.Board)
	case game.KindLoopy:
		r.Loopy, ok = x.(game.Loopy)
	}
	if !ok {
		panic(fmt.Sprintf("rulesets: entry %s made %T, not a %v game", e.Name, x, e.Kind))
	}
	return r
}

// parseSpec is ParseRules, also returning the entry that made the result,
// untyped.
func parseSpec(spec string) (fmt.Stringer, *Entry, error) {
	s := strings.TrimSpace(spec)
	lead := leadingSpaces(spec)
	if s == "" {
		return nil, nil, &SyntaxError{Spec: spec, Msg: "empty game spec"}
	}
	if !strings.Contains(s, ":") && strings.ContainsAny(s, ".·") {
		if e := catalog[codeEntry]; e != nil && e.WithArg != nil {
			r, err := callWithArg(e, spec, s, lead+1)
			return r, e, err
		}
	}
	key, arg, hasArg := strings.Cut(s, ":")
	key = strings.ToLower(strings.TrimSpace(key))
	e := catalog[key]
	if e == nil {
		return nil, nil, unknownGame(spec, key, hasArg)
	}
	if !hasArg {
		if e.Alone == nil {
			return nil, e, &SyntaxError{Spec: spec, Token: key, Pos: 1 + lead, Msg: "needs an argument, as in " + e.Syntax}
		}
		return e.Alone(), e, nil
	}
	if e.WithArg == nil {
		return nil, e, &SyntaxError{Spec: spec, Token: key, Pos: 1 + lead, Msg: "takes no argument (write " + key + " alone)"}
	}
	argPos := len([]rune(spec[:strings.Index(spec, ":")])) + 2 // 1-based position of the argument
	r, err := callWithArg(e, spec, arg, argPos)
	return r, e, err
}

// callWithArg runs e.WithArg on arg, which starts at position argPos of
// spec, and moves the positions of its errors into spec.
func callWithArg(e *Entry, spec, arg string, argPos int) (fmt.Stringer, error) {
	r, err := e.WithArg(arg)
	if err == nil {
		return r, nil
	}
	if se, ok := err.(*SyntaxError); ok {
		out := *se
		out.Spec = spec
		if out.Pos > 0 {
			out.Pos += argPos - 1
		}
		return nil, &out
	}
	return nil, &SyntaxError{Spec: spec, Pos: argPos + leadingSpaces(arg), Token: strings.TrimSpace(arg), Msg: strings.TrimPrefix(err.Error(), "rulesets: ")}
}

// unknownGame is the error for a spec whose name is not registered: it
// lists every accepted spec, from the catalogue.
func unknownGame(spec, name string, hasArg bool) error {
	if !hasArg {
		name = strings.TrimSpace(spec)
	}
	var want []string
	for _, e := range Entries() {
		want = append(want, e.Syntax)
	}
	return &SyntaxError{Spec: spec, Token: name, Msg: "unknown game (want one of " + strings.Join(want, ", ") + ")"}
}
