// Package explain turns the computations of package sg into explanations
// a person can follow: the derivations, tables and pictures that textbooks
// on impartial games draw by hand. Every explanation is a plain Go value
// with JSON struct tags, for a user interface to render, and has a Text
// method that renders it for a terminal.
//
// # Why a position is P or N
//
// A position is N (the player to move wins) when some move leads to a
// P-position, and P (the player to move loses) when every move leads to an
// N-position; a position with no moves is therefore P. Those two sentences
// are a complete algorithm, and [Why] runs it for a small position of any
// [game.Game], recording the reason for each label as a tree of [Node]
// values: an N node points at the option that is P, a P node lists its
// options, all N, each with its own reason. For two-heap Nim from (3, 3)
// it prints the proof a textbook gives by hand:
//
//	(3, 3) is P: every option is N: (0, 3), (1, 3), (2, 3).
//	  (0, 3) is N: it moves to (0, 0), which is P.
//	    (0, 0) is P: it has no moves.
//	  (1, 3) is N: it moves to (1, 1), which is P.
//	…
//
// A position that occurs twice is derived once; when the game implements
// [game.Canonicalizer], positions it says are equal ((1, 3) and (3, 1)) are
// merged too. The tree is bounded by options ([WithMaxDepth],
// [WithMaxNodes], [WithMaxPositions]): past a limit Why returns a
// [*sg.LimitError] rather than a tree nobody could read. The proofs are
// those of the definition (E. R. Berlekamp, J. H. Conway and R. K. Guy,
// Winning Ways, ch. 4; T. S. Ferguson, Game Theory, Part I).
//
// # The nim-sum in binary
//
// Bouton's theorem replaces the search by arithmetic: a Nim position is P
// exactly when the XOR of its heaps is 0, and otherwise the heap a_i that
// has the highest set bit of the XOR s can shrink to a_i XOR s, taking
// a_i - (s XOR a_i) tokens. [Nim] writes this out as a [Table]: the heaps in
// binary, the XOR row, the highest bit and the move. By the
// Sprague–Grundy theorem every sum of games behaves like Nim on its parts'
// Grundy values, so [SumTable] does the same for an [sg.Sum] whose parts
// come from any games, finding the part's move with [sg.Part.MoveTo]. The
// choice of the row is [nim.WinningMove]'s. Indices count from 0, as in
// packages sg and nim ([Table].Chosen, the heaps and parts named in
// errors); only the row names "heap 1", "heap 2", … count from 1, as a
// person numbering heaps on paper does.
//
// # mex and the value table of a heap game
//
// Throughout, G(p) is the Sprague–Grundy value of a position p, and G(n)
// that of a single heap of n in a heap game. G(n) is the mex (minimum
// excluded value: the least number not in a set) of the option values of
// n, the values of the positions one move leaves, where an option that
// leaves several heaps is worth the XOR (⊕) of their values. [HeapTable]
// computes G(0), …, G(n-1) for any [game.HeapRule] and keeps, for every
// heap size, the options, the option values, the first excluded values
// and G(n). For Dawson's Kayles (a move takes two adjacent tokens from a
// row, possibly splitting it in two) a heap of 7 reads:
//
//	options of 7: (5), (1, 4), (2, 3)
//	  (5): G(5) = 0
//	  (1, 4): G(1) ⊕ G(4) = 0 ⊕ 2 = 2
//	  (2, 3): G(2) ⊕ G(3) = 1 ⊕ 1 = 0
//	option values {0, 2}; excluded {1, 3, 4, …}; G(7) = mex{0, 2} = 1
//
// # Game graphs
//
// Every impartial game is a token moving on the directed graph of its
// positions. [GameGraph] collects the positions reachable from a start,
// with their Grundy values, and [Graph.WriteDOT] (or [DOT] in one call)
// writes the graph in the Graphviz DOT language, P-positions as double
// circles. A limit on the number of positions ([WithMaxNodes]) stops
// with a [*sg.LimitError] before anything is written.
//
// # Cost, limits and concurrency
//
// Explanations are for small positions: Why and GameGraph cost O(n + m)
// for the n positions and m moves reachable from the one asked about
// (bounded by their options), Nim and SumTable are linear in the number of
// heaps, and HeapTable is linear in the number of heap options the rule
// lists, plus a sort of each heap's option values (see its documentation
// for rules whose options grow fast). Every bound reached is a
// [*sg.LimitError] (errors.Is(err, sg.ErrLimit)); a done context is
// returned wrapped, with the position named. The functions keep no state
// between calls and are safe for concurrent use as long as the game they
// are given is; the values they return are not shared.
package explain
