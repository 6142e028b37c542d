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
// The packages form layers; a package imports only packages of its own
// layer or a lower one (layers_test.go checks every import):
//
//	examples/…        programs: sgtool, nimbot, web (+ web/app), tour, ore, stripes
//	    ↓
//	sg/solve          the glue: values any spec with the engine its kind calls for
//	    ↓                                     rulesets   the rules of named games and
//	nim  sg/sequence  sg/search  sg/misere               their catalogue (imports only
//	sg/loopy  sg/explain  sg/bot  sg/internal/…          the game layer; only programs
//	    ↓             algorithms                         import it)
//	sg                values of any game: Nimber, Engine, Sum, limits
//	    ↓
//	game  game/grid  game/graph  game/bitset  game/gametest
//	                  what a game is: the interfaces, the capabilities, Nimber
//
// docs/architecture.md in the repository explains each layer.
//
// Package by package:
//
//   - game imports nothing of the module. It defines [game.Game], the
//     optional capabilities an engine looks for (Decomposer, Canonicalizer,
//     Indexer, Dense, Lender, Packer), heap rules and positions (HeapRule,
//     HeapGame, Heaps, labelled moves HeapPlay), Digraph and Product.
//     game/bitset is a set of 0 … 127 in two words; game/grid and game/graph
//     hold boards of up to 128 cells and graphs of up to 128 vertices on it,
//     with flood fill, the symmetries of the square and graph automorphisms.
//     game/gametest holds test helpers (reproducible seeds, random games,
//     IMPARTIAL_LONG). game also holds Nimber and the typed spec Rules.
//   - sg imports game: Sprague–Grundy values of any game (the memoizing
//     Engine and SharedEngine, which memoize components apart), the
//     exhaustive win/lose search that checks them, outcomes, Sum (positions
//     of different games added up), and the limit errors (ErrLimit).
//   - sg/sequence imports sg and game: the value sequences G(0), G(1), … of
//     heap games, their periods, certified when a theorem allows, and
//     Solve, the one answer to "what is G(n)?".
//   - sg/search: huge games (boards, graphs) searched with pruning and a
//     transposition table of a fixed byte budget, on every core.
//   - sg/misere: misère play (misère values, genus, tameness, misère
//     quotients of octal games). sg/loopy: games with cycles (generalized
//     Sprague–Grundy values, draws, sums).
//   - sg/bot (a player that chooses moves) and sg/explain (derivations,
//     nim-sum and mex tables, graphs in text and DOT) import sg and game.
//   - nim: Nim, misère Nim, staircase Nim, Nim on a
//     tree and Moore's Nim_k, solved by formula.
//   - rulesets imports only the game layer: the rules of named games, and
//     the catalogue of specs that programs parse ("kayles", ".07",
//     "sub:1,3,4", "cram:5x6", "windup:5/1,3").
//   - sg/solve, the glue: Eval values any spec's game (a game.Rules) at a
//     position with the engine its kind calls for; sgtool eval is Eval on
//     the command line.
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
//     A family with a formula for its values implements
//     game.FormulaRule; a family of Nim variants solved by formula may
//     go in package nim.
//   - A new capability (something a game may know about itself that lets
//     an engine go faster or further): an optional interface in package
//     game, in its own file, listed in game's documentation; the engines of
//     sg find it by type assertion, so games without it keep working.
//   - A new algorithm on any game (an engine, a search, a value notion such
//     as misère or loopy values): package sg when it is the core of
//     valuing games, else a new package under sg named for what it does,
//     like sg/sequence, sg/search, sg/misere and sg/loopy, importing
//     neither rulesets nor sg/solve; sg/solve.Eval reaches it for every
//     spec of a kind.
//   - A new program: a directory under examples, with its own tests.
//
// CONTRIBUTING.md in the repository says more, and how to compare a
// change's speed with the benchmark harness (go run ./.ci/bench).
//
// Start with `go run ./examples/tour`.
package impartial
