package rulesets

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/impartial-go/impartial/sg"
)

// Kind says what the specs of an [Entry] denote, and so what a caller of
// [ParseRules] may do with the result.
type Kind uint8

const (
	// KindHeap: the spec denotes the rules of a heap game, a [Ruleset].
	// It has no start position: a position is any collection of heaps,
	// and the rule is solved by its value sequence G(0), G(1), …, which
	// may have a period.
	KindHeap Kind = iota + 1
	// KindBoard: the spec denotes a game together with its start position
	// (a board, a graph, a row of coins), a [Board]. It has one value,
	// that of its start position, and no sequence.
	KindBoard
	// KindLoopy: the spec denotes a game whose positions may repeat (a
	// loopy game), whose values are generalized Sprague–Grundy values,
	// finite (*n) or infinite (∞ with a set of finite values). The engines
	// of package sg refuse such games, and [Parse] refuses their specs even
	// when what they make has heap moves; the entry's Compute computes its
	// Known values.
	KindLoopy
)

// String returns "heap", "board" or "loopy".
func (k Kind) String() string {
	switch k {
	case KindHeap:
		return "heap"
	case KindBoard:
		return "board"
	case KindLoopy:
		return "loopy"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Rules is whatever a spec denotes. Its String method returns a canonical
// spec that [ParseRules] reads back into the same game. Find out what it
// is by type switch or capability check:
//
//	switch r := r.(type) {
//	case rulesets.Ruleset: // a heap rule (KindHeap): values G(n), periods
//	case rulesets.Board:   // a game and its start position (KindBoard)
//	}
//
// A loopy game ([KindLoopy]) has the capabilities its package documents;
// [Lookup] of the spec's name tells its kind before anything is made.
type Rules interface {
	fmt.Stringer
}

// Board is implemented by what a [KindBoard] spec denotes: a game together
// with its start position. StartValue computes the Sprague–Grundy value of
// the start position; it stops with ctx's error when ctx is cancelled, and
// returns an error, rather than exhausting memory, when the position is
// beyond the game's documented limits.
type Board interface {
	Rules
	StartValue(ctx context.Context) (sg.Nimber, error)
}

// Known is a row of published values of one spec of an [Entry], with
// where they are published. The catalogue test parses Spec, computes the
// values and compares them with Values.
type Known struct {
	// Spec is a spec of the entry: "sub:1,3,4", "cram:3x3".
	Spec string
	// Values is the published values in decimal, separated by spaces:
	// G(0) G(1) … for a heap rule ("0 1 0 1 2 3 2"), the start position's
	// value for a board ("3").
	Values string
	// Source is where the values are published: a book and chapter, an
	// OEIS number, a paper.
	Source string
}

// Entry declares one family of rulesets: the spec Name or Name:ARG. Each
// ruleset's file declares its entry once, and [ParseRules], [Parse], the
// error text of an unknown spec, [Names], [Entries], [Help] and the
// catalogue test all read it. Entries are registered while the package
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
	// Kind says what the specs denote.
	Kind Kind
	// Alone makes the game of the spec Name with no argument; nil when
	// the entry needs an argument.
	Alone func() Rules
	// WithArg makes the game of the spec Name:ARG from ARG, the text after
	// the colon, unchanged; nil when the entry takes no argument. A
	// [*SyntaxError] it returns counts positions from ARG's first
	// character (1); ParseRules moves them to the whole spec. Any other
	// error is reported as a SyntaxError naming ARG, and its message
	// without the "rulesets: " prefix. Its result is not
	// used when the error is not nil.
	WithArg func(arg string) (Rules, error)
	// Known holds published values that the catalogue test recomputes.
	// Every entry has at least one row.
	Known []Known
	// Compute, when not nil, computes the values of a Known row of this
	// entry for the catalogue test, formatted as Known.Values, count of
	// them; nil means the way of the Kind: G(0) … G(count-1) of a
	// [Ruleset] by the engine of package sg, or the StartValue of a
	// [Board]. Entries of [KindLoopy], whose values may be infinite, must
	// set it.
	Compute func(ctx context.Context, r Rules, count int) (string, error)
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
// unknown Kind, neither Alone nor WithArg, no Known row, or a loopy entry
// without Compute.
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
	case e.Kind != KindHeap && e.Kind != KindBoard && e.Kind != KindLoopy:
		panic("rulesets: entry " + e.Name + " has no Kind")
	case e.Kind == KindLoopy && e.Compute == nil:
		panic("rulesets: loopy entry " + e.Name + " has no Compute")
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

// ParseRules returns what spec denotes, for any registered entry: a
// [Ruleset] for a heap rule, a [Board] for a game with its start position
// (see [Kind]). A spec is NAME or NAME:ARG, the name case-insensitive and
// surrounding spaces ignored, or a bare take-and-break code (".07", "4.[3]",
// see [ParseCode]). [Help] lists the accepted specs.
//
// A bad spec is a [*SyntaxError] naming the bad token: an unknown name
// (the message lists the accepted ones), a name given an argument it does
// not take or missing one it needs, or the bad part of the argument, with
// its position in spec.
func ParseRules(spec string) (Rules, error) {
	r, _, err := parseSpec(spec)
	return r, err
}

// parseSpec is ParseRules, also returning the entry that made the result.
func parseSpec(spec string) (Rules, *Entry, error) {
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
func callWithArg(e *Entry, spec, arg string, argPos int) (Rules, error) {
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
