package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/impartial-go/impartial/examples/internal/clip"
	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/bot"
)

// boardMemoLimit bounds the positions the bot memoizes in a board game
// (about 64 bytes each): Cram up to about 5×6 and Node Kayles on grids up
// to about 7×7 fit, larger boards stop with a message.
const boardMemoLimit = 1 << 23

// isBoardSpec reports whether spec names a board or graph game rather than
// a heap game: cram:…, nodekayles:…, chomp:… or sprouts:….
func isBoardSpec(spec string) bool {
	key, _, ok := strings.Cut(strings.TrimSpace(spec), ":")
	key = strings.ToLower(key)
	return ok && (key == "cram" || key == "nodekayles" || key == "chomp" || key == "sprouts")
}

// defaultThink is the default of -think: the most time the bot spends on
// one move or hint of a board game.
const defaultThink = 2 * time.Second

// boardConfig is how a board game is played: who moves first, the seed of
// the bot's random moves, and the most time one answer may take.
type boardConfig struct {
	youFirst bool
	seed     uint64
	think    time.Duration // ≤ 0: defaultThink
}

// playBoard plays the board or graph game of spec (see isBoardSpec)
// against the player, reading moves from in and writing to out: a Cram
// domino as "r,c-r,c", a Node Kayles vertex as its number (or "r,c" on a
// grid), a Chomp bite as "r,c", rows and columns from 0. "hint" shows the
// value and the winning moves, "quit" stops. A bad spec is an error
// wrapping errUsage.
//
// Each answer, the bot's move or a hint, takes at most cfg.think: a
// board too large to solve in that time (or in the bot's memory, see
// boardMemoLimit) gets a random move from the bot, and a hint saying so,
// at once; what the search found is kept, so later answers, on smaller
// positions or after another hint, start from it.
func playBoard(ctx context.Context, in io.Reader, out io.Writer, spec string, cfg boardConfig) error {
	if cfg.think <= 0 {
		cfg.think = defaultThink
	}
	key, arg, _ := strings.Cut(strings.TrimSpace(spec), ":")
	var err error
	switch strings.ToLower(key) {
	case "cram":
		var g *rulesets.Cram
		if g, err = rulesets.ParseCram(arg); err == nil {
			b := g.Board()
			return newBoardTable(ctx, g, g.String(), func(p grid.Set) string {
				return boardText(b.Rows(), b.Cols(), func(i int) byte { return pick(p.Has(i), '.', '#') })
			}, cfg).play(in, out, g.Start(), cfg.youFirst)
		}
	case "nodekayles":
		var g *rulesets.NodeKayles
		if g, err = rulesets.ParseNodeKayles(arg); err == nil {
			return newBoardTable(ctx, g, g.String(), func(p graph.Set) string {
				return graphText(g, p)
			}, cfg).play(in, out, g.Start(), cfg.youFirst)
		}
	case "chomp":
		var g *rulesets.Chomp
		if g, err = rulesets.ParseChomp(arg); err == nil {
			b := g.Board()
			return newBoardTable(ctx, g, g.String(), func(p grid.Set) string {
				return boardText(b.Rows(), b.Cols(), func(i int) byte {
					switch {
					case i == 0:
						return 'P'
					case p.Has(i):
						return 'o'
					}
					return ' '
				})
			}, cfg).play(in, out, g.Start(), cfg.youFirst)
		}
	case "sprouts":
		var g *rulesets.Sprouts
		if g, err = rulesets.ParseSprouts(arg); err == nil {
			return newBoardTable(ctx, g, g.String(), sproutsText, cfg).play(in, out, g.Start(), cfg.youFirst)
		}
	default:
		return fmt.Errorf("%w: -game %s: not a board game (cram:, nodekayles:, chomp:, sprouts:)", errUsage, clip.Quote(spec))
	}
	return gameError(spec, err)
}

// sproutsText shows a Sprouts position: its string, with the positions
// of its characters (from 1) under it, by which moves name spots.
func sproutsText(p string) string {
	var ruler strings.Builder
	for i := range len(p) {
		ruler.WriteByte(byte('0' + (i+1)%10))
	}
	return p + "\n" + ruler.String() + "\n"
}

