package rulesets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// MaxLoopyPositions bounds the number of heap sizes (or vertices) of a
// [Loopy] rule: a rule keeps the moves of every size in memory, about 4
// bytes a move.
const MaxLoopyPositions = MaxTakeLimit

// Loopy is a heap game whose moves may add tokens, so that a heap can come
// back to a size it had and play can go on for ever: a game with cycles,
// a [game.Loopy], solved by the generalized Sprague–Grundy function of
// package sg/loopy (package sg/solve does it for any game.Loopy) rather
// than by the engines of package sg (which stop on a cycle with
// sg.ErrCycle). Its heap sizes are 0, 1, …, NumPositions()-1, a finite
// set, and a position of several heaps is the disjunctive sum of its
// heaps.
//
// A Loopy is not a [game.HeapRule]: that interface promises that play
// ends. It is a game.Game[int] on single heaps, immutable, and safe for
// concurrent use. Make one with [SubtractAdd], [WindUp] or [ArcGame], or
// from its spec with [ParseLoopy].
type Loopy struct {
	spec string
	off  []int32 // the moves of n are head[off[n]:off[n+1]]
	head []int32
}

var _ game.Loopy = (*Loopy)(nil)

// newLoopy returns the game on n positions with a move tails[i] → heads[i]
// for each i, the moves of each position in the order given; every
// vertex is in 0..n-1 (the callers check).
func newLoopy(spec string, n int, tails, heads []int) *Loopy {
	l := &Loopy{spec: spec, off: make([]int32, n+1), head: make([]int32, len(tails))}
	for _, u := range tails {
		l.off[u+1]++
	}
	for v := range n {
		l.off[v+1] += l.off[v]
	}
	fill := slices.Clone(l.off[:n])
	for i, u := range tails {
		l.head[fill[u]] = int32(heads[i])
		fill[u]++
	}
	return l
}

// String returns the canonical spec, which [ParseLoopy] reads back as the
// same rules.
func (l *Loopy) String() string { return l.spec }

// NumPositions returns the number of heap sizes (vertices), 0 to
// NumPositions()-1.
func (l *Loopy) NumPositions() int { return len(l.off) - 1 }

// NumMoves returns the number of moves of all positions together.
func (l *Loopy) NumMoves() int { return len(l.head) }

// AppendMoves appends the sizes a heap of n tokens may become (for a game
// on a digraph, the heads of the arcs leaving vertex n), in the order the
// rules list them. A size out of range has no moves.
func (l *Loopy) AppendMoves(dst []int, n int) []int {
	if n < 0 || n >= l.NumPositions() {
		return dst
	}
	for _, w := range l.head[l.off[n]:l.off[n+1]] {
		dst = append(dst, int(w))
	}
	return dst
}

// MoveString names the move from n to m by the size (vertex) it reaches,
// "m".
func (l *Loopy) MoveString(n, m int) string { return strconv.Itoa(m) }

// ParseMove returns the size (vertex) that text names, and an error naming
// text when it is not a number that n may move to.
func (l *Loopy) ParseMove(n int, text string) (int, error) {
	t := strings.TrimSpace(text)
	m, err := strconv.Atoi(t)
	if err == nil && slices.Contains(l.AppendMoves(nil, n), m) {
		return m, nil
	}
	return n, fmt.Errorf("rulesets: %s: %q is not a move from %d", l.spec, t, n)
}

