package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/bot"
	"github.com/impartial-go/impartial/sg/explain"
)

// errUsage marks bad command-line arguments (exit status 2).
var errUsage = errors.New("usage: nimbot [-game GAME] [-first you|bot] [-seed N] [HEAP...]")

// maxHeap bounds heap sizes: values are computed by search, heap by heap.
const maxHeap = 1000

// searchLimit bounds the bot's remoteness search per move.
const searchLimit = 200

// session is one game in the terminal.
type session struct {
	ctx   context.Context
	in    *bufio.Scanner
	out   io.Writer
	rules rulesets.Ruleset
	g     *rowGame
	e     *sg.Engine[position]
	bot   *bot.Player[position]
	sizes []int
}

// run plays one game, reading moves from in and writing to out, with the
// command-line arguments args. It returns an error wrapping errUsage for
// bad arguments, and write errors; end of input ends the game cleanly.
func run(in io.Reader, out io.Writer, args []string) error {
	fs := flag.NewFlagSet("nimbot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	spec := fs.String("game", "nim", "the heap game to play, as sgtool's GAME")
	first := fs.String("first", "you", "who moves first: you or bot")
	seed := fs.Uint64("seed", 1, "seed of the bot's random moves")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *first != "you" && *first != "bot" {
		return fmt.Errorf("%w: -first %q: want you or bot", errUsage, *first)
	}
	rules, err := rulesets.Parse(*spec)
	if err != nil {
		return fmt.Errorf("%w: -game: %v", errUsage, err)
	}
	sizes := []int{3, 4, 5}
	if fs.NArg() > 0 {
		sizes = sizes[:0]
		for i, a := range fs.Args() {
			n, err := strconv.Atoi(a)
			if err != nil || n < 0 || n > maxHeap {
				return fmt.Errorf("%w: heap %d: %q is not a size from 0 to %d", errUsage, i+1, a, maxHeap)
			}
			sizes = append(sizes, n)
		}
	}
	g := &rowGame{rule: rules}
	e := sg.NewEngine(game.Game[position](g))
	s := &session{
		ctx:   context.Background(),
		in:    bufio.NewScanner(in),
		out:   out,
		rules: rules,
		g:     g,
		e:     e,
		bot:   bot.New(e, bot.WithSeed(*seed), bot.WithSearchLimit(searchLimit)),
		sizes: sizes,
	}
	return s.play(*first == "you")
}

func (s *session) printf(format string, args ...any) error {
	_, err := fmt.Fprintf(s.out, format, args...)
	return err
}

func (s *session) play(yourTurn bool) error {
	if err := s.printf("nimbot: playing %s. Moves: HEAP TAKE [SIZES...] (like \"2 3\"), hint, quit.\n", s.rules); err != nil {
		return err
	}
	for {
		if err := s.show(); err != nil {
			return err
		}
		var opts []move
		for i := range s.sizes {
			s.g.heapMoves(s.sizes, i, func(m move) { opts = append(opts, m) })
		}
		if len(opts) == 0 {
			if yourTurn {
				return s.printf("You cannot move: the bot wins.\n")
			}
			return s.printf("The bot cannot move: you win!\n")
		}
		if !yourTurn {
			if err := s.botMove(opts); err != nil {
				return err
			}
			yourTurn = true
			continue
		}
		done, err := s.yourMove()
		if err != nil || done {
			return err
		}
		yourTurn = false
	}
}

func (s *session) show() error {
	var b strings.Builder
	b.WriteString("heaps:")
	for i, n := range s.sizes {
		fmt.Fprintf(&b, "  %d:%d", i+1, n)
	}
	b.WriteByte('\n')
	return s.printf("%s", b.String())
}

func (s *session) botMove(opts []move) error {
	c, ok, err := s.bot.Choose(s.ctx, makePosition(s.sizes))
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("the bot found no move although there is one")
	}
	for _, m := range opts {
		if makePosition(m.apply(s.sizes)) == c.To {
			if err := s.printf("bot: %s (%s; %s move)\n", m.notation(), m.describe(s.sizes[m.Heap]), c.Kind); err != nil {
				return err
			}
			s.sizes = m.apply(s.sizes)
			return nil
		}
	}
	return fmt.Errorf("the bot's move to %s is not among the options", c.To)
}

// yourMove reads lines until a legal move, hint or quit; it reports true
// when the game is over (quit or end of input).
func (s *session) yourMove() (bool, error) {
	for {
		if err := s.printf("your move> "); err != nil {
			return true, err
		}
		if !s.in.Scan() {
			if err := s.in.Err(); err != nil {
				return true, err
			}
			return true, s.printf("\nbye\n")
		}
		line := strings.TrimSpace(s.in.Text())
		switch strings.ToLower(line) {
		case "quit", "q", "exit":
			return true, s.printf("bye\n")
		case "hint", "h", "?":
			if err := s.hint(); err != nil {
				return true, err
			}
			continue
		case "":
			if err := s.printf("type a move like \"2 3\" (from heap 2 take 3), hint, or quit\n"); err != nil {
				return true, err
			}
			continue
		}
		m, err := s.parse(line)
		if err != nil {
			if err := s.printf("%v\n", err); err != nil {
				return true, err
			}
			continue
		}
		if err := s.printf("you: %s\n", m.describe(s.sizes[m.Heap])); err != nil {
			return true, err
		}
		s.sizes = m.apply(s.sizes)
		return false, nil
	}
}

