package sequence

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence/internal/sparse"
)

// Method selects the algorithm that computes a value sequence.
type Method int

const (
	// MethodAuto reads the values from the rule's formula when it has one
	// (see [game.FormulaRule]), else uses the sparse-space engine when it
	// handles the rule, and the direct engine otherwise.
	MethodAuto Method = iota
	// MethodDirect computes each G(n) as the mex of all its options: it
	// handles every [game.HeapRule] and costs O(n) per heap for
	// take-and-break codes (O(n²) for the whole sequence).
	MethodDirect
	// MethodSparse uses the sparse-space ("rare values") method for rules
	// that leave at most two heaps, falling back to the direct engine for
	// rules it cannot handle.
	MethodSparse
	// MethodFormula is reported in [Progress] when values come from the
	// rule's formula; asked for with [WithMethod], it is [MethodAuto].
	MethodFormula
)

// String returns "auto", "direct", "sparse" or "formula".
func (m Method) String() string {
	switch m {
	case MethodAuto:
		return "auto"
	case MethodDirect:
		return "direct"
	case MethodSparse:
		return "sparse"
	case MethodFormula:
		return "formula"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// Progress reports the state of a long value-sequence computation to
// the function given to [WithProgress].
type Progress struct {
	// Done is the number of values computed so far (including values
	// loaded from a checkpoint); Target is the number asked for.
	Done, Target int
	// PerSecond is the rate of heaps computed in this run.
	PerSecond float64
	// Rare and Mask describe the sparse engine's state: the number of rare
	// heaps and the mask that defines them. Both are 0 for the direct
	// engine.
	Rare int
	Mask uint64
	// Method is the engine at work (MethodDirect, MethodSparse or
	// MethodFormula): in
	// the final report, the one that computed the last values (the
	// direct engine once the sparse engine has handed the rule over).
	Method Method
	// Elapsed is the time since the run started.
	Elapsed time.Duration
}

// Option configures [Values], [Period] and [Solve].
type Option func(*config)

// config is what the options set: the caller's settings, and apart from
// them the knobs that tests and benchmarks turn.
type config struct {
	method          Method
	progress        func(Progress)
	progressEvery   time.Duration
	checkpointPath  string
	checkpointEvery time.Duration
	// resume and save are the checkpoint code (checkpoint.go), set by
	// WithCheckpoint only: a program that makes no checkpoint does not
	// link it.
	resume  func(rs *runState, n int) (*Sequence, error)
	save    func(c *checkpointer, s *Sequence) error
	memory  int64 // bytes (WithMemory)
	workers int   // see WithWorkers (parallel.go)
	knobs   knobs
}

// knobs are the settings of the engines' choices that tests and
// benchmarks turn (parallel.go names each): the sparse engine's
// (internal/sparse, whose ParFrom the direct engine reads too) and the
// checkpoint's. The zero value is the default of each.
type knobs struct {
	sparse.Knobs
	ckptRewrite bool // rewrite the whole checkpoint at each save (benchmarks)
}

// runState is the state of one run of Values, Period or Solve, shared by
// its engines: the configuration it was given (workers resolved) and
// what the run has done. Engines call poll at their polling points
// (about every few milliseconds of work).
type runState struct {
	config
	ckpt checkpointer // the checkpoint file, when checkpointPath is set

	op             string // the run's name in errors: "sequence.Values" or "sequence.Period"
	rule           game.HeapRule
	target         int
	all            bool // the run is to compute all target values (Values)
	start          time.Time
	startDone      int
	lastReport     time.Time
	lastCheckpoint time.Time
	rare           int    // the state the engines last polled with
	mask           uint64 // (for the final report): rare heaps, mask
	inUse          Method // and the engine at work
}

// DefaultMemory is the memory bound of [Values], [Period] and [Solve]
// unless [WithMemory] sets another: 1 GiB, 2^30 values of one byte.
const DefaultMemory = 1 << 30

// WithMemory bounds the memory, in bytes, that the values of a run may
// take (default [DefaultMemory]). A length or maxN of more values than
// the bound has bytes is refused at once, and a run whose values outgrow
// it (values of 2 or 8 bytes) stops, with a [*sg.LimitError] (Bound
// "memory") naming the bound and the memory needed; the values computed
// so far are kept (and checkpointed, with [WithCheckpoint], so that a run
// with a larger bound resumes from them). [Values] stops as soon as its
// values widen past what the bound holds for its length, not when they
// reach it. bytes ≤ 0 means the default.
func WithMemory(bytes int64) Option {
	return func(c *config) {
		if bytes <= 0 {
			bytes = DefaultMemory
		}
		c.memory = bytes
	}
}

// memoryOf returns the memory bound that opts set.
func memoryOf(opts []Option) int64 {
	c := config{memory: DefaultMemory}
	for _, o := range opts {
		o(&c)
	}
	return c.memory
}

// WithMethod chooses the algorithm (default [MethodAuto]).
func WithMethod(m Method) Option {
	return func(c *config) { c.method = m }
}

// WithProgress asks for f to be called with a [Progress] at most
// every `every` (every ≤ 0 means one second) while values are computed,
// and once at the end. f runs on the computing goroutine.
func WithProgress(every time.Duration, f func(Progress)) Option {
	return func(c *config) {
		if every <= 0 {
			every = time.Second
		}
		c.progress, c.progressEvery = f, every
	}
}

// WithCheckpoint makes a long run resumable. The run saves its values to
// the file at path every `every` (every ≤ 0 means one minute) and when it
// ends, also when it fails or is cancelled; a run that finds a checkpoint
// at path starts from its values, and gives the same results as an
// uninterrupted run. An empty path turns checkpoints off.
//
// The file records the rule's String() (or Go type) and a fingerprint of
// its moves from heaps 0 to 63, then the values (1, 2 or 8 bytes each) in
// records with a CRC-32C checksum each. The first save of a run writes a
// temporary file and renames it, so it is never half-written; each later
// save appends only the values computed since the last one, so frequent
// checkpoints cost little on long runs (BenchmarkPeriodCheckpoints
// measures it). A file that is not a checkpoint, has another format
// version, is corrupted (a crash during an append leaves its last record
// cut short), was written for another rule, or was written by an earlier
// release of this package in an older format (the file's run must then
// start again) is refused with an error wrapping [ErrCheckpoint] that
// names the file and the problem, and is left as it is.
func WithCheckpoint(path string, every time.Duration) Option {
	return func(c *config) {
		if every <= 0 {
			every = time.Minute
		}
		c.checkpointPath, c.checkpointEvery = path, every
		c.resume, c.save = resumeCheckpoint, (*checkpointer).save
	}
}

// newRun returns the state of a run of r with the options opts.
func newRun(r game.HeapRule, opts []Option) *runState {
	c := &runState{rule: r}
	c.memory = DefaultMemory
	for _, o := range opts {
		o(&c.config)
	}
	if c.workers <= 0 {
		// Resolved once: the engines ask for the number of workers at
		// every block of heaps, and runtime.GOMAXPROCS takes a lock.
		c.workers = runtime.GOMAXPROCS(0)
	}
	c.ckpt = checkpointer{path: c.checkpointPath, rule: r, rewrite: c.knobs.ckptRewrite}
	now := time.Now()
	c.start, c.lastReport, c.lastCheckpoint = now, now, now
	c.inUse = MethodDirect
	return c
}

// poll is called by engines at their polling points, with the sequence
// they are extending and their state for progress reports (rare and mask
// are 0 for the direct engine). It reports progress and writes a
// checkpoint when they are due, and returns ctx's error when ctx is done
// (or the error of writing the checkpoint).
func (c *runState) poll(ctx context.Context, s *Sequence, rare int, mask uint64, m Method) error {
	c.rare, c.mask, c.inUse = rare, mask, m
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := checkMemory(c.op, s, c.memory, c.target, c.all); err != nil {
		return err
	}
	if c.progress == nil && c.checkpointPath == "" {
		return nil
	}
	now := time.Now()
	if c.progress != nil && now.Sub(c.lastReport) >= c.progressEvery {
		c.report(now, s)
	}
	if c.checkpointPath != "" && now.Sub(c.lastCheckpoint) >= c.checkpointEvery {
		c.lastCheckpoint = now
		if err := c.save(&c.ckpt, s); err != nil {
			return err
		}
	}
	return nil
}

// report calls the progress function now, with the engine state of the
// last poll.
func (c *runState) report(now time.Time, s *Sequence) {
	if c.progress == nil {
		return
	}
	c.lastReport = now
	el := now.Sub(c.start)
	p := Progress{Done: s.Len(), Target: c.target, Rare: c.rare, Mask: c.mask, Method: c.inUse, Elapsed: el}
	if el > 0 {
		p.PerSecond = float64(s.Len()-c.startDone) / el.Seconds()
	}
	c.progress(p)
}
