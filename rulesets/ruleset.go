package rulesets

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// Ruleset is a heap game's rules together with a canonical spec: String
// returns text that [Parse] turns back into the same rules (".07",
// "sub:1,3,4", "kayles", …). Every ruleset in this package is immutable once
// made, so one value may be shared by any number of goroutines.
type Ruleset interface {
	game.HeapRule
	fmt.Stringer
}

// ClosedForm is implemented by rulesets whose values have a known formula,
// such as Nim (G(n) = n), Bash (n mod (m+1)) or Lasker's Nim. ValueOf
// returns G(n) for any heap up to 2^64-1 in constant time, and false when
// the ruleset has no formula or G(n) would not fit in a [sg.Nimber].
//
// Rulesets without a formula can still reach huge heaps through a
// certified period (package sg's Period and Periodicity.ValueAt).
type ClosedForm interface {
	ValueOf(n uint64) (sg.Nimber, bool)
}

// ValueOf returns G(n) for rule r from its closed form, and false when r
// has none (or the value overflows).
func ValueOf(r game.HeapRule, n uint64) (sg.Nimber, bool) {
	if c, ok := r.(ClosedForm); ok {
		return c.ValueOf(n)
	}
	return 0, false
}

// ClosedFormOf returns r's closed form as a [ValueFunc], and false when r
// has no formula: a [TakeBreak] has one only for the digits its ValueOf
// recognizes, and any other [ClosedForm] has one when its ValueOf knows
// G(0) (which is 0 for every heap game). The function returned answers in
// O(1) for any heap and is safe for concurrent use.
//
// It is how a program chooses between the formula and the sequence
// engines of package sg, and the default ValueFunc of [NewHeapPart].
func ClosedFormOf(r game.HeapRule) (ValueFunc, bool) {
	c, ok := r.(ClosedForm)
	if !ok {
		return nil, false
	}
	if t, isCode := r.(*TakeBreak); isCode {
		ok = t.form != closedNone
	} else {
		_, ok = c.ValueOf(0)
	}
	if !ok {
		return nil, false
	}
	return c.ValueOf, true
}
