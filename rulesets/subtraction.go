package rulesets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// MaxTakeLimit bounds the move sizes of rules built from lists of numbers
// (subtraction sets, Bash, all-but sets, row games): a rule stores one digit
// per move size up to the largest, so a size of 10^9 would cost gigabytes.
const MaxTakeLimit = 1 << 20

// A subtraction game removes k tokens from one heap, for k in a set S, and
// leaves the rest as one heap: it is the octal game whose digit dk is 3
// (leave nothing or one heap) for k in S and 0 otherwise. Every
// constructor here returns that [TakeBreak], named by its spec.

// Subtraction returns the subtraction game with the given finite set of move
// sizes, in any order and possibly repeated; its spec is "sub:1,3,4" (sizes
// sorted). It returns an error naming the index and value of a size that is
// not positive or exceeds [MaxTakeLimit], and for an empty set.
//
// Take 1–3 (sub:1,2,3) has G(n) = n mod 4, like [Bash](3).
func Subtraction(set ...int) (*TakeBreak, error) {
	sizes, err := checkSizes("sub", set)
	if err != nil {
		return nil, err
	}
	digits := make([]uint32, sizes[len(sizes)-1]+1)
	for _, k := range sizes {
		digits[k] = 3
	}
	t := mustTakeBreak(joinSpec("sub", sizes), digits, nil)
	return t, nil
}

// Bash returns Bachet's game "take 1 to m tokens from one heap" (known in
// programming contests as the Bash game), with spec "bash:m" and
// G(n) = n mod (m+1) for any n (see [TakeBreak.ValueOf]).
// It returns an error when m is not in 1..[MaxTakeLimit].
func Bash(m int) (*TakeBreak, error) {
	if m < 1 || m > MaxTakeLimit {
		return nil, fmt.Errorf("rulesets: bash:%d: m must be between 1 and %d", m, MaxTakeLimit)
	}
	return bash(m), nil
}

// bash is Bash for m already checked to be in 1..MaxTakeLimit.
func bash(m int) *TakeBreak {
	digits := make([]uint32, m+1)
	for k := 1; k <= m; k++ {
		digits[k] = 3
	}
	return mustTakeBreak("bash:"+strconv.Itoa(m), digits, nil)
}

// Odd returns the game "take any odd number of tokens", spec "odd", code
// 0.[30], with G(n) = n mod 2.
func Odd() *TakeBreak { return mustTakeBreak("odd", []uint32{0}, []uint32{3, 0}) }

// Fibonacci returns the game "take a Fibonacci number of tokens" (1, 2, 3,
// 5, 8, …), spec "fib". Its move sizes follow no repeating pattern, so it
// has no code and no certified period; its values come from the sequence
// engines. The Fibonacci numbers up to the largest heap used are tested
// with a table, O(1) per digit.
func Fibonacci() *TakeBreak { return fibonacci }

var fibonacci = ruleTakeBreak("fib", func(k uint64) uint32 {
	if isFibonacci(k) {
		return 3
	}
	return 0
})

// fibs holds the Fibonacci numbers 1, 2, 3, 5, … below 2^64 (91 of them).
var fibs = func() []uint64 {
	s := []uint64{1, 2}
	for {
		a, b := s[len(s)-2], s[len(s)-1]
		if a > ^uint64(0)-b {
			return s
		}
		s = append(s, a+b)
	}
}()

func isFibonacci(k uint64) bool {
	_, found := slices.BinarySearch(fibs, k)
	return found
}

// AllBut returns the game "take any number of tokens except those listed",
// spec "allbut:1,3": its code is 3 everywhere except 0 at the excluded
// sizes, repeating 3 for ever. Such games are arithmetic-periodic (Angela
// Siegel; see D. Sleator and M. Slusky, "Subtraction games with FES sets of
// size 3", arXiv:1201.3299), so they have no ordinary period. It returns an error naming a
// bad size, and for an empty list (that is Nim: use [Nim]).
func AllBut(excluded ...int) (*TakeBreak, error) {
	sizes, err := checkSizes("allbut", excluded)
	if err != nil {
		return nil, err
	}
	digits := make([]uint32, sizes[len(sizes)-1]+1)
	for k := 1; k < len(digits); k++ {
		digits[k] = 3
	}
	for _, k := range sizes {
		digits[k] = 0
	}
	return mustTakeBreak(joinSpec("allbut", sizes), digits, []uint32{3}), nil
}

