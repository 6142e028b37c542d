package rulesets

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// CoinRule is a one-dimensional coin-turning game (Berlekamp, Conway and
// Guy, Winning Ways, ch. 14; Lenstra; Ferguson, Game Theory, part I, ch. 5).
// Coins lie in a row, each heads or tails; a move turns over a set of coins
// the rule allows, of which the rightmost must go from heads to tails, so
// that play ends. The player who cannot move loses.
//
// Turning a tail to a head is as good as adding a heap, and two heads on one
// coin cancel, so a position is the disjunctive sum of its heads, each
// played alone: its value is the XOR of the values of the coins showing
// heads, and [CoinRule.Value] gives the value of one head at coin n by a
// formula. [CoinRow] plays the rules themselves on a row of up to 64 coins,
// for engines and brute-force checks.
type CoinRule uint8

const (
	// TurningTurtles turns one coin from heads to tails and, optionally, one
	// coin to its left. With coins numbered from 1 a head at n is a Nim heap
	// of n: it can become any smaller value (Winning Ways, ch. 14).
	TurningTurtles CoinRule = iota + 1
	// MockTurtles turns one, two or three coins, the rightmost from heads to
	// tails. Numbering coins from 0, the value of a head at n is 2n when n
	// has an odd number of 1 bits, 2n+1 otherwise: the odious numbers 1, 2, 4,
	// 7, 8, 11, 13, 14, … (OEIS A000069; Winning Ways, ch. 14; Ferguson,
	// §5.2).
	MockTurtles
	// Ruler turns any number of consecutive coins, the rightmost from heads to
	// tails. Numbering coins from 1, a head at n is worth the largest power of
	// 2 dividing n: 1, 2, 1, 4, 1, 2, 1, 8, … (Winning Ways, ch. 14), the
	// marks on a ruler.
	Ruler
	// Twins turns exactly two coins, the rightmost from heads to tails.
	// Numbering coins from 0, a head at n moves to a single head at any
	// m < n, and a head at 0 cannot move, so its value is mex{0, …, n-1} = n:
	// Nim again, and Turning Turtles shifted by one coin (Ferguson, §5.2).
	Twins
)

var coinNames = map[CoinRule]string{
	TurningTurtles: "turtles",
	MockTurtles:    "mock-turtles",
	Ruler:          "ruler",
	Twins:          "twins",
}

// String returns the rule's name in specs: "turtles", "mock-turtles",
// "ruler" or "twins".
func (r CoinRule) String() string {
	if s, ok := coinNames[r]; ok {
		return s
	}
	return fmt.Sprintf("CoinRule(%d)", uint8(r))
}

// First returns the number of the leftmost coin in the literature's
// numbering, in which the formulas of [CoinRule.Value] hold: 1 for
// Turning Turtles and Ruler, 0 for Mock Turtles and Twins.
func (r CoinRule) First() uint64 {
	if r == TurningTurtles || r == Ruler {
		return 1
	}
	return 0
}

// Value returns the value of a single head at coin n, numbered as in
// [CoinRule.First], in O(1). It returns an error naming n when n is below
// First, or when the value does not fit in 64 bits (Mock Turtles from
// n = 2^63), and an error for an unknown rule.
func (r CoinRule) Value(n uint64) (game.Nimber, error) {
	if _, ok := coinNames[r]; !ok {
		return 0, fmt.Errorf("rulesets: unknown coin rule %d", uint8(r))
	}
	if n < r.First() {
		return 0, fmt.Errorf("rulesets: %v: no coin %d (coins are numbered from %d)", r, n, r.First())
	}
	switch r {
	case MockTurtles:
		if n >= 1<<63 {
			return 0, fmt.Errorf("rulesets: mock-turtles: the value of coin %d does not fit in 64 bits", n)
		}
		return game.Nimber(2*n + uint64(1-bits.OnesCount64(n)&1)), nil
	case Ruler:
		return game.Nimber(n & -n), nil
	}
	return game.Nimber(n), nil
}

// appendTurns appends the sets of other coins a move may turn together
// with the head at bit i of a row (bits count from the first coin), as
// bitmasks of bits below i.
func (r CoinRule) appendTurns(dst []uint64, i int) []uint64 {
	switch r {
	case TurningTurtles:
		dst = append(dst, 0)
		for j := range i {
			dst = append(dst, 1<<j)
		}
	case MockTurtles:
		dst = append(dst, 0)
		for j := range i {
			dst = append(dst, 1<<j)
			for k := j + 1; k < i; k++ {
				dst = append(dst, 1<<j|1<<k)
			}
		}
	case Ruler:
		var run uint64
		dst = append(dst, 0)
		for j := i - 1; j >= 0; j-- {
			run |= 1 << j
			dst = append(dst, run)
		}
	case Twins:
		for j := range i {
			dst = append(dst, 1<<j)
		}
	}
	return dst
}

