package misere

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// DefaultMaxPositions is the number of positions an [Engine] memoizes, or
// a quotient's exhaustive search holds outcomes of, before it stops with a
// [*sg.LimitError], unless [WithMaxPositions] says otherwise.
const DefaultMaxPositions = 1 << 24

// DefaultMemory is the memory, in bytes, an [Engine]'s memo and search
// stack may take before it stops with a [*sg.LimitError], unless
// [WithMemory] says otherwise. The bound is on the bytes the engine
// holds; under the Go runtime's default GOGC the process may take up to
// about twice as much.
const DefaultMemory = 1 << 29

// inProgress marks a position on the search stack.
const inProgress = ^uint32(0)

// how often a quotient's search polls its context, in expanded positions
const pollEvery = 1 << 12

// pollWork is the work (positions expanded plus options listed) between
// two polls of an engine's context and clock: a few milliseconds at most,
// whatever one expansion costs.
const pollWork = 1 << 12

// Option configures an [Engine] or a quotient computation.
type Option func(*config)

type config struct {
	maxPositions  int
	memory        int64
	progress      func(sg.Stats)
	progressEvery time.Duration
	qprogress     func(Progress)
	maxElements   int
	workers       int
}

func newConfig(opts []Option) config {
	c := config{maxPositions: DefaultMaxPositions, memory: DefaultMemory, progressEvery: time.Second, maxElements: DefaultMaxElements}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithMaxPositions bounds the number of positions an engine memoizes, and
// the positions whose outcomes a quotient computation holds (memoized by
// exhaustive search, or in a split pass). A computation that would exceed
// it stops with a [*sg.LimitError] of Bound "positions"; an engine keeps
// what it finished, so a later call resumes. n ≤ 0 means no limit.
func WithMaxPositions(n int) Option {
	return func(c *config) { c.maxPositions = n }
}

// WithMemory bounds the memory, in bytes, an engine's memo and search
// stack take (estimated: the positions held, with the bytes of a string
// position counted, and the map's overhead). A search that would exceed
// it stops with a [*sg.LimitError] of Bound "memory", before it expands a
// position whose options would not fit (judged by its siblings), keeping
// what it finished. n ≤ 0 means no limit.
func WithMemory(bytes int64) Option {
	return func(c *config) { c.memory = bytes }
}

// WithProgress asks for f to be called with an engine's work so far at
// most once per interval every (every ≤ 0 means one second). f runs on
// the searching goroutine and should return quickly.
func WithProgress(every time.Duration, f func(sg.Stats)) Option {
	return func(c *config) {
		c.progress = f
		if every > 0 {
			c.progressEvery = every
		}
	}
}

// Engine computes misère values of the positions of one finite game and
// remembers every value it computes, like [sg.Engine] does for normal play.
//
// Under misère play the player who makes the last move loses. The misère
// Grundy value of a position (Conway's γ0, written g⁻ in Winning Ways) is
// 1 for a position with no moves and otherwise the mex of its options'
// misère values, so a position is a misère P-position exactly when its
// misère value is 0. Unlike the normal-play value it says nothing about
// sums: the engine never splits a [game.Decomposer]'s positions into
// components, and memoizes whole positions (canonicalized when the game is a
// [game.Canonicalizer]).
//
// The search is iterative, so deep games need no goroutine stack; it stops
// with an error, never a panic, on a cycle of moves (wrapping [sg.ErrCycle],
// as a [*sg.CycleError]), at the position and memory bounds (a
// [*sg.LimitError]: [WithMaxPositions], [WithMemory]) and
// when its context is done, keeping what it finished. An Engine is not safe
// for concurrent use.
type Engine[P comparable] struct {
	search[P]

	normal *sg.Engine[P]
	plus   *search[plus[P]]
	genera map[P]Genus
	tame   map[P]bool
}

// search is the memoized misère search over one game.
type search[P comparable] struct {
	g     game.Game[P]
	canon game.Canonicalizer[P]
	cfg   config
	size  func(P) int64 // bytes held by a position, beyond the fixed size of P
	fixed int64         // bytes of a memo entry with its overhead, and of a stack slot

	memo     map[P]uint32
	stack    []frame[P]
	kids     []P
	seen     []bool
	expanded uint64
	bytes    int64 // the memo's estimated bytes
	kidBytes int64 // the bytes of the positions in kids
	work     int   // work since the last poll
	lastKids int   // options of the last position expanded
	lastShow time.Time
}

func newSearch[P comparable](g game.Game[P], cfg config, size func(P) int64) search[P] {
	var zero P
	// A memo entry takes its key and value with the map's slack (about
	// twice the key), and a stack slot its key; both round up.
	s := search[P]{g: g, cfg: cfg, memo: make(map[P]uint32), size: size,
		fixed: 2*int64(unsafe.Sizeof(zero)) + 32, lastShow: time.Now()}
	s.canon, _ = g.(game.Canonicalizer[P])
	return s
}

// sizeOf returns the function that gives the bytes a position of type P
// holds beyond its fixed size: the length of a string position (such as
// [game.Heaps]), and 0 for any other kind.
func sizeOf[P comparable]() func(P) int64 {
	var zero P
	if t := reflect.TypeOf(zero); t != nil && t.Kind() == reflect.String {
		// the bytes, rounded up to the allocator's size classes
		return func(p P) int64 { return int64(len(*(*string)(unsafe.Pointer(&p)))) + 16 }
	}
	return func(P) int64 { return 0 }
}

type frame[P comparable] struct {
	pos      P
	lo, next int
	bytes    int64 // the bytes of the options it appended
}

// NewEngine returns an engine for the misère play of g.
func NewEngine[P comparable](g game.Game[P], opts ...Option) *Engine[P] {
	return &Engine[P]{search: newSearch(g, newConfig(opts), sizeOf[P]())}
}

// Game returns the game the engine plays.
func (e *Engine[P]) Game() game.Game[P] { return e.g }

// Len returns the number of positions whose misère values are memoized.
func (e *Engine[P]) Len() int { return len(e.memo) }

func (e *search[P]) canonical(p P) P {
	if e.canon != nil {
		return e.canon.Canonical(p)
	}
	return p
}

// Value returns the misère Grundy value of p: 1 when p has no moves, and
// otherwise the mex of the misère values of its options.
func (e *Engine[P]) Value(ctx context.Context, p P) (sg.Nimber, error) {
	return e.value(ctx, p)
}

func (e *search[P]) value(ctx context.Context, p P) (sg.Nimber, error) {
	if e.g == nil {
		return 0, errors.New("misere: Value on an engine without a game")
	}
	p = e.canonical(p)
	if v, ok := e.memo[p]; ok && v != inProgress {
		return sg.Nimber(v), nil
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("misere: value of %s: %w", posString(p), err)
	}
	e.stack = e.stack[:0]
	e.kids = e.kids[:0]
	e.kidBytes = 0
	if err := e.push(p); err != nil {
		return 0, e.abort(err)
	}
	for len(e.stack) > 0 {
		if err := e.step(); err != nil {
			return 0, e.abort(err)
		}
		if e.work >= pollWork {
			if err := e.poll(ctx, p); err != nil {
				return 0, e.abort(err)
			}
		}
	}
	return sg.Nimber(e.memo[p]), nil
}

// step descends to the first option of the top frame not yet valued, or
// values the top frame when every option is.
func (e *search[P]) step() error {
	f := &e.stack[len(e.stack)-1]
	for f.next < len(e.kids) {
		c := e.kids[f.next]
		v, ok := e.memo[c]
		if !ok {
			return e.push(c)
		}
		if v == inProgress {
			return &sg.CycleError[P]{Position: c}
		}
		f.next++
	}
	v := uint32(1) // a position with no moves: the mover has won
	if n := len(e.kids) - f.lo; n > 0 {
		v = e.mex(e.kids[f.lo:])
	}
	e.memo[f.pos] = v
	e.kids = e.kids[:f.lo]
	e.kidBytes -= f.bytes
	e.stack = e.stack[:len(e.stack)-1]
	return nil
}

// poll checks the context and reports progress when it is due.
func (e *search[P]) poll(ctx context.Context, p P) error {
	e.work = 0
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("misere: value of %s: %w", posString(p), err)
	}
	if e.cfg.progress != nil && time.Since(e.lastShow) >= e.cfg.progressEvery {
		e.lastShow = time.Now()
		e.cfg.progress(sg.Stats{Memoized: len(e.memo), Expanded: e.expanded, Depth: len(e.stack)})
	}
	return nil
}

