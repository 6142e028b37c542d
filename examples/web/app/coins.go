package app

import (
	"strconv"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

// maxCoinMoves is the most moves a drawn row or board of coins may have:
// past it (Mock Turtles on a large board turns hundreds of sets of coins a
// head) the position is valued and its winning moves listed, not drawn.
const maxCoinMoves = 4096

// coinGame is a row or a board of coins: positions are sets of heads.
type coinGame interface {
	game.Game[uint64]
	MoveString(p, q uint64) string
	Value(p uint64) game.Nimber
}

// coinsPicture answers a row of coins: the position is the heads.
func coinsPicture(r Request, c rulesets.CoinPosition) (*Picture, uint64, error) {
	first := c.Rule.First()
	n := 1
	for _, h := range c.Heads {
		if h < first || h-first >= rulesets.MaxCoins {
			return nil, 0, bad("game", "coin %d: this page draws rows of coins %d to %d", h, first, first+rulesets.MaxCoins-1)
		}
		n = max(n, int(h-first)+1)
	}
	row, err := rulesets.NewCoinRow(c.Rule, n)
	if err != nil {
		return nil, 0, err
	}
	start := make([]bool, n)
	for _, h := range c.Heads {
		start[h-first] = true
	}
	pic := &Picture{Kind: "coins"}
	for i := range n {
		v, _ := c.Rule.Value(first + uint64(i))
		pic.Marks = append(pic.Marks, strconv.FormatUint(first+uint64(i), 10)+":"+strconv.FormatUint(uint64(v), 10))
	}
	return coinMoves(r, pic, row, start)
}

// coinGridPicture answers a board of coins (a Tartan product, Acrostic
// Twins): the board is the rectangle from the first row and column to the
// heads, every move turning coins below and left of its head.
func coinGridPicture(r Request, c rulesets.CoinBoardPosition) (*Picture, uint64, error) {
	fx, fy := c.Board.X.First(), c.Board.Y.First()
	rows, cols := 1, 1
	for _, h := range c.Heads {
		if h[0] < fx || h[1] < fy || h[0]-fx >= rulesets.MaxCoins || h[1]-fy >= rulesets.MaxCoins {
			return nil, 0, bad("game", "coin %d.%d: this page draws boards from %d.%d with at most %d coins", h[0], h[1], fx, fy, rulesets.MaxCoins)
		}
		rows, cols = max(rows, int(h[0]-fx)+1), max(cols, int(h[1]-fy)+1)
	}
	g, err := c.Board.Grid(rows, cols)
	if err != nil {
		return nil, 0, bad("game", "coins up to %d.%d: a board of %d×%d coins; this page draws boards of at most %d coins", fx+uint64(rows)-1, fy+uint64(cols)-1, rows, cols, rulesets.MaxCoins)
	}
	start := make([]bool, rows*cols)
	for _, h := range c.Heads {
		start[int(h[0]-fx)*cols+int(h[1]-fy)] = true
	}
	pic := &Picture{Kind: "coins2", Rows: rows, Cols: cols}
	for i := range rows * cols {
		x, y := fx+uint64(i/cols), fy+uint64(i%cols)
		v, _ := c.Board.Value(x, y)
		pic.Marks = append(pic.Marks, strconv.FormatUint(x, 10)+"."+strconv.FormatUint(y, 10)+":"+strconv.FormatUint(uint64(v), 10))
	}
	return coinMoves(r, pic, g, start)
}

// coinMoves fills pic for the request's heads (start's when At is ""):
// each head's value as a part, and every move with the coins it turns. It
// returns a nil picture past maxCoinMoves moves.
func coinMoves(r Request, pic *Picture, g coinGame, start []bool) (*Picture, uint64, error) {
	n := len(start)
	alive, err := parseElems(r.At, n)
	if err != nil {
		return nil, 0, err
	}
	if r.At == "" {
		alive = start
	}
	pic.Alive = alive
	var p uint64
	for i, a := range alive {
		if a {
			p |= 1 << i
			pic.Parts = append(pic.Parts, PartInfo{Elems: []int{i}, Value: uint64(g.Value(1 << i))})
		}
	}
	qs := g.AppendMoves(nil, p)
	if len(qs) > maxCoinMoves {
		return nil, 0, nil
	}
	for _, q := range qs {
		var turned, heads []int
		for i := range n {
			if (p^q)&(1<<i) != 0 {
				turned = append(turned, i)
			}
			if q&(1<<i) != 0 {
				heads = append(heads, i)
			}
		}
		pic.Moves = append(pic.Moves, PicMove{Text: g.MoveString(p, q), Pick: turned, Gone: turned, Position: elems(heads), Winning: g.Value(q) == 0})
	}
	return pic, uint64(g.Value(p)), nil
}
