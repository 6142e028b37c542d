// Package impartial is a library for impartial combinatorial games: games
// of two players who have the same moves from every position, where the
// player who cannot move loses (normal play) or, in misère play, wins.
//
// # The theory in brief
//
// Every position is either a P-position (the Previous player, who just
// moved, wins: the player to move loses) or an N-position (the Next player
// wins). A position is N when some move reaches a P-position and P when
// every move reaches an N-position; a position with no moves is P.
//
// The Sprague–Grundy value G(p) = mex{G(q) : p → q} of a position p
// refines this (G(n), below, is that of a single heap of n): G(p) = 0
// exactly at P-positions, and a position of value k behaves in every sum
// like a Nim heap of k tokens. For Nim itself Bouton's theorem says a
// position is P exactly when the XOR of its heaps is 0, and the winning move
// takes a_i − (s ⊕ a_i) tokens from a heap with s ⊕ a_i < a_i, where s is
// that XOR. The Sprague–Grundy theorem extends this to every game: the value
// of a disjunctive sum (play any one component each turn) is the XOR of the
// components' values. Heap games such as subtraction games, octal games like
// Kayles, and Grundy's game have value sequences G(0), G(1), … that are often
// eventually periodic, and a periodicity theorem turns a finite computation
// into a solution for heaps of any size.
//
// # Architecture
//
// The packages form layers; each imports only packages of the layers below
// it (and sg/bot and sg/explain also import nim, beside them):
//
//	examples/…                              programs: tour, sgtool, nimbot, ore, stripes
//	    ↓
//	rulesets  nim  sg/sequence  sg/bot  sg/explain
//	    ↓
//	sg                                      values of any game
//	    ↓
//	game                                    what a game is
//
// Package by package:
//
//   - game imports nothing of the module. It defines [game.Game], the
//     optional capabilities an engine looks for (Decomposer, Canonicalizer,
//     Indexer, Dense, Lender, Packer), heap rules and positions (HeapRule,
//     HeapGame, Heaps, labelled moves HeapPlay), Digraph and Product.
//     game/gametest holds test helpers (reproducible seeds, random games).
//   - sg imports game: Sprague–Grundy values of any game (the memoizing
//     Engine and SharedEngine), the exhaustive win/lose search that checks
//     them, outcomes, and Sum, positions of different games added up.
//   - sg/sequence imports sg and game: the value sequences G(0), G(1), … of
//     heap games, and their periods, certified when a theorem allows.
//   - sg/bot (a player that chooses moves) and sg/explain (derivations,
//     nim-sum and mex tables, graphs in text and DOT) import sg, game and
//     nim.
//   - nim imports sg and game: Nim, misère Nim, staircase Nim, Nim on a
//     tree and Moore's Nim_k, solved by formula.
//   - rulesets imports sg and game: the rules of named games, and the
//     catalogue of specs that programs parse ("kayles", ".07", "sub:1,3,4").
//   - examples import any of these, as a user's program would; no library
//     code lives there.
//
// Where new work goes:
//
//   - A new game: its rules in a new file of package rulesets, as a
//     game.HeapRule when a move acts on one heap and depends only on its
//     size, else as a game.Game[P] with a start position; the file declares
//     its catalogue entry (spec, doc, published values with their source),
//     and a test file beside it (see the rulesets package documentation).
//     A family with a formula for its values implements rulesets.ClosedForm;
//     a family of Nim variants solved by formula may go in package nim.
//   - A new capability (something a game may know about itself that lets
//     an engine go faster or further): an optional interface in package
//     game, in its own file, listed in game's documentation; the engines of
//     sg find it by type assertion, so games without it keep working.
//   - A new algorithm on any game (an engine, a search, a value notion such
//     as misère or loopy values): package sg when it is the core of
//     valuing games, else a new package under sg named for what it does,
//     like sg/sequence, sg/bot and sg/explain.
//   - A new program: a directory under examples, with its own tests.
//
// Start with `go run ./examples/tour`.
package impartial
