package sg

import "github.com/impartial-go/impartial/game"

// Nimber is a Sprague–Grundy value, [game.Nimber]: the size of the Nim
// heap that a position is equivalent to. Its addition is XOR.
type Nimber = game.Nimber

// NimSum returns the XOR of vs; it is 0 for no arguments.
func NimSum(vs ...Nimber) Nimber {
	var s Nimber
	for _, v := range vs {
		s ^= v
	}
	return s
}

// Outcome says who wins a position with best play under normal play,
// [game.Outcome].
type Outcome = game.Outcome

const (
	// P is a previous-player win: the player to move loses. Value 0.
	P = game.P
	// N is a next-player win: the player to move has a winning move. Value ≠ 0.
	N = game.N
)

// OutcomeOf returns the outcome of a position of value v: P exactly when v is 0.
func OutcomeOf(v Nimber) Outcome { return game.OutcomeOf(v) }

// ErrZeroNimber is [game.ErrZeroNimber]: the error of [Nimber.Inv] and
// [Nimber.Div] for the nimber 0, which has no inverse.
var ErrZeroNimber = game.ErrZeroNimber
