package rulesets

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// The catalogue's specs for coin-turning games and Green Hackenbush: each
// denotes a position (the coins showing heads, or a picture), so each is a
// [game.KindBoard], and a [game.Valued] board: its rules give its value
// and its winning moves with no search.
var (
	_ game.Valued = CoinPosition{}
	_ game.Valued = CoinBoardPosition{}
	_ game.Valued = HackenbushPicture{}
)

// CoinPosition is a row of coins of a [CoinRule] with the given coins
// heads up (numbered as [CoinRule.First] says): the spec
// "coins:mock-turtles:1,4". Its value is the XOR of the heads' values.
type CoinPosition struct {
	Rule  CoinRule
	Heads []uint64
}

// String returns the spec "coins:RULE:H,H,…".
func (c CoinPosition) String() string {
	return "coins:" + c.Rule.String() + ":" + joinUints(c.Heads)
}

// StartValue returns the XOR of the values of the heads, O(heads).
func (c CoinPosition) StartValue(ctx context.Context) (game.Nimber, error) {
	var v game.Nimber
	for _, h := range c.Heads {
		x, err := c.Rule.Value(h)
		if err != nil {
			return 0, err
		}
		v ^= x
	}
	return v, ctx.Err()
}

// CoinBoardPosition is a board of a [CoinBoard] with heads at the given
// (x, y) places: the spec "coins2:corners:4.4,5.7". Its value is the XOR of
// the heads' values (the Tartan theorem gives each).
type CoinBoardPosition struct {
	Board CoinBoard
	Heads [][2]uint64
}

// String returns the spec "coins2:BOARD:X.Y,X.Y,…".
func (c CoinBoardPosition) String() string {
	parts := make([]string, len(c.Heads))
	for i, h := range c.Heads {
		parts[i] = strconv.FormatUint(h[0], 10) + "." + strconv.FormatUint(h[1], 10)
	}
	return "coins2:" + c.Board.String() + ":" + strings.Join(parts, ",")
}

// StartValue returns the XOR of the values of the heads, O(heads).
func (c CoinBoardPosition) StartValue(ctx context.Context) (game.Nimber, error) {
	var v game.Nimber
	for _, h := range c.Heads {
		x, err := c.Board.Value(h[0], h[1])
		if err != nil {
			return 0, err
		}
		v ^= x
	}
	return v, ctx.Err()
}

func joinUints(xs []uint64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatUint(x, 10)
	}
	return strings.Join(s, ",")
}

// parseCoinNumbers reads "1,4,7" (coin numbers) that start at position pos
// of the argument.
func parseCoinNumbers(text string, pos int) ([]uint64, error) {
	var out []uint64
	for f := range strings.SplitSeq(text, ",") {
		t := strings.TrimSpace(f)
		n, err := strconv.ParseUint(t, 10, 64)
		if err != nil {
			return nil, &SyntaxError{Spec: text, Token: t, Pos: pos + leadingSpaces(f), Msg: "not a coin number"}
		}
		out = append(out, n)
		pos += len([]rune(f)) + 1
	}
	return out, nil
}

// WinningMoves returns the moves that leave value 0, each as the coins it
// turns, highest first, joined by '+' ("7+2": turn coin 7, a head, and
// coin 2). It lists them for rows whose heads are among the first
// [MaxCoins] coins, by trying every move of every head (for Mock Turtles
// O(64²) moves a head), and returns an error naming the highest head past
// them.
func (c CoinPosition) WinningMoves(ctx context.Context) ([]string, error) {
	first := c.Rule.First()
	var p uint64
	for _, h := range c.Heads {
		if h < first || h-first >= MaxCoins {
			return nil, fmt.Errorf("rulesets: %v: winning moves are listed for heads %d to %d, not %d", c, first, first+MaxCoins-1, h)
		}
		p ^= 1 << (h - first)
	}
	row, err := NewCoinRow(c.Rule, 64-bits.LeadingZeros64(p))
	if err != nil {
		return nil, err
	}
	return winningTurns(ctx, row, p, row.Value, row.MoveString)
}

// WinningMoves returns the moves that leave value 0, each as the places
// it turns, highest first, joined by '+' ("4.4+4.1+1.4+1.1"). It lists
// them for boards whose heads lie in a rectangle of at most [MaxCoins]
// places from the first row and column, and returns an error naming the
// rectangle past that.
func (c CoinBoardPosition) WinningMoves(ctx context.Context) ([]string, error) {
	fx, fy := c.Board.X.First(), c.Board.Y.First()
	var rows, cols uint64
	for _, h := range c.Heads {
		if h[0] < fx || h[1] < fy || h[0]-fx >= MaxCoins || h[1]-fy >= MaxCoins {
			return nil, fmt.Errorf("rulesets: %v: winning moves are listed for heads within %d coins of the corner, not %d.%d", c, MaxCoins, h[0], h[1])
		}
		rows, cols = max(rows, h[0]-fx+1), max(cols, h[1]-fy+1)
	}
	g, err := c.Board.Grid(int(rows), int(cols))
	if err != nil {
		return nil, err
	}
	var p uint64
	for _, h := range c.Heads {
		p ^= g.Bit(int(h[0]-fx), int(h[1]-fy))
	}
	return winningTurns(ctx, g, p, g.Value, g.MoveString)
}

// winningTurns returns the moves of g from p to value 0, each named by
// name (the coins it turns), in the order g lists them; it returns ctx's
// error when ctx is done.
func winningTurns(ctx context.Context, g game.Game[uint64], p uint64, value func(uint64) game.Nimber, name func(p, q uint64) string) ([]string, error) {
	out := []string{}
	if value(p) == 0 {
		return out, nil
	}
	for _, q := range g.AppendMoves(nil, p) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if value(q) != 0 {
			continue
		}
		out = append(out, name(p, q))
	}
	return out, nil
}

