package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// Kind says how a move was chosen.
type Kind uint8

const (
	// Winning is a move to a P-position: the mover wins with best play.
	Winning Kind = iota
	// Longest is a move from a lost position that makes the game last as
	// long as possible against a winner who hurries (the option of
	// greatest remoteness).
	Longest
	// Random is a legal move from a lost position chosen at random, or
	// chosen when the search for the longest move ran out of budget.
	Random
)

// String returns "winning", "longest" or "random".
func (k Kind) String() string {
	switch k {
	case Winning:
		return "winning"
	case Longest:
		return "longest"
	case Random:
		return "random"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// DefaultMaxPositions is the number of positions a [Player] may expand per
// move to measure remoteness, unless [WithMaxPositions] says otherwise.
const DefaultMaxPositions = 100_000

// Option configures a [Player] or a [PartsPlayer].
type Option func(*config)

type config struct {
	fallback Kind
	seed     uint64
	limit    int
}

func newConfig(opts []Option) config {
	c := config{fallback: Longest, seed: 1, limit: DefaultMaxPositions}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// newRand returns the random source of a player, seeded from c.seed.
func (c config) newRand() *rand.Rand {
	return rand.New(rand.NewPCG(c.seed, c.seed^0x5851f42d4c957f2d))
}

// WithFallback sets what to do from a lost position: [Longest] (the
// default) or [Random]. Other kinds are ignored.
func WithFallback(k Kind) Option {
	return func(c *config) {
		if k == Longest || k == Random {
			c.fallback = k
		}
	}
}

// WithSeed seeds the random source used for [Random] moves, so that a
// game can be replayed. The default seed is 1.
func WithSeed(seed uint64) Option {
	return func(c *config) { c.seed = seed }
}

// WithMaxPositions bounds the positions expanded per move by the
// remoteness search; past it the player falls back to a random move (from
// a lost position) or the first winning move. n ≤ 0 means no search at
// all.
func WithMaxPositions(n int) Option {
	return func(c *config) { c.limit = n }
}

// Solver is what a [Player] needs from an engine: the values of positions
// and the game they belong to. [*sg.Engine] and [*sg.SharedEngine]
// satisfy it.
type Solver[P comparable] interface {
	Value(ctx context.Context, p P) (sg.Nimber, error)
	Game() game.Game[P]
}

// Choice is a move chosen by a [Player].
type Choice[P comparable] struct {
	// To is the position after the move.
	To P
	// Kind says why the move was chosen.
	Kind Kind
	// Remoteness is the number of moves left after this one with best
	// play (the winner hurrying, the loser delaying), or -1 when the
	// search did not measure it.
	Remoteness int
}

// Strategy chooses moves: ok is false when p has no move (the player to
// move has lost).
type Strategy[P comparable] interface {
	Choose(ctx context.Context, p P) (c Choice[P], ok bool, err error)
}

// Player is a [Strategy] for any game solved by an engine: it takes a
// winning move whenever there is one (the quickest win, when the search
// budget allows measuring it), and from a lost position it never stalls:
// it plays the move that resists longest, or a random legal move.
//
// A Player is safe for concurrent use; its calls are serialized. Several
// Players may share one [sg.SharedEngine] (and so one memo) from several
// goroutines; since a Player generates moves itself, each must then have
// a game whose AppendMoves is safe for concurrent use, or its own copy of
// the game given with [Player.UseMoves] (a [game.HeapGame] is not safe).
type Player[P comparable] struct {
	mu    sync.Mutex
	s     Solver[P]
	moves game.Game[P]
	cfg   config
	rng   *rand.Rand

	memo  map[P]int32 // remoteness of positions measured so far
	stack []rframe[P]
	kids  []P
	buf   []P
	opts  []P
	vals  []sg.Nimber // values of opts[:len(vals)] in the current Choose
	seen  map[P]struct{}
}

type rframe[P comparable] struct {
	pos      P
	lo, hi   int
	next     int
	lost     bool // value 0: remoteness is 1 + max over options
	best     int32
	haveBest bool
}

// New returns a player that uses s for values and s.Game() for moves.
func New[P comparable](s Solver[P], opts ...Option) *Player[P] {
	c := newConfig(opts)
	return &Player[P]{
		s:     s,
		moves: s.Game(),
		cfg:   c,
		rng:   c.newRand(),
		memo:  make(map[P]int32),
	}
}

// UseMoves makes the player generate moves with g, a copy of the solver's
// game, instead of s.Game(); it returns pl. Use it when players share a
// [sg.SharedEngine] whose game is not safe for concurrent use.
func (pl *Player[P]) UseMoves(g game.Game[P]) *Player[P] {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.moves = g
	return pl
}

// Choose returns the player's move from p, and false when p has no move.
// It returns the engine's error (a cycle, a memo limit, ctx done) when
// values cannot be computed. Its cost is at most one engine value per
// option of p, plus at most the search limit of positions to measure
// remoteness.
func (pl *Player[P]) Choose(ctx context.Context, p P) (Choice[P], bool, error) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	var none Choice[P]
	opts := pl.options(p)
	if len(opts) == 0 {
		return none, false, nil
	}
	// Values up to the first P option, which wins; the search below
	// extends pl.vals if it needs the others.
	winning := -1
	pl.vals = pl.vals[:0]
	for i, q := range opts {
		v, err := pl.s.Value(ctx, q)
		if err != nil {
			return none, false, fmt.Errorf("bot: value of %v: %w", q, err)
		}
		pl.vals = append(pl.vals, v)
		if v == 0 {
			winning = i
			break
		}
	}
	if winning < 0 && pl.cfg.fallback == Random {
		return Choice[P]{To: opts[pl.rng.IntN(len(opts))], Kind: Random, Remoteness: -1}, true, nil
	}
	// Measure remoteness: the quickest win, or the longest resistance.
	best, bestR := -1, int32(0)
	measured := pl.cfg.limit > 0
	budget := pl.cfg.limit
	for i, q := range opts {
		if !measured {
			break
		}
		if i == len(pl.vals) { // past the first loop's stop
			v, err := pl.s.Value(ctx, q)
			if err != nil {
				return none, false, fmt.Errorf("bot: value of %v: %w", q, err)
			}
			pl.vals = append(pl.vals, v)
		}
		if winning >= 0 && pl.vals[i] != 0 {
			continue // only P options can win
		}
		r, ok, err := pl.remoteness(ctx, q, &budget)
		if err != nil {
			return none, false, err
		}
		if !ok {
			measured = false
			break
		}
		if best < 0 || (winning >= 0 && r < bestR) || (winning < 0 && r > bestR) {
			best, bestR = i, r
		}
	}
	switch {
	case measured && winning >= 0:
		return Choice[P]{To: opts[best], Kind: Winning, Remoteness: int(bestR)}, true, nil
	case measured:
		return Choice[P]{To: opts[best], Kind: Longest, Remoteness: int(bestR)}, true, nil
	case winning >= 0:
		return Choice[P]{To: opts[winning], Kind: Winning, Remoteness: -1}, true, nil
	}
	return Choice[P]{To: opts[pl.rng.IntN(len(opts))], Kind: Random, Remoteness: -1}, true, nil
}

// options returns the distinct options of p in the game's order, in a
// buffer of the player reused by the next call.
func (pl *Player[P]) options(p P) []P {
	pl.buf = pl.moves.AppendMoves(pl.buf[:0], p)
	out := pl.opts[:0]
	if len(pl.buf) > 32 {
		// many options: dedupe with a reused set instead of a quadratic scan
		if pl.seen == nil {
			pl.seen = make(map[P]struct{})
		}
		clear(pl.seen)
		for _, q := range pl.buf {
			if _, dup := pl.seen[q]; !dup {
				pl.seen[q] = struct{}{}
				out = append(out, q)
			}
		}
		pl.opts = out
		return out
	}
	for _, q := range pl.buf {
		dup := false
		for _, r := range out {
			if r == q {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, q)
		}
	}
	pl.opts = out
	return out
}

// remoteness returns the remoteness of p (Steinhaus): 0 for a terminal
// position; for an N-position 1 + the least remoteness of its P options
// (the winner hurries); for a P-position 1 + the greatest remoteness of its
// options (the loser delays). It is even exactly for P-positions. The
// search is iterative, uses the engine's values to look only at the
// options that matter, and stops with false when it would expand more
// than *budget positions; results are memoized across calls.
func (pl *Player[P]) remoteness(ctx context.Context, p P, budget *int) (int32, bool, error) {
	if r, ok := pl.memo[p]; ok {
		return r, true, nil
	}
	if len(pl.memo) > 4*max(pl.cfg.limit, 1<<16) {
		clear(pl.memo)
	}
	pl.stack = pl.stack[:0]
	pl.kids = pl.kids[:0]
	push := func(q P) error {
		*budget--
		v, err := pl.s.Value(ctx, q)
		if err != nil {
			return fmt.Errorf("bot: value of %v: %w", q, err)
		}
		lo := len(pl.kids)
		pl.buf = pl.moves.AppendMoves(pl.buf[:0], q)
		for _, c := range pl.buf {
			if v == 0 {
				pl.kids = append(pl.kids, c)
				continue
			}
			w, err := pl.s.Value(ctx, c)
			if err != nil {
				return fmt.Errorf("bot: value of %v: %w", c, err)
			}
			if w == 0 {
				pl.kids = append(pl.kids, c)
			}
		}
		pl.stack = append(pl.stack, rframe[P]{pos: q, lo: lo, hi: len(pl.kids), next: lo, lost: v == 0})
		return nil
	}
	if *budget <= 0 {
		return 0, false, nil
	}
	if err := push(p); err != nil {
		return 0, false, err
	}
	for {
		f := &pl.stack[len(pl.stack)-1]
		if f.next < f.hi {
			c := pl.kids[f.next]
			r, ok := pl.memo[c]
			if !ok {
				if *budget <= 0 {
					return 0, false, nil
				}
				if err := ctx.Err(); err != nil {
					return 0, false, fmt.Errorf("bot: remoteness of %v: %w", p, err)
				}
				if err := push(c); err != nil {
					return 0, false, err
				}
				continue
			}
			if !f.haveBest || (f.lost && r > f.best) || (!f.lost && r < f.best) {
				f.best, f.haveBest = r, true
			}
			f.next++
			continue
		}
		r := int32(0)
		if f.haveBest {
			r = f.best + 1
		}
		pl.memo[f.pos] = r
		pl.kids = pl.kids[:f.lo]
		pl.stack = pl.stack[:len(pl.stack)-1]
		if len(pl.stack) == 0 {
			return r, true, nil
		}
	}
}
