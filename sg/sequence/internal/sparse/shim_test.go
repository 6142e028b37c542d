package sparse

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/seqtest"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// The tests of this package run the engine as package sequence does,
// through a few stand-ins for its run and options written here (config,
// Option, newRun, chooseEngine, Values): the options of a run that the
// engine reads (workers, knobs, progress), and, where the engine refuses
// a rule or hands it over (a move leaving three heaps), the naive values
// of spNaive in place of package sequence's direct engine.

// Method names the engine a test asks for, as package sequence does.
type Method int

// The methods of package sequence that the tests name.
const (
	MethodAuto Method = iota
	MethodDirect
	MethodSparse
)

// Progress is what a test's progress function is given.
type Progress struct {
	Done   int
	Rare   int
	Mask   uint64
	Method Method
}

// config is a test run's settings.
type config struct {
	method   Method
	workers  int
	knobs    Knobs
	progress func(Progress)
	every    time.Duration
	last     time.Time
}

// Option sets a test run's settings.
type Option func(*config)

func WithMethod(m Method) Option { return func(c *config) { c.method = m } }
func WithWorkers(n int) Option   { return func(c *config) { c.workers = n } }
func WithProgress(every time.Duration, f func(Progress)) Option {
	return func(c *config) { c.progress, c.every = f, every }
}
func withParallelFrom(n int) Option { return func(c *config) { c.knobs.ParFrom = n } }
func withMarker(mode int) Option    { return func(c *config) { c.knobs.Marker = mode } }
func withGuess(mode int) Option     { return func(c *config) { c.knobs.Guess = mode } }
func withTakeover(looks int) Option { return func(c *config) { c.knobs.Takeover = looks } }
func withBatchMarks(m int) Option   { return func(c *config) { c.knobs.BatchMarks = m } }

// newRun returns the settings opts make (one worker unless set).
func newRun(_ game.HeapRule, opts []Option) *config {
	c := &config{workers: 1}
	for _, o := range opts {
		o(c)
	}
	if c.workers <= 0 {
		c.workers = 1
	}
	return c
}

// run returns the engine's Run for c.
func (c *config) run() *Run {
	return &Run{Procs: c.workers, Knobs: c.knobs, Poll: func(ctx context.Context, s *store.Seq, rare int, mask uint64) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if c.progress != nil && time.Since(c.last) >= c.every {
			c.last = time.Now()
			c.progress(Progress{Done: s.Len(), Rare: rare, Mask: mask, Method: MethodSparse})
		}
		return nil
	}}
}

// engine is what chooseEngine returns: the sparse engine, or the naive
// values where it refuses the rule.
type engine interface {
	extend(ctx context.Context, s *store.Seq, n int) error
}

// chooseEngine returns the sparse engine for r with the settings c, or the
// naive values when c asks for the direct engine or the sparse engine
// refuses r.
func chooseEngine(r game.HeapRule, c *config) engine {
	if c.method != MethodDirect {
		if e, ok := New(r, c.run()); ok {
			return e
		}
	}
	return naiveEngine{r}
}

// extend computes values until s.Len() ≥ n, with the naive values where
// the engine hands the rule over.
func (e *Engine) extend(ctx context.Context, s *store.Seq, n int) error {
	ok, err := e.Extend(ctx, s, n)
	if err != nil || ok {
		return err
	}
	return naiveEngine{e.rule}.extend(ctx, s, n)
}

// naiveEngine appends the values of spNaiveMulti.
type naiveEngine struct{ r game.HeapRule }

func (d naiveEngine) extend(ctx context.Context, s *store.Seq, n int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if n <= s.Len() {
		return nil
	}
	for _, v := range spNaiveMulti(d.r, n)[s.Len():] {
		s.Append(v)
	}
	return nil
}

// Values computes G(0 … n-1) of r as package sequence's Values does, with
// the stand-ins above.
func Values(ctx context.Context, r game.HeapRule, n int, opts ...Option) (*store.Seq, error) {
	c := newRun(r, opts)
	s := store.New(0)
	err := chooseEngine(r, c).extend(ctx, s, n)
	if c.progress != nil {
		c.progress(Progress{Done: s.Len(), Method: c.method})
	}
	return s, err
}

// naiveCache holds the values of spNaiveMulti by rule and length.
var naiveCache sync.Map

// spNaiveMulti is spNaive, cached (tests ask for the same values on
// several workers).
func spNaiveMulti(r game.HeapRule, n int) []sg.Nimber {
	key := fmt.Sprintf("%T %v %d", r, r, n)
	if v, ok := naiveCache.Load(key); ok {
		return v.([]sg.Nimber)
	}
	g := seqtest.Naive(r, n)
	naiveCache.Store(key, g)
	return g
}
