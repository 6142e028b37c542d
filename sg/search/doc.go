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
// # The value, pruned
//
// By the definition, the value of G is the mex of the values of all its
// options, each computed in full. The solver instead tests the candidate
// values 0, 1, 2, … in turn: given that G's value is at least t, it is t
// exactly when no option of G has value t. Each test is a search that
// stops at the first option found to have value t (a witness). This is
// the method of Lemoine and Viennot (above).
//
// To ask whether an option A + L (L its largest component) has value t is
// to ask whether L has value t XOR value(A), and below the top that
// question is answered by the set search of P. Beling and M. Rogalski,
// "On pruning search trees of impartial games", Artificial Intelligence
// 283 (2020) 103262: "what is the value of L, if it is in the set R?". A
// position of n options has one of the potential values 0, …, n; each
// option, in turn, removes one of them: its own value when it is
// potential, else the largest. An option is asked only for its value
// among the potential values but the largest, and not above the largest
// of R, and when its value is not among those it removes the largest
// (a counting argument shows that the position's value, if it is at most
// max R, stays potential). So the search stops as soon as no value of R
// is potential, and one pass over the options answers for the whole set.
// Options whose components are all known are used first, as they are
// split, and the rest are not split once the question is settled. What
// the searches learn is kept in the table: the value once found, and
// before that the values excluded (the sets of values a position was
// shown not to have). A set is a 64-bit word: a position of 64 options or
// more keeps its potential values from 64 up as a count (every value
// asked is below 64, and the counting argument lets an option remove any
// potential value above those asked instead of the largest; the count is
// the idea of the nimber sets of Beling's solver igs), and the set search
// answers the questions of such a position about 0 and 1, the larger
// ones going to the candidate tests. Before, the candidate tests valued
// every position of 64 options or more: with one worker, Cram 4×11
// expanded 11.0M positions instead of 7.6M, 5×9 20.6M instead of 10.1M.
// It is pruned further:
//
//   - by a bound: a value is at most the number of options, so a question
//     about larger values is answered with no search (Beling and
//     Rogalski prune by such bounds);
//   - by the game's own simplifications: a [game.Decomposer] may hand
//     over, instead of a position's regions, smaller positions of the
//     same values. Cram's drops the cells that do not change a region's
//     value and cuts regions along edges whose dominoes are worth others
//     (rulesets.Cram.AppendComponents, after Beling's solver igs), which
//     makes regions smaller and more often equal: on Cram 5×7 the search
//     expands about half the positions it would without;
//   - by symmetry: after canonical forms, two equal components of a sum
//     cancel (G + G is a P-position), so a move of a symmetric board that
//     leaves two congruent regions is settled with no search; and a
//     [Strategist] game names the positions its second player wins by a
//     strategy, which are valued 0 without expanding them (Cram and Node
//     Kayles on a grid: a region that is its own half turn, when no move
//     touches its image; every even×even board, and 4 % of the positions
//     of Cram 4×11);
//   - by move ordering: options whose components are all in the table are
//     looked at first (a witness there costs nothing), then the others by
//     the moves (for a [MoveCounter]) or cells (for a [game.Packer]) left
//     to search, fewest first, weighed with the order of a
//     [MoveOrderer], the game's guess at the moves most likely to win (a
//     place in it counts a quarter of a move or cell; for Cram, which is
//     all three, the cells left, a place counting a sixteenth of a cell).
//     Cram's puts the dominoes nearest the centre of the region first: on
//     a region nearly symmetric under the half turn the winning replies
//     are the central ones (a symmetry strategy answers a domino by its
//     image), and the search of Cram 7×7 expanded 82 million positions
//     instead of 197 million (170–192 s instead of 397–415 s, two
//     workers, with the moves left and a place a quarter of a move).
//     Node Kayles on a grid does the same with its vertices (the 6×9
//     grid: 0.78 million positions instead of 1.48 million).
//
// Each worker also keeps two small caches of the components it met: by
// the key the game gives them, their canonical form and, once known,
// their value; by their canonical key, the facts it stored or read from
// the table (a fact, once learnt, stays true, so the caches are right
// whatever the table evicts). The small regions of a board recur
// everywhere, and the caches spare the Canonical call and the shared
// table for them: splitting an option reads the table only for a
// component the worker knows nothing of. Before expanding a component,
// a search near the top (its first four levels) reads the table afresh,
// to see what other workers learnt; deeper, where the components are
// small and two workers seldom meet, the worker's caches answer when they
// can ([Stats].Reads counts the lookups that read the table: with two
// workers on Cram 5×7, 2.0M instead of 2.8M when every lookup read it).
//
// Splitting a component's options is a pipeline: while the worker splits
// option i into regions, the processor fetches (a prefetch instruction,
// on amd64) the table's bucket of each region of option i that neither
// cache knows, and the worker reads the buckets of option i-2, fetched
// meanwhile. A read of a large table waits for memory (hundreds of
// nanoseconds in a virtual machine), but reads in flight together
// overlap; and since the options are still read in order, a search stops
// after the same option as before (often before the last, when the
// table knows an option of a value asked), having split at most two
// more. On Cram 6×7 with two workers this took the solve from 269 s to
// 187–228 s. In a table under 16 MiB, which the processor's caches
// hold, each option's buckets are read as soon as it is split.
//
// [WithoutPruning] values positions by the definition instead, to measure
// what this saves.
//
// # The table
//
// The table's budget is chosen with [WithMemory] (default
// [DefaultMemory]). For a [game.Packer] it stores keys in buckets of
// 128 bytes, two adjacent cache lines, so that a probe is one memory
// access: ten 64-bit keys a bucket (12.8 bytes an entry) while every key
// fits in 64 bits, as on boards of up to 64 cells, and six 128-bit keys
// (21.3 bytes an entry) from the first key that does not; it starts small,
// for locality, and doubles when a bucket is full and the table is half
// full, up to the budget (while it doubles, the old array is kept beside
// the new one until the entries are moved: for that moment the table
// takes up to one and a half times its size). On Linux an array of
// 8 MiB or more is advised as huge pages (madvise), which the system
// gives when its setting is "madvise" or "always": a lookup in a table
// of a gigabyte then seldom misses the processor's cache of address
// translations, a second memory access per lookup otherwise (in a
// virtual machine, several). Reading takes no lock: each bucket has a
// version that a writer makes odd while it writes, and a reader that
// sees it change reads again (a sequence lock). Beside the buckets, a
// budget of 16 MiB or more keeps a filter of the keys stored, one bit a
// key's hash (a Bloom filter of one hash, a 256th of the budget up to
// 128 KiB, small enough to stay in the processor's cache): most lookups of
// a search are of positions never met, and the filter answers them with
// no bucket read (55 % of the reads of Cram 5×7). It is dropped when the
// table grows to the size where both would exceed the budget. A worker
// also keeps what it read and stored in a cache of its own, and reads
// the table only for a component that cache lacks (near the top of a
// search of several workers, always: see above).
// Without a Packer it
// stores positions in striped maps, with an estimated size an entry.
// When a bucket is full and the table may not grow, the new result
// replaces the one that cost the least work to compute. Results stay
// exact: a position evicted is searched again when next needed, so a
// search that needs more memory than it has runs slower but never fails
// and never answers wrongly. [Solver.Stats] reports hits, misses, stores
// and evictions.
//
// # All processors
//
// A question uses [WithWorkers] goroutines (default GOMAXPROCS) sharing
// the table. They divide the options of the position asked about, each
// kind once: options equal after splitting and canonical forms (the
// images of one move under the board's symmetries) are searched once.
// At each candidate test of the value, and to find a winning move, each
// worker takes the next option, and all stop at the first witness found.
// A worker that finds no option left helps one still being searched, its
// search turned to take that option's options from the middle of their
// order, so that the two meet through the table rather than repeat each
// other; the first done stops the others. Below that, each worker
// searches on its own. Workers count their work and keep the facts they
// learn in caches of their own, and touch shared memory only to read and
// write the table, so that two processors do not slow each other down.
//
// A search is recursive, as deep as the longest play from the position
// asked about (at most the number of cells of a board). It polls its
// context every 1024 positions; what it stored before being cancelled
// stays in the table, so asking again resumes.
//
// # Saving the table
//
// A search of hours should survive its process. [Solver.WriteTo] streams
// the table (about 12 bytes a position with keys of 64 bits, in records
// with checksums) and [Solver.ReadFrom] merges such a stream into the
// table of a solver of the same game: the facts are true of the game's
// positions whatever the solver that found them, so a new search starts
// where the old one stopped. Saving reads the buckets as lookups do,
// while the workers go on. [WithCheckpoint] does both with a file: the
// solver reads it when made, saves every few minutes while a question
// runs, and saves again when a question is stopped (sgtool's
// solve -checkpoint FILE).
package search