// ParseCoinRule reads the argument of the spec coins:NAME: one of
// "turtles", "mock-turtles", "ruler" or "twins". A bad name is a
// [*SyntaxError] naming it.
func ParseCoinRule(name string) (CoinRule, error) {
	t := strings.TrimSpace(name)
	for r, s := range coinNames {
		if s == t {
			return r, nil
		}
	}
	return 0, &SyntaxError{Spec: name, Token: t, Pos: 1 + leadingSpaces(name),
		Msg: "unknown coin-turning game (want turtles, mock-turtles, ruler or twins)"}
}

// MaxCoins is the most coins a [CoinRow] or [CoinGrid] holds: a position is
// the set of heads, one bit per coin of a uint64.
const MaxCoins = 64

// CoinRow is a coin-turning game played by its rules on a row of N coins,
// as a game.Game whose positions are the sets of heads: bit i is the coin
// numbered Rule.First() + i. It is the brute-force form against which the
// formulas are tested, and what an engine needs for rules without one.
// The zero value has no coins. It is safe for concurrent use.
type CoinRow struct {
	Rule CoinRule
	N    int
}

// NewCoinRow returns the game of rule r on n coins, and an error naming n
// when it is negative or above [MaxCoins], or naming r when it is unknown.
func NewCoinRow(r CoinRule, n int) (CoinRow, error) {
	if _, ok := coinNames[r]; !ok {
		return CoinRow{}, fmt.Errorf("rulesets: unknown coin rule %d", uint8(r))
	}
	if n < 0 || n > MaxCoins {
		return CoinRow{}, fmt.Errorf("rulesets: %v: %d coins, want 0 to %d", r, n, MaxCoins)
	}
	return CoinRow{Rule: r, N: n}, nil
}

// AppendMoves appends every position reachable from the heads p: for each
// head, each set of coins the rule lets it turn with it. It allocates
// nothing beyond dst. Coins past [MaxCoins] (an N set by hand) are ignored.
func (c CoinRow) AppendMoves(dst []uint64, p uint64) []uint64 {
	for i := 0; i < min(c.N, MaxCoins); i++ {
		if p&(1<<i) == 0 {
			continue
		}
		start := len(dst)
		dst = c.Rule.appendTurns(dst, i)
		for k := start; k < len(dst); k++ {
			dst[k] ^= p ^ 1<<i
		}
	}
	return dst
}

// Value returns the value of the heads p by the formula: the XOR of the
// values of the heads.
func (c CoinRow) Value(p uint64) game.Nimber {
	var v game.Nimber
	for ; p != 0; p &= p - 1 {
		g, _ := c.Rule.Value(c.Rule.First() + uint64(bits.TrailingZeros64(p)))
		v ^= g
	}
	return v
}

// CoinBoard is a two-dimensional coin-turning game on a quarter-plane of
// coins (x, y), x, y ≥ 0 or from 1 as the rules number them. A move turns
// a set of coins of which the south-east one, (x, y), goes from heads to
// tails and the others lie in the rectangle below and left of it; as in one
// dimension a position is the sum of its heads (Winning Ways, ch. 14;
// Ferguson, Game Theory, part I, §5.5).
//
// The product G1 × G2 of two one-dimensional games turns the coins A × B
// for A a set of coins G1 may turn (with rightmost x) and B one G2 may turn
// (with rightmost y). The Tartan theorem says a head at (x, y) in the
// product is worth g1(x) ⊗ g2(y), the nim-product of the two values
// ([game.Nimber.Mul]). Turning Corners is Twins × Twins: turn the four corners
// of a rectangle, worth x ⊗ y, so that its value table is the table of
// nim-multiplication. Acrostic Twins is not a product: it turns two coins
// in the same row or column, and a head at (x, y) is worth x ⊕ y
// (Ferguson, §5.5).
//
// A CoinBoard is a small comparable value, safe for concurrent use.
type CoinBoard struct {
	X, Y     CoinRule // the factors of a product; both Twins for Acrostic Twins
	Acrostic bool     // Acrostic Twins rather than a product
}

