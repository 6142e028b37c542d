// Package sparse is the sparse-space ("rare values") engine of package
// sequence: it computes the value sequence of a take-and-break rule whose
// moves leave at most two heaps, on one core or several.
//
// # Contract
//
// [New] returns the engine for a rule, or false when the rule is not one
// it handles (a move leaving three heaps or more, no move that splits a
// heap, splits in an unbounded number of ways, a bad code digit).
// [Engine.Extend] appends values to a [store.Seq] until it holds n, and
// reports false when it hands the rule over to its caller (a move leaving
// three heaps seen late, a value of 2^16 or more, heaps from 2^32 on):
// package sequence then goes on with its direct engine. The engine
// derives its state from the values it is given, so it may extend a
// sequence that another engine or a checkpoint began. What it needs from
// the run is a [Run]: the number of goroutines, the [Knobs] that tests
// and benchmarks turn, and the function it calls at each polling point
// (about every few milliseconds of work), whose error stops it.
//
// Every value is the exact mex of all its options whatever the mask, the
// mode or the number of goroutines: the tests hold every mode to the
// single-core engine, and that to the definition.
//
// # Files
//
//   - engine.go: the method, [New], [Engine.Extend]; rareset.go: the
//     histogram of the values, the choice of the mask, the rare heaps.
//   - loop.go: the single-core loop (candidate from the rare heaps,
//     confirmation by scans of internal/splits); batch.go: the single-core
//     marking of four heaps a pass over the rare heaps.
//   - par.go, parfirst.go: the pipeline (costly heaps: workers compute a
//     first phase of heaps ahead, one finisher completes them in order).
//   - mark.go, markcheck.go: the marker mode (cheap heaps of a
//     take-and-break code: one goroutine marks ahead the splits with a
//     large rare part, the other finishes the heaps and guesses their
//     values, checked later); handoff.go: what its two goroutines share
//     and how heaps are published in order.
//   - trial.go: whether the marker mode may run, and the trials that time
//     it against the other loop (one core or the pipeline) before and
//     while it runs.
//   - run.go: [Run] and [Knobs].
//
// # Cost
//
// A heap costs O(R·t) for R rare heaps and t removal amounts that split,
// plus a confirmation of typically a few hundred splits; a rare heap costs
// O(n·t). Memory is O(R + V) for V distinct values besides the sequence,
// and nothing is allocated per heap.
package sparse
