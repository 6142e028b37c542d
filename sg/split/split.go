package split

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// Codec writes a position of a game as one line of text and reads it
// back: Parse(Format(p)) == p. Format's text must hold no line break.
type Codec[P comparable] interface {
	Format(p P) string
	Parse(text string) (P, error)
}

// Default values of the options.
const (
	DefaultBound        = 3
	DefaultJobs         = 64
	DefaultSmall        = 12
	DefaultMaxPositions = 1 << 20
	DefaultMemory       = 16 << 20
)

// Option configures [Split].
type Option func(*config)

type config struct {
	jobs, small, maxPositions int
	bound                     int
	memory                    int64
}

// FullValues, given to [WithBound], asks every job its full value.
const FullValues = -1

// WithBound sets the largest value of the root the jobs are asked about
// (default [DefaultBound]), from 0 to 62, or [FullValues]. With a bound
// k the merge finds the root's value when it is at most k, and its
// winning moves; a root of a larger value makes [Merge] fail, saying so
// (split again with a larger bound). A smaller bound asks less of each
// job: see [Split].
func WithBound(k int) Option { return func(c *config) { c.bound = k } }

// WithJobs sets the least number of jobs the split aims at (default
// [DefaultJobs]): it expands the tree until at least n positions are
// left for jobs, or until none is left to expand.
func WithJobs(n int) Option { return func(c *config) { c.jobs = n } }

// WithSmall sets the size, in moves, up to which a position is valued by
// the split itself rather than made a job (default [DefaultSmall]).
func WithSmall(moves int) Option { return func(c *config) { c.small = moves } }

// WithMaxPositions bounds the positions of the tree above the jobs
// (default [DefaultMaxPositions]); a split that needs more returns an
// error wrapping [sg.ErrLimit].
func WithMaxPositions(n int) Option { return func(c *config) { c.maxPositions = n } }

// WithMemory sets the table of the search that values the small
// positions, in bytes (default [DefaultMemory]).
func WithMemory(bytes int64) Option { return func(c *config) { c.memory = bytes } }

// splitter holds a split under way.
type splitter[P comparable] struct {
	g     game.Game[P]
	dec   game.Decomposer[P]
	can   game.Canonicalizer[P]
	cnt   game.MoveCounter[P]
	cfg   config
	nodes []Node
	pos   []P
	moves []int
	index map[P]int
	cand  []int // nodes left for jobs, unexpanded
	small *search.Solver[P]
	exp   uint64
	buf   []P
}

// Split cuts the valuation of root, a position of g whose spec (the text
// its parser reads) is spec, into independent jobs, and returns their
// manifest; c writes the positions. The strategy, best-first: the root is
// expanded (its options are needed for its winning moves), then, again
// and again, the unexpanded position with the most options, until at
// least WithJobs positions are left unexpanded or none is. Every option
// is split into its components ([game.Decomposer]) and each component
// put in canonical form ([game.Canonicalizer]), so that a position met
// twice, or as an image of another, is one node and at most one job. A
// component of at most WithSmall moves is valued at once by a search
// (package sg/search) with a table of WithMemory bytes. The jobs are the
// positions left unexpanded, largest first, each asked the values the
// merge needs of it (the values up to WithBound at the root, passed down
// the tree as the package documentation says) or, with [FullValues], its
// full value.
//
// It costs O(E·M) for the E positions expanded and the M positions of
// the tree (plus the searches of the small positions). It returns an
// error naming a bad option, an error wrapping [sg.ErrLimit] when the
// tree passes WithMaxPositions, and ctx's error when ctx is done.
func Split[P comparable](ctx context.Context, g game.Game[P], root P, spec string, c Codec[P], opts ...Option) (*Manifest, error) {
	cfg := config{jobs: DefaultJobs, small: DefaultSmall, maxPositions: DefaultMaxPositions, memory: DefaultMemory, bound: DefaultBound}
	for _, o := range opts {
		o(&cfg)
	}
	switch {
	case cfg.jobs < 1 || cfg.jobs > cfg.maxPositions:
		return nil, fmt.Errorf("split: bad job count %d: want 1 to the most positions, %d", cfg.jobs, cfg.maxPositions)
	case cfg.small < 0:
		return nil, fmt.Errorf("split: bad small size %d: want a number of moves ≥ 0", cfg.small)
	case cfg.bound < FullValues || cfg.bound > 62:
		return nil, fmt.Errorf("split: bad bound %d: want a value from 0 to 62, or FullValues", cfg.bound)
	case cfg.maxPositions < 1:
		return nil, fmt.Errorf("split: bad most positions %d: want ≥ 1", cfg.maxPositions)
	}
	s := &splitter[P]{g: g, cfg: cfg, index: map[P]int{}}
	s.dec, _ = g.(game.Decomposer[P])
	s.can, _ = g.(game.Canonicalizer[P])
	s.cnt, _ = g.(game.MoveCounter[P])
	m := &Manifest{Library: Library(), Game: spec, Root: c.Format(root), Moves: moveNames(g, root)}
	m.OptionsText = fmt.Sprintf("jobs=%d small=%d bound=%d", cfg.jobs, cfg.small, cfg.bound)
	m.Options = digest(m.OptionsText)
	m.Strategy = strategy(cfg)
	s.nodes, s.pos, s.moves = []Node{{}}, []P{root}, []int{s.numMoves(root)}
	if err := s.expand(ctx, 0, true); err != nil {
		return nil, err
	}
	for len(s.cand) > 0 && len(s.cand) < cfg.jobs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		best := 0
		for i, n := range s.cand {
			if s.moves[n] > s.moves[s.cand[best]] {
				best = i
			}
		}
		n := s.cand[best]
		s.cand = slices.Delete(s.cand, best, best+1)
		if err := s.expand(ctx, n, false); err != nil {
			return nil, err
		}
	}
	// The jobs, largest first (a scheduler that starts them in order then
	// ends soonest), the order of the nodes on a tie.
	slices.SortStableFunc(s.cand, func(a, b int) int { return s.moves[b] - s.moves[a] })
	for _, n := range s.cand {
		k := len(m.Jobs)
		s.nodes[n].Job = &k
		m.Jobs = append(m.Jobs, Job{Game: spec, Position: c.Format(s.pos[n]), Moves: s.moves[n]})
	}
	asks := askSets(s.nodes, cfg.bound)
	for _, n := range s.cand {
		// A set that holds every value the position can have asks its
		// full value.
		if a, all := asks[n], upTo(uint64(s.moves[n])); a&all != all {
			m.Jobs[*s.nodes[n].Job].Ask = askList(a & all)
		}
	}
	m.Nodes = s.nodes
	if s.small != nil {
		s.exp += s.small.Stats().Expanded
	}
	m.Expanded = s.exp
	if err := m.seal(); err != nil {
		return nil, err
	}
	return m, nil
}

