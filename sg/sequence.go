package sg

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"runtime"
	"time"
	"unsafe"

	"github.com/impartial-go/impartial/game"
)

// Sequence holds the value sequence G(0), G(1), …, G(Len()-1) of a heap
// game: G(n) is the Grundy value of a single heap of n tokens. It stores
// each value in 1 byte while every value is below 256, in 2 bytes while
// every value is below 65536, and in 8 bytes after that, so the 2^28 heaps
// of a long octal-game run fit in 512 MiB. Widening converts the stored
// values once; [Sequence.Append] is amortized O(1).
//
// A Sequence is not safe for concurrent use while it grows; once complete
// it may be read by any number of goroutines.
type Sequence struct {
	// Exactly one of b8, b16 and b64 holds the values, as width says
	// (1, 2 or 8 bytes per value); the others are nil. Engines in this
	// package (the direct engine here and the sparse engine in
	// sparse*.go) read the active slice directly in their inner loops:
	// after any call of Append they must re-read it, because Append may
	// reallocate it or widen the sequence to the next slice.
	width int
	b8    []uint8
	b16   []uint16
	b64   []Nimber
	// max is the largest value appended so far.
	max Nimber
}

// NewSequence returns an empty sequence with room for capacity values at
// 1 byte each (capacity < 0 counts as 0).
func NewSequence(capacity int) *Sequence {
	return &Sequence{width: 1, b8: make([]uint8, 0, max(capacity, 0))}
}

// Len returns the number of values held: G(0) … G(Len()-1).
func (s *Sequence) Len() int {
	switch s.width {
	case 2:
		return len(s.b16)
	case 8:
		return len(s.b64)
	}
	return len(s.b8)
}

// At returns G(n). It panics when n is not in [0, Len()), like a slice
// index (a programmer error).
func (s *Sequence) At(n int) Nimber {
	switch s.width {
	case 2:
		return Nimber(s.b16[n])
	case 8:
		return s.b64[n]
	}
	return Nimber(s.b8[n])
}

// Append adds G(Len()) = v, widening the storage when v does not fit.
func (s *Sequence) Append(v Nimber) {
	if s.width == 0 { // the zero Sequence
		s.width = 1
	}
	if v > s.max {
		s.max = v
		s.widen(v)
	}
	switch s.width {
	case 1:
		s.b8 = append(s.b8, uint8(v))
	case 2:
		s.b16 = append(s.b16, uint16(v))
	default:
		s.b64 = append(s.b64, v)
	}
}

// widen converts the storage so that v fits.
func (s *Sequence) widen(v Nimber) {
	switch {
	case s.width == 1 && v >= 1<<8 && v < 1<<16:
		w := make([]uint16, len(s.b8), max(cap(s.b8), len(s.b8)+1))
		for i, x := range s.b8 {
			w[i] = uint16(x)
		}
		s.b8, s.b16, s.width = nil, w, 2
	case s.width == 1 && v >= 1<<16:
		w := make([]Nimber, len(s.b8), max(cap(s.b8), len(s.b8)+1))
		for i, x := range s.b8 {
			w[i] = Nimber(x)
		}
		s.b8, s.b64, s.width = nil, w, 8
	case s.width == 2 && v >= 1<<16:
		w := make([]Nimber, len(s.b16), max(cap(s.b16), len(s.b16)+1))
		for i, x := range s.b16 {
			w[i] = Nimber(x)
		}
		s.b16, s.b64, s.width = nil, w, 8
	}
}

// reserve makes room for n values in all, so that growing to n values
// allocates once, exactly. The new room is not written: fresh memory from
// the operating system stays untouched until values are stored.
func (s *Sequence) reserve(n int) {
	if n <= s.Len() {
		return
	}
	switch s.width {
	case 2:
		s.b16 = grown(s.b16, n)
	case 8:
		s.b64 = grown(s.b64, n)
	default:
		s.width = 1
		s.b8 = grown(s.b8, n)
	}
}

