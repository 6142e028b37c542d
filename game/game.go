package game

import "iter"

// Game gives the rules of an impartial game whose positions have type P.
//
// AppendMoves appends to dst every position reachable from p in one move and
// returns the extended slice, in the style of [strconv.AppendInt]: a caller
// that reuses dst allocates nothing once the buffer is large enough, which is
// what the engine in package sg does in its hot loop. A position with no
// moves is terminal; under normal play the player to move there loses.
//
// AppendMoves must not keep dst, and must not modify dst[:len(dst)].
// The same position may be appended more than once; callers treat the
// options as a set.
type Game[P comparable] interface {
	AppendMoves(dst []P, p P) []P
}

// Moves returns the options of p as an iterator, for callers that prefer a
// range loop to a buffer:
//
//	for q := range game.Moves(g, p) { … }
//
// Each call allocates a buffer; hot loops should call g.AppendMoves with a
// reused slice instead.
func Moves[P comparable](g Game[P], p P) iter.Seq[P] {
	return func(yield func(P) bool) {
		for _, q := range g.AppendMoves(nil, p) {
			if !yield(q) {
				return
			}
		}
	}
}

// Terminal reports whether p has no moves.
func Terminal[P comparable](g Game[P], p P) bool {
	var buf [8]P
	return len(g.AppendMoves(buf[:0], p)) == 0
}

// Decomposer is an optional interface for games whose positions fall apart
// into independent components: a position is worth the disjunctive sum of
// its components. Usually the components are its parts and a move is a
// move in exactly one of them. A take-and-break game whose position is a
// list of heaps is the standard case: each heap is a component; so is each
// region of free cells of a board game such as Cram that no move joins to
// another. A game may also return simplified components of the same
// values, with cells that cannot change a value left out (Cram does); the
// engines rely on values only, never on mapping a component's moves back
// to moves of p.
//
// AppendComponents appends the components of p to dst, and must not modify
// dst[:len(dst)]. The contract:
//
//   - The value of p is the XOR (nim-sum) of the values of the components
//     appended: the Sprague–Grundy sum theorem.
//   - A component is a position that does not fall apart: given a
//     component, AppendComponents appends exactly that position again.
//   - A component of value 0 may be dropped, since it does not change the
//     XOR: the empty position appends nothing, and so may a position that
//     is known to be worth 0 (a board region with no move, say).
//
// The engines in package sg memoize components only: a position that
// splits is valued by looking up each of its components, never stored
// itself, so a sum met again costs a split and a lookup a component.
// Canonicalizer and Packer are called on single components only.
type Decomposer[P comparable] interface {
	AppendComponents(dst []P, p P) []P
}

// Canonicalizer is an optional interface for games in which different
// positions are known to be the same game, such as (x, y) and (y, x) in
// two-heap Nim, or a board region and its mirror image. Canonical returns
// the representative of p's class; it must be idempotent and respect moves
// (equal classes have equal option classes). Memo tables and explanations
// merge positions with the same canonical form.
//
// In a game that is also a [Decomposer], the engines call Canonical on
// single components only, never on a sum, and the canonical form of a
// component must itself be a component. Canonical can therefore skip the
// work of telling a component from a sum (a flood fill on a board).
type Canonicalizer[P comparable] interface {
	Canonical(p P) P
}

// Indexer is an optional interface for games whose positions can be numbered
// 0, 1, …, NumPositions()-1, such as the vertices of a [Digraph]. The engine
// then keeps its memo in a flat slice instead of a map, which is several
// times faster.
//
// Index returns p's number, or -1 when p is not a position of the game.
type Indexer[P comparable] interface {
	NumPositions() int
	Index(p P) int
}

// Dense is an optional interface for a game over int positions that are
// exactly 0, 1, …, NumPositions()-1, such as the vertices of a [Digraph]:
// an [Indexer] whose Index is the identity, which it declares by having the
// marker method IdentityIndex. The engine in package sg then indexes its memo
// by the positions themselves, with no call to Index in its inner loop.
type Dense interface {
	Indexer[int]
	IdentityIndex()
}

// Lender is an optional interface for games that hold the options of every
// position in memory, such as a [Digraph]. Successors returns p's options
// as a slice that belongs to the game and that the caller must not modify;
// it lists the same options as AppendMoves. The engine in package sg then
// reads the options of a position in place when their values are all
// known, instead of copying them (for a graph with a few arcs a vertex,
// the copy would be most of the cost of a position), and copies them
// without a call to AppendMoves when its search must descend.
type Lender[P comparable] interface {
	Successors(p P) []P
}