// SubtractAdd returns the subtraction game with additions on heaps of at
// most max tokens: a move removes s tokens for some s in sub (when the heap
// has at least s), or adds a tokens for some a in add to a nonempty heap
// (when it then has at most max; an empty heap is gone, as in every heap
// game, so the empty position is terminal). Additions make it loopy: from n a player may go to
// n + a and back. Its spec is "subadd:S/A/max", as in "subadd:2,3/1/20"
// (sizes sorted). The bound max is part of the rules: the top heaps have
// fewer additions, and their values can differ from those of the same
// game with a larger bound.
//
// It returns an error naming the bad size when a size is not in
// 1..[MaxTakeLimit], when a list is empty, and when max is not in
// 1..MaxLoopyPositions-1.
func SubtractAdd(sub, add []int, max int) (*Loopy, error) {
	s, err := checkSizes("subadd", sub)
	if err != nil {
		return nil, err
	}
	a, err := checkSizes("subadd", add)
	if err != nil {
		return nil, err
	}
	if max < 1 || max >= MaxLoopyPositions {
		return nil, fmt.Errorf("rulesets: subadd: bound %d must be between 1 and %d", max, MaxLoopyPositions-1)
	}
	var tails, heads []int
	for n := 0; n <= max; n++ {
		for _, k := range s {
			if k <= n {
				tails, heads = append(tails, n), append(heads, n-k)
			}
		}
		for _, k := range a {
			if n > 0 && n+k <= max { // an empty heap is gone: nothing to add to
				tails, heads = append(tails, n), append(heads, n+k)
			}
		}
	}
	spec := joinSpec("subadd", s) + "/" + strings.TrimPrefix(joinSpec("", a), ":") + "/" + strconv.Itoa(max)
	return newLoopy(spec, max+1, tails, heads), nil
}

// WindUp returns Alfie Davies's modular subtraction game (proposed at
// Games-at-Dal 2023; the cgt crate, github.com/t4ccer/cgt-tools, solves it
// as "WindUp"): a counter on a clock of n hours 0, 1, …, n-1 moves back s
// hours, modulo n, for s in the set; 0 o'clock is terminal. Its spec is
// "windup:n/S", as in "windup:5/1,3". It returns an error naming the bad
// number when n is not in 1..MaxLoopyPositions, a size is not in
// 1..[MaxTakeLimit], or the set is empty.
func WindUp(n int, set ...int) (*Loopy, error) {
	if n < 1 || n > MaxLoopyPositions {
		return nil, fmt.Errorf("rulesets: windup: clock size %d must be between 1 and %d", n, MaxLoopyPositions)
	}
	s, err := checkSizes("windup", set)
	if err != nil {
		return nil, err
	}
	var tails, heads []int
	for h := 1; h < n; h++ {
		for _, k := range s {
			tails, heads = append(tails, h), append(heads, ((h-k)%n+n)%n)
		}
	}
	return newLoopy("windup:"+strconv.Itoa(n)+"/"+strings.TrimPrefix(joinSpec("", s), ":"), n, tails, heads), nil
}

// ArcGame returns the game of a token on a directed graph given by its
// arcs, arcs[i] = {u, v} being a move from vertex u to vertex v; the
// vertices are 0 to the largest one named, and cycles and loops are
// allowed. Its spec is "digraph:u-v,…", as in "digraph:0-1,1-0,1-2", with
// the arcs in the order given. It returns an error naming the arc when a
// vertex is negative or not below MaxLoopyPositions, and for no arcs.
func ArcGame(arcs ...[2]int) (*Loopy, error) {
	if len(arcs) == 0 {
		return nil, fmt.Errorf("rulesets: digraph: needs at least one arc")
	}
	n := 0
	tails, heads := make([]int, len(arcs)), make([]int, len(arcs))
	var b strings.Builder
	b.WriteString("digraph:")
	for i, a := range arcs {
		for _, v := range a {
			if v < 0 || v >= MaxLoopyPositions {
				return nil, fmt.Errorf("rulesets: digraph: arc %d (%d-%d): vertex %d must be between 0 and %d", i, a[0], a[1], v, MaxLoopyPositions-1)
			}
			n = max(n, v+1)
		}
		tails[i], heads[i] = a[0], a[1]
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%d-%d", a[0], a[1])
	}
	return newLoopy(b.String(), n, tails, heads), nil
}

