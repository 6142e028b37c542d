package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

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
// a heap game: cram:…, nodekayles:… or chomp:….
func isBoardSpec(spec string) bool {
	key, _, ok := strings.Cut(strings.TrimSpace(spec), ":")
	key = strings.ToLower(key)
	return ok && (key == "cram" || key == "nodekayles" || key == "chomp")
}

// playBoard plays the board or graph game of spec (see isBoardSpec)
// against the player, reading moves from in and writing to out: a Cram
// domino as "r,c-r,c", a Node Kayles vertex as its number (or "r,c" on a
// grid), a Chomp bite as "r,c", rows and columns from 0. "hint" shows the
// value and the winning moves, "quit" stops. A bad spec is an error
// wrapping errUsage.
func playBoard(ctx context.Context, in io.Reader, out io.Writer, spec string, youFirst bool, seed uint64) error {
	key, arg, _ := strings.Cut(strings.TrimSpace(spec), ":")
	var err error
	switch strings.ToLower(key) {
	case "cram":
		var g *rulesets.Cram
		if g, err = rulesets.ParseCram(arg); err == nil {
			b := g.Board()
			return newBoardSession(ctx, in, out, g, g.String(), g.MoveString, g.MoveStrings, func(p grid.Set) string {
				return boardText(b.Rows(), b.Cols(), func(i int) byte { return pick(p.Has(i), '.', '#') })
			}, seed).play(g.Start(), youFirst)
		}
	case "nodekayles":
		var g *rulesets.NodeKayles
		if g, err = rulesets.ParseNodeKayles(arg); err == nil {
			return newBoardSession(ctx, in, out, g, g.String(), g.MoveString, g.MoveStrings, func(p graph.Set) string {
				return graphText(g, p)
			}, seed).play(g.Start(), youFirst)
		}
	case "chomp":
		var g *rulesets.Chomp
		if g, err = rulesets.ParseChomp(arg); err == nil {
			b := g.Board()
			return newBoardSession(ctx, in, out, g, g.String(), g.MoveString, g.MoveStrings, func(p grid.Set) string {
				return boardText(b.Rows(), b.Cols(), func(i int) byte {
					switch {
					case i == 0:
						return 'P'
					case p.Has(i):
						return 'o'
					}
					return ' '
				})
			}, seed).play(g.Start(), youFirst)
		}
	default:
		return fmt.Errorf("%w: -game %q: not a board game (cram:, nodekayles:, chomp:)", errUsage, spec)
	}
	return fmt.Errorf("%w: -game: %s: %v", errUsage, spec, strings.TrimPrefix(err.Error(), "rulesets: "))
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
	ctx      context.Context
	in       *bufio.Scanner
	out      io.Writer
	g        game.Game[P]
	name     string
	notation func(p, q P) string
	names    func(p P) []string
	draw     func(p P) string
	e        *sg.Engine[P]
	bot      *bot.Player[P]
	buf      []P
}

func newBoardSession[P comparable](ctx context.Context, in io.Reader, out io.Writer, g game.Game[P], name string,
	notation func(p, q P) string, names func(P) []string, draw func(P) string, seed uint64) *boardSession[P] {
	e := sg.NewEngine(g, sg.WithMaxPositions(boardMemoLimit))
	return &boardSession[P]{
		ctx: ctx, in: bufio.NewScanner(in), out: out, g: g, name: name, notation: notation, names: names, draw: draw,
		e: e, bot: bot.New(e, bot.WithSeed(seed), bot.WithMaxPositions(searchLimit)),
	}
}

func (s *boardSession[P]) printf(format string, args ...any) error {
	_, err := fmt.Fprintf(s.out, format, args...)
	return err
}

// play runs the game from p; it returns nil when the game ends, the player
// quits or the input ends.
func (s *boardSession[P]) play(p P, yourTurn bool) error {
	if err := s.printf("nimbot: playing %s. Moves as the board shows them (row,col from 0), hint, quit.\n", s.name); err != nil {
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
			c, ok, err := s.bot.Choose(s.ctx, p)
			if err != nil {
				return s.tooBig(err)
			}
			if !ok {
				return errors.New("the bot found no move although there is one")
			}
			if err := s.printf("bot: %s (%s move)\n", s.notation(p, c.To), c.Kind); err != nil {
				return err
			}
			p, yourTurn = c.To, true
			continue
		}
		q, done, err := s.yourMove(p)
		if err != nil || done {
			return err
		}
		p, yourTurn = q, false
	}
}

// tooBig explains a memo limit as a board too large for the bot.
func (s *boardSession[P]) tooBig(err error) error {
	if errors.Is(err, sg.ErrLimit) {
		return fmt.Errorf("%s is too large for the bot (more than %d positions): %w", s.name, boardMemoLimit, err)
	}
	return err
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
		line := strings.Join(strings.Fields(s.in.Text()), "")
		switch strings.ToLower(line) {
		case "quit", "q", "exit":
			return q, true, s.printf("bye\n")
		case "hint", "h", "?":
			if err := s.hint(p); err != nil {
				return q, true, s.tooBig(err)
			}
			continue
		}
		s.buf = s.g.AppendMoves(s.buf[:0], p)
		var legal []string
		for i, n := range s.names(p) {
			if sameMove(n, line) {
				return s.buf[i], false, s.printf("you: %s\n", n)
			}
			if len(legal) < 12 {
				legal = append(legal, n)
			}
		}
		more := ""
		if len(s.buf) > len(legal) {
			more = ", …"
		}
		if err := s.printf("%q is not a move here; moves are like %s%s\n", line, strings.Join(legal, " "), more); err != nil {
			return q, true, err
		}
	}
}

// sameMove reports whether the typed move t is the notation n, a domino
// "a-b" matching in either order.
func sameMove(n, t string) bool {
	if n == t {
		return true
	}
	a, b, ok := strings.Cut(n, "-")
	return ok && b+"-"+a == t
}

// hint prints the position's value and its winning moves.
func (s *boardSession[P]) hint(p P) error {
	v, err := s.e.Value(s.ctx, p)
	if err != nil {
		return err
	}
	if v == 0 {
		return s.printf("no winning move: the position's value is 0, so every move loses against best play.\n")
	}
	var wins []string
	s.buf = s.g.AppendMoves(s.buf[:0], p)
	for i, n := range s.names(p) {
		w, err := s.e.Value(s.ctx, s.buf[i])
		if err != nil {
			return err
		}
		if w == 0 {
			wins = append(wins, n)
		}
	}
	return s.printf("hint: the position's value is %v; moving to a position of value 0 wins: %s\n", v, strings.Join(wins, " "))
}
