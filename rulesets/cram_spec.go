package rulesets

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/grid"
)

// Domino returns the two cells, in increasing order, that the move from p
// to q covers, and false when q is not a position after one move from p.
func (g *Cram) Domino(p, q grid.Set) (a, b int, ok bool) {
	d := p.AndNot(q)
	if q.AndNot(p) != (grid.Set{}) || d.Len() != 2 {
		return 0, 0, false
	}
	a, b = d.Lowest(), d.Highest()
	if b-a != g.b.Cols() && !(b-a == 1 && a%g.b.Cols() != g.b.Cols()-1) {
		return 0, 0, false
	}
	return a, b, true
}

// MoveString writes the move from p to q as its two cells, each as
// row,column counted from 0 ("0,0-0,1"), and "?" when q does not follow p.
func (g *Cram) MoveString(p, q grid.Set) string {
	a, b, ok := g.Domino(p, q)
	if !ok {
		return "?"
	}
	ra, ca := g.b.RowCol(a)
	rb, cb := g.b.RowCol(b)
	return fmt.Sprintf("%d,%d-%d,%d", ra, ca, rb, cb)
}

// ParseMove returns the position after the domino that text names, as
// MoveString writes it ("0,0-0,1", spaces allowed around numbers, the
// cells in either order), and an error naming text when it names no move
// from p.
func (g *Cram) ParseMove(p grid.Set, text string) (grid.Set, error) {
	a, b, ok := strings.Cut(text, "-")
	if !ok {
		return p, fmt.Errorf("rulesets: cram: %q is not a domino r,c-r,c", strings.TrimSpace(text))
	}
	name := normCell(a) + "-" + normCell(b)
	if q, err := game.FindMove(g, g.MoveString, p, name); err == nil {
		return q, nil
	}
	if q, err := game.FindMove(g, g.MoveString, p, normCell(b)+"-"+normCell(a)); err == nil {
		return q, nil
	}
	return p, fmt.Errorf("rulesets: cram: %q is not a legal domino here", strings.TrimSpace(text))
}

// normCell writes a cell "r , c" as "r,c".
func normCell(s string) string {
	r, c, _ := strings.Cut(s, ",")
	return strings.TrimSpace(r) + "," + strings.TrimSpace(c)
}

// ParseCram reads the argument of a "cram:" spec: "MxN" for an empty board
// of M rows and N columns (also "M×N"), or rows of '.' (free) and '#'
// (blocked) separated by '/', as in "..#/...". A bad argument is a
// [*SyntaxError] naming the bad size, row or cell, its position counted in
// arg from 1 (the convention of the catalogue's WithArg).
func ParseCram(arg string) (*Cram, error) {
	spec := arg
	const off = 1
	if strings.TrimSpace(arg) == "" {
		return nil, &SyntaxError{Spec: spec, Pos: off, Msg: "empty board (want MxN or rows like ../.#)"}
	}
	if !strings.ContainsAny(arg, ".#") {
		m, n, err := parseDims(spec, arg, off)
		if err != nil {
			return nil, err
		}
		g, err := NewCram(m, n)
		if err != nil {
			return nil, &SyntaxError{Spec: spec, Pos: off, Token: arg, Msg: strings.TrimPrefix(err.Error(), "rulesets: cram: grid: ")}
		}
		return g, nil
	}
	rows := strings.Split(arg, "/")
	b, free, err := grid.ParseRows(rows, '.', '#')
	if err != nil {
		pe, ok := err.(*grid.ParseError)
		if !ok {
			return nil, &SyntaxError{Spec: spec, Pos: off, Token: arg, Msg: err.Error()}
		}
		return nil, rowError(spec, rows, off, pe)
	}
	return NewCramBoard(b, free), nil
}

// rowError turns a grid.ParseError for rows (which start at 1-based
// position off of spec) into a SyntaxError naming the row or cell.
func rowError(spec string, rows []string, off int, pe *grid.ParseError) error {
	msg := strings.TrimPrefix(pe.Error(), "grid: ")
	if pe.Row < 1 || pe.Row > len(rows) {
		return &SyntaxError{Spec: spec, Pos: off, Msg: msg}
	}
	pos := off
	for _, r := range rows[:pe.Row-1] {
		pos += utf8.RuneCountInString(r) + 1
	}
	if row := []rune(rows[pe.Row-1]); pe.Col > 0 && pe.Col <= len(row) {
		return &SyntaxError{Spec: spec, Pos: pos + pe.Col - 1, Token: string(row[pe.Col-1]), Msg: msg}
	}
	return &SyntaxError{Spec: spec, Pos: pos, Token: rows[pe.Row-1], Msg: msg}
}

// parseDims reads "MxN" (or "M×N") at 1-based position off of spec.
func parseDims(spec, arg string, off int) (int, int, error) {
	a, b, ok := strings.Cut(arg, "x")
	if !ok {
		a, b, ok = strings.Cut(arg, "×")
	}
	if !ok {
		return 0, 0, &SyntaxError{Spec: spec, Pos: off, Token: arg, Msg: "want MxN, as in 5x6"}
	}
	m, err := parseSide(spec, a, off)
	if err != nil {
		return 0, 0, err
	}
	n, err := parseSide(spec, b, off+utf8.RuneCountInString(a)+1)
	if err != nil {
		return 0, 0, err
	}
	return m, n, nil
}

// parseSide reads one side of a board, 1 to grid.MaxCells.
func parseSide(spec, tok string, pos int) (int, error) {
	n, err := strconv.Atoi(tok)
	if err != nil || n < 1 || n > grid.MaxCells {
		return 0, &SyntaxError{Spec: spec, Pos: pos, Token: tok, Msg: fmt.Sprintf("not a side between 1 and %d", grid.MaxCells)}
	}
	return n, nil
}

// The capabilities Cram declares.
var (
	_ game.Started[grid.Set]       = (*Cram)(nil)
	_ game.Decomposer[grid.Set]    = (*Cram)(nil)
	_ game.Canonicalizer[grid.Set] = (*Cram)(nil)
	_ game.Packer[grid.Set]        = (*Cram)(nil)
	_ game.MoveCounter[grid.Set]   = (*Cram)(nil)
	_ game.MoveOrderer[grid.Set]   = (*Cram)(nil)
	_ game.Strategist[grid.Set]    = (*Cram)(nil)
)

var (
	_ = register(&Entry{
		Name:    "cram",
		Syntax:  "cram:MxN|cram:ROW/ROW/…",
		Doc:     "Cram: cover two adjacent free cells with a domino ('.' free, '#' blocked), up to 128 cells",
		Kind:    game.KindBoard,
		WithArg: func(arg string) (fmt.Stringer, error) { return ParseCram(arg) },
		Known: []Known{
			{Spec: "cram:4x4", Values: "0", Source: "even×even: the second player copies by the half turn; Winning Ways, ch. 22"},
			{Spec: "cram:1x10", Values: "3", Source: "a 1×n strip is Dawson's Kayles .07; OEIS A002187 a(9)"},
			{Spec: "cram:5x6", Values: "2", Source: "M. Schneider, Das Spiel Juvavum, 2009; J. Uiterwijk, Solving Cram using combinatorial game theory, 2019"},
		},
	})
)