// TartanProduct returns the product board x × y of two coin rules.
func TartanProduct(x, y CoinRule) CoinBoard { return CoinBoard{X: x, Y: y} }

// TurningCorners returns Twins × Twins, the game of rectangles' corners.
func TurningCorners() CoinBoard { return TartanProduct(Twins, Twins) }

// AcrosticTwins returns the board game that turns two coins in a row or a
// column, the south-east one from heads to tails.
func AcrosticTwins() CoinBoard { return CoinBoard{X: Twins, Y: Twins, Acrostic: true} }

// String returns the board's spec argument: "acrostic-twins", or the
// product as "ruler*ruler" ("twins*twins" for Turning Corners).
func (b CoinBoard) String() string {
	if b.Acrostic {
		return "acrostic-twins"
	}
	return b.X.String() + "*" + b.Y.String()
}

// ParseCoinBoard reads the argument of the spec coins2:BOARD: a product
// "NAME*NAME" of two one-dimensional rules (see [ParseCoinRule]),
// "corners" for Turning Corners or "acrostic-twins". A bad argument is a
// [*SyntaxError] naming the bad part.
func ParseCoinBoard(arg string) (CoinBoard, error) {
	t := strings.TrimSpace(arg)
	switch t {
	case "acrostic-twins":
		return AcrosticTwins(), nil
	case "corners":
		return TurningCorners(), nil
	}
	a, b, ok := strings.Cut(t, "*")
	if !ok {
		return CoinBoard{}, &SyntaxError{Spec: arg, Token: t, Pos: 1 + leadingSpaces(arg),
			Msg: "want a product such as ruler*twins, corners or acrostic-twins"}
	}
	x, err := ParseCoinRule(a)
	if err != nil {
		return CoinBoard{}, &SyntaxError{Spec: arg, Token: strings.TrimSpace(a), Pos: 1 + leadingSpaces(arg), Msg: err.(*SyntaxError).Msg}
	}
	y, err := ParseCoinRule(b)
	if err != nil {
		pos := 1 + len([]rune(arg)) - len([]rune(b)) + leadingSpaces(b)
		return CoinBoard{}, &SyntaxError{Spec: arg, Token: strings.TrimSpace(b), Pos: pos, Msg: err.(*SyntaxError).Msg}
	}
	return TartanProduct(x, y), nil
}

// Value returns the value of a single head at (x, y), in the numbering of
// the factors ([CoinRule.First]): g1(x) ⊗ g2(y) for a product, x ⊕ y for
// Acrostic Twins. Errors are those of [CoinRule.Value], naming the bad
// coordinate.
func (b CoinBoard) Value(x, y uint64) (game.Nimber, error) {
	gx, err := b.X.Value(x)
	if err != nil {
		return 0, err
	}
	gy, err := b.Y.Value(y)
	if err != nil {
		return 0, err
	}
	if b.Acrostic {
		return gx ^ gy, nil
	}
	return gx.Mul(gy), nil
}

// Grid returns the board game played by its rules on rows × cols coins,
// and an error naming the sizes when either is negative or the board has
// more than [MaxCoins] coins.
func (b CoinBoard) Grid(rows, cols int) (*CoinGrid, error) {
	for _, r := range []CoinRule{b.X, b.Y} {
		if _, ok := coinNames[r]; !ok {
			return nil, fmt.Errorf("rulesets: unknown coin rule %d", uint8(r))
		}
	}
	if rows < 0 || cols < 0 || rows > MaxCoins || cols > MaxCoins || rows*cols > MaxCoins {
		return nil, fmt.Errorf("rulesets: %v: a board of %d×%d coins, want at most %d coins", b, rows, cols, MaxCoins)
	}
	return &CoinGrid{Board: b, Rows: rows, Cols: cols}, nil
}

// CoinGrid is a [CoinBoard] played by its rules on Rows × Cols coins, as a
// game.Game whose positions are the sets of heads: bit r·Cols + c is the
// coin (X.First() + r, Y.First() + c). It is safe for concurrent use; make
// one with [CoinBoard.Grid].
type CoinGrid struct {
	Board      CoinBoard
	Rows, Cols int
}

// Bit returns the bit of the coin in row r and column c of the grid.
func (g *CoinGrid) Bit(r, c int) uint64 { return 1 << (r*g.Cols + c) }

