// Package search solves impartial games whose positions are too many to
// tabulate, such as Cram and Node Kayles on boards and graphs of a few
// dozen cells: a depth-first search that answers the question asked and
// no more, keeps what it learns in a transposition table of fixed size,
// and runs on every processor.
//
// # What is asked
//
// The Sprague–Grundy value of a position G is the mex of its options'
// values, and G is a P-position (the player to move loses) exactly when
// its value is 0. Three questions cost very different amounts:
//
//   - [Solver.Outcome]: is G a P-position? G is an N-position as soon as
//     one option is a P-position, so the search stops at the first
//     winning move it finds, at every level: an alpha-beta search of a
//     game with two outcomes.
//   - [Solver.WinningMove]: an option of value 0, found by the same
//     search, with the workers trying different options at once.
//   - [Solver.Value]: the value itself, by the definition, pruned.
//
// # Components
//
// When the game is a [game.Decomposer], a position is the sum of its
// components and its value is the XOR of theirs. The solver stores
// components only (canonicalized first when the game is a
// [game.Canonicalizer]). To decide whether a sum is a P-position it values
// every component but the largest and asks only whether the largest has
// the value that makes the XOR zero; when that value is 0, the question is
// again an outcome search, with its cut-offs. This is the method of
// Lemoine and Viennot, "Nimbers are inevitable", Theoretical Computer
// Science 462 (2012) 70–79.
//
// # Pruning
//
// To value a position the solver first takes every option whose
// components are all in the table, which costs no search, and then
// searches the others, skipping those that cannot change the mex: with m
// the mex of the values found so far and r options left, the value lies
// in [m, m+r], so an option matters only if its value can fall in
// [m, m+r). A component's value is at most its number of options, which
// bounds the value of a sum from its known part; an option whose bound
// misses the interval is never searched. This follows P. Beling and M.
// Rogalski, "On pruning search trees of impartial games", Artificial
// Intelligence 283 (2020) 103262, who prune the options of a sum by
// bounds on its components' values. [WithoutPruning] turns it off, to
// measure it.
//
// # The table
//
// The table has a fixed size, chosen with [WithMemory] (default
// [DefaultMemory]). For a [game.Packer] it stores 128-bit keys, 20 bytes
// an entry in buckets of eight; otherwise positions in striped maps. When a
// bucket is full, the new result replaces the one that cost the least
// work to compute. Results stay exact: a position evicted is searched
// again when next needed, so a search that needs more memory than it has
// runs slower but never fails and never answers wrongly. [Solver.Stats]
// reports hits, misses, stores and evictions.
//
// # All processors
//
// A question uses [WithWorkers] goroutines (default GOMAXPROCS) sharing
// the table, whose buckets are guarded by striped locks. They divide the
// options of the position asked about: to value it, each values different
// options; to find a winning move, each tests different options, and all
// stop at the first found. Below the first level each worker searches on
// its own, and they meet through the table.
//
// A search is recursive, as deep as the longest play from the position
// asked about (at most the number of cells of a board). It polls its
// context every 1024 positions; what it stored before being cancelled
// stays in the table, so asking again resumes.
package search
