package rulesets

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/impartial-go/impartial/game"
)

// Notakto is X-only tic-tac-toe played on K 3×3 boards at once (Bob
// Koca's game; T. E. Plambeck and G. Whitehead, The Secrets of Notakto:
// Winning at X-only Tic-Tac-Toe, arXiv:1301.1672, 2013). Both players
// place X's; a move puts an X in an empty cell of a board that has no
// three-in-a-row. A board with three X's in a row (a row, a column or a
// diagonal) is dead: no move may be made on it. Play ends when every
// board is dead, and whoever completed the last three-in-a-row loses:
// the game is the misère play of the sum of the boards, in which a dead
// board is a position with no move.
//
// Notakto is a [game.Game] over a single board ([NotaktoBoard]), a
// component of the sum, and a [game.Canonicalizer] by the eight
// symmetries of the square; package sg/misere's NewGameQuotient computes
// the misère quotient of its boards, which Plambeck and Whitehead give:
// 18 elements,
//
//	Q = ⟨a, b, c, d | a² = 1, b³ = b, b²c = c, c³ = ac², b²d = d, cd = ad, d² = c²⟩
//
// with P-portion {a, b², bc, c²}, the empty board being c. So one board
// is won by the first player (by the centre, as Chow's MathOverflow
// thread and the paper's introduction say), two by the second, three by
// the first.
//
// Only 3×3 boards are offered: larger ones are out of reach of the
// quotient construction. A 4×4 board with three in a row kills it has
// 4,471 classes of boards up to symmetry (1,433 live, 188 distinct
// games); its quotient grows to 252 elements through 182 of them, and the
// 183rd needs a candidate of 23,000 elements, so NewGameQuotient stops
// with a *sg.LimitError (errors.Is sg.ErrLimit) at its default bound of
// 4,096 and had not finished in minutes with a bound of 65,536. With four
// in a row, a 4×4 board has 8,043 classes (656 distinct games) and stops
// at the 447th, 42 elements splitting into a candidate of 5,778 (18,202
// with a bound of 32,768). A 5×5 board with three in a row has 927,379
// classes (42,925 distinct games). docs/misere.md gives the measurements.
type Notakto struct {
	boards int
}

// MaxNotaktoBoards bounds the boards of a [Notakto] spec.
const MaxNotaktoBoards = 1 << 10

// NewNotakto returns Notakto on k empty boards, 1 ≤ k ≤ MaxNotaktoBoards.
func NewNotakto(k int) (*Notakto, error) {
	if k < 1 || k > MaxNotaktoBoards {
		return nil, fmt.Errorf("rulesets: notakto of %d boards: want 1 to %d", k, MaxNotaktoBoards)
	}
	return &Notakto{boards: k}, nil
}

// Boards returns the number of boards of the start position.
func (n *Notakto) Boards() int { return n.boards }

// String returns the spec, "notakto:K".
func (n *Notakto) String() string { return "notakto:" + strconv.Itoa(n.boards) }

// Start returns the start position: Boards() empty boards.
func (n *Notakto) Start() []NotaktoBoard { return make([]NotaktoBoard, n.boards) }

// NotaktoBoard is one 3×3 board of [Notakto]: bit 3r+c is set when the
// cell in row r, column c (from 0, top left) holds an X; cells are
// numbered 0 to 8 in the same way.
type NotaktoBoard uint16

// notaktoLines are the eight lines of three cells.
var notaktoLines = [8]NotaktoBoard{
	0007, 0070, 0700, // rows
	0111, 0222, 0444, // columns
	0421, 0124, // diagonals
}

// notaktoSym[s][i] is the cell that cell i goes to under symmetry s of
// the square: the rotations by 0, 90, 180 and 270 degrees, and each
// followed by the mirror image.
var notaktoSym = func() [8][9]int {
	var t [8][9]int
	for s := range 8 {
		for i := range 9 {
			r, c := i/3, i%3
			for range s % 4 {
				r, c = c, 2-r
			}
			if s >= 4 {
				c = 2 - c
			}
			t[s][i] = 3*r + c
		}
	}
	return t
}()

