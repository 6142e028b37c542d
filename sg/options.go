package sg

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultMaxPositions is the number of positions an [Engine] remembers
// before it stops with a [*LimitError], unless [WithMaxPositions] says
// otherwise. For int positions in a hash table, whose slots take 16 bytes
// and are between three eighths and three quarters full, it bounds the
// memo near 512 MiB.
const DefaultMaxPositions = 1 << 24

// DefaultProgressEvery is the interval between progress reports when
// [WithProgress] is given an interval of 0 or less.
const DefaultProgressEvery = time.Second

// ErrCycle is wrapped by the error returned when a search meets a position
// that can be reached from itself: such a loopy game has no Grundy values
// in the ordinary sense. Use errors.As with a [*CycleError] to get the
// position.
var ErrCycle = errors.New("game has a cycle of moves")

// ErrNotPosition is wrapped by the error returned when a game with an
// [game.Indexer] says a position is not one of its positions.
var ErrNotPosition = errors.New("not a position of the game")

// CycleError reports a position that lies on a cycle of moves.
type CycleError[P comparable] struct {
	Position P
}

// Error names the position on the cycle.
func (e *CycleError[P]) Error() string {
	return fmt.Sprintf("sg: position %v can be reached from itself: %v", e.Position, ErrCycle)
}

// Unwrap returns [ErrCycle].
func (e *CycleError[P]) Unwrap() error { return ErrCycle }

// MaxOptions is the most options a position may have in an [Engine]'s
// search (2^31 - 1; listing that many int positions takes 16 GiB): a
// position with more makes the search return an error wrapping
// [ErrTooManyOptions].
const MaxOptions = 1<<31 - 1

// ErrTooManyOptions is wrapped by the error returned when a position has
// more than [MaxOptions] options.
var ErrTooManyOptions = errors.New("too many options")

// Stats describes the work an engine has done, for progress reports.
type Stats struct {
	// Memoized is the number of positions whose values the engine holds.
	Memoized int
	// Expanded is the number of positions whose moves were generated since
	// the engine was made (or reset).
	Expanded uint64
	// Depth is the current depth of the search stack.
	Depth int
}

// Option configures an [Engine] or an [Exhaustive] search.
type Option func(*config)

type config struct {
	maxPositions  int
	memory        int64
	progress      func(Stats)
	progressEvery time.Duration
}

func newConfig(opts []Option) config {
	c := config{maxPositions: DefaultMaxPositions, memory: DefaultMemory(), progressEvery: DefaultProgressEvery}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithMaxPositions bounds the number of memoized positions. A search that
// would exceed it stops and returns a [*LimitError] (Bound "positions");
// what was finished before stays memoized. n ≤ 0 means no limit.
func WithMaxPositions(n int) Option {
	return func(c *config) { c.maxPositions = n }
}

// WithMemory bounds, in bytes, the memory an [Engine] holds: its memo
// (the slots of its slice or hash table, not what positions such as
// strings point to) and the options on its search stack. A search that
// would exceed it stops and returns a [*LimitError] (Bound "memory");
// what was finished before stays memoized. The default is
// [DefaultMemory]; bytes ≤ 0 means no limit.
func WithMemory(bytes int64) Option {
	return func(c *config) { c.memory = bytes }
}

// WithProgress asks for f to be called with the engine's [Stats] at most
// once per interval every (every ≤ 0 means [DefaultProgressEvery]) while
// a search runs. The clock is read once per few thousand units of work (a
// unit is an option listed), so a report may come a little late, never
// early. f runs on the searching goroutine and should return quickly.
func WithProgress(every time.Duration, f func(Stats)) Option {
	return func(c *config) {
		c.progress = f
		c.progressEvery = DefaultProgressEvery
		if every > 0 {
			c.progressEvery = every
		}
	}
}

var defaultMemory = sync.OnceValue(func() int64 {
	const fallback = 4 << 30
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return fallback
	}
	for line := range strings.Lines(string(b)) {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil && kb > 0 {
				return kb << 10 / 4
			}
		}
	}
	return fallback
})

// DefaultMemory is the memory bound in bytes of the engines that take
// [WithMemory] when none is given: a quarter of the machine's memory where
// the system tells it (Linux), 4 GiB elsewhere.
func DefaultMemory() int64 { return defaultMemory() }
