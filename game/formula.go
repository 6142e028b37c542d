package game

// Formula gives G(n) for a heap of n tokens in O(1), for any n up to
// 2^64-1, and false when G(n) does not fit in a [Nimber].
type Formula func(n uint64) (Nimber, bool)

// FormulaRule is the optional capability of a heap rule whose values
// follow a formula, such as Nim (G(n) = n), take 1 to m (n mod (m+1)) or
// Lasker's Nim. Formula returns the formula, and false when this rule has
// none: a type may hold rules with and without one (the take-and-break
// codes of package rulesets have a formula only for some digits).
//
// The value sequences of package sg/sequence answer from the formula
// without computing anything. The formula must agree with the rule's
// moves: the tests of a rule hold the two to each other.
type FormulaRule interface {
	Formula() (Formula, bool)
}

// FormulaOf returns r's formula, and false when r does not announce one
// through [FormulaRule].
func FormulaOf(r HeapRule) (Formula, bool) {
	fr, ok := r.(FormulaRule)
	if !ok {
		return nil, false
	}
	f, ok := fr.Formula()
	if !ok || f == nil {
		return nil, false
	}
	return f, true
}

// FormulaMover is an optional capability of a [FormulaRule] whose formula
// also names a move: FormulaMove returns the heaps that a heap of n tokens
// may become in one move so that their values XOR to want (parts may be
// empty: the heap is taken whole), with ok false when no move does, and
// known false when the formula says nothing about this n and want (the
// caller then searches the moves). It costs O(1).
type FormulaMover interface {
	FormulaMove(n uint64, want Nimber) (parts []uint64, ok, known bool)
}

// WideDigits is an optional capability of a [TakeBreakRule] whose digits
// are defined for move sizes past the range of int: DigitOf(k) equals
// Digit(int(k)) whenever k fits in an int.
type WideDigits interface {
	DigitOf(k uint64) uint32
}