// notaktoCanon[b] is the canonical form of board b: the least of its
// images under the eight symmetries.
var notaktoCanon = func() [512]NotaktoBoard {
	var t [512]NotaktoBoard
	for b := range 512 {
		least := NotaktoBoard(b)
		for s := range 8 {
			var img NotaktoBoard
			for i := range 9 {
				if b&(1<<i) != 0 {
					img |= 1 << notaktoSym[s][i]
				}
			}
			least = min(least, img)
		}
		t[b] = least
	}
	return t
}()

// Dead reports whether b has three X's in a row.
func (b NotaktoBoard) Dead() bool {
	for _, l := range notaktoLines {
		if b&l == l {
			return true
		}
	}
	return false
}

// String writes b as three rows of 'x' (an X) and '.' (empty),
// separated by '/': "x../.x./..x".
func (b NotaktoBoard) String() string {
	var s strings.Builder
	for i := range 9 {
		if i > 0 && i%3 == 0 {
			s.WriteByte('/')
		}
		if b&(1<<i) != 0 {
			s.WriteByte('x')
		} else {
			s.WriteByte('.')
		}
	}
	return s.String()
}

// ParseNotaktoBoard reads a board written as nine cells, 'x' (or 'X')
// for an X and '.' for an empty cell, row after row, optionally with '/'
// between rows ("x...x...x", "x../.x./..x"). An error names the
// offending cell (numbered from 0, as in [NotaktoBoard]) or character
// (from 1), or says how many cells were given. It accepts a
// dead board: whether that matters is for the caller to say.
func ParseNotaktoBoard(s string) (NotaktoBoard, error) {
	var b NotaktoBoard
	cell, slash := 0, -1 // slash: the cell count at the last '/'
	for i, r := range s {
		switch {
		case r == '/' && cell > 0 && cell%3 == 0 && cell < 9 && slash != cell:
			slash = cell
			continue
		case r == '/':
			return 0, fmt.Errorf("rulesets: notakto board %q: '/' at character %d is not between rows", clip(s), i+1)
		case cell >= 9:
			return 0, fmt.Errorf("rulesets: notakto board %q: more than 9 cells", clip(s))
		case r == 'x' || r == 'X':
			b |= 1 << cell
		case r != '.':
			return 0, fmt.Errorf("rulesets: notakto board %q: cell %d is %q: want 'x' or '.'", clip(s), cell, r)
		}
		cell++
	}
	if cell != 9 {
		return 0, fmt.Errorf("rulesets: notakto board %q: %d cells, want 9", clip(s), cell)
	}
	return b, nil
}

// clip cuts a long input for a message, on a character boundary.
func clip(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// AppendMoves appends the boards b becomes by an X in each empty cell,
// none when b is dead.
func (*Notakto) AppendMoves(dst []NotaktoBoard, b NotaktoBoard) []NotaktoBoard {
	if b.Dead() {
		return dst
	}
	for i := range 9 {
		if b&(1<<i) == 0 {
			dst = append(dst, b|1<<i)
		}
	}
	return dst
}

// Canonical returns the least of b's images under the eight symmetries
// of the square.
func (*Notakto) Canonical(b NotaktoBoard) NotaktoBoard { return notaktoCanon[b&0777] }

// StartValue returns the normal-play Sprague–Grundy value of the start
// position (the player who completes the last line wins): the nim-sum of
// the boards' values, which is the value of one empty board for an odd
// number of boards and 0 for an even one. It makes Notakto a
// [game.Valued] board; the misère outcome, the game as it is played, is
// [Notakto.MisereOutcome].
func (n *Notakto) StartValue(ctx context.Context) (game.Nimber, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if n.boards%2 == 0 {
		return 0, nil
	}
	return notaktoValue(0), nil
}

// WinningMoves returns the normal-play winning moves of the start
// position, each written "B:C", board B (from 0) and cell C (0–8, row
// after row): none when the value is 0.
func (n *Notakto) WinningMoves(ctx context.Context) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var moves []string
	if n.boards%2 == 0 {
		return moves, nil
	}
	for b := range n.boards {
		for c := range 9 {
			if notaktoValue(NotaktoBoard(1)<<c) == 0 {
				moves = append(moves, strconv.Itoa(b)+":"+strconv.Itoa(c))
			}
		}
	}
	return moves, nil
}

// MisereOutcome returns the outcome of the start position in misère
// play, the game as it is played: [game.N] when the player to move wins.
// It searches the sums of boards up to symmetry, in O(K^m) time for K
// boards, m the number of classes of live boards (at most 102).
func (n *Notakto) MisereOutcome(ctx context.Context) (game.Outcome, error) {
	return notaktoMisere(ctx, n)
}