// parse reads "HEAP TAKE [SIZES...]" and checks it against the rules. Its
// errors are one line naming the bad word.
func (s *session) parse(line string) (move, error) {
	words := strings.Fields(line)
	if len(words) < 2 {
		return move{}, fmt.Errorf("%q: a move is HEAP TAKE [SIZES...], like \"2 3\"", line)
	}
	nums := make([]int, len(words))
	for i, w := range words {
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 {
			return move{}, fmt.Errorf("word %d, %q, is not a number of tokens", i+1, w)
		}
		nums[i] = n
	}
	h, take := nums[0], nums[1]
	if h < 1 || h > len(s.sizes) {
		return move{}, fmt.Errorf("there is no heap %d: heaps are numbered 1 to %d", h, len(s.sizes))
	}
	n := s.sizes[h-1]
	if take > n {
		return move{}, fmt.Errorf("heap %d has only %d tokens, cannot take %d", h, n, take)
	}
	rest := n - take
	parts := nums[2:]
	sum := 0
	for i, p := range parts {
		if p == 0 {
			return move{}, fmt.Errorf("word %d: a heap left behind cannot be empty", i+3)
		}
		sum += p
	}
	if sum >= rest && len(parts) > 0 {
		return move{}, fmt.Errorf("heap %d: the sizes %s leave nothing for the last heap (only %d tokens remain)", h, strings.Join(words[2:], " "), rest)
	}
	if rest > 0 {
		parts = append(append([]int(nil), parts...), rest-sum)
	}
	want := move{Heap: h - 1, Take: take, Parts: parts}
	sorted := append([]int(nil), parts...)
	slices.Sort(sorted)
	legal := false
	s.g.heapMoves(s.sizes, h-1, func(m move) {
		if m.Take == take && slices.Equal(m.Parts, sorted) {
			legal = true
		}
	})
	if !legal {
		return move{}, fmt.Errorf("illegal in %s: taking %d from heap %d of %d and leaving %s", s.rules, take, h, n, leaving(parts))
	}
	return want, nil
}

func leaving(parts []int) string {
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return "one heap of " + strconv.Itoa(parts[0])
	}
	ps := make([]string, len(parts))
	for i, p := range parts {
		ps[i] = strconv.Itoa(p)
	}
	return "heaps of " + strings.Join(ps, " and ")
}

// hint prints the winning move, if any, and the nim-sum table of the
// heaps' values that finds it.
func (s *session) hint() error {
	sum := make(sg.Sum, 0, len(s.sizes))
	for i, n := range s.sizes {
		sum = append(sum, heapPart{s: s, i: i, p: makePosition([]int{n})})
	}
	tab, err := explain.SumTable(s.ctx, sum)
	if err != nil {
		return err
	}
	if tab.Chosen < 0 {
		return s.printf("no winning move: the values' XOR is 0, so every move loses against best play.\n%s", tab.Text())
	}
	var found *move
	s.g.heapMoves(s.sizes, tab.Chosen, func(m move) {
		if found != nil {
			return
		}
		v, err := s.e.Value(s.ctx, makePosition(m.Parts))
		if err == nil && uint64(v) == tab.To {
			found = &m
		}
	})
	if found == nil {
		return errors.New("no option of the chosen heap has the value the table asks for")
	}
	return s.printf("hint: %s (%s)\n%s", found.notation(), found.describe(s.sizes[found.Heap]), tab.Text())
}

// heapPart is one heap (or, after MoveTo, what it becomes) as an sg.Part,
// for the nim-sum table.
type heapPart struct {
	s     *session
	i     int
	p     position
	moved bool
}

func (h heapPart) Value(ctx context.Context) (sg.Nimber, error) {
	return h.s.e.Value(ctx, h.p)
}

func (h heapPart) MoveTo(ctx context.Context, v sg.Nimber) (sg.Part, bool, error) {
	qs, err := h.s.e.MovesTo(ctx, h.p, v)
	if err != nil || len(qs) == 0 {
		return nil, false, err
	}
	return heapPart{s: h.s, i: h.i, p: qs[0], moved: true}, true, nil
}

func (h heapPart) String() string {
	if !h.moved {
		return fmt.Sprintf("heap %d (%s)", h.i+1, h.p)
	}
	if h.p == "" || h.p == "0" {
		return "nothing"
	}
	return "(" + strings.ReplaceAll(string(h.p), ",", ", ") + ")"
}
