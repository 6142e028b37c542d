package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

var _ Notation[Heaps] = (*HeapGame)(nil)

// String writes the move as the heap it is played on, what it was and
// what it becomes: "7>3" (a heap of 7 left as one of 3), "7>2+4" (split
// into heaps of 2 and 4), "7>0" (taken whole). The heap's place in a row
// is not written: equal heaps are the same move.
func (m HeapPlay) String() string {
	if len(m.To) == 0 {
		return strconv.Itoa(m.From) + ">0"
	}
	parts := make([]string, len(m.To))
	for i, n := range m.To {
		parts[i] = strconv.Itoa(n)
	}
	return strconv.Itoa(m.From) + ">" + strings.Join(parts, "+")
}

// MoveString names the move from p to q as [HeapPlay.String] writes it
// ("7>2+4"), "?" when q does not follow p. It costs an [HeapGame.AppendPlays].
func (g *HeapGame) MoveString(p, q Heaps) string {
	m, ok := g.PlayTo(p.Sizes(), q)
	if !ok {
		return "?"
	}
	return m.String()
}

// ParseMove returns the position after the move that text names, written
// as [HeapPlay.String] writes it ("7>2+4", the heaps left in any order,
// spaces allowed around numbers), and an error naming text when it is not
// a move from p under the rule.
func (g *HeapGame) ParseMove(p Heaps, text string) (Heaps, error) {
	t := strings.TrimSpace(text)
	from, to, ok := strings.Cut(t, ">")
	f, err := strconv.Atoi(strings.TrimSpace(from))
	if !ok || err != nil {
		return p, fmt.Errorf("game: %q is not a heap move FROM>TO+TO…", t)
	}
	var want []int
	for s := range strings.SplitSeq(to, "+") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 0 {
			return p, fmt.Errorf("game: %q: %q is not a heap size", t, strings.TrimSpace(s))
		}
		if n > 0 {
			want = append(want, n)
		}
	}
	slices.Sort(want)
	sizes := p.Sizes()
	for _, m := range g.AppendPlays(nil, sizes) {
		if m.From == f && slices.Equal(m.To, want) {
			q, err := MakeHeaps(m.Apply(sizes)...)
			if err != nil {
				return p, err
			}
			return q, nil
		}
	}
	return p, fmt.Errorf("game: %q is not a legal move from %v", t, p)
}
