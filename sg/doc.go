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
// reached ([ErrMemoLimit], see [WithMemoLimit]) and when its context is
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
// In a heap game (a [game.HeapRule]: subtraction, octal and hexadecimal
// games, Grundy's game) a position is a collection of heaps and a move acts
// on one heap, so a position's value is the XOR of its heaps' values and the
// whole game is described by the value sequence G(0), G(1), G(2), … of a
// single heap. [Values] computes G(0..n-1) into a [Sequence], which stores
// one byte per value while every value is below 256 and two bytes below
// 65536, so 2^28 heaps fit in half a gibibyte.
//
// Two engines compute sequences, chosen by [WithMethod]. The direct engine
// applies the definition: the option values of heap n, then their mex, in
// O(n·t) per heap for t removal amounts, so O(n²·t) in all. The sparse-space
// engine, used automatically for take-and-break games whose moves leave at
// most two heaps, exploits the fact that in such games most values are
// "common" and few are "rare" (Winning Ways, ch. 4; Gangolli and Plambeck,
// 1989): a common option value of a split heap always comes from a split
// with exactly one rare part, so it examines only the few rare heaps, and
// falls back to a direct scan, over all removal amounts at once, only for
// the rare values below the candidate mex. Both engines give identical
// sequences; the property tests hold them to each other and to [Engine].
//
// # Periodicity
//
// Value sequences of octal games are often ultimately periodic:
// G(n+p) = G(n) for every n ≥ e, with period p and preperiod e (the number
// of values before the periodic part, counting heap 0). Some games are
// arithmetically periodic: G(n+p) = G(n) + s with saltus s > 0, like Nim
// itself (p = 1, s = 1). [FindPeriod] finds the smallest period and
// preperiod that a computed prefix shows, usually in O(n) and at worst
// O(n log n). Seeing is not proving;
// the Guy–Smith periodicity theorem is: for an octal game whose largest
// removal is t, if G(n+p) = G(n) for all n with e ≤ n < 2e + p + t, then
// for all n ≥ e (Guy and Smith, 1956). [Period] grows a sequence, checking
// as it grows, and stops as soon as the window a theorem needs is covered;
// its [Periodicity] says whether the period is Certified or merely
// observed. The same argument gives a window for codes that may leave up to
// m heaps, and for finite subtraction sets (which leave one heap) a window
// of t+1 values past the preperiod.
// Arithmetic periodicity is reported but never certified.
//
// With a certified period, [Periodicity.ValueAt] gives G(n) for any n up
// to 2^64−1 in constant time, which is what solves sums of huge heaps.
//
// Long runs take a context, report progress ([WithSeqProgress]: heaps done,
// rate, number of rare values) and write checkpoints ([WithCheckpoint]) from
// which an interrupted run resumes with identical results; a corrupted
// checkpoint, or one made for another rule, is refused with an error that
// names the file and the fault.
package sg