// checkSizes validates a list of move sizes and returns it sorted without
// repeats.
func checkSizes(kind string, set []int) ([]int, error) {
	if len(set) == 0 {
		return nil, fmt.Errorf("rulesets: %s: needs at least one size", kind)
	}
	for i, k := range set {
		if k < 1 || k > MaxTakeLimit {
			return nil, fmt.Errorf("rulesets: %s: size %d (index %d) must be between 1 and %d", kind, k, i, MaxTakeLimit)
		}
	}
	sizes := slices.Clone(set)
	slices.Sort(sizes)
	return slices.Compact(sizes), nil
}

func joinSpec(kind string, sizes []int) string {
	var b strings.Builder
	b.WriteString(kind)
	b.WriteByte(':')
	for i, k := range sizes {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(k))
	}
	return b.String()
}

// sizesArg adapts a constructor from a list of sizes to [Entry.WithArg].
func sizesArg(make func(sizes ...int) (*TakeBreak, error)) func(arg string) (fmt.Stringer, error) {
	return func(arg string) (fmt.Stringer, error) {
		sizes, err := sizeList(arg)
		if err != nil {
			return nil, err
		}
		t, err := make(sizes...)
		if err != nil {
			return nil, err
		}
		return t, nil
	}
}

var (
	_ = register(&Entry{
		Name:    "sub",
		Syntax:  "sub:N,N,…",
		Doc:     "subtraction game: take N from a heap, N in the list",
		Kind:    game.KindHeap,
		WithArg: sizesArg(Subtraction),
		Known: []Known{{
			Spec:   "sub:1,3,4",
			Values: "0 1 0 1 2 3 2 0 1 0 1 2 3 2 0 1",
			Source: "period 7, T. S. Ferguson, Game Theory, Part I, §3 (the subtraction set {1, 3, 4})",
		}},
	})
	_ = register(&Entry{
		Name:   "bash",
		Syntax: "bash:M",
		Doc:    "take 1 to M from a heap (Bachet's game)",
		Kind:   game.KindHeap,
		WithArg: func(arg string) (fmt.Stringer, error) {
			m, err := sizeArg(arg, 1)
			if err != nil {
				return nil, err
			}
			return bash(m), nil // sizeArg checked 1 ≤ m ≤ MaxTakeLimit
		},
		Known: []Known{{
			Spec:   "bash:3",
			Values: "0 1 2 3 0 1 2 3 0 1 2 3",
			Source: "G(n) = n mod (M+1), T. S. Ferguson, Game Theory, Part I, §1 (take 1, 2 or 3 chips)",
		}},
	})
	_ = register(&Entry{
		Name:    "allbut",
		Syntax:  "allbut:N,N,…",
		Doc:     "take any number from a heap except those listed",
		Kind:    game.KindHeap,
		WithArg: sizesArg(AllBut),
		Known: []Known{{
			Spec:   "allbut:1,2",
			Values: "0 0 0 1 1 1 2 2 2 3 3 3 4",
			Source: "G(n) = ⌊n/3⌋: a heap of n may become any heap up to n-3, so by induction G(n) = mex{G(0), …, G(n-3)}",
		}},
	})
	_ = register(&Entry{
		Name:   "odd",
		Syntax: "odd",
		Doc:    "take an odd number from a heap, code 0.[30]",
		Kind:   game.KindHeap,
		Alone:  func() fmt.Stringer { return Odd() },
		Known: []Known{{
			Spec:   "odd",
			Values: "0 1 0 1 0 1 0 1 0 1",
			Source: "G(n) = n mod 2: an odd heap may move to 0, an even one only to odd heaps",
		}},
	})
	_ = register(&Entry{
		Name:   "fib",
		Syntax: "fib",
		Doc:    "take a Fibonacci number (1, 2, 3, 5, 8, …)",
		Kind:   game.KindHeap,
		Alone:  func() fmt.Stringer { return Fibonacci() },
		Known: []Known{{
			Spec:   "fib",
			Values: "0 1 2 3 0 1 2 3 4 5",
			Source: "the mex rule by hand: G(4) = mex{G(3), G(2), G(1)} = 0, G(9) = mex{G(8), G(7), G(6), G(4), G(1)} = 5",
		}},
	})
)
