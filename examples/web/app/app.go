// Package app answers the questions of the teaching page in examples/web:
// one JSON request in, one JSON response out. It is plain Go, built both
// into the page's WebAssembly module and into the native tests, so every
// view the page shows is tested without a browser.
package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/explain"
	"github.com/impartial-go/impartial/sg/loopy"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/impartial-go/impartial/sg/solve"
)

// Limits that keep every answer quick enough for a page.
const (
	// MaxHeap is the largest heap a position may hold.
	MaxHeap = 1000
	// MaxHeaps is the largest number of heaps in a position.
	MaxHeaps = 12
	// MaxSequence is the most values the sequence view computes.
	MaxSequence = 1 << 20
	// MaxPlot is the most values the sequence view plots.
	MaxPlot = 600
	// MaxGraphNodes is the most positions the game graph draws.
	MaxGraphNodes = 80
	// MaxTime bounds the time one answer may take. Some small requests
	// cost far more than their size suggests (the values of a rule that
	// splits a heap into three, such as .E, cost n² a heap; a large board
	// is a search of hours), so a request still running after MaxTime
	// stops with an error that says so and names the field to change.
	MaxTime = 30 * time.Second
)

// Request is one question from the page. View is one of "position",
// "nimsum", "sequence", "graph", "play" (the bot answers a position),
// "misere" (who wins when the last mover loses) and
// "options" (the options of heap N, for the plot's hover).
type Request struct {
	View string `json:"view"`
	Game string `json:"game"`
	// Position is the heaps of a heap game ("1,2,3"), the tokens' vertices
	// of a loopy one, or Notakto's boards ("x../.x./...,.........", nine
	// cells x or . each), read when At is "".
	Position string `json:"position"`
	// At is the position of a drawn board (see [Picture]): the indices of
	// its elements still in play, "-" for none, "" for the start.
	At string `json:"at,omitempty"`
	N  int    `json:"n"`
}

// Response is the answer to a Request. Error, when set, is the library's
// message, and Field names the input it belongs to ("game", "position",
// "at" or "n"), so that the page can show it beside that field.
type Response struct {
	Error string `json:"error,omitempty"`
	Field string `json:"field,omitempty"`

	Game     string `json:"game,omitempty"`
	Position []int  `json:"position,omitempty"`
	// Splits says that the heap rule may split a heap in two, so the page
	// draws heaps as rows of pins rather than piles of tokens.
	Splits bool `json:"splits,omitempty"`

	// Values are G(a) of each heap a of Position; Value is their XOR.
	Values  []uint64 `json:"values,omitempty"`
	Value   uint64   `json:"value"`
	Outcome string   `json:"outcome,omitempty"`
	// Mex derives G(0) … G(max heap) as mex of the options' values.
	Mex []explain.MexRow `json:"mex,omitempty"`
	// Moves are the legal moves of Position, winning ones marked.
	Moves []Move `json:"moves,omitempty"`

	NimSum   *explain.Table `json:"nimsum,omitempty"`
	Sequence *Sequence      `json:"sequence,omitempty"`
	Graph    *Graph         `json:"graph,omitempty"`
	// Reply is the bot's move in the play view (nil when it has none:
	// the position is over).
	Reply *Move `json:"reply,omitempty"`
	// Row is heap N's derivation, for the options view.
	Row *explain.MexRow `json:"row,omitempty"`
	// Board is set for a game given with its start position (a Cram
	// board, a graph, coins, a Hackenbush picture): its winning moves in
	// the game's notation.
	Board *BoardAnswer `json:"board,omitempty"`
	// Misere is the misère view's answer.
	Misere *MisereAnswer `json:"misere,omitempty"`
	// Loopy is set for a rule whose positions may repeat.
	Loopy *LoopyAnswer `json:"loopy,omitempty"`
	// Picture is set for a game the page draws itself (a board, a graph,
	// coins, a Hackenbush picture, a loopy game's digraph): what to draw
	// and every move on it, with the bot's reply in the play view.
	Picture *Picture `json:"picture,omitempty"`
}

// LoopyAnswer is what the page shows of a sum of heaps of a game with
// cycles: each heap's generalized value ("*n" or "∞{a,b}"), the sum's
// outcome ("P", "N" or "D", a draw) and the moves that win or keep the draw.
type LoopyAnswer struct {
	Values  []string `json:"values"`
	Outcome string   `json:"outcome"`
	Moves   []string `json:"moves"`
}

