package app

import (
	"context"
	"slices"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/misere"
)

// MaxMisereTokens bounds the tokens of a position in the misère view: its
// engine visits every position below it, which the Sprague–Grundy
// values no longer summarize.
const MaxMisereTokens = 60

// MisereAnswer is the misère view of a position of heaps: who wins when
// the player who makes the last move loses, and the moves that win so.
type MisereAnswer struct {
	Outcome string   `json:"outcome"`
	Moves   []string `json:"moves"`
	// Read from a misère quotient (Notakto): Element is the position's
	// element, Order the quotient's number of elements and PPortion the
	// elements of its P-positions, named as package sg/misere names them.
	Element  string   `json:"element,omitempty"`
	Order    int      `json:"order,omitempty"`
	PPortion []string `json:"pportion,omitempty"`
}

// misereView answers a position of heaps in misère play (package
// sg/misere), with its normal-play value beside it in resp.
func misereView(ctx context.Context, rule game.HeapRule, heaps []int, moves []Move) (*MisereAnswer, error) {
	total := 0
	for _, h := range heaps {
		total += h
	}
	if total > MaxMisereTokens {
		return nil, bad("position", "%d tokens in all: the misère view takes at most %d", total, MaxMisereTokens)
	}
	start, err := game.MakeHeaps(heaps...)
	if err != nil {
		return nil, bad("position", "%v", err)
	}
	e := misere.NewEngine[game.Heaps](game.NewHeapGame(rule))
	o, err := e.Outcome(ctx, start)
	if err != nil {
		return nil, err
	}
	wins, err := e.WinningMoves(ctx, start)
	if err != nil {
		return nil, err
	}
	ans := &MisereAnswer{Outcome: o.String(), Moves: []string{}}
	for i := range moves {
		got := slices.DeleteFunc(slices.Clone(moves[i].To), func(x int) bool { return x == 0 })
		slices.Sort(got)
		for _, w := range wins {
			if slices.Equal(got, w.Sizes()) {
				ans.Moves = append(ans.Moves, moves[i].Text)
				break
			}
		}
	}
	return ans, nil
}
