package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/impartial-go/impartial/examples/internal/clip"
	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/bot"
	"github.com/impartial-go/impartial/sg/explain"
)

// maxThink bounds -think.
const maxThink = 24 * time.Hour

// errUsage marks bad command-line arguments (exit status 2).
var errUsage = errors.New("usage: nimbot [-game GAME] [-first you|bot] [-seed N] [-think DURATION] [HEAP...]")

// errHelp is returned for -h: main prints errUsage and helpText.
var errHelp = fmt.Errorf("%w (help requested)", errUsage)

// helpText follows the usage line for -h.
const helpText = `GAME: a heap game as sgtool reads it (nim, kayles, .07, sub:1,3,4,
  grundy, …), a board or graph game (cram:4x5, nodekayles:path:7,
  chomp:3x4), or notakto:K, Notakto on K boards (X's only; whoever
  completes the last three in a row loses), which the bot plays
  perfectly from its misère quotient.
Moves: in a heap game "HEAP TAKE [SIZES...]" (like "2 3") or "7>2+4";
  on a board the game's notation ("0,0-0,1", "3", "1,2"); in Notakto
  "BOARD:CELL" or "BOARD CELL", boards from 0, cells 0 to 8 row after
  row ("0:4" is the centre of board 0). "hint" shows the winning move
  and why, "quit" stops.
`

// maxHeap bounds heap sizes: values are computed by search, heap by heap.
const maxHeap = 1000

// maxMoves bounds the moves of all heap sizes up to the largest heap (see
// checkWork): Nim and Kayles fit heaps up to 631, Grundy's game and
// Dawson's Kayles (.07) up to about 895, but "take any number anywhere",
// whose heap of x has a move per partition of each number below x, only up
// to 38.
const maxMoves = 200_000

// searchLimit bounds the bot's remoteness search per move, in positions.
const searchLimit = 200

// searchWork bounds, roughly, the moves the bot's search lists per move:
// from positions with many moves it searches fewer positions (see
// searchLimitFor).
const searchWork = 2_000_000

// heapTable is a heap game at the terminal.
type heapTable struct {
	ctx   context.Context
	rules rulesets.Ruleset
	e     *sg.Engine[game.Heaps]
	bot   *bot.Player[game.Heaps]
	plays *game.HeapGame // labels moves with the heap they are played on
	sizes []int          // in the player's order, emptied heaps kept as 0
	buf   []game.HeapPlay
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
	think := fs.Duration("think", defaultThink, "board games: the most time the bot spends on one move or hint")
	if err := negativeHeap(args); err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return fmt.Errorf("%w: %s", errUsage, clip.Message(err.Error()))
	}
	if *first != "you" && *first != "bot" {
		return fmt.Errorf("%w: -first %s: want you or bot", errUsage, clip.Quote(*first))
	}
	if isNotaktoSpec(*spec) {
		if fs.NArg() > 0 {
			return fmt.Errorf("%w: notakto takes no HEAP arguments: notakto:K is K empty boards", errUsage)
		}
		t, err := newNotaktoTable(context.Background(), *spec, *seed)
		if err != nil {
			return err
		}
		return play(t, in, out, *first == "you")
	}
	if isBoardSpec(*spec) {
		if fs.NArg() > 0 {
			return fmt.Errorf("%w: a board game takes no HEAP arguments", errUsage)
		}
		if *think <= 0 || *think > maxThink {
			return fmt.Errorf("%w: -think %v: want a duration from 1ns to %v", errUsage, *think, maxThink)
		}
		return playBoard(context.Background(), in, out, *spec, boardConfig{youFirst: *first == "you", seed: *seed, think: *think})
	}
	rules, err := rulesets.Parse(*spec)
	if err != nil {
		return gameError(*spec, err)
	}
	sizes := []int{3, 4, 5}
	if fs.NArg() > 0 {
		sizes = sizes[:0]
		for i, a := range fs.Args() {
			n, err := strconv.Atoi(a)
			if err == nil && n < 0 {
				return fmt.Errorf("%w: heap %d: %s: a heap cannot be negative", errUsage, i+1, clip.Quote(a))
			}
			if err != nil || n > maxHeap {
				return fmt.Errorf("%w: heap %d: %s is not a size from 0 to %d", errUsage, i+1, clip.Quote(a), maxHeap)
			}
			sizes = append(sizes, n)
		}
	}
	moves, err := checkWork(rules, sizes, maxMoves)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	e := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(rules)))
	t := &heapTable{
		ctx:   context.Background(),
		rules: rules,
		e:     e,
		bot:   bot.New(e, bot.WithSeed(*seed), bot.WithMaxPositions(searchLimitFor(sizes, moves))),
		plays: game.NewHeapGame(rules),
		sizes: sizes,
	}
	return play(t, in, out, *first == "you")
}

