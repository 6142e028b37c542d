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

func TestStaircaseKnown(t *testing.T) {
	// Steps 0..4 hold 9, 3, 5, 3, 1: the odd steps 1 and 3 hold 3 and 3,
	// a P-position whatever the even steps hold.
	steps := []int{9, 3, 5, 3, 1}
	if o, err := nim.StaircaseOutcome(steps); err != nil || o != sg.P {
		t.Errorf("StaircaseOutcome(%v) = %v, %v; want P", steps, o, err)
	}
	// The opponent moves the coin on the even step 4 down to step 3. The
	// answer pushes that coin on from step 3 to step 2, restoring the odd
	// steps.
	steps = []int{9, 3, 5, 4, 0}
	m, ok, err := nim.StaircaseWinningMove(steps)
	want := nim.Transfer[int]{From: 3, To: 2, Count: 1}
	if err != nil || !ok || m != want {
		t.Errorf("StaircaseWinningMove(%v) = %v, %v, %v; want %v", steps, m, ok, err, want)
	}
	// Coins on even steps only: P.
	if o, _ := nim.StaircaseOutcome([]uint8{0, 0, 5, 0}); o != sg.P {
		t.Errorf("StaircaseOutcome(0,0,5,0) = %v, want P", o)
	}
	tests := []struct {
		steps []int
		moves []nim.Transfer[int]
	}{
		// Odd sum 1: only the coin on step 1 can go (to the ground).
		{[]int{0, 1, 4}, []nim.Transfer[int]{{From: 1, To: 0, Count: 1}}},
		// Odd sum 2⊕1 = 3: step 1 goes from 2 to 2⊕3 = 1; step 3 would have
		// to rise to 1⊕3 = 2, but step 4 is empty.
		{[]int{0, 2, 3, 1}, []nim.Transfer[int]{{From: 1, To: 0, Count: 1}}},
		// Odd sum 1⊕2 = 3: step 1 must rise from 1 to 1⊕3 = 2, with one
		// coin from step 2; step 3 goes from 2 to 2⊕3 = 1.
		{[]int{0, 1, 3, 2}, []nim.Transfer[int]{{From: 2, To: 1, Count: 1}, {From: 3, To: 2, Count: 1}}},
	}
	for _, tc := range tests {
		moves, err := nim.StaircaseWinningMoves(tc.steps)
		if err != nil || !slices.Equal(moves, tc.moves) {
			t.Errorf("StaircaseWinningMoves(%v) = %v, %v; want %v", tc.steps, moves, err, tc.moves)
		}
	}
	if got := tests[2].moves[0].String(); got != "move 1 from 2 to 1" {
		t.Errorf("String() = %q", got)
	}
}

// Staircase Nim against exhaustive search of the tree game on a path of 8
// steps: the outcome, every winning move, and the answer to a move on an
// even step.
func TestStaircaseProperty(t *testing.T) {
	stairs, err := nim.NewTreeGame(mustTree(t, stairParents(8)))
	if err != nil {
		t.Fatal(err)
	}
	outcome := boardOutcome(t, stairs)
	properties := gopter.NewProperties(gametest.Parameters(t, 2000))
	properties.Property("staircase Nim matches search", prop.ForAll(
		func(raw []int, n int) string {
			steps := raw[:n]
			o := outcome(steps)
			if got, _ := nim.StaircaseOutcome(steps); got != o {
				return "outcome disagrees with search"
			}
			for m, next := range transfers(steps, stairParent) {
				if o == sg.P && m.From%2 == 0 {
					// The opponent moved m.Count coins from an even step;
					// moving them on from the step below must win.
					reply := nim.Transfer[int]{From: m.To, To: m.To - 1, Count: m.Count}
					if ms, _ := nim.StaircaseWinningMoves(next); !slices.Contains(ms, reply) {
						return "no answer to a move on an even step"
					}
				}
			}
			moves, _ := nim.StaircaseWinningMoves(steps)
			if !slices.Equal(moves, winningBySearch(transfers(steps, stairParent), outcome)) {
				return "winning moves differ from search"
			}
			m, ok, _ := nim.StaircaseWinningMove(steps)
			if ok != (len(moves) > 0) || ok && (!slices.Contains(moves, m) || m.From%2 != 1) {
				return "StaircaseWinningMove is not a winning move from an odd step"
			}
			return ""
		},
		gen.SliceOfN(6, gen.IntRange(0, 3)), gen.IntRange(0, 6),
	))
	properties.TestingRun(t)
}
