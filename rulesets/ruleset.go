package rulesets

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence"
)

// Ruleset is a heap game's rules together with a canonical spec: String
// returns text that [Parse] turns back into the same rules (".07",
// "sub:1,3,4", "kayles", …). Every ruleset in this package is immutable once
// made, so one value may be shared by any number of goroutines.
type Ruleset interface {
	game.HeapRule
	fmt.Stringer
}

// Rulesets whose values follow a formula announce it through
// [sequence.FormulaRule], which [sequence.Solve], [sequence.Values] and
// [sequence.Period] read: the codes of [TakeBreak.ValueOf] and
// [AnyAnywhere].
var (
	_ sequence.FormulaRule = (*TakeBreak)(nil)
	_ sequence.FormulaRule = AnyAnywhereRule{}
)

// Formula returns the formula of [TakeBreak.ValueOf] when the code has one
// (Nim-like codes, Bash, take-an-odd-number, Lasker's Nim), and false for
// every other code: it makes a TakeBreak a [sequence.FormulaRule].
func (t *TakeBreak) Formula() (sequence.Formula, bool) {
	if t.form == closedNone {
		return nil, false
	}
	return t.ValueOf, true
}

// Formula returns G(n) = n (see [AnyAnywhereRule.ValueOf]): it makes the
// rule a [sequence.FormulaRule].
func (r AnyAnywhereRule) Formula() (sequence.Formula, bool) { return r.ValueOf, true }
