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
// k but not to k itself — exactly like a Nim heap of k tokens (R. P.
// Sprague, Tôhoku Math. J. 41 (1935); P. M. Grundy, Eureka 2 (1939)).
// Values are [Nimber]s; [Mex] computes the mex of a small set without
// allocating, and the nimber field operations ([Nimber.Mul] and others)
// are those of J. H. Conway, On Numbers and Games, ch. 6.
//
// # Sums
//
// Playing several games side by side, moving in one of them each turn, is a
// disjunctive sum; the Sprague–Grundy theorem says its value is the XOR of
// the parts' values ([NimSum]), as Bouton's theorem says for Nim heaps. So a
// sum is solved part by part: [Sum] holds [Part]s of any games ([Heap] for
// a Nim heap, [Position] for a position of any game solved by an engine,
// [PartOf] for any other [Component]) and finds winning moves by moving one
// part from value v to v ⊕ x, where x is the value of the sum and v ⊕ x <
// v. [Sum.Value] costs one Value a part and allocates nothing;
// [Sum.WinningMove] asks one part for a move. On Nim heaps of any size,
// held in variables, Value, Outcome and WinningMove allocate nothing: a
// Part is a small value, not an interface. A part that fails ([PartOf] of
// nil, a [Heap] of negative size), or a move in a part that does not exist
// ([Sum.Play]), is an error naming the part's index.
//
// # The engine
//
// [Engine] computes values of the positions of any [game.Game] by an
// iterative depth-first search that memoizes every value, so a bot that asks
// about successive positions of a game pays for each position once: a
// question costs O(1) when its answer is memoized, and O(n + m) for the n
// positions and m moves it must search otherwise. It uses the game's
// optional capabilities: components of a [game.Decomposer] are memoized
// instead of whole positions, a [game.Canonicalizer] merges equivalent
// positions, a [game.Indexer] lets the memo be a slice (4 bytes a
// position), which a [game.Dense] game indexes by its positions
// themselves, and a [game.Lender] lets the engine read options in place. A
// position whose options are all known costs one loop over them, with no
// search, and [Engine.SolveAll] fills the table of a whole dense game that
// way. [SharedEngine] is the same engine for concurrent use: values it has
// answered are read again without a lock, and searches take a mutex.
//
//	e := sg.NewEngine[int](myGame)
//	v, err := e.Value(ctx, start)           // the value
//	moves, err := e.WinningMoves(ctx, start) // the options of value 0
//
// [Exhaustive] decides outcomes from the definition of P and N alone, with
// no values; it is the oracle the property tests hold the engine and every
// closed-form solver of this module to. Its cost is the number of positions
// reachable, which for a sum is the product of its parts'.
//
// # Limits and errors
//
// Every search is bounded and stops with an error, never a panic:
//
//   - a bound reached is a [*LimitError], which wraps [ErrLimit]: the
//     number of memoized positions ([WithMaxPositions], by default
//     [DefaultMaxPositions]) and the bytes of the memo and search stack
//     ([WithMemory], by default [DefaultMemory], a fraction of the
//     machine's memory);
//   - a position that can be reached from itself is a [*CycleError],
//     which wraps [ErrCycle] (package sg/loopy solves such games);
//   - a position the game's [game.Indexer] refuses wraps [ErrNotPosition];
//     one with more than [MaxOptions] options wraps [ErrTooManyOptions];
//   - a done context: the search polls it within a few thousand options
//     listed, however costly one position's expansion is;
//   - an engine made without a game (the zero Engine or SharedEngine,
//     NewEngine(nil)) returns an error from every question.
//
// What was finished before an error stays memoized, so the next call
// resumes. Progress is reported at most once per interval
// ([WithProgress]). The options use the vocabulary of the whole module:
// WithMemory(bytes), WithMaxPositions(n), WithProgress(every, f).
//
// # Value sequences of heap games
//
// Heap games (subtraction, octal and hexadecimal games, Grundy's game) are
// solved by the value sequence of a single heap, which package
// [github.com/impartial-go/impartial/sg/sequence] computes, checks for
// periodicity and, when a theorem allows, certifies.
package sg