// negativeHeap finds a negative heap among the flags, where the flag
// package would take "-1" for an unknown flag: the first heap of
// "nimbot -game .07 -1". Flags that take a value skip it.
func negativeHeap(args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			return nil // the heaps start here
		}
		if n, err := strconv.Atoi(a); err == nil && n < 0 {
			return fmt.Errorf("%w: heap 1: %s: a heap cannot be negative", errUsage, clip.Quote(a))
		}
		name := strings.TrimLeft(a, "-")
		if !strings.Contains(name, "=") && (name == "game" || name == "first" || name == "seed" || name == "think") {
			i++ // the flag's value
		}
	}
	return nil
}

func (s *heapTable) intro() string {
	return fmt.Sprintf("nimbot: playing %s. Moves: HEAP TAKE [SIZES...] (like \"2 3\") or FROM>TO+TO (like \"7>2+4\"), hint, quit.\n", s.rules)
}

func (s *heapTable) end(yourTurn bool) (string, bool) {
	s.buf = s.plays.AppendPlays(s.buf[:0], s.sizes)
	return endOfPlay(len(s.buf) > 0, yourTurn)
}

func (s *heapTable) usage() string { return `type a move like "2 3", hint, or quit` }

func (s *heapTable) draw() string {
	var b strings.Builder
	b.WriteString("heaps:")
	for i, n := range s.sizes {
		fmt.Fprintf(&b, "  %d:%d", i+1, n)
	}
	b.WriteByte('\n')
	return b.String()
}

// position returns the heaps as the engine sees them.
func (s *heapTable) position() (game.Heaps, error) {
	return game.MakeHeaps(s.sizes...)
}

// playBot plays the bot's move, shown as the move on the player's row of
// heaps that leads to the position the bot chose.
func (s *heapTable) playBot() (string, error) {
	p, err := s.position()
	if err != nil {
		return "", err
	}
	c, ok, err := s.bot.Choose(s.ctx, p)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", errors.New("the bot found no move although there is one")
	}
	m, found := s.plays.PlayTo(s.sizes, c.To)
	if !found {
		return "", fmt.Errorf("the bot's move to %s is not among the options", c.To)
	}
	s.sizes = m.Apply(s.sizes)
	return fmt.Sprintf("bot: %s (%s; %s move)\n", notation(m), describe(m), c.Kind), nil
}

// playYou plays the move typed as line, "HEAP TAKE [SIZES...]" or
// "FROM>TO+TO".
func (s *heapTable) playYou(line string) (string, bool) {
	if line == "" {
		return "type a move like \"2 3\" (from heap 2 take 3), hint, or quit\n", false
	}
	m, err := s.parse(line)
	if err != nil {
		return err.Error() + "\n", false
	}
	s.sizes = m.Apply(s.sizes)
	return fmt.Sprintf("you: %s\n", describe(m)), true
}

// parse reads "HEAP TAKE [SIZES...]" and checks it against the rules. Its
// errors are one line naming the bad word.
func (s *heapTable) parse(line string) (game.HeapPlay, error) {
	if strings.Contains(line, ">") {
		return s.parseNotation(line)
	}
	words := strings.Fields(line)
	if len(words) < 2 {
		return game.HeapPlay{}, fmt.Errorf("%s: a move is HEAP TAKE [SIZES...], like \"2 3\"", clip.Quote(line))
	}
	nums := make([]int, len(words))
	for i, w := range words {
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 {
			return game.HeapPlay{}, fmt.Errorf("word %d, %s, is not a number of tokens", i+1, clip.Quote(w))
		}
		nums[i] = n
	}
	h, take := nums[0], nums[1]
	if h < 1 || h > len(s.sizes) {
		return game.HeapPlay{}, fmt.Errorf("there is no heap %d: heaps are numbered 1 to %d", h, len(s.sizes))
	}
	n := s.sizes[h-1]
	if take > n {
		return game.HeapPlay{}, fmt.Errorf("heap %d has only %d tokens, cannot take %d", h, n, take)
	}
	rest := n - take
	parts := nums[2:]
	sum := 0
	for i, p := range parts {
		if p == 0 {
			return game.HeapPlay{}, fmt.Errorf("word %d: a heap left behind cannot be empty", i+3)
		}
		sum += p
	}
	if sum >= rest && len(parts) > 0 {
		return game.HeapPlay{}, fmt.Errorf("heap %d: the sizes %s leave nothing for the last heap (only %d tokens remain)", h, clip.Cut(strings.Join(words[2:], " "), clip.MaxInput), rest)
	}
	if rest > 0 {
		parts = append(append([]int(nil), parts...), rest-sum)
	}
	want := game.HeapPlay{Heap: h - 1, From: n, To: parts}
	sorted := append([]int(nil), parts...)
	slices.Sort(sorted)
	s.buf = s.plays.AppendPlays(s.buf[:0], s.sizes)
	if !slices.ContainsFunc(s.buf, func(m game.HeapPlay) bool {
		return m.Heap == h-1 && slices.Equal(m.To, sorted)
	}) {
		return game.HeapPlay{}, fmt.Errorf("illegal in %s: taking %d from heap %d of %d and leaving %s", s.rules, take, h, n, leaving(parts))
	}
	return want, nil
}