// moveNames names root's options: by the game's notation when it has
// one, else "#1", "#2", … in the order of its moves.
func moveNames[P comparable](g game.Game[P], root P) []string {
	if n, ok := g.(interface {
		game.Game[P]
		game.Notation[P]
	}); ok {
		return slices.Clone(game.MoveStrings(n, root))
	}
	k := len(g.AppendMoves(nil, root))
	names := make([]string, k)
	for i := range names {
		names[i] = "#" + strconv.Itoa(i+1)
	}
	return names
}

func (s *splitter[P]) numMoves(p P) int {
	if s.cnt != nil {
		return s.cnt.NumMoves(p)
	}
	s.buf = s.g.AppendMoves(s.buf[:0], p)
	return len(s.buf)
}

// expand makes node n interior: its options, each a list of component
// nodes (the root's one per move, the others' distinct).
func (s *splitter[P]) expand(ctx context.Context, n int, root bool) error {
	s.exp++
	opts := s.g.AppendMoves(nil, s.pos[n])
	options := make([][]int, 0, len(opts))
	seen := map[string]bool{}
	var comps []P
	for _, q := range opts {
		comps = comps[:0]
		if s.dec != nil {
			comps = s.dec.AppendComponents(comps, q)
		} else {
			comps = append(comps, q)
		}
		ids := make([]int, 0, len(comps))
		for _, c := range comps {
			id, err := s.intern(ctx, c)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		ids = cancelPairs(ids)
		if !root {
			key := fmt.Sprint(ids)
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		options = append(options, ids)
	}
	s.nodes[n].Options = options
	return nil
}

// cancelPairs sorts ids and drops each pair of equal ones, whose values
// cancel in a nim-sum.
func cancelPairs(ids []int) []int {
	slices.Sort(ids)
	out := ids[:0]
	for i := 0; i < len(ids); i++ {
		if i+1 < len(ids) && ids[i] == ids[i+1] {
			i++
			continue
		}
		out = append(out, ids[i])
	}
	return out
}

// intern returns the node of component c, in canonical form, adding it
// (valued at once when small, else a candidate) when it is new.
func (s *splitter[P]) intern(ctx context.Context, c P) (int, error) {
	if s.can != nil {
		c = s.can.Canonical(c)
	}
	if id, ok := s.index[c]; ok {
		return id, nil
	}
	if len(s.nodes) >= s.cfg.maxPositions {
		return 0, &sg.LimitError{Op: "split.Split", Bound: "positions", Limit: int64(s.cfg.maxPositions),
			Detail: "the tree above the jobs; ask for fewer jobs or a larger bound"}
	}
	id := len(s.nodes)
	k := s.numMoves(c)
	s.index[c] = id
	s.nodes = append(s.nodes, Node{})
	s.pos = append(s.pos, c)
	s.moves = append(s.moves, k)
	if k > s.cfg.small {
		s.cand = append(s.cand, id)
		return id, nil
	}
	var v uint64
	if k > 0 {
		if s.small == nil {
			sol, err := search.New(s.g, search.WithMemory(s.cfg.memory), search.WithWorkers(1))
			if err != nil {
				return 0, fmt.Errorf("split: %w", err)
			}
			s.small = sol
		}
		x, err := s.small.Value(ctx, c)
		if err != nil {
			return 0, fmt.Errorf("split: valuing a small position: %w", err)
		}
		v = uint64(x)
	}
	s.nodes[id].Value = &v
	return id, nil
}
