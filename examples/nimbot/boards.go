package main

import (
	"bufio"
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
			return newBoardSession(ctx, in, out, g, g.String(), func(p grid.Set) string {
				return boardText(b.Rows(), b.Cols(), func(i int) byte { return pick(p.Has(i), '.', '#') })
			}, cfg).play(g.Start(), cfg.youFirst)
		}
	case "nodekayles":
		var g *rulesets.NodeKayles
		if g, err = rulesets.ParseNodeKayles(arg); err == nil {
			return newBoardSession(ctx, in, out, g, g.String(), func(p graph.Set) string {
				return graphText(g, p)
			}, cfg).play(g.Start(), cfg.youFirst)
		}
	case "chomp":
		var g *rulesets.Chomp
		if g, err = rulesets.ParseChomp(arg); err == nil {
			b := g.Board()
			return newBoardSession(ctx, in, out, g, g.String(), func(p grid.Set) string {
				return boardText(b.Rows(), b.Cols(), func(i int) byte {
					switch {
					case i == 0:
						return 'P'
					case p.Has(i):
						return 'o'
					}
					return ' '
				})
			}, cfg).play(g.Start(), cfg.youFirst)
		}
	case "sprouts":
		var g *rulesets.Sprouts
		if g, err = rulesets.ParseSprouts(arg); err == nil {
			return newBoardSession(ctx, in, out, g, g.String(), sproutsText, cfg).play(g.Start(), cfg.youFirst)
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

// boardSession is one game of a board or graph game in the terminal.
type boardSession[P comparable] struct {
	ctx   context.Context
	in    *bufio.Scanner
	out   io.Writer
	g     game.Started[P]
	name  string
	draw  func(p P) string
	e     *sg.Engine[P]
	bot   *bot.Player[P]
	think time.Duration // the most time one answer may take
	rng   *rand.Rand    // the bot's random moves, when it has no answer in time
	buf   []P
}

// newBoardSession returns a session of g, whose moves are read and
// written in g's notation ([game.Notation]).
func newBoardSession[P comparable](ctx context.Context, in io.Reader, out io.Writer, g game.Started[P], name string,
	draw func(P) string, cfg boardConfig) *boardSession[P] {
	e := sg.NewEngine[P](g, sg.WithMaxPositions(boardMemoLimit))
	return &boardSession[P]{
		ctx: ctx, in: bufio.NewScanner(in), out: out, g: g, name: name, draw: draw,
		e: e, bot: bot.New(e, bot.WithSeed(cfg.seed), bot.WithMaxPositions(searchLimit)),
		think: cfg.think, rng: rand.New(rand.NewPCG(cfg.seed, 0x6e696d626f74)),
	}
}

func (s *boardSession[P]) printf(format string, args ...any) error {
	_, err := fmt.Fprintf(s.out, format, args...)
	return err
}

// play runs the game from p; it returns nil when the game ends, the player
// quits or the input ends.
func (s *boardSession[P]) play(p P, yourTurn bool) error {
	how := "Moves as the board shows them (row,col from 0)"
	if strings.HasPrefix(s.name, "sprouts:") {
		how = "Moves join two spots by their places in the string: i-j, or i-j/k,l for a line that cuts a region, k and l the boundaries on the side from i to j"
	}
	if err := s.printf("nimbot: playing %s. %s, hint, quit.\n", s.name, how); err != nil {
		return err
	}
	for {
		if err := s.printf("%s", s.draw(p)); err != nil {
			return err
		}
		s.buf = s.g.AppendMoves(s.buf[:0], p)
		if len(s.buf) == 0 {
			if yourTurn {
				return s.printf("You cannot move: the bot wins.\n")
			}
			return s.printf("The bot cannot move: you win!\n")
		}
		if !yourTurn {
			q, how, err := s.botMove(p)
			if err != nil {
				return err
			}
			if err := s.printf("bot: %s (%s)\n", s.g.MoveString(p, q), how); err != nil {
				return err
			}
			p, yourTurn = q, true
			continue
		}
		q, done, err := s.yourMove(p)
		if err != nil || done {
			return err
		}
		p, yourTurn = q, false
	}
}

// botMove returns the bot's move from p, which has moves, and says how it
// was chosen: "winning move", "longest move", …, or, when the bot has no
// answer within s.think or within its memory, a random move and why.
func (s *boardSession[P]) botMove(p P) (q P, how string, err error) {
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
func (s *boardSession[P]) tooBig(err error) (why string, ok bool) {
	switch {
	case errors.Is(err, sg.ErrLimit):
		return fmt.Sprintf("%s is too large for the bot's memory (more than %d positions)", s.name, boardMemoLimit), true
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Sprintf("no answer within %v on this board", s.think), true
	}
	return "", false
}

// yourMove reads lines until a legal move, hint or quit, and returns the
// position after the move; done is true when the player quits or the
// input ends.
func (s *boardSession[P]) yourMove(p P) (q P, done bool, err error) {
	for {
		if err := s.printf("your move> "); err != nil {
			return q, true, err
		}
		if !s.in.Scan() {
			if err := s.in.Err(); err != nil {
				return q, true, err
			}
			return q, true, s.printf("\nbye\n")
		}
		typed := strings.Join(strings.Fields(s.in.Text()), " ") // as the player wrote it
		line := strings.ReplaceAll(typed, " ", "")
		switch strings.ToLower(line) {
		case "quit", "q", "exit":
			return q, true, s.printf("bye\n")
		case "hint", "h", "?":
			if err := s.hint(p); err != nil {
				return q, true, err
			}
			continue
		}
		names := game.MoveStrings(s.g, p)
		if q, err := s.g.ParseMove(p, line); err == nil {
			return q, false, s.printf("you: %s\n", s.echo(p, q, line, names))
		}
		legal := names[:min(len(names), 12)]
		more := ""
		if len(names) > len(legal) {
			more = ", …"
		}
		if err := s.printf("%s is not a move here; moves are like %s%s\n", clip.Quote(typed), strings.Join(legal, " "), more); err != nil {
			return q, true, err
		}
	}
}

// echo returns the name of the move from p to q that the player typed as
// line: line itself when it is the name of a move to q (moves that reach
// one position have names of their own), else the game's name for it.
func (s *boardSession[P]) echo(p, q P, line string, names []string) string {
	s.buf = s.g.AppendMoves(s.buf[:0], p)
	for i, n := range names {
		if n == line && s.buf[i] == q {
			return n
		}
	}
	return s.g.MoveString(p, q)
}

// hint prints the position's value and its winning moves, or, when they
// take more than s.think or the bot's memory, says so.
func (s *boardSession[P]) hint(p P) error {
	ctx, cancel := context.WithTimeout(s.ctx, s.think)
	defer cancel()
	msg, err := s.hintText(ctx, p)
	if err != nil && s.ctx.Err() == nil {
		why, ok := s.tooBig(err)
		if !ok {
			return err
		}
		more := ""
		if !errors.Is(err, sg.ErrLimit) {
			more = "; what was found is kept: hint again to search on, or start nimbot with a larger -think"
		}
		return s.printf("hint: %s%s\n", why, more)
	}
	if err != nil {
		return err
	}
	return s.printf("%s", msg)
}

// hintText returns the hint: the position's value and its winning moves.
func (s *boardSession[P]) hintText(ctx context.Context, p P) (string, error) {
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