// parseNotation reads a move in the notation every program shares,
// "FROM>TO+TO…" (game.HeapPlay.String: "7>2+4", "7>0"), played on the first
// heap of FROM tokens.
func (s *heapTable) parseNotation(line string) (game.HeapPlay, error) {
	want := strings.Join(strings.Fields(line), "")
	from, to, _ := strings.Cut(want, ">")
	if parts := strings.Split(to, "+"); len(parts) > 1 {
		slices.SortFunc(parts, func(a, b string) int {
			x, _ := strconv.Atoi(a)
			y, _ := strconv.Atoi(b)
			return x - y
		})
		want = from + ">" + strings.Join(parts, "+")
	}
	s.buf = s.plays.AppendPlays(s.buf[:0], s.sizes)
	for _, m := range s.buf {
		if m.String() == want {
			return game.HeapPlay{Heap: m.Heap, From: m.From, To: slices.Clone(m.To)}, nil
		}
	}
	return game.HeapPlay{}, fmt.Errorf("%q is not a legal move in %s here (a move is HEAP TAKE [SIZES...], like \"2 3\", or FROM>TO+TO, like \"7>2+4\")", line, s.rules)
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

// hint returns the winning move, if any, and the nim-sum table of the
// heaps' values that finds it. The move is the one the table found.
func (s *heapTable) hint() (string, error) {
	sum := make(sg.Sum, 0, len(s.sizes))
	for i, n := range s.sizes {
		p, err := game.MakeHeaps(n)
		if err != nil {
			return "", err
		}
		sum = append(sum, sg.PartOf(heapPart{Part: sg.Position(s.e, p), i: i, n: n}))
	}
	tab, err := explain.SumTable(s.ctx, sum)
	if err != nil {
		return "", err
	}
	if tab.Chosen < 0 {
		return fmt.Sprintf("no winning move: the values' XOR is 0, so every move loses against best play.\n%s", tab.Text()), nil
	}
	c, _ := tab.Next.Component()
	next, ok := c.(heapPart)
	if !ok {
		return "", fmt.Errorf("the table moved heap %d to a part of type %T", tab.Chosen+1, c)
	}
	left, ok := sg.At[game.Heaps](next.Part)
	if !ok {
		return "", fmt.Errorf("the table moved heap %d to %v, not to heaps", tab.Chosen+1, next)
	}
	m := game.HeapPlay{Heap: tab.Chosen, From: s.sizes[tab.Chosen], To: left.Sizes()}
	return fmt.Sprintf("hint: %s (%s)\n%s", notation(m), describe(m), tab.Text()), nil
}

// heapPart is heap i of the player's row, of n tokens (or, after MoveTo,
// what it becomes), as an sg.Component named for the nim-sum table.
type heapPart struct {
	sg.Part
	i, n  int
	moved bool
}

func (h heapPart) MoveTo(ctx context.Context, v sg.Nimber) (sg.Part, bool, error) {
	q, ok, err := h.Part.MoveTo(ctx, v)
	if err != nil || !ok {
		return sg.Part{}, ok, err
	}
	return sg.PartOf(heapPart{Part: q, i: h.i, moved: true}), true, nil
}

func (h heapPart) String() string {
	if !h.moved {
		return fmt.Sprintf("heap %d (%d)", h.i+1, h.n)
	}
	if left, ok := sg.At[game.Heaps](h.Part); ok && left == "" {
		return "nothing"
	}
	return h.Part.String()
}