// mex returns the least value not among the memoized values of kids.
func (e *search[P]) mex(kids []P) uint32 {
	n := len(kids) + 1
	if cap(e.seen) < n {
		e.seen = make([]bool, n)
	}
	seen := e.seen[:n]
	clear(seen)
	for _, c := range kids {
		if v := e.memo[c]; int64(v) < int64(n) {
			seen[v] = true
		}
	}
	for i, s := range seen {
		if !s {
			return uint32(i)
		}
	}
	return uint32(n)
}

// push memoizes p as in progress and appends its options, after checking
// the bounds: the positions memoized, and the memory the memo and the
// options would take (the options of p estimated from the last position
// expanded, which is usually a sibling).
func (e *search[P]) push(p P) error {
	if limit := e.cfg.maxPositions; limit > 0 && len(e.memo) >= limit {
		return &sg.LimitError{Op: "misere.Engine", Bound: "positions", Limit: int64(limit), Need: int64(len(e.memo) + 1),
			Detail: "at " + posString(p)}
	}
	pb := e.size(p) + e.fixed
	if limit := e.cfg.memory; limit > 0 {
		guess := e.bytes + e.kidBytes + pb + int64(e.lastKids)*pb
		if guess > limit {
			return &sg.LimitError{Op: "misere.Engine", Bound: "memory", Limit: limit, Need: guess,
				Detail: fmt.Sprintf("%d positions memoized, %d options on the stack, at %s", len(e.memo), len(e.kids), posString(p))}
		}
	}
	e.memo[p] = inProgress
	e.bytes += pb
	lo := len(e.kids)
	e.kids = e.g.AppendMoves(e.kids, p)
	var kb int64
	for i := lo; i < len(e.kids); i++ {
		if e.canon != nil {
			e.kids[i] = e.canon.Canonical(e.kids[i])
		}
		kb += e.size(e.kids[i]) + e.fixed
	}
	e.kidBytes += kb
	e.lastKids = len(e.kids) - lo
	e.stack = append(e.stack, frame[P]{pos: p, lo: lo, next: lo, bytes: kb})
	e.expanded++
	e.work += 1 + e.lastKids
	if limit := e.cfg.memory; limit > 0 && e.bytes+e.kidBytes > limit {
		return &sg.LimitError{Op: "misere.Engine", Bound: "memory", Limit: limit, Need: e.bytes + e.kidBytes,
			Detail: fmt.Sprintf("%d positions memoized, %d options on the stack, at %s", len(e.memo), len(e.kids), posString(p))}
	}
	return nil
}