// loopyPosition answers the position view for a loopy rule; the other
// views are for heap games.
func loopyPosition(ctx context.Context, r Request, l game.Loopy) (Response, error) {
	resp := Response{Game: l.String()}
	if r.View != "position" && r.View != "play" && r.View != "" {
		return resp, bad("view", "the %s view is for heap games without cycles: %s can repeat positions (see Value and moves)", r.View, l)
	}
	heaps, err := parsePosition(r.Position)
	if err != nil {
		return resp, err
	}
	for i, h := range heaps {
		if h >= l.NumPositions() {
			return resp, bad("position", "heap %d: %d is past the rule's largest heap, %d", i+1, h, l.NumPositions()-1)
		}
	}
	sol, err := solve.Loopy(ctx, l)
	if err != nil {
		return resp, err
	}
	parts := make([]loopy.Part, len(heaps))
	ans := &LoopyAnswer{Moves: []string{}}
	for i, h := range heaps {
		parts[i] = loopy.Part{Solution: sol, Vertex: h}
		v, _ := sol.Value(h)
		ans.Values = append(ans.Values, v.String())
	}
	o, moves, err := loopy.Play(parts...)
	if err != nil {
		return resp, err
	}
	ans.Outcome = o.String()
	good := map[[2]int]bool{}
	for _, m := range moves {
		ans.Moves = append(ans.Moves, fmt.Sprintf("part %d: %d → %s (the sum becomes %s)", m.Part+1, m.From, l.MoveString(m.From, m.To), m.Result))
		good[[2]int{m.Part, m.To}] = true
	}
	resp.Position, resp.Outcome, resp.Loopy = heaps, ans.Outcome, ans
	if pic := loopyPicture(l); pic != nil {
		pic.Moves = []PicMove{}
		var buf []int
		for i, h := range heaps {
			for _, t := range l.AppendMoves(buf[:0], h) {
				after := slices.Clone(heaps)
				after[i] = t
				pic.Moves = append(pic.Moves, PicMove{Text: fmt.Sprintf("token %d: %d → %d", i+1, h, t), Pick: []int{i, h, t}, Position: joinInts(after), Winning: good[[2]int{i, t}]})
			}
		}
		if r.View == "play" {
			pic.Reply = choose(pic.Moves)
		}
		resp.Picture = pic
	}
	return resp, nil
}

// choose is the bot's move among moves: the first winning one, else the
// first one (nil when there is none).
func choose(moves []PicMove) *PicMove {
	for i := range moves {
		if moves[i].Winning {
			return &moves[i]
		}
	}
	if len(moves) > 0 {
		return &moves[0]
	}
	return nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

func itoa(x int) string { return strconv.Itoa(x) }

// BoardAnswer is what the page shows of a board game's start position.
type BoardAnswer struct {
	Moves []string `json:"moves"`
	// Start is the start position written as text, for a game whose
	// positions are strings (Sprouts, in Glop's notation); moves name
	// its characters by their places, from 1.
	Start string `json:"start,omitempty"`
}

// boardMemory is the search table's budget in the page.
const boardMemory = 64 << 20

// board answers the position view for a game with a start position; the
// other views are for heap games.
func board(ctx context.Context, r Request, b game.Board) (Response, error) {
	resp := Response{Game: b.String()}
	if r.View != "position" && r.View != "play" && r.View != "" {
		return resp, bad("view", "the %s view is for heap games: %s is a game with its own start position (see Value and moves)", r.View, b)
	}
	pic, v, err := boardPicture(ctx, r, b)
	if err != nil {
		return resp, err
	}
	if pic != nil {
		if pic.Moves == nil {
			pic.Moves = []PicMove{}
		}
		ans := &BoardAnswer{Moves: []string{}}
		for _, m := range pic.Moves {
			if m.Winning {
				ans.Moves = append(ans.Moves, m.Text)
			}
		}
		if r.View == "play" {
			pic.Reply = choose(pic.Moves)
		}
		resp.Value, resp.Outcome, resp.Board, resp.Picture = v, outcome(v), ans, pic
		return resp, nil
	}
	if r.View == "play" {
		return resp, bad("view", "%s cannot be played on this page yet (see Value and moves)", b)
	}
	ans := &BoardAnswer{}
	sol, err := solve.Board(ctx, b, search.WithMemory(boardMemory), search.WithWorkers(1))
	if err != nil {
		return resp, err
	}
	nv := sol.Value
	ans.Moves = sol.Moves
	if g, ok := b.(game.Started[string]); ok {
		ans.Start = g.Start()
	}
	resp.Value, resp.Outcome, resp.Board = uint64(nv), outcome(uint64(nv)), ans
	return resp, nil
}

// Move is one move of a heap game: heap Heap (from 0) of From tokens
// becomes the heaps Parts (none when it is taken away).
type Move struct {
	Heap    int    `json:"heap"`
	From    int    `json:"from"`
	Parts   []int  `json:"parts"`
	To      []int  `json:"to"`
	Value   uint64 `json:"value"`
	Winning bool   `json:"winning"`
	Text    string `json:"text"`
	// Notation is the move in the notation every program shares
	// (game.HeapPlay.String): "7>2+4", "7>0".
	Notation string `json:"notation"`
}

// inputError is a bad request, tied to the field it came from.
type inputError struct {
	field string
	err   error
}

func (e *inputError) Error() string { return e.err.Error() }

func bad(field string, format string, args ...any) error {
	return &inputError{field: field, err: fmt.Errorf(format, args...)}
}

// Handle answers r. progress, when not nil, is called with the work done
// and the work to do during long computations. Handle never panics on any
// request: a bad one gets a Response with Error set.
//
// An answer that takes longer than [MaxTime] stops with an error naming
// the limit; when ctx is done first, the error is ctx's.
func Handle(ctx context.Context, r Request, progress func(done, total int)) Response {
	return handleWithin(ctx, r, progress, MaxTime)
}

// errTooLong is the cause of Handle's own deadline.
var errTooLong = errors.New("over the time limit")

// handleWithin is Handle with a time limit of its own (tests use a short one).
func handleWithin(ctx context.Context, r Request, progress func(done, total int), limit time.Duration) Response {
	if progress == nil {
		progress = func(int, int) {}
	}
	// A cancel on a timer rather than context.WithTimeoutCause: the same
	// limit, and the module carries no deadline context, whose String
	// method would link time.Time's formatting.
	tctx, cancel := context.WithCancelCause(ctx)
	timer := time.AfterFunc(limit, func() { cancel(errTooLong) })
	defer func() {
		timer.Stop()
		cancel(context.Canceled)
	}()
	resp, err := handle(tctx, r, progress)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(tctx), errTooLong) {
		err = tooLong(r, limit)
	}
	if err != nil {
		out := Response{Error: err.Error()}
		if ie, ok := err.(*inputError); ok {
			out.Field = ie.field
		}
		return out
	}
	return resp
}

