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
// The Sprague–Grundy value g(x) = mex{g(y) : x → y} refines this: g(x) = 0
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
// # Map of the packages
//
//   - game: what a game is: the [game.Game] interface (one method,
//     AppendMoves), optional capabilities (decomposition into components,
//     canonical forms, dense numbering), sums of two games, games given as
//     directed graphs, and heap rules.
//   - sg: Sprague–Grundy values: nimbers and mex, the memoizing engine for
//     any game, the exhaustive win/lose search, sums of positions of
//     different games, value sequences of heap games and their periodicity.
//   - nim: Nim and its relatives in closed form: Nim, misère Nim, staircase
//     Nim, Nim on a tree, Moore's Nim_k.
//   - rulesets: the rules of named games: subtraction games, octal and
//     hexadecimal games by their codes, Grundy's game, Lasker's Nim,
//     Wythoff's game, and the games of the seed notes.
//   - examples: programs: a guided tour of the theory (examples/tour), a
//     command-line tool (examples/sgtool), a terminal bot (examples/nimbot),
//     and contest solutions.
//
// Start with `go run ./examples/tour`.
package impartial
