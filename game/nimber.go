package game

import "strconv"

// Nimber is a Sprague–Grundy value: the size of the Nim heap that a
// position is equivalent to. Its addition is XOR (nim-addition), so the
// value of a disjunctive sum is the XOR of its parts' values. Rules that
// know their values by a formula ([FormulaRule], a coin position, a
// Hackenbush picture) state them as Nimbers; package sg computes them for
// every other game (sg.Nimber is this type).
type Nimber uint64

// Add returns the nim-sum a ⊕ b.
func (a Nimber) Add(b Nimber) Nimber { return a ^ b }

// String formats a nimber as "*n", the usual notation ("0" for zero).
func (a Nimber) String() string {
	if a == 0 {
		return "0"
	}
	return "*" + strconv.FormatUint(uint64(a), 10)
}

// Outcome says who wins a position with best play under normal play.
type Outcome uint8

const (
	// P is a previous-player win: the player to move loses. Value 0.
	P Outcome = iota
	// N is a next-player win: the player to move has a winning move. Value ≠ 0.
	N
)

// OutcomeOf returns the outcome of a position of value v: P exactly when v is 0.
func OutcomeOf(v Nimber) Outcome {
	if v == 0 {
		return P
	}
	return N
}

// String returns "P" or "N".
func (o Outcome) String() string {
	switch o {
	case P:
		return "P"
	case N:
		return "N"
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}