// ParseLoopy returns the loopy heap rule described by spec:
//
//	subadd:2,3/1/20     subtract 2 or 3, or add 1, on heaps of at most 20
//	windup:5/1,3        a clock of 5 hours, moving back 1 or 3 hours
//	digraph:0-1,1-0,1-2 a token on the graph with these arcs
//
// Keys are case-insensitive and spaces around numbers are ignored. A bad
// spec is a [*SyntaxError] naming the bad token (a size, a bound, an arc)
// and its position.
func ParseLoopy(spec string) (*Loopy, error) {
	r, e, err := parseSpec(spec)
	if err != nil {
		return nil, err
	}
	l, ok := r.(*Loopy)
	if !ok || e.Kind != game.KindLoopy {
		return nil, &SyntaxError{Spec: spec, Token: strings.TrimSpace(spec), Pos: 1 + leadingSpaces(spec), Msg: "not a loopy rule (want subadd:S/A/MAX, windup:N/S or digraph:U-V,…)"}
	}
	return l, nil
}

// ParseArcs returns the game of a token on the graph whose arcs text lists,
// "0-1,1-0,1-2" (the argument of a digraph: spec alone); errors name the
// bad arc and its position in text.
func ParseArcs(text string) (*Loopy, error) { return parseArcs(text, text, 1) }

// splitFields cuts arg at each sep and returns the fields with the 1-based
// position of each in spec, arg starting at pos.
func splitFields(arg string, sep string, pos int) ([]string, []int) {
	var fields []string
	var at []int
	for f := range strings.SplitSeq(arg, sep) {
		fields = append(fields, f)
		at = append(at, pos)
		pos += len([]rune(f)) + len(sep)
	}
	return fields, at
}

// parseSubAdd parses the argument "S/A/max" of a subadd: spec.
func parseSubAdd(spec, arg string, pos int) (*Loopy, error) {
	f, at := splitFields(arg, "/", pos)
	if len(f) != 3 {
		return nil, &SyntaxError{Spec: spec, Pos: pos, Token: arg, Msg: "want three parts, subtractions/additions/bound, as in subadd:2,3/1/20"}
	}
	sub, err := parseList(spec, f[0], at[0])
	if err != nil {
		return nil, err
	}
	add, err := parseList(spec, f[1], at[1])
	if err != nil {
		return nil, err
	}
	bound, err := parseBound(spec, f[2], at[2], 1, MaxLoopyPositions-1, "bound")
	if err != nil {
		return nil, err
	}
	return SubtractAdd(sub, add, bound)
}

// parseWindUp parses the argument "n/S" of a windup: spec.
func parseWindUp(spec, arg string, pos int) (*Loopy, error) {
	f, at := splitFields(arg, "/", pos)
	if len(f) != 2 {
		return nil, &SyntaxError{Spec: spec, Pos: pos, Token: arg, Msg: "want two parts, clock size/moves, as in windup:5/1,3"}
	}
	n, err := parseBound(spec, f[0], at[0], 1, MaxLoopyPositions, "clock size")
	if err != nil {
		return nil, err
	}
	set, err := parseList(spec, f[1], at[1])
	if err != nil {
		return nil, err
	}
	return WindUp(n, set...)
}

// parseArcs parses the argument "u-v,u-v,…" of a digraph: spec.
func parseArcs(spec, arg string, pos int) (*Loopy, error) {
	if strings.TrimSpace(arg) == "" {
		return nil, &SyntaxError{Spec: spec, Pos: pos, Msg: "empty list of arcs (want u-v,… as in 0-1,1-0)"}
	}
	f, at := splitFields(arg, ",", pos)
	arcs := make([][2]int, len(f))
	for i, a := range f {
		tok := strings.TrimSpace(a)
		p := at[i] + leadingSpaces(a)
		u, v, ok := strings.Cut(tok, "-")
		if !ok {
			return nil, &SyntaxError{Spec: spec, Pos: p, Token: tok, Msg: "not an arc u-v"}
		}
		for j, x := range [2]string{u, v} {
			n, err := strconv.Atoi(strings.TrimSpace(x))
			if err != nil || n < 0 || n >= MaxLoopyPositions {
				return nil, &SyntaxError{Spec: spec, Pos: p, Token: tok, Msg: "vertex " + strconv.Quote(strings.TrimSpace(x)) +
					" is not a number between 0 and " + strconv.Itoa(MaxLoopyPositions-1)}
			}
			arcs[i][j] = n
		}
	}
	return ArcGame(arcs...)
}

