package rulesets

import (
	"context"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/sg"
)

// The catalogue's specs for coin-turning games and Green Hackenbush: each
// denotes a position (the coins showing heads, or a picture), so each is a
// [KindBoard] whose StartValue is the position's value.

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

// StartValue returns the XOR of the values of the heads.
func (c CoinPosition) StartValue(ctx context.Context) (sg.Nimber, error) {
	var v sg.Nimber
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

// StartValue returns the XOR of the values of the heads.
func (c CoinBoardPosition) StartValue(ctx context.Context) (sg.Nimber, error) {
	var v sg.Nimber
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

// HackenbushPicture is the catalogue's form of a Green Hackenbush picture,
// the spec "hackenbush:g-1,1-2": a [Board] around a [*Hackenbush].
type HackenbushPicture struct{ *Hackenbush }

// String returns the spec "hackenbush:EDGES".
func (h HackenbushPicture) String() string { return "hackenbush:" + h.Hackenbush.String() }

// StartValue returns the picture's value.
func (h HackenbushPicture) StartValue(ctx context.Context) (sg.Nimber, error) {
	return h.Value(), ctx.Err()
}

var (
	_ = register(&Entry{
		Name:   "coins",
		Syntax: "coins:RULE:H,H,…",
		Doc:    "a row of coins with the listed coins heads up, RULE turtles, mock-turtles, ruler or twins (Winning Ways ch. 14)",
		Kind:   KindBoard,
		WithArg: func(arg string) (Rules, error) {
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
		Kind:   KindBoard,
		WithArg: func(arg string) (Rules, error) {
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
		Name:    "hackenbush",
		Syntax:  "hackenbush:U-V,U-V,…",
		Doc:     "Green Hackenbush: a picture of edges, g the ground; cut an edge, and what no longer touches the ground falls",
		Kind:    KindBoard,
		WithArg: func(arg string) (Rules, error) { h, err := ParseHackenbush(arg); return HackenbushPicture{h}, err },
		Known: []Known{
			{Spec: "hackenbush:g-1,1-2,2-3", Values: "3", Source: "a stalk of n edges is *n (Winning Ways ch. 7)"},
			{Spec: "hackenbush:g-1,1-2,2-g", Values: "1", Source: "a triangle on the ground: an odd cycle fuses to one loop (fusion principle, Winning Ways ch. 7)"},
			{Spec: "hackenbush:g-1,1-2,1-3,3-4", Values: "4", Source: "the colon principle: the branches above vertex 1 are *1 and *2, together *3, so with the trunk edge below them *(3+1) = *4 (Winning Ways ch. 7)"},
		},
	})
)
