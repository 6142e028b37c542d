package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/examples/internal/clip"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/misere"
)

// isNotaktoSpec reports whether spec names Notakto: notakto:K.
func isNotaktoSpec(spec string) bool {
	key, _, ok := strings.Cut(strings.TrimSpace(spec), ":")
	return ok && strings.EqualFold(key, "notakto")
}

// notaktoTable is Notakto at the terminal: the bot reads the misère
// quotient of the 3×3 board (Plambeck and Whitehead: 18 elements) to move
// to a P-position whenever it can.
type notaktoTable struct {
	boards []rulesets.NotaktoBoard
	q      *misere.GameQuotient[rulesets.NotaktoBoard]
	rng    *rand.Rand
}

// newNotaktoTable returns a table of Notakto on the spec's K empty
// boards, with the quotient computed. A bad spec is an error wrapping
// errUsage.
func newNotaktoTable(ctx context.Context, spec string, seed uint64) (*notaktoTable, error) {
	_, arg, _ := strings.Cut(strings.TrimSpace(spec), ":")
	k, err := strconv.Atoi(arg)
	if err != nil || k < 1 || k > rulesets.MaxNotaktoBoards {
		return nil, fmt.Errorf("%w: -game %s: notakto:K wants K, the number of boards, from 1 to %d", errUsage, clip.Quote(spec), rulesets.MaxNotaktoBoards)
	}
	one, err := rulesets.NewNotakto(1)
	if err != nil {
		return nil, err
	}
	q, err := misere.NewGameQuotient[rulesets.NotaktoBoard](ctx, one, one.Start())
	if err != nil {
		return nil, fmt.Errorf("the quotient of Notakto: %w", err)
	}
	return &notaktoTable{boards: make([]rulesets.NotaktoBoard, k), q: q,
		rng: rand.New(rand.NewPCG(seed, 0x6e6f74616b746f))}, nil
}

// notaktoMove puts an X in cell (0 to 8, row after row) of board number
// board (from 0).
type notaktoMove struct{ board, cell int }

func (m notaktoMove) String() string { return fmt.Sprintf("%d:%d", m.board, m.cell) }

// live reports whether some board has no three in a row, so that a move
// is left.
func (s *notaktoTable) live() bool {
	for _, b := range s.boards {
		if !b.Dead() {
			return true
		}
	}
	return false
}

// apply plays m, a legal move.
func (s *notaktoTable) apply(m notaktoMove) { s.boards[m.board] |= 1 << m.cell }

// legal returns every move, board by board and cell by cell.
func (s *notaktoTable) legal() []notaktoMove {
	var ms []notaktoMove
	for i, b := range s.boards {
		if b.Dead() {
			continue
		}
		for c := range 9 {
			if b&(1<<c) == 0 {
				ms = append(ms, notaktoMove{i, c})
			}
		}
	}
	return ms
}

func (s *notaktoTable) intro() string {
	return fmt.Sprintf("nimbot: playing notakto:%d: X's only; whoever completes the last three in a row loses. Moves: BOARD:CELL or BOARD CELL (like \"0:4\", the centre of board 0), hint, quit.\n", len(s.boards))
}

// end ends the game when every board is dead. Whoever completes the last
// three in a row loses: the player to move when no move is left wins.
func (s *notaktoTable) end(yourTurn bool) (string, bool) {
	switch {
	case s.live():
		return "", false
	case yourTurn:
		return "The bot completed the last three in a row: you win!\n", true
	}
	return "You completed the last three in a row: the bot wins.\n", true
}

func (s *notaktoTable) usage() string { return `type a move like "0:4", hint, or quit` }

// playBot plays the bot's move.
func (s *notaktoTable) playBot() (string, error) {
	m, how, err := s.botMove()
	if err != nil {
		return "", err
	}
	s.apply(m)
	return fmt.Sprintf("bot: %s (%s)\n", m, how), nil
}

// playYou plays the move typed as line, "BOARD:CELL" or "BOARD CELL".
func (s *notaktoTable) playYou(line string) (string, bool) {
	m, err := s.parse(line)
	if err != nil {
		return err.Error() + "\n", false
	}
	s.apply(m)
	return fmt.Sprintf("you: %s\n", m), true
}

