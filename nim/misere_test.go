package nim_test

import (
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// Misère Nim: whoever takes the last pearl loses.
func TestMisereKnown(t *testing.T) {
	tests := []struct {
		heaps []int
		want  sg.Outcome
		moves []nim.Move[int]
	}{
		{nil, sg.N, nil}, // the opponent took the last pearl
		{[]int{1}, sg.P, nil},
		{[]int{1, 1}, sg.N, []nim.Move[int]{{0, 1, 0}, {1, 1, 0}}},
		{[]int{1, 0, 1, 1}, sg.P, nil},
		{[]int{2}, sg.N, []nim.Move[int]{{0, 2, 1}}},
		{[]int{5, 1}, sg.N, []nim.Move[int]{{0, 5, 0}}},
		{[]int{1, 5, 1}, sg.N, []nim.Move[int]{{1, 5, 1}}},
		{[]int{2, 2}, sg.P, nil},
		{[]int{1, 2, 3}, sg.P, nil},
		{[]int{3, 3, 1}, sg.N, []nim.Move[int]{{0, 3, 2}, {1, 3, 2}, {2, 1, 0}}},
		{[]int{1, 2, 3, 4}, sg.N, []nim.Move[int]{{3, 4, 0}}},
	}
	for _, tc := range tests {
		o, err := nim.MisereOutcome(tc.heaps)
		if err != nil || o != tc.want {
			t.Errorf("MisereOutcome(%v) = %v, %v; want %v", tc.heaps, o, err, tc.want)
		}
		moves, err := nim.MisereWinningMoves(tc.heaps)
		if err != nil || !slices.Equal(moves, tc.moves) {
			t.Errorf("MisereWinningMoves(%v) = %v, %v; want %v", tc.heaps, moves, err, tc.moves)
		}
	}
}

// Misère Nim against exhaustive search of the normal-play recast
// MisereGame, with many endgame positions (all heaps 0 or 1, or one heap
// larger).
func TestMisereProperty(t *testing.T) {
	search := sg.NewExhaustive[nim.MiserePosition](nim.MisereGame{})
	outcome := func(heaps []int) sg.Outcome {
		return searchOutcome(t, search, nim.MisereHeaps(mustHeaps(t, heaps...)))
	}
	properties := gopter.NewProperties(gametest.Parameters(t, 3000))
	properties.Property("misère Nim matches search", prop.ForAll(
		func(raw []int, n, limit int) string {
			heaps := raw[:n]
			for i := range heaps {
				heaps[i] = min(heaps[i], limit)
			}
			if o, _ := nim.MisereOutcome(heaps); o != outcome(heaps) {
				return "outcome disagrees with search"
			}
			moves, _ := nim.MisereWinningMoves(heaps)
			if !slices.Equal(moves, winningBySearch(nimMoves(heaps), outcome)) {
				return "winning moves differ from search"
			}
			m, ok, _ := nim.MisereWinningMove(heaps)
			if ok != (len(moves) > 0) || ok && m != moves[0] {
				return "MisereWinningMove is not the first winning move"
			}
			return ""
		},
		gen.SliceOfN(6, gen.IntRange(0, 7)), gen.IntRange(0, 6), gen.OneConstOf(1, 2, 3, 7),
	))
	properties.TestingRun(t)
}
