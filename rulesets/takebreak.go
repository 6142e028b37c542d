package rulesets

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/impartial-go/impartial/game"
)

// MaxHeaps is the largest number of heaps a [TakeBreak] move may leave:
// digits are uint32 bit sets (bit j: j heaps), as in [game.TakeBreakRule].
// Rules that may leave more heaps than that, such as [AnyAnywhere], are
// their own types.
const MaxHeaps = 31

// closed names the formula a TakeBreak's values follow, found from its
// digits when it is made.
type closed uint8

const (
	closedNone   closed = iota
	closedNim           // G(n) = n
	closedBash          // G(n) = n mod (m+1)
	closedOdd           // G(n) = n mod 2
	closedLasker        // Lasker's Nim
)

// TakeBreak is a take-and-break game given by its digits d0 . d1 d2 d3 …:
// from a heap of n tokens a player may remove k tokens (0 ≤ k ≤ n) and
// leave the n-k that remain as exactly j nonempty heaps when bit j of dk is
// set. Octal games use bits 0–2 (leave nothing, one heap or two heaps),
// hexadecimal games bits 0–3, and a TakeBreak allows up to [MaxHeaps].
// d0, the integer part, only splits heaps without taking any token, so its
// bits 0 and 1 must be clear (its usual value is 0, or 4 as in Lasker's
// Nim 4.333…).
//
// The digits may end in a group that repeats for ever, as in Nim = 0.333…,
// written 0.[3]; see [ParseCode] for the notation. Rules whose digits follow
// no repeating pattern (the Fibonacci subtraction game) are also TakeBreaks.
//
// A TakeBreak implements [game.TakeBreakRule], so package sg runs its octal
// loops directly, and a formula ([TakeBreak.Formula]) when its digits are those of a
// game with a known formula. It is immutable and safe for concurrent use.
type TakeBreak struct {
	name    string                // spec for rules made by name ("kayles"); "" for plain codes
	digits  []uint32              // dk for k < len(digits); digits[0] is d0; never empty
	repeat  []uint32              // repeats for k ≥ len(digits); nil when the code is finite
	rule    func(k uint64) uint32 // digits given by a rule (k ≥ 1); digits and repeat unused then
	maxTake int
	form    closed
}

// NewTakeBreak returns the take-and-break game with digits d0, d1, …
// (digits[0] is d0, the integer part) followed by the group repeat repeated
// for ever (nil or empty for a finite code). It returns an error naming the
// digit when d0 has bit 0 or 1 set (a move must take a token or split the
// heap) or when it has no digit at all.
func NewTakeBreak(digits, repeat []uint32) (*TakeBreak, error) {
	if len(digits) == 0 {
		return nil, fmt.Errorf("rulesets: take-and-break code needs at least the integer digit d0")
	}
	if digits[0]&3 != 0 {
		return nil, fmt.Errorf("rulesets: integer digit d0 = %d: removing no tokens must leave two or more heaps (bits 0 and 1 must be clear)", digits[0])
	}
	return newTakeBreak(digits, repeat), nil
}

// newTakeBreak is NewTakeBreak for digits already checked: at least d0,
// with bits 0 and 1 of d0 clear.
func newTakeBreak(digits, repeat []uint32) *TakeBreak {
	t := &TakeBreak{digits: slices.Clone(digits), repeat: slices.Clone(repeat)}
	t.normalize()
	t.analyze()
	return t
}

// mustTakeBreak builds the package's named rules, whose digits are known
// to be valid.
func mustTakeBreak(name string, digits, repeat []uint32) *TakeBreak {
	t, err := NewTakeBreak(digits, repeat)
	if err != nil {
		panic("rulesets: bad built-in rule " + name + ": " + err.Error())
	}
	t.name = name
	return t
}

