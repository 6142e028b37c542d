package main

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"strings"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/misere"
)

// isNotakto reports whether a GAME operand names Notakto, whose misère
// play sgtool reads from its quotient: "notakto", or "notakto:K".
func isNotakto(spec string) bool {
	s := strings.ToLower(spec)
	return s == "notakto" || strings.HasPrefix(s, "notakto:")
}

// notaktoQuotient computes the misère quotient of the 3×3 Notakto board:
// the closed set of the empty board.
func notaktoQuotient(ctx context.Context, opts ...misere.Option) (*rulesets.Notakto, *misere.GameQuotient[rulesets.NotaktoBoard], error) {
	n, err := rulesets.NewNotakto(1)
	if err != nil {
		return nil, nil, err
	}
	q, err := misere.NewGameQuotient[rulesets.NotaktoBoard](ctx, n, n.Start(), opts...)
	return n, q, err
}

// notaktoQuotientReport is the JSON printed by quotient notakto.
type notaktoQuotientReport struct {
	Code       string   `json:"code"`
	Components int      `json:"components"`
	Order      int      `json:"order"`
	Generators []string `json:"generators"`
	PPortion   []string `json:"p_portion"`
	Relations  []string `json:"relations"`
	// Pretending maps each board that is not dead, up to the symmetries
	// of the square (its least image), to its element.
	Pretending map[string]string `json:"pretending"`
}

// cmdQuotientNotakto prints the misère quotient of Notakto (Plambeck and
// Whitehead 2013: 18 elements).
func cmdQuotientNotakto(ctx context.Context, stdout io.Writer) error {
	n, q, err := notaktoQuotient(ctx)
	if err != nil {
		return fmt.Errorf("quotient: %w", err)
	}
	rep := notaktoQuotientReport{Code: "notakto", Components: q.Max(), Order: q.Order(),
		PPortion: []string{}, Relations: q.Relations(), Pretending: map[string]string{}}
	for _, b := range q.Generators() {
		rep.Generators = append(rep.Generators, b.String())
	}
	for _, x := range q.PPortion() {
		rep.PPortion = append(rep.PPortion, q.Name(x))
	}
	for b := rulesets.NotaktoBoard(0); b < 512; b++ {
		if n.Canonical(b) != b || b.Dead() {
			continue
		}
		x, err := q.Element(b)
		if err != nil {
			return fmt.Errorf("quotient: %w", err)
		}
		rep.Pretending[b.String()] = q.Name(x)
	}
	return writeJSON(stdout, rep)
}

// notaktoReport is the JSON printed by misere notakto.
type notaktoReport struct {
	Game    string        `json:"game"`
	Boards  []string      `json:"boards"`
	Outcome string        `json:"outcome"`
	Element string        `json:"element"`
	Moves   []notaktoMove `json:"moves"`
}

// notaktoMove puts an X in cell Cell (0 to 8, row after row) of board
// number Board, which becomes To.
type notaktoMove struct {
	Board int    `json:"board"`
	Cell  int    `json:"cell"`
	To    string `json:"to"`
}

// cmdMisereNotakto prints the misère outcome of a sum of Notakto boards
// and every winning move, read from the quotient.
func cmdMisereNotakto(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return badArg("misere: want notakto BOARD…")
	}
	boards := make([]rulesets.NotaktoBoard, len(args))
	for i, s := range args {
		b, err := rulesets.ParseNotaktoBoard(s)
		if err != nil {
			return badArg("misere: bad BOARD %s (board %d): %s", quote(s), i, strings.TrimPrefix(err.Error(), "rulesets: "))
		}
		boards[i] = b
	}
	_, q, err := notaktoQuotient(ctx)
	if err != nil {
		return cmdError("misere", err)
	}
	x, err := q.Element(boards...)
	if err != nil {
		return cmdError("misere", err)
	}
	o, _ := q.Outcome(boards...)
	moves, err := q.WinningMoves(boards...)
	if err != nil {
		return cmdError("misere", err)
	}
	rep := notaktoReport{Game: "notakto", Outcome: o.String(), Element: q.Name(x), Moves: []notaktoMove{}}
	for _, b := range boards {
		rep.Boards = append(rep.Boards, b.String())
	}
	for _, m := range moves {
		cell := bits.TrailingZeros16(uint16(m.To &^ boards[m.Part]))
		rep.Moves = append(rep.Moves, notaktoMove{Board: m.Part, Cell: cell, To: m.To.String()})
	}
	return writeJSON(stdout, rep)
}