// notaktoValues memoizes the normal-play values of single boards by
// canonical board; 0xff marks one not yet computed.
var notaktoValues = func() *[512]uint8 {
	var t [512]uint8
	for i := range t {
		t[i] = 0xff
	}
	return &t
}()

// notaktoValue returns the normal-play value of one board: the mex of its
// options' values, a dead board's being 0. It computes the 512 boards'
// values once, on first use, in the order of decreasing fill, so it is
// safe for concurrent use after sync.
func notaktoValue(b NotaktoBoard) game.Nimber {
	notaktoOnce.Do(func() {
		for filled := 9; filled >= 0; filled-- {
			for x := range 512 {
				bb := NotaktoBoard(x)
				if bitsSet(uint(x)) != filled {
					continue
				}
				var seen uint32
				for _, o := range (*Notakto)(nil).AppendMoves(nil, bb) {
					seen |= 1 << notaktoValues[o]
				}
				v := uint8(0)
				for seen&(1<<v) != 0 {
					v++
				}
				notaktoValues[bb] = v
			}
		}
	})
	return game.Nimber(notaktoValues[b&0777])
}

var notaktoOnce sync.Once

// bitsSet counts the set bits of x.
func bitsSet(x uint) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

// notaktoMisere is the misère outcome of the start position of n by
// exhaustive search of the sums of boards up to symmetry.
func notaktoMisere(ctx context.Context, n *Notakto) (game.Outcome, error) {
	memo := map[string]bool{}
	var isP func(boards []NotaktoBoard) (bool, error)
	isP = func(boards []NotaktoBoard) (bool, error) {
		key := make([]byte, 0, len(boards))
		counts := [512]uint8{}
		for _, b := range boards {
			if !b.Dead() {
				counts[n.Canonical(b)]++
			}
		}
		live := boards[:0:0]
		for b, c := range counts {
			for range c {
				key = append(key, byte(b), byte(b>>8))
				live = append(live, NotaktoBoard(b))
			}
		}
		if v, ok := memo[string(key)]; ok {
			return v, nil
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
		p := len(live) > 0 // no move: the mover has won (N)
		for i, b := range live {
			for _, o := range n.AppendMoves(nil, b) {
				next := append(append([]NotaktoBoard{}, live[:i]...), live[i+1:]...)
				v, err := isP(append(next, o))
				if err != nil {
					return false, err
				}
				if v {
					p = false
					break
				}
			}
			if !p {
				break
			}
		}
		memo[string(key)] = p
		return p, nil
	}
	p, err := isP(n.Start())
	if err != nil {
		return game.N, err
	}
	if p {
		return game.P, nil
	}
	return game.N, nil
}

// The capabilities Notakto declares.
var (
	_ game.Game[NotaktoBoard]          = (*Notakto)(nil)
	_ game.Canonicalizer[NotaktoBoard] = (*Notakto)(nil)
	_ game.Valued                      = (*Notakto)(nil)
)

var _ = register(&Entry{
	Name:   "notakto",
	Syntax: "notakto:K",
	Doc:    "Notakto: X-only tic-tac-toe on K 3×3 boards; a three-in-a-row kills a board; whoever kills the last one loses (misère)",
	Kind:   game.KindBoard,
	WithArg: func(arg string) (fmt.Stringer, error) {
		k, err := strconv.Atoi(arg)
		if err != nil {
			return nil, fmt.Errorf("rulesets: notakto: want a number of boards from 1 to %d", MaxNotaktoBoards)
		}
		return NewNotakto(k)
	},
	Known: []Known{
		{Spec: "notakto:1", Values: "N", Misere: true, Source: "misère outcome: the first player wins by the centre; T. Chow, MathOverflow, via Plambeck and Whitehead, The Secrets of Notakto (2013), sec. 1"},
		{Spec: "notakto:2", Values: "P", Misere: true, Source: "misère outcome: c² is in the P-portion {a, b², bc, c²}; Plambeck and Whitehead (2013)"},
		{Spec: "notakto:3", Values: "N", Misere: true, Source: "misère outcome: c³ = ac² is not in the P-portion; Plambeck and Whitehead (2013)"},
	},
})
