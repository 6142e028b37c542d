// Package split cuts the valuation of a hard position into independent
// jobs that any batch system can run (GNU parallel, Slurm array jobs, a
// Kubernetes Indexed Job), one process a job on any machine in any order,
// and merges their results back into the exact value and winning moves.
//
// [Split] expands the top of the game tree, best-first, and writes a
// [Manifest]: the game's spec and root, the tree above the jobs (each
// node a position in canonical form, each option the list of its
// components), and the jobs, each one line of JSON ([Job]) naming one
// position in the game's position text ([Codec]). [Run] values a job's
// position with package sg/search (resumable with
// [search.WithCheckpoint]) and returns its [Result], one line of JSON
// with the job's fingerprint. [Merge] checks the results against the
// manifest, names every missing, duplicated, damaged or foreign one
// ([MergeError]), and recomputes the tree: a node's value is the mex of
// its options' values, an option's the nim-sum of its components'.
//
// A job answers the full value of its position, since the merge needs,
// for every node above the jobs, which values its options take. Fewer
// questions would do (Beling and Rogalski's set search asks of a
// position only "which of these values can it have?"): the root's value
// v needs only, for each k < v, one option of value k and no option of
// value v; but which questions each job must answer depends on the
// answers of the others, so a one-round split asks every job for its
// value, and pays for it in work the single search prunes (see
// docs/distributed.md for the measured overhead and the two-round
// scheme that would recover most of it).
//
// Fingerprints: a manifest's ID is a digest of its contents; a job's
// fingerprint a digest of the manifest's ID, its index and its position.
// A result carries both, so that a result of another split, of another
// job, or edited, is told from a good one.
//
// This package imports game, sg and sg/search only; it does not know the
// catalogue of games: a program gives it the game, its spec and a codec
// for its positions ([SetCodec] writes any set of at most 128 cells).
package split
