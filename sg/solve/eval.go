package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/loopy"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/sequence"
)

// Engine names the way [Eval] valued a position.
type Engine string

const (
	// EngineFormula: the heap rule's formula ([game.FormulaRule]).
	EngineFormula Engine = "formula"
	// EnginePeriod: a certified period of the heap rule's values.
	EnginePeriod Engine = "period"
	// EngineComputed: the heap rule's values computed up to the heaps
	// asked, with no formula and no certified period.
	EngineComputed Engine = "computed"
	// EngineSearch: a search of the board from its start position
	// (package sg/search).
	EngineSearch Engine = "search"
	// EngineRules: the board's own rules ([game.Valued]: a formula for
	// coins, the colon and fusion principles for Hackenbush).
	EngineRules Engine = "rules"
	// EngineLoopy: the generalized Sprague–Grundy values of a loopy game
	// (package sg/loopy).
	EngineLoopy Engine = "loopy"
)

// Result is what [Eval] finds about a position of any game.
type Result struct {
	// Spec is the game's canonical spec, Kind its kind.
	Spec string
	Kind game.Kind
	// Position is the position valued: the heaps of a heap rule or the
	// positions of a loopy game, separated by spaces; "" for a board's
	// start position.
	Position string
	// Engine is the way the value was found.
	Engine Engine
	// Value is the position's value: finite for every game but a loopy
	// one, where it may be infinite.
	Value loopy.Value
	// Outcome is P, N or, for a loopy game only, D (a draw).
	Outcome loopy.Outcome
	// Moves names the winning moves (for a loopy draw, the moves that
	// keep it) in the game's notation (see [Eval]); empty for a P-position.
	Moves []string
	// Stats are the counters of a search (EngineSearch only).
	Stats search.Stats
}

// PositionError is the error of [Eval] for a position that does not fit
// the game: a word that is not a heap size or a position of the game, a
// position missing where the game needs one, or one given to a board,
// which starts from its own.
type PositionError struct {
	Spec string // the game's spec
	Word string // the bad word of the position, "" when it is missing or not wanted
	Msg  string // what is wrong, and what is wanted
}

func (e *PositionError) Error() string {
	if e.Word == "" {
		return "solve: " + e.Spec + ": " + e.Msg
	}
	return fmt.Sprintf("solve: %s: %q %s", e.Spec, e.Word, e.Msg)
}

// Option configures [Eval].
type Option func(*config)

type config struct {
	search    []search.Option
	maxValues int
}

// WithSearch passes opts to the search of a board (package sg/search's
// memory budget, workers, progress).
func WithSearch(opts ...search.Option) Option {
	return func(c *config) { c.search = append(c.search, opts...) }
}

// DefaultMaxValues is the number of values of a heap rule [Eval] computes
// at most, by default, to certify a period or reach the heaps asked.
const DefaultMaxValues = 1 << 16

// WithMaxValues sets the number of values of a heap rule Eval computes at
// most (n ≤ 0 means [DefaultMaxValues]); heaps larger than that are
// valued only by a formula or a certified period.
func WithMaxValues(n int) Option { return func(c *config) { c.maxValues = n } }