// ruleTakeBreak returns a TakeBreak whose digit dk is digit(k) for k ≥ 1
// (d0 is 0) and whose nonzero digits never end.
func ruleTakeBreak(name string, digit func(k uint64) uint32) *TakeBreak {
	return &TakeBreak{name: name, digits: []uint32{0}, rule: digit, maxTake: -1}
}

// normalize puts the digits in the shortest form: the repeating group cut
// to its smallest period, an all-zero group dropped, digits before the
// group that belong to it folded in, and trailing zeros of a finite code
// trimmed. Equal games then have equal digits and equal String().
func (t *TakeBreak) normalize() {
	if p := smallestPeriod(t.repeat); p < len(t.repeat) {
		t.repeat = t.repeat[:p]
	}
	if !slices.ContainsFunc(t.repeat, func(d uint32) bool { return d != 0 }) {
		t.repeat = nil
	}
	for len(t.repeat) > 0 && len(t.digits) > 1 && t.digits[len(t.digits)-1] == t.repeat[len(t.repeat)-1] {
		last := t.repeat[len(t.repeat)-1]
		copy(t.repeat[1:], t.repeat[:len(t.repeat)-1])
		t.repeat[0] = last
		t.digits = t.digits[:len(t.digits)-1]
	}
	if len(t.repeat) == 0 {
		for len(t.digits) > 1 && t.digits[len(t.digits)-1] == 0 {
			t.digits = t.digits[:len(t.digits)-1]
		}
		t.maxTake = len(t.digits) - 1 // 0 also when there is no move at all
	} else {
		t.maxTake = -1
	}
}

// smallestPeriod returns the smallest p ≥ 1 dividing len(s) such that s
// is p-periodic, or len(s).
func smallestPeriod(s []uint32) int {
	for p := 1; p < len(s); p++ {
		if len(s)%p != 0 {
			continue
		}
		ok := true
		for i := p; i < len(s) && ok; i++ {
			ok = s[i] == s[i-p]
		}
		if ok {
			return p
		}
	}
	return len(s)
}

// analyze recognizes the digits of games with a known formula.
func (t *TakeBreak) analyze() {
	d0 := t.digits[0]
	allFrom1 := func(f func(uint32) bool) bool {
		for _, d := range t.digits[1:] {
			if !f(d) {
				return false
			}
		}
		for _, d := range t.repeat {
			if !f(d) {
				return false
			}
		}
		return true
	}
	switch {
	case d0 == 0 && len(t.repeat) > 0 && allFrom1(func(d uint32) bool { return d&3 == 3 }):
		// Every smaller single heap is an option, and every option is a
		// set of heaps with fewer tokens in all, whose XOR is at most
		// their sum: by induction G(n) = mex{0, …, n-1} = n.
		t.form = closedNim
	case d0 == 4 && len(t.repeat) == 1 && t.repeat[0] == 3 && allFrom1(func(d uint32) bool { return d == 3 }):
		t.form = closedLasker
	case d0 == 0 && len(t.repeat) == 0 && allFrom1(func(d uint32) bool { return d == 3 }):
		// Subtraction of 1..m, Bachet's game: G(n) = n mod (m+1).
		// Every digit after d0 is 3, so m is maxTake.
		t.form = closedBash
	case d0 == 0 && len(t.digits) == 1 && len(t.repeat) == 2 && t.repeat[0] == 3 && t.repeat[1] == 0:
		// Take an odd number: an odd heap moves to an even one and an
		// even one only to odd ones, so G alternates 0, 1.
		t.form = closedOdd
	}
}

// Digit returns dk, the bit set of heap counts that removing k tokens may
// leave; 0 for k < 0.
func (t *TakeBreak) Digit(k int) uint32 {
	switch {
	case k < 0:
		return 0
	case t.rule != nil:
		if k == 0 {
			return 0
		}
		return t.rule(uint64(k))
	case k < len(t.digits):
		return t.digits[k]
	case len(t.repeat) == 0:
		return 0
	}
	return t.repeat[(k-len(t.digits))%len(t.repeat)]
}