// HackenbushPicture is the catalogue's form of a Green Hackenbush picture,
// the spec "hackenbush:g-1,1-2": a [game.Board] around a [*Hackenbush], valued by its rules ([game.Valued]).
type HackenbushPicture struct{ *Hackenbush }

// String returns the spec "hackenbush:EDGES".
func (h HackenbushPicture) String() string { return "hackenbush:" + h.Hackenbush.String() }

// StartValue returns the picture's value, in time linear in its size.
func (h HackenbushPicture) StartValue(ctx context.Context) (game.Nimber, error) {
	return h.Value(), ctx.Err()
}

// WinningMoves returns the edges whose cut leaves value 0, as written in
// the picture ("1-2"), in edge order: [Hackenbush.WinningMoves], O(E) to
// O(E²) for E edges.
func (h HackenbushPicture) WinningMoves(ctx context.Context) ([]string, error) {
	ms, err := h.Hackenbush.WinningMoves(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Text
	}
	return out, nil
}

var (
	_ = register(&Entry{
		Name:   "coins",
		Syntax: "coins:RULE:H,H,…",
		Doc:    "a row of coins with the listed coins heads up, RULE turtles, mock-turtles, ruler or twins (Winning Ways ch. 14)",
		Kind:   game.KindBoard,
		WithArg: func(arg string) (fmt.Stringer, error) {
			name, heads, ok := strings.Cut(arg, ":")
			if !ok {
				return nil, &SyntaxError{Spec: arg, Token: arg, Pos: 1, Msg: "want RULE:HEADS, as in mock-turtles:1,4"}
			}
			r, err := ParseCoinRule(name)
			if err != nil {
				return nil, err
			}
			hs, err := parseCoinNumbers(heads, len([]rune(name))+2)
			if err != nil {
				return nil, err
			}
			return CoinPosition{Rule: r, Heads: hs}, nil
		},
		Known: []Known{
			{Spec: "coins:mock-turtles:0,1,2,3", Values: "0", Source: "Mock Turtles' values are the odious numbers 1, 2, 4, 7 (Winning Ways ch. 14; OEIS A000069): 1 ⊕ 2 ⊕ 4 ⊕ 7 = 0"},
			{Spec: "coins:ruler:1,2,3,4", Values: "6", Source: "Ruler's values 1, 2, 1, 4 (Winning Ways ch. 14; OEIS A006519)"},
			{Spec: "coins:turtles:3,5", Values: "6", Source: "Turning Turtles is Nim: coin n is a heap of n (Winning Ways ch. 14)"},
		},
	})
	_ = register(&Entry{
		Name:   "coins2",
		Syntax: "coins2:BOARD:X.Y,X.Y,…",
		Doc:    "a board of coins heads up at (x, y), BOARD a Tartan product such as ruler*twins, corners or acrostic-twins",
		Kind:   game.KindBoard,
		WithArg: func(arg string) (fmt.Stringer, error) {
			name, heads, ok := strings.Cut(arg, ":")
			if !ok {
				return nil, &SyntaxError{Spec: arg, Token: arg, Pos: 1, Msg: "want BOARD:HEADS, as in corners:4.4,5.7"}
			}
			b, err := ParseCoinBoard(name)
			if err != nil {
				return nil, err
			}
			pos := len([]rune(name)) + 2
			var hs [][2]uint64
			for f := range strings.SplitSeq(heads, ",") {
				xs, ys, ok := strings.Cut(strings.TrimSpace(f), ".")
				x, err1 := strconv.ParseUint(xs, 10, 64)
				y, err2 := strconv.ParseUint(ys, 10, 64)
				if !ok || err1 != nil || err2 != nil {
					return nil, &SyntaxError{Spec: arg, Token: strings.TrimSpace(f), Pos: pos + leadingSpaces(f), Msg: "not a coin place X.Y"}
				}
				hs = append(hs, [2]uint64{x, y})
				pos += len([]rune(f)) + 1
			}
			return CoinBoardPosition{Board: b, Heads: hs}, nil
		},
		Known: []Known{
			{Spec: "coins2:corners:4.4", Values: "6", Source: "Turning Corners: the value at (x, y) is the nim-product x ⊗ y (Winning Ways ch. 14; On Numbers and Games ch. 6: 4 ⊗ 4 = 6)"},
			{Spec: "coins2:acrostic-twins:5.3", Values: "6", Source: "Acrostic Twins: x ⊕ y (T. S. Ferguson, Game Theory, Part I, §5.5)"},
		},
	})
	_ = register(&Entry{
		Name:   "hackenbush",
		Syntax: "hackenbush:U-V,U-V,…",
		Doc:    "Green Hackenbush: a picture of edges, g the ground; cut an edge, and what no longer touches the ground falls",
		Kind:   game.KindBoard,
		WithArg: func(arg string) (fmt.Stringer, error) {
			h, err := ParseHackenbush(arg)
			return HackenbushPicture{h}, err
		},
		Known: []Known{
			{Spec: "hackenbush:g-1,1-2,2-3", Values: "3", Source: "a stalk of n edges is *n (Winning Ways ch. 7)"},
			{Spec: "hackenbush:g-1,1-2,2-g", Values: "1", Source: "a triangle on the ground: an odd cycle fuses to one loop (fusion principle, Winning Ways ch. 7)"},
			{Spec: "hackenbush:g-1,1-2,1-3,3-4", Values: "4", Source: "the colon principle: the branches above vertex 1 are *1 and *2, together *3, so with the trunk edge below them *(3+1) = *4 (Winning Ways ch. 7)"},
		},
	})
)
