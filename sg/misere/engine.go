package misere

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// DefaultMemoLimit is the number of positions an [Engine] memoizes before
// it stops with an error wrapping [sg.ErrLimit], unless [WithMemoLimit]
// says otherwise: about 1 GiB of map entries, as in package sg.
const DefaultMemoLimit = 1 << 24

// inProgress marks a position on the search stack.
const inProgress = ^uint32(0)

// how often a search polls its context, in expanded positions
const pollEvery = 1 << 12

// Option configures an [Engine] or a quotient computation.
type Option func(*config)

type config struct {
	memoLimit     int
	progress      func(sg.Stats)
	progressEvery uint64
	qprogress     func(Progress)
	maxElements   int
}

func newConfig(opts []Option) config {
	c := config{memoLimit: DefaultMemoLimit, progressEvery: 1 << 20, maxElements: DefaultMaxElements}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithMemoLimit bounds the number of positions an engine memoizes. A search
// that would exceed it stops with an error wrapping [sg.ErrLimit]; what
// was finished stays memoized, so a later call resumes. n ≤ 0 means no
// limit.
func WithMemoLimit(n int) Option {
	return func(c *config) { c.memoLimit = n }
}

// WithProgress asks for f to be called with the engine's work so far after
// every `every` expanded positions (every ≤ 0 means 1<<20). f runs on the
// searching goroutine and should return quickly.
func WithProgress(every int, f func(sg.Stats)) Option {
	return func(c *config) {
		c.progress = f
		if every > 0 {
			c.progressEvery = uint64(every)
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
// as a [*sg.CycleError]), at the memo limit (wrapping [sg.ErrLimit]) and
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

	memo     map[P]uint32
	stack    []frame[P]
	kids     []P
	seen     []bool
	expanded uint64
}

func newSearch[P comparable](g game.Game[P], cfg config) search[P] {
	s := search[P]{g: g, cfg: cfg, memo: make(map[P]uint32)}
	s.canon, _ = g.(game.Canonicalizer[P])
	return s
}

type frame[P comparable] struct {
	pos      P
	lo, next int
}

// NewEngine returns an engine for the misère play of g.
func NewEngine[P comparable](g game.Game[P], opts ...Option) *Engine[P] {
	return &Engine[P]{search: newSearch(g, newConfig(opts))}
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
	p = e.canonical(p)
	if v, ok := e.memo[p]; ok && v != inProgress {
		return sg.Nimber(v), nil
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("misere: value of %v: %w", p, err)
	}
	e.stack = e.stack[:0]
	e.kids = e.kids[:0]
	if err := e.push(p); err != nil {
		return 0, e.abort(err)
	}
	for len(e.stack) > 0 {
		f := &e.stack[len(e.stack)-1]
		descended := false
		for f.next < len(e.kids) {
			c := e.kids[f.next]
			v, ok := e.memo[c]
			if !ok {
				if err := e.push(c); err != nil {
					return 0, e.abort(err)
				}
				descended = true
				break
			}
			if v == inProgress {
				return 0, e.abort(&sg.CycleError[P]{Position: c})
			}
			f.next++
		}
		if descended {
			if e.expanded%pollEvery == 0 {
				if err := ctx.Err(); err != nil {
					return 0, e.abort(fmt.Errorf("misere: value of %v: %w", p, err))
				}
			}
			continue
		}
		f = &e.stack[len(e.stack)-1]
		v := uint32(1) // a position with no moves: the mover has won
		if n := len(e.kids) - f.lo; n > 0 {
			v = e.mex(e.kids[f.lo:])
		}
		e.memo[f.pos] = v
		e.kids = e.kids[:f.lo]
		e.stack = e.stack[:len(e.stack)-1]
	}
	return sg.Nimber(e.memo[p]), nil
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

func (e *search[P]) push(p P) error {
	if e.cfg.memoLimit > 0 && len(e.memo) >= e.cfg.memoLimit {
		return fmt.Errorf("misere: %d positions memoized at %v: %w", len(e.memo), p, sg.ErrLimit)
	}
	e.memo[p] = inProgress
	lo := len(e.kids)
	e.kids = e.g.AppendMoves(e.kids, p)
	if e.canon != nil {
		for i := lo; i < len(e.kids); i++ {
			e.kids[i] = e.canon.Canonical(e.kids[i])
		}
	}
	e.stack = append(e.stack, frame[P]{pos: p, lo: lo, next: lo})
	e.expanded++
	if e.cfg.progress != nil && e.expanded%e.cfg.progressEvery == 0 {
		e.cfg.progress(sg.Stats{Memoized: len(e.memo), Expanded: e.expanded, Depth: len(e.stack)})
	}
	return nil
}

// abort forgets the unfinished positions of the stack and returns err.
func (e *search[P]) abort(err error) error {
	for _, f := range e.stack {
		if e.memo[f.pos] == inProgress {
			delete(e.memo, f.pos)
		}
	}
	e.stack = e.stack[:0]
	e.kids = e.kids[:0]
	return err
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
