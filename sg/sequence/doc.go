// Package sequence computes the value sequences of heap games, finds their
// periods, and answers "what is G(n)?" for any heap n.
//
// # Heap games and their value sequence
//
// In a heap game (a [game.HeapRule]: subtraction, octal and hexadecimal
// games, Grundy's game) a position is a collection of heaps and a move acts
// on one heap, so by the Sprague–Grundy theorem a position's value is the
// XOR of its heaps' values. The whole game is therefore described by one
// sequence of [sg.Nimber]s, G(0), G(1), G(2), …, where G(n) is the value of a
// single heap of n tokens. [Values] computes G(0) … G(n-1) into a
// [Sequence], which stores one byte per value while every value is below
// 256 and two bytes below 65536, so 2^28 heaps fit in half a gibibyte.
//
//	s, err := sequence.Values(ctx, kayles, 1000)
//	v := s.At(70) // G(70)
//
// # Two ways to compute a sequence
//
// Two engines compute sequences, chosen by [WithMethod]. The direct engine
// ([MethodDirect]) applies the definition: the option values of heap n,
// then their mex, in O(n·t) per heap for t removal amounts, so O(n²·t) in
// all. The sparse-space engine ([MethodSparse]), used automatically for
// take-and-break games whose moves leave at most two heaps, exploits the
// fact that in such games most values are "common" and few are "rare"
// (Winning Ways, ch. 4; Gangolli and Plambeck, 1989): a common option value
// of a split heap always comes from a split with exactly one rare part, so
// it examines only the few rare heaps, and falls back to a direct scan, over
// all removal amounts at once, only for the rare values below the candidate
// mex. Both engines give identical sequences; the property tests hold them
// to each other and to [sg.Engine].
//
// # Periodicity
//
// Value sequences of octal games are often ultimately periodic:
// G(n+p) = G(n) for every n ≥ e, with period p and preperiod e (the number
// of values before the periodic part, counting heap 0). Some games are
// arithmetically periodic: G(n+p) = G(n) + s with saltus s > 0, like Nim
// itself (p = 1, s = 1). [FindPeriod] finds the smallest period and
// preperiod that a computed prefix shows, in O(n) time and with no memory
// beyond the values (string searches over the values read backwards).
// Seeing is not proving; the Guy–Smith periodicity theorem is:
// for an octal game whose largest removal is t, if G(n+p) = G(n) for all n
// with e ≤ n < 2e + p + t, then for all n ≥ e (Guy and Smith, 1956).
// [Period] grows a sequence, checking as it grows, and stops as soon as the
// window a theorem needs is covered; its [Periodicity] says whether the
// period is Certified or merely observed. The same argument gives a window
// for codes that may leave up to m heaps, and for finite subtraction sets
// (which leave one heap) a window of t+1 values past the preperiod.
// Arithmetic periodicity is reported but never certified.
//
// With a certified period, [Periodicity.ValueAt] gives G(n) for any n up to
// 2^64−1 in constant time, which is what solves sums of huge heaps.
//
// # One answer to "what is G(n)?"
//
// Some rules need no computation at all: Nim (G(n) = n), take 1 to m
// (n mod (m+1)), Lasker's Nim. A rule announces its formula through the
// optional capability [game.FormulaRule]. [Solve] gathers the three sources of
// values into one [Answer]: the formula when the rule has one; otherwise
// the values up to a certified period, and the period past them; otherwise
// the computed prefix. [Answer.At] gives G(n) in O(1) whichever it is, and
// [Answer.Basis] says which:
//
//	a, err := sequence.Solve(ctx, dawsonsKayles, 1<<20) // 256 values computed
//	v, err := a.At(1e12)                                 // from the period
//
// [Solve] and [Answer.AppendValues] are the way to read many values of a
// periodic game: past the certificate each value costs O(1), where
// [Values] computes every one of them. [Value] answers for one heap,
// computing at most that many values. [Values] and [Period] also read the
// values of a rule with a formula from it (unless [WithMethod] asks for an
// engine).
//
// # Limits
//
// A sequence takes at least a byte a value, so every length is checked
// against a memory bound, [DefaultMemory] (1 GiB) unless [WithMemory]
// sets another: a length past it is refused at once, and a run whose
// values outgrow it (2 or 8 bytes each) stops, keeping the values
// computed so far ([Values], which computes all its length, stops as soon
// as its values widen past what the bound holds). Both errors are a
// [*sg.LimitError] (Bound "memory"), so errors.Is(err, [sg.ErrLimit])
// holds. At most 2^32 values are ever computed, and n < 0 is an error
// naming n.
//
// # Cost
//
// The direct engine costs O(n·t) for heap n of a rule with t removal
// amounts, O(n²·t) for a sequence of n values, and O(n) memory beyond the
// values. The sparse-space engine costs O(R·t) a heap for R rare heaps,
// plus a confirmation that scans the splits until the values it needs are
// found (typically a few hundred splits; O(n·t) for a rare heap itself),
// and O(R + V) memory for V distinct values; it allocates nothing per
// heap. [FindPeriod] is O(n) in time and needs no memory beyond the
// values; [Periodicity.ValueAt] and [Answer.At] are O(1).
//
// # Processors
//
// [Values], [Period] and [Solve] use every processor by default
// (runtime.GOMAXPROCS; [WithWorkers] sets another number, 1 for one
// core), and the values never depend on it: every parallel path is held
// to the single-core engines by the tests. The direct engine splits each
// block of heaps over the processors. The sparse-space engine hands
// costly heaps to whichever processor is free and finishes them in order;
// cheap heaps go to two processors, which take the heaps in turn or, where
// most of a heap's work reads values far below it, one marks those
// options ahead while the other finishes the heaps. Which of these runs
// is chosen from the values alone, and then each is timed against one
// core on a few thousand heaps and, while it runs, chunk by chunk: it
// stands aside wherever it is not faster (a machine whose processors hand
// data over slowly, or one busy with other work), so the default is never
// much slower than one core. A processor that waits long for another does
// the other's work itself. See [WithWorkers].
//
// # Long runs
//
// Long runs take a context, report progress ([WithProgress]: heaps done,
// rate, number of rare values) and write checkpoints ([WithCheckpoint])
// from which an interrupted run resumes with identical results (each save
// after the first appends only the new values, so frequent saves stay
// cheap); a corrupted checkpoint, or one made for another rule, is
// refused with an error that names the file and the fault (it wraps
// [sg.ErrCheckpoint]). A rule whose moves do not shrink the heap is
// refused with [ErrBadRule]; a nil rule is an error.
//
// # Inside
//
// The engines' machinery is in internal packages under sg/sequence/internal,
// each with a narrow contract: store holds the values (1, 2 or 8 bytes
// each) that a [Sequence] wraps and the engines fill; sparse is the
// sparse-space engine and its parallel modes (New, Engine.Extend, and a Run
// that gives it the workers, the test knobs and the polling point), which
// hands a rule back to the direct engine of this package when it cannot go
// on; splits holds the scans over the splits of one heap; moves reads a
// rule's moves heap by heap; bitpack packs byte tables into bit words;
// seqtest holds what the tests share (small rules, values by the
// definition).
// This package holds the runs (options, checkpoints, progress), the direct
// engine, the periods and the answers.
//
// # References
//
// E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your
// Mathematical Plays, 2nd ed., vol. 1, ch. 4 (octal games, sparse space).
// R. K. Guy and C. A. B. Smith, The G-values of various games, Proc.
// Cambridge Philos. Soc. 52 (1956) 514–526 (the periodicity theorem).
// A. Gangolli and T. Plambeck, A note on periodicity in some octal games,
// Int. J. Game Theory 18 (1989) 311–320. A. Flammenkamp's tables of octal
// games give the periods the tests and benchmarks check.
package sequence
