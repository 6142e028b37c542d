package game

// HeapMove is one kind of move on a single heap in a heap game: the heap is
// replaced by exactly Parts nonempty heaps whose sizes add up to Remain. When
// Unequal is set the new heaps must have pairwise different sizes (as in
// Grundy's game). Parts 0 means the heap is removed, and needs Remain 0.
//
// Subtraction of s tokens from a heap of n is {Remain: n-s, Parts: 1}
// (or {0, 0} when s == n); taking two adjacent tokens from the middle of a
// row of n is {Remain: n-2, Parts: 2}.
type HeapMove struct {
	Remain  int
	Parts   int
	Unequal bool
}

// HeapRule gives the rules of a heap game: a position is a collection of
// heaps, a move acts on exactly one heap, and what a heap of n tokens may
// become depends only on n. Subtraction games, octal and hexadecimal games,
// Grundy's game and Lasker's Nim are heap games; package rulesets has them.
//
// AppendHeapMoves appends the moves available from a single heap of n
// tokens. Every move must leave fewer tokens in all, or more heaps (so that
// play ends); a heap game whose moves can loop has no value sequence.
type HeapRule interface {
	AppendHeapMoves(dst []HeapMove, n int) []HeapMove
}

// TakeBreakRule is an optional interface for heap rules written as a
// take-and-break code (octal, hexadecimal, or any base): Digit(k) says what
// may be left after removing k tokens from a heap, bit j set meaning "j
// nonempty heaps may be left". Octal digits use bits 0–2 (0, 1 or 2 heaps),
// hexadecimal digits bits 0–3.
//
// MaxTake returns the largest k with a nonzero digit, or -1 when nonzero
// digits go on for ever (as in Nim, 0.333…, whose Digit(k) is 3 for every
// k ≥ 1). Value-sequence engines use this to run the octal loops directly.
type TakeBreakRule interface {
	HeapRule
	Digit(k int) uint32
	MaxTake() int
}