// gcBeforeGrowth is the size in bytes from which growing a sequence
// collects garbage first.
const gcBeforeGrowth = 8 << 20

// grown returns vs with capacity at least n.
func grown[T uint8 | uint16 | Nimber](vs []T, n int) []T {
	if cap(vs) >= n {
		return vs
	}
	if n*int(unsafe.Sizeof(vs[0])) >= gcBeforeGrowth {
		// Long runs grow one large array a few times (O(log n) in all).
		// Collecting first means the copy sits beside live data only,
		// not beside garbage such as the periodicity checks' scratch:
		// with Period dropping that scratch, it cut the peak memory of
		// certifying .354 from 68 MB to 41 MB (sgtool period .354).
		runtime.GC()
	}
	w := make([]T, len(vs), n)
	copy(w, vs)
	return w
}

// prefix returns a sequence of the first n values of s that shares its
// storage (clipped, so that appending to it never writes into s).
func (s *Sequence) prefix(n int) *Sequence {
	if n >= s.Len() {
		return s
	}
	p := &Sequence{width: s.width}
	switch s.width {
	case 2:
		p.b16 = s.b16[:n:n]
		p.max = maxOf(p.b16)
	case 8:
		p.b64 = s.b64[:n:n]
		p.max = maxOf(p.b64)
	default:
		p.width = 1
		p.b8 = s.b8[:n:n]
		p.max = maxOf(p.b8)
	}
	return p
}

// maxOf returns the largest of vs, or 0.
func maxOf[T uint8 | uint16 | Nimber](vs []T) Nimber {
	var m T
	for _, v := range vs {
		m = max(m, v)
	}
	return Nimber(m)
}

// Max returns the largest value held (0 for an empty sequence).
func (s *Sequence) Max() Nimber { return s.max }

// BytesPerValue returns the storage used per value: 1, 2 or 8.
func (s *Sequence) BytesPerValue() int { return max(s.width, 1) }

// AppendValues appends G(lo) … G(hi-1) to dst and returns it. It panics
// when lo and hi are not 0 ≤ lo ≤ hi ≤ Len() (a programmer error).
func (s *Sequence) AppendValues(dst []Nimber, lo, hi int) []Nimber {
	if lo < 0 || hi < lo || hi > s.Len() {
		panic(fmt.Sprintf("sg: Sequence.AppendValues(%d, %d) out of range [0, %d]", lo, hi, s.Len()))
	}
	switch s.width {
	case 2:
		for _, x := range s.b16[lo:hi] {
			dst = append(dst, Nimber(x))
		}
	case 8:
		dst = append(dst, s.b64[lo:hi]...)
	default:
		for _, x := range s.b8[lo:hi] {
			dst = append(dst, Nimber(x))
		}
	}
	return dst
}

// All returns an iterator over the pairs (n, G(n)) in increasing n.
func (s *Sequence) All() iter.Seq2[int, Nimber] {
	return func(yield func(int, Nimber) bool) {
		for n := range s.Len() {
			if !yield(n, s.At(n)) {
				return
			}
		}
	}
}

// String formats the sequence as its values separated by spaces, the
// first 64 of them followed by "…" when there are more.
func (s *Sequence) String() string {
	b := make([]byte, 0, 3*min(s.Len(), 64))
	for n := range min(s.Len(), 64) {
		if n > 0 {
			b = append(b, ' ')
		}
		b = fmt.Appendf(b, "%d", uint64(s.At(n)))
	}
	if s.Len() > 64 {
		b = append(b, " …"...)
	}
	return string(b)
}

// Method selects the algorithm that computes a value sequence.
type Method int

const (
	// MethodAuto uses the sparse-space engine when it handles the rule
	// and the direct engine otherwise.
	MethodAuto Method = iota
	// MethodDirect computes each G(n) as the mex of all its options: it
	// handles every [game.HeapRule] and costs O(n) per heap for
	// take-and-break codes (O(n²) for the whole sequence).
	MethodDirect
	// MethodSparse uses the sparse-space ("rare values") method for rules
	// that leave at most two heaps, falling back to the direct engine for
	// rules it cannot handle.
	MethodSparse
)