// Eval values a position of any game a catalogue denotes, choosing the
// engine by the game's kind, and finds its winning moves:
//
//   - a heap rule ([game.KindHeap]): position is heap sizes ("3", "4",
//     "5"), valued by the rule's formula, a certified period or the
//     values computed up to the largest heap ([sequence.Solve]); a move
//     is written "7>2+4" (a heap of 7 becomes heaps of 2 and 4, "7>0" when
//     taken whole; [game.HeapPlay.String]). All winning moves are listed
//     when every heap has at most 4096 tokens, else one for each heap
//     that has one ([HeapPart]).
//   - a board ([game.KindBoard]): no position (the start position), by
//     [Board]: its rules or a search.
//   - a loopy game ([game.KindLoopy]): position is one or more positions
//     of the game ("3"), a disjunctive sum, valued by [Loopy] and
//     [loopy.Play]; a move is the game's name for it, prefixed with the
//     position it leaves and '>' in a sum of several ("5>3").
//
// A bad position is a [*PositionError] naming the bad word. Other errors
// are the engine's, ctx's error among them.
func Eval(ctx context.Context, r game.Rules, position []string, opts ...Option) (*Result, error) {
	cfg := &config{maxValues: DefaultMaxValues}
	for _, o := range opts {
		o(cfg)
	}
	if cfg.maxValues <= 0 {
		cfg.maxValues = DefaultMaxValues
	}
	res := &Result{Spec: r.Spec, Kind: r.Kind, Position: strings.Join(position, " ")}
	var err error
	switch r.Kind {
	case game.KindHeap:
		err = evalHeaps(ctx, r.Heap, position, cfg, res)
	case game.KindBoard:
		err = evalBoard(ctx, r.Board, position, cfg, res)
	case game.KindLoopy:
		err = evalLoopy(ctx, r.Loopy, position, res)
	default:
		err = fmt.Errorf("solve: %q has no kind", r.Spec)
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// finite fills res's value and outcome from a nimber.
func (res *Result) finite(v sg.Nimber) {
	res.Value = loopy.Finite(v)
	res.Outcome = loopy.P
	if v != 0 {
		res.Outcome = loopy.N
	}
}

func evalBoard(ctx context.Context, b game.Board, position []string, cfg *config, res *Result) error {
	if len(position) > 0 {
		return &PositionError{Spec: b.String(), Word: strings.Join(position, " "), Msg: "given, but the board starts from its own position: want no position"}
	}
	res.Engine = EngineRules
	if Searchable(b) {
		res.Engine = EngineSearch
	}
	sol, err := Board(ctx, b, cfg.search...)
	if err != nil {
		return err
	}
	res.finite(sol.Value)
	res.Moves, res.Stats = sol.Moves, sol.Stats
	return nil
}

// maxListed is the largest heap whose winning moves Eval lists all.
const maxListed = 4096

func evalHeaps(ctx context.Context, r game.HeapRule, position []string, cfg *config, res *Result) error {
	if len(position) == 0 {
		return &PositionError{Spec: fmt.Sprint(r), Msg: "want a position, the heap sizes (as in 3 4 5)"}
	}
	heaps := make([]uint64, len(position))
	top := uint64(0)
	for i, w := range position {
		n, err := strconv.ParseUint(strings.TrimSpace(w), 10, 64)
		if err != nil {
			return &PositionError{Spec: fmt.Sprint(r), Word: w, Msg: fmt.Sprintf("(heap %d) is not a number of tokens from 0 to 2^64-1", i+1)}
		}
		heaps[i], top = n, max(top, n)
	}
	maxN := cfg.maxValues
	if top < uint64(maxN) {
		maxN = max(int(top)+1, min(maxN, 1024))
	}
	a, err := sequence.Solve(ctx, r, maxN)
	if err != nil && a == nil {
		return err
	}
	if err != nil && !errors.Is(err, sg.ErrLimit) {
		return err
	}
	switch a.Basis() {
	case sequence.BasisFormula:
		res.Engine = EngineFormula
	case sequence.BasisPeriod:
		res.Engine = EnginePeriod
	default:
		res.Engine = EngineComputed
	}
	parts := make(sg.Sum, len(heaps))
	for i, h := range heaps {
		p, err := NewHeapPart(a, h)
		if err != nil {
			return err
		}
		parts[i] = sg.PartOf(p)
	}
	v, err := parts.Value(ctx)
	if err != nil {
		return err
	}
	res.finite(v)
	res.Moves = []string{}
	if v == 0 {
		return nil
	}
	if top <= maxListed {
		return listHeapMoves(a, r, heaps, v, res)
	}
	moves, err := parts.WinningMoves(ctx)
	if err != nil {
		return err
	}
	for _, m := range moves {
		// The part of one heap became these heaps.
		to := "0"
		c, _ := m.To.Component()
		if hs := c.(*HeapPart).Heaps(); len(hs) > 0 {
			ws := make([]string, len(hs))
			for i, h := range hs {
				ws[i] = strconv.FormatUint(h, 10)
			}
			to = strings.Join(ws, "+")
		}
		res.Moves = append(res.Moves, strconv.FormatUint(heaps[m.Index], 10)+">"+to)
	}
	return nil
}

// listHeapMoves lists every move from the heaps (each at most maxListed)
// to value 0, once for equal heaps.
func listHeapMoves(a *sequence.Answer, r game.HeapRule, heaps []uint64, v sg.Nimber, res *Result) error {
	sizes := make([]int, len(heaps))
	for i, h := range heaps {
		sizes[i] = int(h)
	}
	g := game.NewHeapGame(r)
	for _, m := range g.AppendPlays(nil, sizes) {
		g0, err := a.At(uint64(m.From))
		if err != nil {
			return err
		}
		w := v ^ g0
		for _, h := range m.To {
			x, err := a.At(uint64(h))
			if err != nil {
				return err
			}
			w ^= x
		}
		if name := m.String(); w == 0 && !slices.Contains(res.Moves, name) {
			res.Moves = append(res.Moves, name)
		}
	}
	return nil
}

func evalLoopy(ctx context.Context, l game.Loopy, position []string, res *Result) error {
	if len(position) == 0 {
		return &PositionError{Spec: l.String(), Msg: fmt.Sprintf("want a position, one or more of 0 to %d", l.NumPositions()-1)}
	}
	vs := make([]int, len(position))
	for i, w := range position {
		n, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || n < 0 || n >= l.NumPositions() {
			return &PositionError{Spec: l.String(), Word: w, Msg: fmt.Sprintf("is not a position, a number from 0 to %d", l.NumPositions()-1)}
		}
		vs[i] = n
	}
	sol, err := Loopy(ctx, l)
	if err != nil {
		return err
	}
	res.Engine = EngineLoopy
	parts := make([]loopy.Part, len(vs))
	vals := make([]loopy.Value, len(vs))
	for i, v := range vs {
		parts[i] = loopy.Part{Solution: sol, Vertex: v}
		vals[i], _ = sol.Value(v)
	}
	res.Value = loopy.Sum(vals...)
	o, moves, err := loopy.Play(parts...)
	if err != nil {
		return err
	}
	res.Outcome, res.Moves = o, []string{}
	for _, m := range moves {
		name := l.MoveString(m.From, m.To)
		if len(vs) > 1 {
			name = strconv.Itoa(m.From) + ">" + name
		}
		res.Moves = append(res.Moves, name)
	}
	return nil
}