func parseBound(spec, tok string, pos, lo, hi int, what string) (int, error) {
	t := strings.TrimSpace(tok)
	n, err := strconv.Atoi(t)
	if err != nil || n < lo || n > hi {
		return 0, &SyntaxError{Spec: spec, Pos: pos + leadingSpaces(tok), Token: t,
			Msg: fmt.Sprintf("%s must be a number between %d and %d", what, lo, hi)}
	}
	return n, nil
}

// parseList reads a list of sizes "1,3,4" that starts at position pos of
// spec, with errors placed in spec.
func parseList(spec, arg string, pos int) ([]int, error) {
	sizes, err := sizeList(arg)
	if se, ok := err.(*SyntaxError); ok {
		out := *se
		out.Spec = spec
		out.Pos += pos - 1
		return nil, &out
	}
	return sizes, err
}

var (
	_ = register(&Entry{
		Name:    "subadd",
		Syntax:  "subadd:S/A/MAX",
		Doc:     "take s in S from a heap, or add a in A to a nonempty heap, heaps at most MAX (loopy)",
		Kind:    game.KindLoopy,
		WithArg: func(arg string) (fmt.Stringer, error) { return parseSubAdd(arg, arg, 1) },
		Known: []Known{
			{Spec: "subadd:3/1/14", Values: "0 1 0 1 0 1 0 1 0 1 0 1 0 1 0", Source: "by hand: an even heap can only move to odd heaps and 0 is terminal"},
			{Spec: "subadd:1/1/10", Values: "0 ∞{0} ∞{} ∞{} ∞{} ∞{} ∞{} ∞{} ∞{} ∞{} ∞{}", Source: "by hand: from 1 the mover takes the last token; any larger heap can be kept away from 1 forever"},
		},
	})
	_ = register(&Entry{
		Name:    "windup",
		Syntax:  "windup:N/S",
		Doc:     "WindUp: a clock of N hours moved back s in S hours, mod N; 0 is terminal (loopy)",
		Kind:    game.KindLoopy,
		WithArg: func(arg string) (fmt.Stringer, error) { return parseWindUp(arg, arg, 1) },
		Known: []Known{
			{Spec: "windup:7/1,2,5", Values: "0 1 2 0 1 2 0", Source: "A. Davies, WindUp (Games-at-Dal 2023); rows in the tests of the cgt crate"},
			{Spec: "windup:4/2", Values: "0 ∞{} 1 ∞{}", Source: "A. Davies, WindUp; rows in the tests of the cgt crate"},
			{Spec: "windup:6/2,3", Values: "0 1 1 2 0 0", Source: "A. Davies, WindUp; rows in the tests of the cgt crate"},
		},
	})
	_ = register(&Entry{
		Name:    "digraph",
		Syntax:  "digraph:U-V,U-V,…",
		Doc:     "a token moved along the arcs of a digraph; cycles allowed (loopy)",
		Kind:    game.KindLoopy,
		WithArg: func(arg string) (fmt.Stringer, error) { return parseArcs(arg, arg, 1) },
		Known: []Known{{
			Spec:   "digraph:0-1,1-2,2-0,2-3,3-4",
			Values: "∞{} ∞{} ∞{1} 1 0",
			Source: "T. S. Ferguson, Game Theory, Part I, Fig. 3.4 (a graph with a cycle)",
		}},
	})
)