// String returns "auto", "direct" or "sparse".
func (m Method) String() string {
	switch m {
	case MethodAuto:
		return "auto"
	case MethodDirect:
		return "direct"
	case MethodSparse:
		return "sparse"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// SeqProgress reports the state of a long value-sequence computation to
// the function given to [WithSeqProgress].
type SeqProgress struct {
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
	// Method is the engine at work (MethodDirect or MethodSparse): in
	// the final report, the one that computed the last values (the
	// direct engine once the sparse engine has handed the rule over).
	Method Method
	// Elapsed is the time since the run started.
	Elapsed time.Duration
}

// SeqOption configures [Values] and [Period].
type SeqOption func(*seqConfig)

// seqConfig is the configuration of one Values or Period run, and the run
// state shared by its engines. Engines call poll at their polling points
// (about every few milliseconds of work).
type seqConfig struct {
	method          Method
	progress        func(SeqProgress)
	progressEvery   time.Duration
	checkpointPath  string
	checkpointEvery time.Duration

	// Run state, set by the driver (Values or Period).
	rule           game.HeapRule
	target         int
	start          time.Time
	startDone      int
	lastReport     time.Time
	lastCheckpoint time.Time
	rare           int    // the state the engines last polled with
	mask           uint64 // (for the final report): rare heaps, mask
	inUse          Method // and the engine at work
}

// WithMethod chooses the algorithm (default [MethodAuto]).
func WithMethod(m Method) SeqOption {
	return func(c *seqConfig) { c.method = m }
}

// WithSeqProgress asks for f to be called with a [SeqProgress] at most
// every `every` (every ≤ 0 means one second) while values are computed,
// and once at the end. f runs on the computing goroutine.
func WithSeqProgress(every time.Duration, f func(SeqProgress)) SeqOption {
	return func(c *seqConfig) {
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
// its moves from heaps 0 to 63, the values (1, 2 or 8 bytes each) and a
// CRC-64 checksum; it is written to a temporary file and renamed, so it is
// never half-written. A file that is not a checkpoint, has another format
// version, is corrupted or was written for another rule is refused with an
// error wrapping [ErrCheckpoint] that names the file and the problem, and
// is left as it is.
func WithCheckpoint(path string, every time.Duration) SeqOption {
	return func(c *seqConfig) {
		if every <= 0 {
			every = time.Minute
		}
		c.checkpointPath, c.checkpointEvery = path, every
	}
}

func newSeqConfig(r game.HeapRule, opts []SeqOption) *seqConfig {
	c := &seqConfig{rule: r}
	for _, o := range opts {
		o(c)
	}
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
func (c *seqConfig) poll(ctx context.Context, s *Sequence, rare int, mask uint64, m Method) error {
	c.rare, c.mask, c.inUse = rare, mask, m
	if err := ctx.Err(); err != nil {
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
		if err := writeCheckpoint(c.checkpointPath, c.rule, s); err != nil {
			return err
		}
	}
	return nil
}

// report calls the progress function now, with the engine state of the
// last poll.
func (c *seqConfig) report(now time.Time, s *Sequence) {
	if c.progress == nil {
		return
	}
	c.lastReport = now
	el := now.Sub(c.start)
	p := SeqProgress{Done: s.Len(), Target: c.target, Rare: c.rare, Mask: c.mask, Method: c.inUse, Elapsed: el}
	if el > 0 {
		p.PerSecond = float64(s.Len()-c.startDone) / el.Seconds()
	}
	c.progress(p)
}

// seqEngine computes value sequences of one rule.
type seqEngine interface {
	// extend computes values until s.Len() >= n, appending to s. It must
	// work when s already holds a prefix computed elsewhere (a resumed
	// checkpoint, or another engine): it derives its internal state from
	// s. It polls ctx often (about every few milliseconds of work) through
	// cfg.poll, which also reports progress.
	extend(ctx context.Context, s *Sequence, n int) error
}

// chooseEngine returns the engine for cfg.method: the sparse engine when
// it is not ruled out and handles r, else the direct engine.
func chooseEngine(r game.HeapRule, cfg *seqConfig) seqEngine {
	if cfg.method != MethodDirect {
		if e, ok := newSparseEngine(r, cfg); ok {
			cfg.inUse = MethodSparse
			return e
		}
	}
	return newDirectEngine(r, cfg)
}

// ErrBadRule is wrapped by the error returned when a heap rule's moves
// cannot define a value sequence: a move that leaves a heap at least as
// large as the one moved from.
var ErrBadRule = errors.New("heap rule has a move that does not shrink the heap")

// Values computes G(0) … G(n-1) of the heap game played with r. It uses
// the engine chosen by [WithMethod]; with [WithCheckpoint] it resumes from
// and saves to a checkpoint file. It returns ctx's error when ctx is done
// first (with the values computed so far, which are exact), and an error
// wrapping [ErrBadRule] when r has a move that would loop. n < 0 and
// n > 2^32 are errors: heap sizes are held in 32 bits.
//
// G(0) is 0 whatever r says: a heap of 0 tokens has no moves, and r is
// never asked for them.
//
// Values and [Period] keep no shared state: any number may run at once.
//
// The direct engine costs O(n²·t) for a take-and-break code that removes
// at most t tokens (O(n³) for rules that remove any number), and more for
// rules that leave three or more heaps; the sparse engine is much faster on
// octal games whose values have few "rare" heaps.
func Values(ctx context.Context, r game.HeapRule, n int, opts ...SeqOption) (*Sequence, error) {
	if err := checkLength("Values", "length", n); err != nil {
		return nil, err
	}
	if r == nil {
		return nil, errors.New("sg: Values: nil rule")
	}
	cfg := newSeqConfig(r, opts)
	cfg.target = n
	s, err := startSequence(cfg, n)
	if err != nil {
		return nil, err
	}
	err = chooseEngine(r, cfg).extend(ctx, s, n)
	err = finish(cfg, s, err)
	// A checkpoint may hold more values than asked for.
	return s.prefix(n), err
}

// maxSeqLen is the most values [Values] and [Period] compute: the sparse
// engine holds heap sizes in 32 bits.
const maxSeqLen = 1 << 32

// checkLength returns an error naming n when it is not a length that fn
// (Values or Period) can compute; arg names the parameter.
func checkLength(fn, arg string, n int) error {
	if n < 0 {
		return fmt.Errorf("sg: %s: negative %s %d", fn, arg, n)
	}
	if uint64(n) > maxSeqLen {
		return fmt.Errorf("sg: %s: %s %d is more than the 2^32 values a run may compute", fn, arg, n)
	}
	return nil
}

// startSequence returns the sequence to extend to n values: loaded from
// the checkpoint file when there is one, else empty, with room for the
// first values (engines grow it as they go, so that a huge n ended by ctx
// does not allocate at once).
func startSequence(cfg *seqConfig, n int) (*Sequence, error) {
	if cfg.checkpointPath != "" {
		s, err := loadCheckpoint(cfg.checkpointPath, cfg.rule)
		if err != nil {
			return nil, err
		}
		if s != nil {
			cfg.startDone = s.Len()
			return s, nil
		}
	}
	return NewSequence(min(n, 1<<16)), nil
}

// startValues sets G(0) = 0 in an empty sequence that is to hold n > 0
// values. Every engine starts with it: a heap of 0 tokens has no moves,
// whatever the rule lists for it.
func startValues(s *Sequence, n int) {
	if s.Len() == 0 && n > 0 {
		s.Append(0)
	}
}

// finish writes the final checkpoint and progress report of a run that
// ended with err (nil on success).
func finish(cfg *seqConfig, s *Sequence, err error) error {
	if cfg.checkpointPath != "" {
		if cerr := writeCheckpoint(cfg.checkpointPath, cfg.rule, s); cerr != nil && err == nil {
			err = cerr
		}
	}
	cfg.report(time.Now(), s)
	return err
}

// directEngine is the plain method: G(n) is the mex of the values of all
// options of n, computed from the stored values G(0 … n-1). For a
// take-and-break code it runs loops over the code's digits; for other rules
// it goes through the rule's HeapMove lists. It allocates only when the
// values outgrow its scratch space, never per heap.
type directEngine struct {
	r   game.HeapRule
	cfg *seqConfig

	// code holds the digits of a take-and-break code (nil for other
	// rules). bounded says MaxTake ≥ 0: then every digit is decoded from
	// the start, otherwise digits are decoded as the heaps grow.
	code    *codeDigits
	bounded bool

	moves []game.HeapMove // scratch for AppendHeapMoves
	marks markSet         // option values of the current heap
	size  int             // a power of two above every value so far
	work  int             // inner-loop work since the last poll
	multi multiTable      // XOR sets of splits into ≥ 3 heaps
}

// newDirectEngine returns the direct engine for r.
func newDirectEngine(r game.HeapRule, cfg *seqConfig) seqEngine {
	e := &directEngine{r: r, cfg: cfg}
	if tb, ok := r.(game.TakeBreakRule); ok {
		e.code = &codeDigits{tb: tb}
		e.code.learn(1)
		if t := tb.MaxTake(); t >= 0 {
			e.bounded = true
			e.code.learn(t + 1)
		}
	}
	return e
}

// codeDigit returns Digit(k) of the take-and-break code tb as the moves it
// allows from a nonempty heap. For k = 0 it clears bit 0: removing nothing
// and leaving no heap could only apply to the empty heap, which has no
// moves (so "5.07" plays as "4.07", for every engine and for [FindPeriod]).
// Bit 1 for k = 0 would let a heap stay as it is: codeDigit clears it and
// returns an error wrapping [ErrBadRule].
func codeDigit(tb game.TakeBreakRule, k int) (uint32, error) {
	d := tb.Digit(k)
	if k != 0 {
		return d, nil
	}
	if d&2 != 0 {
		return d &^ 3, fmt.Errorf("sg: rule %s: digit %d for removing 0 tokens lets a heap stay as it is: %w",
			ruleName(tb), d, ErrBadRule)
	}
	return d &^ 1, nil
}

// codeDigits holds the digits of a take-and-break code, decoded by
// codeDigit, for the removal amounts k < known. Both engines read codes
// through it.
type codeDigits struct {
	tb    game.TakeBreakRule
	known int
	whole []bool  // whole[k]: a heap of exactly k tokens may be removed
	one   []int   // the k ≥ 1 that may leave one heap, ascending
	two   []int   // the k that may leave two heaps, ascending
	many  [][]int // many[j] for j ≥ 3: the k that may leave j heaps
	parts int     // the most heaps a move leaves (0 when none leaves any)
	bad   error   // the first error of codeDigit
}

// learn decodes the digits of the removal amounts below k.
func (c *codeDigits) learn(k int) {
	for ; c.known < k; c.known++ {
		d, err := codeDigit(c.tb, c.known)
		if err != nil && c.bad == nil {
			c.bad = err
		}
		c.whole = append(c.whole, d&1 != 0)
		if d&2 != 0 {
			c.one = append(c.one, c.known)
		}
		if d&4 != 0 {
			c.two = append(c.two, c.known)
		}
		for j := 3; j < 32; j++ {
			if d&(1<<j) != 0 {
				for len(c.many) <= j {
					c.many = append(c.many, nil)
				}
				c.many[j] = append(c.many[j], c.known)
			}
		}
		c.parts = max(c.parts, bits.Len32(d)-1)
	}
}

// maxDirectValue bounds the values the direct engine works with.
const maxDirectValue = 1 << 32

// pollWork is the amount of inner-loop work between two polls (a few
// milliseconds).
const pollWork = 1 << 22

func (e *directEngine) extend(ctx context.Context, s *Sequence, n int) error {
	if err := e.cfg.poll(ctx, s, 0, 0, MethodDirect); err != nil {
		return err
	}
	if e.code != nil && e.code.bad != nil {
		return e.code.bad
	}
	startValues(s, n)
	for s.Len() < n {
		var err error
		switch s.width {
		case 2:
			err = directRun(ctx, e, s, n, func(s *Sequence) []uint16 { return s.b16 })
		case 8:
			err = directRun(ctx, e, s, n, func(s *Sequence) []Nimber { return s.b64 })
		default:
			err = directRun(ctx, e, s, n, func(s *Sequence) []uint8 { return s.b8 })
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// directRun appends values while the sequence keeps the width of the
// slice that get returns, and returns when it widens or reaches n.
func directRun[T uint8 | uint16 | Nimber](ctx context.Context, e *directEngine, s *Sequence, n int, get func(*Sequence) []T) error {
	width := s.width
	for s.Len() < n && s.width == width {
		g := get(s)
		h := len(g)
		// Option values are XORs of values ≤ Max, so they are below
		// 2^bits(Max), and the mex is at most that.
		if s.max >= maxDirectValue {
			// Impossible for a real game of fewer than 2^32 heaps (a
			// value is at most the number of options): the values came
			// from elsewhere, and would need a mark table of 2^32 words.
			return fmt.Errorf("sg: heap %d: value %d in the sequence is too large for the direct engine", h, uint64(s.max))
		}
		e.size = 1 << bits.Len64(uint64(s.max))
		e.marks.reset(e.size + 1)
		if e.code != nil {
			e.work += codeOptions(e, h, g)
		} else {
			w, err := ruleOptions(e, h, g)
			if err != nil {
				return err
			}
			e.work += w
		}
		s.Append(e.marks.mex())
		if e.work += 16; e.work >= pollWork {
			e.work = 0
			if err := e.cfg.poll(ctx, s, 0, 0, MethodDirect); err != nil {
				return err
			}
		}
	}
	return nil
}

// codeOptions marks the option values of heap h ≥ 1 of a take-and-break
// code, given g = G(0 … h-1), and returns the work done.
func codeOptions[T uint8 | uint16 | Nimber](e *directEngine, h int, g []T) int {
	c := e.code
	if !e.bounded {
		c.learn(h + 1)
	}
	st, cur := e.marks.st, e.marks.cur
	if h < len(c.whole) && c.whole[h] {
		st[0] = cur // take the whole heap
	}
	work := 0
	for _, k := range c.one {
		if k >= h {
			break
		}
		st[g[h-k]] = cur
	}
	work += len(c.one)
	work += markAllSplits(st, cur, g, h, c.two)
	for j := 3; j < len(c.many); j++ {
		for _, k := range c.many[j] {
			if h-k < j {
				break
			}
			work += multiMark(&e.multi, &e.marks, j, h-k, g, e.size)
		}
	}
	return work
}

// markAllSplits marks G(a) ⊕ G(h-k-a) for every k in ks (ascending) and
// 1 ≤ a ≤ (h-k)/2, and returns the number of splits. It runs over a in the
// outer loop and k in the inner one, so that each G(a) is loaded once and
// the G(h-k-a) for neighbouring k share cache lines.
func markAllSplits[T uint8 | uint16 | Nimber](st []uint32, cur uint32, g []T, h int, ks []int) int {
	for len(ks) > 0 && h-ks[len(ks)-1] < 2 {
		ks = ks[:len(ks)-1]
	}
	if len(ks) < 2 {
		if len(ks) == 1 {
			return markSplits(st, cur, g, h-ks[0], false)
		}
		return 0
	}
	// For a ≤ (h-kmax)/2 every k applies.
	common := (h - ks[len(ks)-1]) / 2
	if len(ks) == 2 && common > 0 {
		// The common case of two removal amounts (Kayles), unrolled.
		lo := g[1 : common+1]
		u1 := g[h-ks[0]-common : h-ks[0]] // G(h-k-a) is u[common-a]
		u2 := g[h-ks[1]-common : h-ks[1]]
		u1, u2 = u1[:len(lo)], u2[:len(lo)]
		m := common - 1
		for i, ga := range lo {
			st[ga^u1[m-i]] = cur
			st[ga^u2[m-i]] = cur
		}
	} else {
		for a := 1; a <= common; a++ {
			ga := g[a]
			for _, k := range ks {
				st[ga^g[h-k-a]] = cur
			}
		}
	}
	work := common * len(ks)
	for _, k := range ks {
		hi := (h - k) / 2
		for a := common + 1; a <= hi; a++ {
			st[g[a]^g[h-k-a]] = cur
		}
		work += max(hi-common, 0)
	}
	return work
}

// markSplits marks G(a) ⊕ G(r-a) for 1 ≤ a ≤ r/2 (a < r-a when unequal)
// in st, with mark, and returns the number of splits. The direct engine
// marks with stamps (uint32), the sparse engine with bytes.
func markSplits[T uint8 | uint16 | Nimber, M uint8 | uint32](st []M, mark M, g []T, r int, unequal bool) int {
	hi := r / 2
	if unequal && r%2 == 0 {
		hi--
	}
	if hi < 1 {
		return 0
	}
	lo := g[1 : hi+1]
	up := g[r-hi : r] // g[r-1-i] is up[hi-1-i]
	m := hi - 1
	for i, x := range lo {
		st[x^up[m-i]] = mark
	}
	return hi
}

// checkHeapMove checks move i, mv, of rule r from a heap of h ≥ 1 tokens.
// It returns skip for a move that does not exist (as in game.HeapGame:
// Parts 0 with Remain ≠ 0, Parts < 0, or too few tokens for the parts), and
// an error wrapping ErrBadRule for a move that can leave a heap of h tokens
// or more.
func checkHeapMove(r game.HeapRule, h, i int, mv game.HeapMove) (skip bool, err error) {
	switch {
	case mv.Parts == 0:
		return mv.Remain != 0, nil
	case mv.Parts < 0 || mv.Remain < mv.Parts:
		return true, nil
	}
	// The largest part any split can have: the others are 1 each, or
	// 1, 2, …, Parts-1 when the parts must differ.
	largest := mv.Remain - (mv.Parts - 1)
	if mv.Unequal {
		largest = mv.Remain - mv.Parts*(mv.Parts-1)/2
		if largest < mv.Parts {
			return true, nil // too few tokens for Parts different sizes
		}
	}
	if largest >= h {
		return false, fmt.Errorf("sg: heap %d: move %d of rule %s, %+v, can leave a heap of %d tokens: %w",
			h, i, ruleName(r), mv, largest, ErrBadRule)
	}
	return false, nil
}

// ruleOptions marks the option values of heap h ≥ 1 of a general heap
// rule, given g = G(0 … h-1), and returns the work done. It returns an
// error wrapping ErrBadRule for a move that leaves a heap of h or more.
func ruleOptions[T uint8 | uint16 | Nimber](e *directEngine, h int, g []T) (int, error) {
	e.moves = e.r.AppendHeapMoves(e.moves[:0], h)
	st, cur := e.marks.st, e.marks.cur
	work := len(e.moves)
	for i, mv := range e.moves {
		if skip, err := checkHeapMove(e.r, h, i, mv); err != nil {
			return work, err
		} else if skip {
			continue
		}
		switch {
		case mv.Parts == 0:
			st[0] = cur
		case mv.Parts == 1:
			st[g[mv.Remain]] = cur
		case mv.Parts == 2:
			work += markSplits(st, cur, g, mv.Remain, mv.Unequal)
		case mv.Unequal:
			work += markUnequal(&e.marks, g, mv.Remain, mv.Parts, 1, 0)
		default:
			work += multiMark(&e.multi, &e.marks, mv.Parts, mv.Remain, g, e.size)
		}
	}
	return work, nil
}

// markUnequal marks acc ⊕ the XOR of every split of r into k pairwise
// different parts, all at least lo. It enumerates the splits, so it suits
// small heaps; it returns the number of splits.
func markUnequal[T uint8 | uint16 | Nimber](m *markSet, g []T, r, k, lo int, acc uint64) int {
	if k == 1 {
		if r >= lo {
			m.st[acc^uint64(g[r])] = m.cur
			return 1
		}
		return 0
	}
	work := 0
	// The k parts are a < a+1 < … : at least k·a + k(k-1)/2 tokens.
	for a := lo; k*a+k*(k-1)/2 <= r; a++ {
		work += markUnequal(m, g, r-a, k-1, a+1, acc^uint64(g[a]))
	}
	return work
}

// ruleName returns r's String() when it has one, else its Go type.
func ruleName(r game.HeapRule) string {
	if s, ok := r.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", r)
}

// markSet is a set of small values cleared in O(1): value v is in the set
// when st[v] == cur, and reset starts a new set by incrementing cur.
type markSet struct {
	st  []uint32
	cur uint32
}

// reset empties the set and makes room for values below size.
func (m *markSet) reset(size int) {
	if len(m.st) < size {
		m.st = make([]uint32, max(size, 2*len(m.st)))
		m.cur = 0
	}
	m.cur++
	if m.cur == 0 { // wrapped around: clear the stale stamps
		clear(m.st)
		m.cur = 1
	}
}

// mex returns the least value not in the set.
func (m *markSet) mex() Nimber {
	for v, x := range m.st {
		if x != m.cur {
			return Nimber(v)
		}
	}
	return Nimber(len(m.st))
}

// multiTable holds, for j ≥ 2 and r ≥ 0, the set S_j(r) of the XORs
// G(a_1) ⊕ … ⊕ G(a_j) over all ways to write r as j nonempty parts, as
// bitsets of words words each. Rows are computed on demand from
// S_j(r) = ∪_{1 ≤ a ≤ r-j+1} G(a) ⊕ S_{j-1}(r-a), with S_1(r) = {G(r)},
// and recomputed when the values outgrow the bitsets.
type multiTable struct {
	words int
	rows  int        // rows 0 … rows-1 are filled for every j in sets
	sets  [][]uint64 // sets[j][r*words : (r+1)*words] is S_j(r)
}

// multiMark adds S_j(r) to m, given g = G(0 … ≥ r) whose values are below
// size (a power of two), and returns the work done.
func multiMark[T uint8 | uint16 | Nimber](t *multiTable, m *markSet, j, r int, g []T, size int) int {
	w := max(1, size/64)
	work := 0
	if w != t.words || j >= len(t.sets) {
		// The values outgrew the bitsets, or a new split size: rebuild.
		t.words, t.rows = w, 0
		for len(t.sets) <= j {
			t.sets = append(t.sets, nil)
		}
	}
	for ; t.rows <= r; t.rows++ {
		q := t.rows
		for jj := 2; jj < len(t.sets); jj++ {
			if len(t.sets[jj]) < (q+1)*w {
				t.sets[jj] = append(t.sets[jj], make([]uint64, (q+1)*w-len(t.sets[jj]))...)
			}
			row := t.sets[jj][q*w : (q+1)*w]
			clear(row)
			if jj == 2 {
				for a := 1; a <= q/2; a++ {
					v := uint64(g[a] ^ g[q-a])
					row[v>>6] |= 1 << (v & 63)
				}
				work += q / 2
				continue
			}
			for a := 1; a <= q-jj+1; a++ {
				x := uint64(g[a])
				src := t.sets[jj-1][(q-a)*w : (q-a+1)*w]
				for i, word := range src {
					for word != 0 {
						b := uint64(i*64+bits.TrailingZeros64(word)) ^ x
						row[b>>6] |= 1 << (b & 63)
						word &= word - 1
					}
				}
				work += w
			}
		}
	}
	for i, word := range t.sets[j][r*w : (r+1)*w] {
		for word != 0 {
			m.st[i*64+bits.TrailingZeros64(word)] = m.cur
			word &= word - 1
		}
	}
	return work + w
}
