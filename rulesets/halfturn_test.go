package rulesets_test

import (
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// symmetricSet returns the cells of mask on b together with their images
// under the board's half turn, without the cells at its centre when
// clear is set (the centre cell, or the two cells whose middle it is).
func symmetricSet(b *grid.Board, mask uint64, clear bool) grid.Set {
	s := b.Full().And(grid.Set{Lo: mask})
	img, _ := b.Transform(s, grid.Rotate180)
	s = s.Or(img)
	if clear {
		r, c := b.Rows(), b.Cols()
		for _, rc := range [][2]int{{(r - 1) / 2, (c - 1) / 2}, {r / 2, c / 2}} {
			if i, ok := b.Cell(rc[0], rc[1]); ok {
				s = s.Without(i)
			}
		}
	}
	return s
}

// A position that is its own half turn, whose centre is neither a free
// cell nor the middle of two, is a P-position of Cram and of Node Kayles
// on a grid, and SecondPlayerWins says so: on random such positions of
// boards up to 4×6 it reports true, exhaustive search values them 0, and
// it reports false when a cell at the centre is left. Random positions
// (mostly not symmetric) are also tried: where it reports true the value
// is 0.
func TestSecondPlayerWins(t *testing.T) {
	reported := 0
	props := gopter.NewProperties(gametest.Parameters(t, 400))
	props.Property("SecondPlayerWins: symmetric positions, and only P-positions", prop.ForAll(
		func(rows, cols int, mask uint64, choice uint8) (bool, error) {
			b, err := grid.NewBoard(rows, cols)
			if err != nil {
				return false, err
			}
			cram := rulesets.NewCramBoard(b, b.Full())
			nk, err := rulesets.NodeKaylesGrid(rows, cols)
			if err != nil {
				return false, err
			}
			var s grid.Set
			want := -1 // what SecondPlayerWins must say: unknown
			switch choice % 4 {
			case 0:
				s = b.Full().And(grid.Set{Lo: mask}) // random
			case 1:
				s = symmetricSet(b, mask, false)
				// The centre is the board's: a corner of four cells when
				// both sides are even, else a cell or the middle of two.
				if rows%2 == 1 || cols%2 == 1 {
					if s.Has(mustCell(b, (rows-1)/2, (cols-1)/2)) || s.Has(mustCell(b, rows/2, cols/2)) {
						want = 0
					}
				} else if !s.IsEmpty() {
					want = 1
				}
			default:
				s = symmetricSet(b, mask, true)
				if !s.IsEmpty() {
					want = 1
				}
			}
			plain := sg.NewEngine[grid.Set](movesOnly[grid.Set]{cram})
			nplain := sg.NewEngine[graph.Set](movesOnly[graph.Set]{nk})
			for _, c := range []struct {
				name  string
				wins  bool
				value func() (game.Nimber, error)
			}{
				{"cram", cram.SecondPlayerWins(s), func() (game.Nimber, error) { return plain.Value(bg, s) }},
				{"node kayles", nk.SecondPlayerWins(graph.Set(s)), func() (game.Nimber, error) { return nplain.Value(bg, graph.Set(s)) }},
			} {
				if want >= 0 && c.wins != (want == 1) {
					return false, fmt.Errorf("%s %s: SecondPlayerWins %v, want %v", c.name, b.Format(s, '.', '#'), c.wins, want == 1)
				}
				if !c.wins {
					continue
				}
				reported++
				if v, err := c.value(); err != nil || v != 0 {
					return false, fmt.Errorf("%s %s: SecondPlayerWins, but the value is %v (%v)", c.name, b.Format(s, '.', '#'), v, err)
				}
			}
			return true, nil
		},
		gen.IntRange(1, 4), gen.IntRange(1, 6), gen.UInt64(), gen.UInt8(),
	))
	props.TestingRun(t)
	if want := 100; testing.Short() && reported < want/4 || !testing.Short() && reported < want {
		t.Errorf("SecondPlayerWins reported true %d times only", reported)
	}
}

func mustCell(b *grid.Board, r, c int) int {
	i, _ := b.Cell(r, c)
	return i
}

// Every even×even board is won by the second player's symmetry strategy
// in both games; an even×odd Cram board has a central domino, and an
// odd×odd or even×odd grid a central vertex or pair of vertices, so
// they are not. Node Kayles off grids never reports a strategy.
func TestSecondPlayerWinsBoards(t *testing.T) {
	for _, size := range [][2]int{{2, 2}, {4, 6}, {6, 6}, {8, 8}, {2, 64}, {8, 16}, {10, 12}, {4, 5}, {2, 7}, {6, 9}, {3, 5}, {5, 5}, {1, 2}, {1, 3}} {
		even := size[0]%2 == 0 && size[1]%2 == 0
		cram, err := rulesets.NewCram(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		nk, err := rulesets.NodeKaylesGrid(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		if got := cram.SecondPlayerWins(cram.Start()); got != even {
			t.Errorf("cram %d×%d: SecondPlayerWins %v, want %v", size[0], size[1], got, even)
		}
		if got := nk.SecondPlayerWins(nk.Start()); got != even || !nk.UsesStrategy() {
			t.Errorf("node kayles %d×%d: SecondPlayerWins %v (UsesStrategy %v), want %v", size[0], size[1], got, nk.UsesStrategy(), even)
		}
	}
	cyc, err := rulesets.NodeKaylesCycle(8)
	if err != nil {
		t.Fatal(err)
	}
	if cyc.UsesStrategy() || cyc.SecondPlayerWins(cyc.Start()) {
		t.Errorf("node kayles on a cycle: UsesStrategy %v, SecondPlayerWins %v; want false", cyc.UsesStrategy(), cyc.SecondPlayerWins(cyc.Start()))
	}
}