// abort forgets the unfinished positions of the stack and returns err.
func (e *search[P]) abort(err error) error {
	for _, f := range e.stack {
		if e.memo[f.pos] == inProgress {
			delete(e.memo, f.pos)
			e.bytes -= e.size(f.pos) + e.fixed
		}
	}
	e.stack = e.stack[:0]
	e.kids = e.kids[:0]
	e.kidBytes = 0
	return err
}

// maxPosString bounds the length of a position written in a message.
const maxPosString = 80

// posString writes a position for a message: by its String method when it
// has one (a [game.Heaps] as "(1, 2)"), else as %v would, made valid UTF-8
// and cut, on a character boundary, past maxPosString bytes.
func posString(p any) string {
	var s string
	if st, ok := p.(fmt.Stringer); ok {
		s = st.String()
	} else {
		s = fmt.Sprintf("%v", p)
	}
	s = strings.ToValidUTF8(s, "\ufffd")
	if len(s) > maxPosString {
		cut := maxPosString
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// Outcome returns the outcome of p under misère play: [sg.P] when the
// player to move loses, which is when the misère value of p is 0.
func (e *Engine[P]) Outcome(ctx context.Context, p P) (sg.Outcome, error) {
	v, err := e.Value(ctx, p)
	if err != nil {
		return 0, err
	}
	return sg.OutcomeOf(v), nil
}

// WinningMoves returns the options of p that are misère P-positions, in
// the order the game lists them (an option listed twice appears twice);
// it is empty when p is a misère P-position, and when p has no moves (its
// mover has already won).
func (e *Engine[P]) WinningMoves(ctx context.Context, p P) ([]P, error) {
	if _, err := e.Value(ctx, p); err != nil {
		return nil, err
	}
	var win []P
	for _, q := range e.g.AppendMoves(nil, e.canonical(p)) {
		v, err := e.Value(ctx, q)
		if err != nil {
			return nil, err
		}
		if v == 0 {
			win = append(win, q)
		}
	}
	return win, nil
}
