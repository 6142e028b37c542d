package search

import "time"

// Option configures a [Solver].
type Option func(*config)

type config struct {
	memory   int64
	workers  int
	noPrune  bool
	noSplit  bool
	progress func(Stats)
	every    time.Duration // the least time between two progress reports

	ckptPath  string        // WithCheckpoint's file, or ""
	ckptEvery time.Duration // the time between two saves
}

// WithMemory sets the table's budget in bytes. The table starts small
// and doubles as it fills, up to the largest power-of-two size within the
// budget (holding the old array beside the new one while it doubles, and
// handing an old array of 64 MiB or more back to the operating system at
// once, by a forced collection), and never grows past it: the process's
// peak is about 1.5 times the table's final size. When it is full, new
// results replace old ones that cost little to compute, so a search that
// would need more memory runs slower, but never fails and never answers
// wrongly. [New] rejects a budget below [MinMemory].
func WithMemory(bytes int64) Option { return func(c *config) { c.memory = bytes } }

// WithWorkers sets the number of goroutines one question uses; n ≤ 0
// (the default) means runtime.GOMAXPROCS(0).
func WithWorkers(n int) Option { return func(c *config) { c.workers = n } }

// WithoutPruning turns off the pruning of [Solver.Value]: every option of
// every position is valued. The answers are the same; it is there to
// measure what the pruning saves.
func WithoutPruning() Option { return func(c *config) { c.noPrune = true } }

// WithoutComponents makes the solver ignore the game's [game.Decomposer]:
// positions are stored whole, never split. The answers are the same (the
// game's Canonicalizer must then accept sums); it is there to measure
// what the component memo saves.
func WithoutComponents() Option { return func(c *config) { c.noSplit = true } }

// WithProgress asks for f to be called with the solver's [Stats] while
// questions run, at most once every `every` (every ≤ 0 means
// [DefaultProgress]): the workers look at the clock after every 16384
// options they list, so a report comes within about a millisecond of
// work of its time. Calls are serialized; f should return
// quickly.
func WithProgress(every time.Duration, f func(Stats)) Option {
	return func(c *config) {
		c.progress = f
		c.every = every
		if every <= 0 {
			c.every = DefaultProgress
		}
	}
}

// DefaultProgress is the interval of [WithProgress] when it is given none.
const DefaultProgress = time.Second