// AppendMoves appends every position reachable from the heads p. A grid
// whose sizes were set by hand beyond [MaxCoins] coins has no moves.
func (g *CoinGrid) AppendMoves(dst []uint64, p uint64) []uint64 {
	if g.Rows < 0 || g.Cols < 0 || g.Rows > MaxCoins || g.Cols > MaxCoins || g.Rows*g.Cols > MaxCoins {
		return dst
	}
	// Turn sets of one head: at most 1 + i + i(i-1)/2 ≤ 2017 for i < 64.
	var xs, ys [2048]uint64
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			head := g.Bit(r, c)
			if p&head == 0 {
				continue
			}
			if g.Board.Acrostic {
				for k := range c {
					dst = append(dst, p^head^g.Bit(r, k))
				}
				for k := range r {
					dst = append(dst, p^head^g.Bit(k, c))
				}
				continue
			}
			ax := g.Board.X.appendTurns(xs[:0], r)
			ay := g.Board.Y.appendTurns(ys[:0], c)
			for _, a := range ax {
				a |= 1 << r
				for _, b := range ay {
					b |= 1 << c
					q := p
					for ra := a; ra != 0; ra &= ra - 1 {
						row := bits.TrailingZeros64(ra)
						q ^= b << (row * g.Cols)
					}
					dst = append(dst, q)
				}
			}
		}
	}
	return dst
}

// Value returns the value of the heads p by the formula: the XOR of the
// values of the heads.
func (g *CoinGrid) Value(p uint64) game.Nimber {
	var v game.Nimber
	for ; p != 0; p &= p - 1 {
		i := bits.TrailingZeros64(p)
		x, y := uint64(i/g.Cols), uint64(i%g.Cols)
		h, _ := g.Board.Value(g.Board.X.First()+x, g.Board.Y.First()+y)
		v ^= h
	}
	return v
}

// A row and a grid of coins name their moves by the coins they turn.
var (
	_ game.Notation[uint64] = CoinRow{}
	_ game.Notation[uint64] = (*CoinGrid)(nil)
)

// MoveString names the move from heads p to heads q by the coins it
// turns, by their numbers (see [CoinRule.First]), highest first, joined
// by '+' ("7+2").
func (c CoinRow) MoveString(p, q uint64) string {
	return turnedCoins(p^q, func(i int) string { return strconv.FormatUint(c.Rule.First()+uint64(i), 10) })
}

// ParseMove returns the heads after the move that text names, as
// MoveString writes it (the coins in any order), and an error naming text
// when it is not a move from p.
func (c CoinRow) ParseMove(p uint64, text string) (uint64, error) {
	return parseTurn(c, c.MoveString, p, text)
}

// MoveString names the move from heads p to heads q by the places it
// turns, as x.y (see [CoinGrid]), highest first, joined by '+'
// ("4.4+4.1+1.4+1.1").
func (g *CoinGrid) MoveString(p, q uint64) string {
	fx, fy := g.Board.X.First(), g.Board.Y.First()
	return turnedCoins(p^q, func(i int) string {
		return strconv.FormatUint(fx+uint64(i/g.Cols), 10) + "." + strconv.FormatUint(fy+uint64(i%g.Cols), 10)
	})
}

// ParseMove returns the heads after the move that text names, as
// MoveString writes it (the places in any order), and an error naming
// text when it is not a move from p.
func (g *CoinGrid) ParseMove(p uint64, text string) (uint64, error) {
	return parseTurn(g, g.MoveString, p, text)
}

// turnedCoins names the coins of the set t, highest first, joined by '+'.
func turnedCoins(t uint64, name func(bit int) string) string {
	var parts []string
	for ; t != 0; t &^= 1 << (63 - bits.LeadingZeros64(t)) {
		parts = append(parts, name(63-bits.LeadingZeros64(t)))
	}
	return strings.Join(parts, "+")
}

// parseTurn finds the move from p whose coins are those text lists, in
// any order.
func parseTurn(g game.Game[uint64], name func(p, q uint64) string, p uint64, text string) (uint64, error) {
	want := strings.Split(strings.ReplaceAll(text, " ", ""), "+")
	slices.Sort(want)
	for _, q := range g.AppendMoves(nil, p) {
		got := strings.Split(name(p, q), "+")
		slices.Sort(got)
		if slices.Equal(got, want) {
			return q, nil
		}
	}
	return p, fmt.Errorf("rulesets: coins: %q is not a move here", strings.TrimSpace(text))
}