func pick(c bool, yes, no byte) byte {
	if c {
		return yes
	}
	return no
}

// boardText draws a board of rows × cols cells, cell i as cell(i), with
// the numbers of rows and columns (mod 10 past 9) around it.
func boardText(rows, cols int, cell func(i int) byte) string {
	var b strings.Builder
	b.WriteString("   ")
	for c := range cols {
		b.WriteByte(byte('0' + c%10))
	}
	b.WriteByte('\n')
	for r := range rows {
		fmt.Fprintf(&b, "%2d ", r)
		for c := range cols {
			b.WriteByte(cell(r*cols + c))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// graphText draws Node Kayles' position p: a grid or a path as a board
// ('o' for a vertex still there, '.' for one taken), any other graph as
// its vertices and the edges between them.
func graphText(k *rulesets.NodeKayles, p graph.Set) string {
	if b, ok := k.GridBoard(); ok {
		return boardText(b.Rows(), b.Cols(), func(i int) byte { return pick(p.Has(i), 'o', '.') })
	}
	vs := p.Append(nil)
	var edges []string
	for _, e := range k.Graph().Edges() {
		if p.Has(e[0]) && p.Has(e[1]) {
			edges = append(edges, fmt.Sprintf("%d-%d", e[0], e[1]))
		}
	}
	return fmt.Sprintf("vertices: %v\nedges: %s\n", vs, strings.Join(edges, " "))
}

// boardTable is a board or graph game at the terminal, at position p.
type boardTable[P comparable] struct {
	ctx     context.Context
	g       game.Started[P]
	name    string
	drawPos func(p P) string
	e       *sg.Engine[P]
	bot     *bot.Player[P]
	think   time.Duration // the most time one answer may take
	rng     *rand.Rand    // the bot's random moves, when it has no answer in time
	p       P
	buf     []P
}

// newBoardTable returns a table of g, whose moves are read and written
// in g's notation ([game.Notation]).
func newBoardTable[P comparable](ctx context.Context, g game.Started[P], name string,
	draw func(P) string, cfg boardConfig) *boardTable[P] {
	e := sg.NewEngine[P](g, sg.WithMaxPositions(boardMemoLimit))
	return &boardTable[P]{
		ctx: ctx, g: g, name: name, drawPos: draw,
		e: e, bot: bot.New(e, bot.WithSeed(cfg.seed), bot.WithMaxPositions(searchLimit)),
		think: cfg.think, rng: rand.New(rand.NewPCG(cfg.seed, 0x6e696d626f74)),
	}
}

// play runs the game from p.
func (s *boardTable[P]) play(in io.Reader, out io.Writer, p P, yourTurn bool) error {
	s.p = p
	return play(s, in, out, yourTurn)
}

func (s *boardTable[P]) intro() string {
	how := "Moves as the board shows them (row,col from 0)"
	if strings.HasPrefix(s.name, "sprouts:") {
		how = "Moves join two spots by their places in the string: i-j, or i-j/k,l for a line that cuts a region, k and l the boundaries on the side from i to j"
	}
	return fmt.Sprintf("nimbot: playing %s. %s, hint, quit.\n", s.name, how)
}

func (s *boardTable[P]) draw() string { return s.drawPos(s.p) }

func (s *boardTable[P]) end(yourTurn bool) (string, bool) {
	s.buf = s.g.AppendMoves(s.buf[:0], s.p)
	return endOfPlay(len(s.buf) > 0, yourTurn)
}

func (s *boardTable[P]) usage() string { return "type a move as the board shows it, hint, or quit" }

// playBot plays the bot's move.
func (s *boardTable[P]) playBot() (string, error) {
	q, how, err := s.botMove(s.p)
	if err != nil {
		return "", err
	}
	said := fmt.Sprintf("bot: %s (%s)\n", s.g.MoveString(s.p, q), how)
	s.p = q
	return said, nil
}

// botMove returns the bot's move from p, which has moves, and says how it
// was chosen: "winning move", "longest move", …, or, when the bot has no
// answer within s.think or within its memory, a random move and why.
func (s *boardTable[P]) botMove(p P) (q P, how string, err error) {
	ctx, cancel := context.WithTimeout(s.ctx, s.think)
	defer cancel()
	c, ok, err := s.bot.Choose(ctx, p)
	switch {
	case err == nil && ok:
		return c.To, c.Kind.String() + " move", nil
	case err == nil:
		return q, "", errors.New("the bot found no move although there is one")
	case s.ctx.Err() != nil:
		return q, "", err
	}
	why, ok := s.tooBig(err)
	if !ok {
		return q, "", err
	}
	s.buf = s.g.AppendMoves(s.buf[:0], p)
	return s.buf[s.rng.IntN(len(s.buf))], "random move: " + why, nil
}

// tooBig explains why a search stopped at the bot's bound of time or
// memory; ok is false for any other error.
func (s *boardTable[P]) tooBig(err error) (why string, ok bool) {
	switch {
	case errors.Is(err, sg.ErrLimit):
		return fmt.Sprintf("%s is too large for the bot's memory (more than %d positions)", s.name, boardMemoLimit), true
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Sprintf("no answer within %v on this board", s.think), true
	}
	return "", false
}

// playYou plays the move typed as line, in the game's notation.
func (s *boardTable[P]) playYou(line string) (string, bool) {
	typed := strings.Join(strings.Fields(line), " ") // as the player wrote it
	line = strings.ReplaceAll(typed, " ", "")
	names := game.MoveStrings(s.g, s.p)
	if q, err := s.g.ParseMove(s.p, line); err == nil {
		said := fmt.Sprintf("you: %s\n", s.echo(s.p, q, line, names))
		s.p = q
		return said, true
	}
	legal := names[:min(len(names), 12)]
	more := ""
	if len(names) > len(legal) {
		more = ", …"
	}
	return fmt.Sprintf("%s is not a move here; moves are like %s%s\n", clip.Quote(typed), strings.Join(legal, " "), more), false
}

// echo returns the name of the move from p to q that the player typed as
// line: line itself when it is the name of a move to q (moves that reach
// one position have names of their own), else the game's name for it.
func (s *boardTable[P]) echo(p, q P, line string, names []string) string {
	s.buf = s.g.AppendMoves(s.buf[:0], p)
	for i, n := range names {
		if n == line && s.buf[i] == q {
			return n
		}
	}
	return s.g.MoveString(p, q)
}

// hint returns the position's value and its winning moves, or, when they
// take more than s.think or the bot's memory, says so.
func (s *boardTable[P]) hint() (string, error) {
	ctx, cancel := context.WithTimeout(s.ctx, s.think)
	defer cancel()
	msg, err := s.valueHint(ctx, s.p)
	if err != nil && s.ctx.Err() == nil {
		why, ok := s.tooBig(err)
		if !ok {
			return "", err
		}
		more := ""
		if !errors.Is(err, sg.ErrLimit) {
			more = "; what was found is kept: hint again to search on, or start nimbot with a larger -think"
		}
		return fmt.Sprintf("hint: %s%s\n", why, more), nil
	}
	return msg, err
}

// valueHint returns the hint: the position's value and its winning moves.
func (s *boardTable[P]) valueHint(ctx context.Context, p P) (string, error) {
	v, err := s.e.Value(ctx, p)
	if err != nil {
		return "", err
	}
	if v == 0 {
		return "no winning move: the position's value is 0, so every move loses against best play.\n", nil
	}
	var wins []string
	s.buf = s.g.AppendMoves(s.buf[:0], p)
	for i, n := range game.MoveStrings(s.g, p) {
		w, err := s.e.Value(ctx, s.buf[i])
		if err != nil {
			return "", err
		}
		if w == 0 {
			wins = append(wins, n)
		}
	}
	return fmt.Sprintf("hint: the position's value is %v; moving to a position of value 0 wins: %s\n", v, strings.Join(wins, " ")), nil
}