// MaxTake returns the largest k with a nonzero digit, or -1 when nonzero
// digits go on for ever. A code with no nonzero digit (no move at all)
// returns 0.
func (t *TakeBreak) MaxTake() int { return t.maxTake }

// Digits returns a copy of the digits d0, d1, … before the repeating group,
// and a copy of the group (nil for a finite code). For a rule-based
// TakeBreak (the Fibonacci game), which has no repeating group, it returns
// d0 only and ok false.
func (t *TakeBreak) Digits() (digits, repeat []uint32, ok bool) {
	return slices.Clone(t.digits), slices.Clone(t.repeat), t.rule == nil
}

// AppendHeapMoves appends the moves from a heap of n tokens: for each k
// from 0 to n with a nonzero digit, leave nothing (bit 0, only when k = n)
// or j heaps totalling n-k (bit j, when n-k ≥ j). It takes O(min(n,
// MaxTake)·MaxHeaps) time and allocates only when dst must grow.
func (t *TakeBreak) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n <= 0 {
		return dst
	}
	top := n
	if t.maxTake >= 0 && t.maxTake < top {
		top = t.maxTake
	}
	if t.rule != nil {
		for k := 1; k <= top; k++ {
			dst = appendDigitMoves(dst, t.rule(uint64(k)), n-k)
		}
		return dst
	}
	// Walk the digits, then the repeating group, without a division per k.
	k := 0
	for ; k <= top && k < len(t.digits); k++ {
		dst = appendDigitMoves(dst, t.digits[k], n-k)
	}
	for i := 0; k <= top; k++ {
		dst = appendDigitMoves(dst, t.repeat[i], n-k)
		if i++; i == len(t.repeat) {
			i = 0
		}
	}
	return dst
}

// appendDigitMoves appends the moves digit d allows when rem tokens remain:
// nothing (bit 0, only when rem = 0) or j heaps (bit j, when rem ≥ j).
func appendDigitMoves(dst []game.HeapMove, d uint32, rem int) []game.HeapMove {
	if d&1 != 0 && rem == 0 {
		dst = append(dst, game.HeapMove{})
	}
	for d >>= 1; d != 0; {
		j := bits.TrailingZeros32(d) + 1
		if j > rem {
			break
		}
		dst = append(dst, game.HeapMove{Remain: rem, Parts: j})
		d &= d - 1
	}
	return dst
}

// ValueOf returns G(n) when the digits are those of a game with a known
// formula: any code 0.d1d2… whose digits all allow "leave nothing or one
// heap" for ever (Nim 0.[3], 0.[7] …: G(n) = n), Bash 0.33…3 (n mod
// (m+1)), take-an-odd-number 0.[30] (n mod 2) and Lasker's Nim 4.[3]. It
// returns false for other rules, and when the value overflows.
func (t *TakeBreak) ValueOf(n uint64) (game.Nimber, bool) {
	switch t.form {
	case closedNim:
		return game.Nimber(n), true
	case closedBash:
		return game.Nimber(n % uint64(t.maxTake+1)), true
	case closedOdd:
		return game.Nimber(n % 2), true
	case closedLasker:
		return laskerValue(n)
	}
	return 0, false
}

// String returns the rule's spec: its name when it was made by name
// ("kayles", "sub:1,3,4", "fib"), else its code in the canonical notation of
// [ParseCode] ("0.07", "4.[3]", "0.0F").
func (t *TakeBreak) String() string {
	if t.name != "" {
		return t.name
	}
	return t.Code()
}

// Code returns the canonical code of the digits, whatever the rule's name:
// "0.77" for Kayles, "0.[3]" for Nim. A rule-based TakeBreak has no code
// and returns its name.
func (t *TakeBreak) Code() string {
	if t.rule != nil {
		return t.name
	}
	return formatCode(t.digits, t.repeat)
}