// tooLong is the error for a request that ran past the time limit: it
// names the field whose smaller value would make the answer quicker.
func tooLong(r Request, limit time.Duration) error {
	switch {
	case r.View == "sequence":
		return bad("n", "%s: the values took longer than %v, this page's limit: ask for fewer (n)", r.Game, limit)
	case r.Position == "":
		return bad("game", "%s took longer than %v, this page's limit: try a smaller game", r.Game, limit)
	}
	return bad("position", "%s in %s took longer than %v, this page's limit: try a smaller position", r.Position, r.Game, limit)
}

func handle(ctx context.Context, r Request, progress func(done, total int)) (Response, error) {
	rules, err := rulesets.ParseRules(r.Game)
	if err != nil {
		return Response{}, &inputError{field: "game", err: err}
	}
	switch rules.Kind {
	case game.KindBoard:
		if n, ok := rules.Board.(*rulesets.Notakto); ok {
			if r.View != "position" && r.View != "play" && r.View != "" {
				return Response{Game: n.String()}, bad("view", "the %s view is for heap games: %s is a game with its own start position (see Value and moves)", r.View, n)
			}
			return notakto(ctx, r, n)
		}
		return board(ctx, r, rules.Board)
	case game.KindLoopy:
		return loopyPosition(ctx, r, rules.Loopy)
	}
	rule := rules.Heap
	resp := Response{Game: rule.String(), Splits: splits(rule)}
	switch r.View {
	case "sequence":
		s, err := valueSequence(ctx, rule, r.N, progress)
		resp.Sequence = s
		return resp, err
	case "options":
		if r.N < 0 || r.N > MaxHeap {
			return resp, bad("n", "heap %d is outside 0…%d", r.N, MaxHeap)
		}
		t, err := explain.HeapTable(ctx, rule, r.N+1)
		if err != nil {
			return resp, err
		}
		resp.Row = &t.Rows[r.N]
		return resp, nil
	case "position", "nimsum", "graph", "play", "misere", "":
	default:
		return resp, bad("view", "unknown view %q (want position, nimsum, sequence, graph, play or misere)", r.View)
	}
	heaps, err := parsePosition(r.Position)
	if err != nil {
		return resp, err
	}
	resp.Position = heaps
	pos, err := solvePosition(ctx, rule, heaps)
	if err != nil {
		return resp, err
	}
	resp.Values, resp.Value, resp.Outcome, resp.Moves = pos.values, pos.value, outcome(pos.value), pos.moves
	switch r.View {
	case "position", "":
		resp.Mex = pos.table.Rows
	case "nimsum":
		t, err := explain.Nim(pos.values)
		if err != nil {
			return resp, err
		}
		if resp.Game != "nim" { // the rows are G-values: say so
			for i := range t.Rows {
				t.Rows[i].Name = fmt.Sprintf("G(%d), heap %d", heaps[i], i+1)
			}
		}
		resp.NimSum = t
	case "graph":
		g, err := graph(ctx, rule, heaps)
		resp.Graph = g
		return resp, err
	case "play":
		resp.Reply, err = botReply(ctx, rule, heaps, pos.moves)
		return resp, err
	case "misere":
		resp.Misere, err = misereView(ctx, rule, heaps, pos.moves)
		return resp, err
	}
	return resp, nil
}

