package sparse

import (
	"context"
	"math"

	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// Run is what an [Engine] needs from the run of package sequence that
// owns it: the number of goroutines, the knobs, and the call at each
// polling point.
type Run struct {
	// Procs is the number of goroutines that may compute values at once
	// (at least 1; 1 runs no extra goroutine).
	Procs int
	// Knobs are the settings of the engine's choices that tests and
	// benchmarks turn; the zero value is the default of each.
	Knobs Knobs
	// Poll is called at the engine's polling points (about every few
	// milliseconds of work) with the sequence being extended, the number
	// of rare heaps and the mask that defines them (for progress
	// reports). A non-nil error (ctx's, a limit reached, a checkpoint
	// that could not be written) stops the engine, which returns it.
	Poll func(ctx context.Context, s *store.Seq, rare int, mask uint64) error
}

// Knobs are the settings of the engine's choices that tests and
// benchmarks turn; the zero value is the default of each.
type Knobs struct {
	// ParFrom is the first heap computed in parallel (0: each engine's
	// default; see ParMin). The direct engine of package sequence reads
	// it too.
	ParFrom int
	// Marker sets when the marker mode (mark.go) runs, on a
	// take-and-break code with more than one worker where the pipeline
	// does not pay: 1 wherever it may, with no trial, -1 never (with more
	// than one worker only the pipeline (par.go) runs), 0 where its
	// trials against the other loop win (trial.go).
	Marker int
	// Guess sets how the marker mode finishes a heap: 0 with a guess that
	// either goroutine checks later, 1 with a guess that only the
	// finisher checks, -1 with no guess (the finisher confirms the value
	// itself, as on one core).
	Guess int
	// Takeover sets how many times a waiting goroutine of the marker
	// mode looks for the other goroutine's progress before it does its
	// work itself: the finisher marks its heaps itself until the marker
	// catches up. 0 is the default (takeoverAfter), -1 never. Tests use
	// 1, so that takeovers are frequent.
	Takeover int
	// BatchMarks sets when the single-core loop marks splits in batches
	// (batch.go): -1 never, 0 the default (rareBatchMarks splits with a
	// rare part a heap), m > 0 from m splits.
	BatchMarks int
}

// ParMin returns the first heap an engine computes in parallel: def,
// unless ParFrom sets another.
func (k Knobs) ParMin(def int) int {
	if k.ParFrom > 0 {
		return k.ParFrom
	}
	return def
}

// takeoverAfter is the default number of looks at another goroutine's
// progress before a waiting goroutine of the marker mode does
// that goroutine's work itself. A look takes a few nanoseconds, so this
// is about 10 µs, several times a heap's work: waits that long come
// mostly from a processor taken away from the other goroutine, which on
// a shared machine happens hundreds of times a second, mostly for
// 20–100 µs.
const takeoverAfter = 2048

// TakeoverLooks returns the looks before a takeover that the knobs ask
// for.
func (k Knobs) TakeoverLooks() int {
	switch {
	case k.Takeover < 0:
		return math.MaxInt
	case k.Takeover > 0:
		return k.Takeover
	}
	return takeoverAfter
}
