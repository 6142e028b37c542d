// Package split cuts the valuation of a hard position into independent
// jobs that any batch system can run (GNU parallel, Slurm array jobs, a
// Kubernetes Indexed Job), one process a job on any machine in any order,
// and merges their results back into the exact value and winning moves.
//
// [Split] expands the top of the game tree, best-first, and writes a
// [Manifest]: the game's spec and root, the tree above the jobs (each
// node a position in canonical form, each option the list of its
// components), and the jobs, each one line of JSON ([Job]) naming one
// position in the game's position text ([Codec]) and the values it is
// asked about. [Run] answers a job with package sg/search (resumable
// with [search.WithCheckpoint]) and returns its [Result], one line of
// JSON with the job's fingerprint. [Merge] checks the results against
// the manifest, names every missing, duplicated, damaged or foreign one
// ([MergeError]), and recomputes the tree: a node's value is the mex of
// its options' values, an option's the nim-sum of its components'.
//
// A job is asked Beling and Rogalski's set question, "which of these
// values does the position have, if any?" ([search.Solver.ValueIn]),
// not its full value: the root needs to know which of 0, …, K its value
// is (K the bound, [WithBound]), every node asked a set up to m needs
// the same of its options up to m, and a component beside small ones of
// known nim-sum x is asked the set shifted by x (a component beside
// another job's is asked its full value). The merge works on what is
// known of each node, a value or a set of values it is not, and finds
// the root's value and winning moves exactly when the value is at most
// K; otherwise it fails, saying so. A job that would prove its full value
// proves far more than the merge needs (see docs/distributed.md for the
// measured overhead against one search).
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
