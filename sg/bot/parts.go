package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
)

// probeValues is how far a [PartsPlayer] looks for a move out of a part of
// value 0: it asks the part for options of values 1, 2, …, probeValues.
const probeValues = 64

// PartsChoice is a move chosen by a [PartsPlayer].
type PartsChoice struct {
	Move sg.SumMove
	Kind Kind
}

// PartsPlayer chooses moves in an [sg.Sum]: parts, positions of any games,
// played side by side and known through their values (not the product
// game of package game, which a [Player] plays like any game). A sum
// exposes its parts' values and moves by value ([sg.Part.MoveTo]), not
// their full lists of options, so from a lost sum the player works on
// values: [Longest] moves the part of greatest value to the next smaller
// value (the smallest change it can make), [Random] moves a random part of
// nonzero value to a random smaller value. Parts of value 0 are moved
// only when no other part can move, to an option of value 1, 2, … 64 if
// they have one.
//
// A PartsPlayer is safe for concurrent use when its parts are (parts made
// by [sg.Position] over an [sg.SharedEngine] are).
type PartsPlayer struct {
	mu  sync.Mutex
	cfg config
	rng *rand.Rand
}

// NewPartsPlayer returns a player for sums. [WithMaxPositions] does not
// apply.
func NewPartsPlayer(opts ...Option) *PartsPlayer {
	c := newConfig(opts)
	return &PartsPlayer{cfg: c, rng: c.newRand()}
}

// Choose returns the player's move in s, and false when no part can move.
// A winning move is the one [sg.Sum.WinningMove] makes (Bouton's move in
// the first part that has one); the parts' values are asked for once,
// whether the sum is won or lost, and one part is asked for a move (or,
// when every part has value 0, for options of values 1, 2, … until one
// has some). It returns an error naming the part, by its index from 0,
// whose value or move fails.
func (sp *PartsPlayer) Choose(ctx context.Context, s sg.Sum) (PartsChoice, bool, error) {
	vals, err := s.Values(ctx)
	if err != nil {
		return PartsChoice{}, false, fmt.Errorf("bot: %w", err)
	}
	if m, ok, _ := nim.WinningMove(vals); ok { // Nimbers are never negative
		return moveTo(ctx, s, m.Heap, m.From, m.To, Winning)
	}
	var movable []int
	for i, v := range vals {
		if v > 0 {
			movable = append(movable, i)
		}
	}
	if len(movable) > 0 {
		i, to := -1, sg.Nimber(0)
		sp.mu.Lock()
		if sp.cfg.fallback == Random {
			i = movable[sp.rng.IntN(len(movable))]
			to = sg.Nimber(sp.rng.Uint64N(uint64(vals[i])))
		}
		sp.mu.Unlock()
		if i < 0 {
			for _, j := range movable {
				if i < 0 || vals[j] > vals[i] {
					i = j
				}
			}
			to = vals[i] - 1
		}
		return moveTo(ctx, s, i, vals[i], to, sp.cfg.fallback)
	}
	for i, part := range s {
		for v := sg.Nimber(1); v <= probeValues; v++ {
			q, ok, err := part.MoveTo(ctx, v)
			if err != nil {
				return PartsChoice{}, false, fmt.Errorf("bot: part %d (%v): %w", i, part, err)
			}
			if ok {
				return PartsChoice{Move: sg.SumMove{Index: i, To: q}, Kind: sp.cfg.fallback}, true, nil
			}
		}
	}
	return PartsChoice{}, false, nil
}

// moveTo moves part i of s, of value from, to an option of value to (which
// the mex rule guarantees when to < from), as a move of kind k.
func moveTo(ctx context.Context, s sg.Sum, i int, from, to sg.Nimber, k Kind) (PartsChoice, bool, error) {
	q, ok, err := s[i].MoveTo(ctx, to)
	if err != nil {
		return PartsChoice{}, false, fmt.Errorf("bot: part %d (%v): %w", i, s[i], err)
	}
	if !ok {
		return PartsChoice{}, false, fmt.Errorf("bot: part %d (%v) of value %v has no option of value %v", i, s[i], from, to)
	}
	return PartsChoice{Move: sg.SumMove{Index: i, To: q}, Kind: k}, true, nil
}

// Play plays a game from start between two strategies, first[0] moving
// first, until a player cannot move. It returns the index (0 or 1) of the
// winner, the one who made the last move, and the positions of the game
// from start on. It returns a [*sg.LimitError] (Bound "moves") when the
// game would last more than maxMoves moves, and the strategies' errors.
func Play[P comparable](ctx context.Context, players [2]Strategy[P], start P, maxMoves int) (winner int, line []P, err error) {
	line = []P{start}
	p := start
	for turn := 0; ; turn++ {
		c, ok, err := players[turn%2].Choose(ctx, p)
		if err != nil {
			return 0, line, err
		}
		if !ok {
			return (turn + 1) % 2, line, nil
		}
		if turn >= maxMoves {
			return 0, line, &sg.LimitError{Op: "bot.Play", Bound: "moves", Limit: int64(maxMoves), Detail: fmt.Sprintf("game from %v", start)}
		}
		p = c.To
		line = append(line, p)
	}
}