func outcome(v uint64) string {
	if v == 0 {
		return "P"
	}
	return "N"
}

// parsePosition reads heaps written "1,2,3" (spaces allowed).
func parsePosition(s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, bad("position", "empty position: give heap sizes such as 1,2,3")
	}
	var heaps []int
	for i, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		n, err := strconv.Atoi(f)
		switch {
		case err != nil:
			return nil, bad("position", "heap %d: %q is not a number", i+1, quote(f))
		case n < 0:
			return nil, bad("position", "heap %d: a heap cannot be negative (%d)", i+1, n)
		case n > MaxHeap:
			return nil, bad("position", "heap %d: %d is larger than this page allows (%d)", i+1, n, MaxHeap)
		}
		heaps = append(heaps, n)
		if len(heaps) > MaxHeaps {
			return nil, bad("position", "more than %d heaps", MaxHeaps)
		}
	}
	return heaps, nil
}

// quote shortens s for a message.
func quote(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// position is a solved heap-game position.
type position struct {
	table  *explain.MexTable
	values []uint64
	value  uint64
	moves  []Move
}

// solvePosition derives G(0) … G(max heap) by the mex rule, then the
// value of the sum and every move with its value.
func solvePosition(ctx context.Context, rule game.HeapRule, heaps []int) (*position, error) {
	top := 0
	for _, h := range heaps {
		top = max(top, h)
	}
	t, err := explain.HeapTable(ctx, rule, top+1)
	if err != nil {
		return nil, err
	}
	g := t.Values()
	p := &position{table: t}
	for _, h := range heaps {
		p.values = append(p.values, g[h])
		p.value ^= g[h]
	}
	var buf []game.HeapMove
	for i, h := range heaps {
		rest := p.value ^ g[h]
		buf = rule.AppendHeapMoves(buf[:0], h)
		for _, hm := range buf {
			for parts := range game.Partitions(hm) {
				v := rest
				for _, q := range parts {
					v ^= g[q]
				}
				m := Move{Heap: i, From: h, Parts: append([]int{}, parts...), Value: v, Winning: v == 0}
				m.To = apply(heaps, i, m.Parts)
				m.Text = describe(m)
				m.Notation = game.HeapPlay{From: h, To: m.Parts}.String()
				p.moves = append(p.moves, m)
			}
		}
	}
	return p, nil
}

// apply returns heaps with heap i replaced by parts.
func apply(heaps []int, i int, parts []int) []int {
	out := append([]int(nil), heaps[:i]...)
	out = append(out, parts...)
	return append(out, heaps[i+1:]...)
}

func describe(m Move) string {
	left := m.Parts
	taken := m.From
	for _, q := range left {
		taken -= q
	}
	switch len(left) {
	case 0:
		return fmt.Sprintf("heap %d: take all %d", m.Heap+1, m.From)
	case 1:
		return fmt.Sprintf("heap %d: take %d of %d, leaving %d", m.Heap+1, taken, m.From, left[0])
	}
	ps := make([]string, len(left))
	for i, q := range left {
		ps[i] = strconv.Itoa(q)
	}
	return fmt.Sprintf("heap %d: take %d of %d, split the rest into %s", m.Heap+1, taken, m.From, strings.Join(ps, " + "))
}

// splits reports whether rule may leave a heap of up to 16 tokens as two
// or more heaps.
func splits(rule game.HeapRule) bool {
	var buf []game.HeapMove
	for n := 1; n <= 16; n++ {
		buf = rule.AppendHeapMoves(buf[:0], n)
		for _, m := range buf {
			if m.Parts > 1 {
				return true
			}
		}
	}
	return false
}