// draw writes the boards side by side as 3×3 grids of 'x' and '.', each
// under its number, with the cells' numbers at the right.
func (s *notaktoTable) draw() string {
	var b strings.Builder
	for i, bd := range s.boards {
		label := fmt.Sprintf("%d", i)
		if bd.Dead() {
			label += " dead"
		}
		fmt.Fprintf(&b, "%-9s", label)
	}
	b.WriteString("cells\n")
	for r := range 3 {
		for _, bd := range s.boards {
			for c := range 3 {
				b.WriteByte(pick(bd&(1<<(3*r+c)) != 0, 'x', '.'))
				b.WriteByte(' ')
			}
			b.WriteString("   ")
		}
		fmt.Fprintf(&b, "%d %d %d\n", 3*r, 3*r+1, 3*r+2)
	}
	return b.String()
}

// botMove returns the bot's move: a move to a misère P-position, read
// from the quotient, when there is one; else a random move, one that
// kills no board when there is such a move (a longer game gives the
// player more chances to go wrong).
func (s *notaktoTable) botMove() (notaktoMove, string, error) {
	wins, err := s.q.WinningMoves(s.boards...)
	if err != nil {
		return notaktoMove{}, "", err
	}
	if len(wins) > 0 {
		w := wins[s.rng.IntN(len(wins))]
		cell := 0
		for d := w.To &^ s.boards[w.Part]; d&1 == 0; d >>= 1 {
			cell++
		}
		return notaktoMove{w.Part, cell}, "winning move", nil
	}
	all := s.legal()
	var safe []notaktoMove
	for _, m := range all {
		if !(s.boards[m.board] | 1<<m.cell).Dead() {
			safe = append(safe, m)
		}
	}
	if len(safe) > 0 {
		return safe[s.rng.IntN(len(safe))], "no winning move: a random one that completes no line", nil
	}
	return all[s.rng.IntN(len(all))], "no winning move: a random one", nil
}

// parse reads "BOARD:CELL" or "BOARD CELL" and checks it against the
// boards. Its errors are one line naming the bad board or cell.
func (s *notaktoTable) parse(line string) (notaktoMove, error) {
	words := strings.Fields(strings.ReplaceAll(line, ":", " "))
	if len(words) != 2 {
		return notaktoMove{}, fmt.Errorf("%s: a move is BOARD:CELL or BOARD CELL, like \"0:4\" (cells 0 to 8, row after row), hint, or quit", clip.Quote(line))
	}
	b, err := strconv.Atoi(words[0])
	if err != nil || b < 0 || b >= len(s.boards) {
		return notaktoMove{}, fmt.Errorf("board %s: there is no such board; boards are numbered 0 to %d", clip.Quote(words[0]), len(s.boards)-1)
	}
	c, err := strconv.Atoi(words[1])
	if err != nil || c < 0 || c > 8 {
		return notaktoMove{}, fmt.Errorf("cell %s: there is no such cell; cells are numbered 0 to 8, row after row", clip.Quote(words[1]))
	}
	switch bd := s.boards[b]; {
	case bd.Dead():
		return notaktoMove{}, fmt.Errorf("board %d is dead (three in a row): no X may be put on it", b)
	case bd&(1<<c) != 0:
		return notaktoMove{}, fmt.Errorf("board %d, cell %d: the cell holds an X already", b, c)
	}
	return notaktoMove{b, c}, nil
}

// hint returns the element of the quotient the boards make, whether it is
// a P-position, and the winning moves.
func (s *notaktoTable) hint() (string, error) {
	x, err := s.q.Element(s.boards...)
	if err != nil {
		return "", err
	}
	var each []string
	for i, b := range s.boards {
		y, err := s.q.Element(b)
		if err != nil {
			return "", err
		}
		each = append(each, fmt.Sprintf("board %d is %s", i, s.q.Name(y)))
	}
	o, err := s.q.Outcome(s.boards...)
	if err != nil {
		return "", err
	}
	head := fmt.Sprintf("hint: in the misère quotient of Notakto (%d elements) %s, so the position is %s", s.q.Order(), strings.Join(each, ", "), s.q.Name(x))
	if o == sg.P {
		return fmt.Sprintf("%s, in the P-portion: a P-position, every move loses against best play.\n", head), nil
	}
	wins, err := s.q.WinningMoves(s.boards...)
	if err != nil {
		return "", err
	}
	var names []string
	for _, w := range wins {
		for c := range 9 {
			if w.To&^s.boards[w.Part] == 1<<c {
				names = append(names, notaktoMove{w.Part, c}.String())
			}
		}
	}
	return fmt.Sprintf("%s, not in the P-portion: an N-position. Moves to a P-position win: %s\n", head, strings.Join(names, " ")), nil
}
