package rulesets

import (
	"fmt"

	"github.com/impartial-go/impartial/game"
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
// [game.FormulaRule], which the value sequences of package sg/sequence
// read: the codes of [TakeBreak.ValueOf] and [AnyAnywhere]. Those whose
// formula also names a move say so through [game.FormulaMover], and a
// take-and-break code gives its digits past the range of int through
// [game.WideDigits].
var (
	_ game.FormulaRule   = (*TakeBreak)(nil)
	_ game.FormulaRule   = AnyAnywhereRule{}
	_ game.FormulaMover  = (*TakeBreak)(nil)
	_ game.FormulaMover  = AnyAnywhereRule{}
	_ game.TakeBreakRule = (*TakeBreak)(nil)
	_ game.WideDigits    = (*TakeBreak)(nil)
)

// Formula returns the formula of [TakeBreak.ValueOf] when the code has one
// (Nim-like codes, Bash, take-an-odd-number, Lasker's Nim), and false for
// every other code: it makes a TakeBreak a [game.FormulaRule].
func (t *TakeBreak) Formula() (game.Formula, bool) {
	if t.form == closedNone {
		return nil, false
	}
	return t.ValueOf, true
}

// Formula returns G(n) = n (see [AnyAnywhereRule.ValueOf]): it makes the
// rule a [game.FormulaRule].
func (r AnyAnywhereRule) Formula() (game.Formula, bool) { return r.ValueOf, true }

// FormulaMove returns, in O(1), heaps that a heap of n may become so that
// their values XOR to want, for the codes whose formula names a move
// (known is false for the others, and for the moves of Lasker's Nim that
// split a heap into heaps worth more than n). When G(n) = n (the Nim-like
// codes), every smaller single heap is one move away, and no option has a
// value of n or more, since an option is heaps of fewer tokens in all and
// a XOR is at most a sum. Lasker's G is its own inverse, so the heap of
// value want is G(want), a move away when smaller than n; when want = n =
// 4k+3 (G(n) = n+1) the split (1, n-1) has value 1 ⊕ (4k+2) = n.
func (t *TakeBreak) FormulaMove(n uint64, want game.Nimber) (parts []uint64, ok, known bool) {
	switch t.form {
	case closedNim:
		return nimMove(n, want)
	case closedLasker:
		if h, ok := laskerValue(uint64(want)); ok && uint64(h) < n {
			return []uint64{uint64(h)}, true, true
		}
		if uint64(want) == n && n%4 == 3 {
			return []uint64{1, n - 1}, true, true
		}
	}
	return nil, false, false
}

// FormulaMove returns the move of a row of n to value want, as
// [TakeBreak.FormulaMove] does for the Nim-like codes: G(n) = n.
func (AnyAnywhereRule) FormulaMove(n uint64, want game.Nimber) (parts []uint64, ok, known bool) {
	return nimMove(n, want)
}

// nimMove is FormulaMove for a rule with G(n) = n whose every smaller
// single heap is an option.
func nimMove(n uint64, want game.Nimber) ([]uint64, bool, bool) {
	if uint64(want) >= n {
		return nil, false, true
	}
	return []uint64{uint64(want)}, true, true // take n - want, leaving one heap
}

// DigitOf is Digit for move sizes up to 2^64-1: it makes a TakeBreak a
// [game.WideDigits].
func (t *TakeBreak) DigitOf(k uint64) uint32 {
	if k <= uint64(int(^uint(0)>>1)) {
		return t.Digit(int(k))
	}
	switch {
	case t.rule != nil:
		return t.rule(k)
	case len(t.repeat) == 0:
		return 0
	}
	return t.repeat[(k-uint64(len(t.digits)))%uint64(len(t.repeat))]
}
