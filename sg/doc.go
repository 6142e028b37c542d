// Package sg computes Sprague–Grundy values: the numbers that solve every
// impartial game under normal play.
//
// # Values
//
// A position from which the player to move loses is a P-position; one from
// which the player to move wins is an N-position. The definitions are
// recursive: a position is N when some move reaches a P-position, and P when
// every move reaches an N-position (so a position with no moves is P).
//
// The Sprague–Grundy value of a position refines that: it is the mex
// (minimum excludant, the least non-negative integer not in a set) of the
// values of its options,
//
//	G(p) = mex{ G(q) : p → q },
//
// so terminal positions have value 0, a position is P exactly when its value
// is 0, and a position of value k can move to positions of every value below
// k but not to k itself — exactly like a Nim heap of k tokens. Values are
// [Nimber]s; [Mex] computes the mex of a small set without allocating.
//
// # Sums
//
// Playing several games side by side, moving in one of them each turn, is a
// disjunctive sum; the Sprague–Grundy theorem says its value is the XOR of
// the parts' values ([NimSum]), as Bouton's theorem says for Nim heaps. So a
// sum is solved part by part: [Sum] holds parts of any games ([Heap] for a
// Nim heap, [Position] for a position of any game solved by an engine) and
// finds winning moves by moving one part from value v to v ⊕ x, where x is
// the value of the sum and v ⊕ x < v.
//
// # The engine
//
// [Engine] computes values of the positions of any [game.Game] by an
// iterative depth-first search that memoizes every value, so a bot that asks
// about successive positions of a game pays for each position once. It uses
// the game's optional capabilities: components of a [game.Decomposer] are
// memoized instead of whole positions, a [game.Canonicalizer] merges
// equivalent positions, a [game.Indexer] lets the memo be a slice, which a
// [game.Dense] game indexes by its positions themselves, and a
// [game.Lender] lets the engine read options in place. A position whose
// options are all known costs one loop over them, with no search, and
// [Engine.SolveAll] fills the table of a whole dense game that way: on a
// [game.Digraph] the engine costs at most about 1.7 times a loop written by
// hand for the graph (the README has the figures). It stops with an error,
// never a panic, on a cycle of moves ([ErrCycle]), when the memo limit is
// reached (a [*LimitError], see [WithMaxPositions]) and when its context is
// done; what was finished stays memoized, so the next call resumes.
// [SharedEngine] is the same engine for concurrent use: values it has
// answered are read again without a lock, and searches take a mutex.
//
//	e := sg.NewEngine[int](myGame)
//	v, err := e.Value(ctx, start)           // the value
//	moves, err := e.WinningMoves(ctx, start) // the options of value 0
//
// [Exhaustive] decides outcomes from the definition of P and N alone, with
// no values; it is the oracle the property tests hold the engine and every
// closed-form solver of this module to.
//
// # Value sequences of heap games
//
// Heap games (subtraction, octal and hexadecimal games, Grundy's game) are
// solved by the value sequence of a single heap, which package
// [github.com/impartial-go/impartial/sg/sequence] computes, checks for
// periodicity and, when a theorem allows, certifies.
package sg
