// Package search solves impartial games whose positions are too many to
// tabulate, such as Cram and Node Kayles on boards and graphs of a few
// dozen cells: a depth-first search that answers the question asked and
// no more, keeps what it learns in a transposition table of bounded
// size, and runs on several goroutines.
//
// # What it answers
//
// A [Solver] is made by [New] for one game and answers five questions
// about its positions:
//
//   - [Solver.Outcome]: is the position a P-position (the player to move
//     loses)? A search that stops at the first winning move it finds at
//     every level.
//   - [Solver.Outcomes]: the outcome of each of several positions (the
//     options of a position: its winning moves), the workers taking
//     whole positions in turn.
//   - [Solver.WinningMove]: an option of value 0, or none for a
//     P-position.
//   - [Solver.Value]: the Sprague–Grundy value.
//   - [Solver.ValueIn]: which of a set of values the position has, if
//     any: the candidate tests up to the set's largest value, each
//     stopping at its first witness (the question each job of package
//     sg/split answers).
//
// Answers are exact, whatever the options: the table, the number of
// workers, pruning ([WithoutPruning]) and components ([WithoutComponents])
// change only the work done. A Solver is safe for concurrent use and
// calls the game from several goroutines at once; the game must be too.
//
// # Method
//
// When the game is a [game.Decomposer] a position is the sum of its
// components, whose values XOR; the solver stores components only,
// canonical when the game is a [game.Canonicalizer], and two equal
// components of a sum cancel. To decide a sum it values every component
// but the largest (by the same size as the order of options below) and
// asks only whether the largest has the value that
// makes the XOR what is asked (Lemoine and Viennot). A value is found by
// testing the candidates 0, 1, 2, … in turn: a position has value t
// exactly when its value is not below t and no option has value t, and
// each test stops at the first option found to have value t. Below the
// top a question "is the value of L in the set R?" is answered by the set
// search of Beling and Rogalski, one pass over the options for the whole
// set, and a question about a value larger than the number of options is
// answered with no search. Options are searched cheapest first: those
// whose components are all in the table, then by the size of what is
// left to search: the game's own measure for a [game.Sizer] (Sprouts
// counts the lives of a land), else the moves
// ([game.MoveCounter]) or cells ([game.Packer]) left, weighed with
// the game's order ([game.MoveOrderer]); the options of the position a
// question is about, where the workers divide them or a winning move is
// sought, follow the game's order alone. A [game.Strategist] names positions
// its second player wins by a strategy, valued 0 without search. A game
// whose OrdersMoves or UsesStrategy method reports false
// ([game.OrdersMoves], [game.UsesStrategy]) has its order or its
// strategy ignored.
//
// # Cost
//
// Time is proportional to the positions expanded ([Stats].Expanded),
// each costing O(m·s) for m options of s cells (listing, splitting and
// looking up the options), which the pruning keeps far below the
// positions reachable but is exponential in the board's size in the
// worst case. A table lookup is O(1): one bucket of 128 bytes, read
// without a lock. The recursion is as deep as the longest play (at most
// the cells of a board), with one level of buffers a depth per worker.
// Memory is the table's budget ([WithMemory], default [DefaultMemory]),
// up to one and a half times it while the table doubles, plus about
// half a MiB of caches a worker.
//
// # The table
//
// For a [game.Packer] the table holds packed keys (about 13 bytes a
// position with keys of 64 bits, 21 with keys of 128); otherwise it holds
// the positions themselves in maps of an estimated size an entry. It
// starts small and doubles up to its budget, then replaces the entries
// that cost the least work: a search that needs more memory than it has
// searches again what was evicted, and runs slower, but never fails for
// lack of memory and never answers wrongly. [Solver.Stats] reports its
// lookups, stores and evictions.
//
// # Workers
//
// A question uses [WithWorkers] goroutines (default GOMAXPROCS) that
// share the table. At the top of a question they divide the options
// (options equal after splitting and canonical forms are searched once),
// and all stop at the first witness ([Solver.Outcomes] divides its
// positions and stops at none); below, each searches on its own and they
// meet through the table. A worker with no option left helps one still
// searched.
//
// # Limits and errors
//
//   - [New] refuses a nil game, a budget below [MinMemory], and a
//     [WithCheckpoint] path whose directory does not exist.
//   - A position with more than [MaxValue] options is refused with a
//     [*sg.LimitError] on "moves" (errors.Is sg.ErrLimit and
//     sg.ErrTooManyOptions).
//   - Each worker of a question polls its context (and the clock of
//     [WithProgress]) after every 16384 options it listed, about a
//     millisecond of work whatever the board, and the question returns
//     the context's error; what it stored stays in the table, so asking
//     again resumes.
//   - A saved table that cannot be used (not a table, another version,
//     damaged, another game) is refused with an error wrapping
//     [ErrCheckpoint], which is [sg.ErrCheckpoint].
//
// # Saving the table
//
// [Solver.WriteTo] streams the table (O(table size), in records with
// CRC-32C checksums, while the workers go on) and [Solver.ReadFrom]
// merges such a stream into the table of a solver of the same game, so
// a long search can stop and resume in another process. [WithCheckpoint]
// does both with a file, saved every interval while a question runs and
// when it stops, by writing a temporary file and renaming it. Only the
// table of a [game.Packer] can be saved (otherwise an error wrapping
// errors.ErrUnsupported).
//
// # References
//
//   - J. Lemoine and S. Viennot, "Nimbers are
//     inevitable", Theoretical Computer Science 462 (2012) 70–79.
//   - P. Beling and M. Rogalski, "On pruning search trees of impartial
//     games", Artificial Intelligence 283 (2020) 103262.
//   - The transposition table follows Stockfish's tt.cpp: buckets of a
//     cache line or two, replacement by the work an entry cost.
package search
