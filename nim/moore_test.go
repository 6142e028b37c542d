package nim_test

import (
	"math"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func TestMooreKnown(t *testing.T) {
	tests := []struct {
		heaps []int
		k     int
		want  sg.Outcome
	}{
		{[]int{1, 1, 1}, 2, sg.P}, // three ones in the last digit
		{[]int{1, 1}, 2, sg.N},    // take both
		{[]int{3, 3, 3}, 2, sg.P},
		{[]int{1, 2, 3}, 2, sg.N},
		{[]int{1, 2, 3}, 1, sg.P}, // k = 1 is Nim
		{[]int{5, 6, 3}, 1, sg.P}, // Nim: 5 ⊕ 6 ⊕ 3 = 0
		{[]int{7, 7, 7, 7}, 3, sg.P},
		{[]int{7, 7, 7, 7}, 2, sg.N},
		{[]int{9, 9, 9}, math.MaxInt, sg.N}, // any number of heaps at once
		{[]int{}, 5, sg.P},
	}
	for _, tc := range tests {
		o, err := nim.MooreOutcome(tc.heaps, tc.k)
		if err != nil || o != tc.want {
			t.Errorf("MooreOutcome(%v, %d) = %v, %v; want %v", tc.heaps, tc.k, o, err, tc.want)
		}
	}
	if _, err := nim.MooreOutcome([]int{1}, 0); err == nil || err.Error() != "nim: Moore's Nim_k needs k ≥ 1, got k = 0" {
		t.Errorf("k = 0: error %v", err)
	}
	// With k at least the number of heaps, empty them all.
	moves, err := nim.MooreWinningMove([]int{9, 0, 4}, math.MaxInt)
	want := []nim.Move[int]{{Heap: 0, From: 9, To: 0}, {Heap: 2, From: 4, To: 0}}
	if err != nil || !slices.Equal(moves, want) {
		t.Errorf("MooreWinningMove(9, 0, 4; k = MaxInt) = %v, %v; want %v", moves, err, want)
	}
	// Moore_1 is Nim: the move found is a Nim winning move.
	nimMoves, _ := nim.WinningMoves([]int{1, 2, 3, 4})
	moves, _ = nim.MooreWinningMove([]int{1, 2, 3, 4}, 1)
	if len(moves) != 1 || !slices.Contains(nimMoves, moves[0]) {
		t.Errorf("MooreWinningMove(1,2,3,4; k=1) = %v; Nim's winning moves are %v", moves, nimMoves)
	}
}

// Moore's Nim_k against exhaustive search of MooreGame: the outcome, and a
// winning move that lowers between 1 and k heaps and reaches a P-position.
func TestMooreProperty(t *testing.T) {
	var searches [5]*sg.Exhaustive[game.Heaps]
	for k := 1; k < len(searches); k++ {
		searches[k] = sg.NewExhaustive[game.Heaps](nim.MooreGame{K: k})
	}
	properties := gopter.NewProperties(gametest.Parameters(t, 2000))
	properties.Property("Moore's theorem and move", prop.ForAll(
		func(raw []int, n, k int) string {
			heaps := raw[:n]
			search := searches[k]
			o := searchOutcome(t, search, mustHeaps(t, heaps...))
			if got, _ := nim.MooreOutcome(heaps, k); got != o {
				return "outcome disagrees with search"
			}
			moves, err := nim.MooreWinningMove(heaps, k)
			if err != nil {
				return err.Error()
			}
			if o == sg.P {
				if moves != nil {
					return "a move from a P-position"
				}
				return ""
			}
			if len(moves) == 0 || len(moves) > k {
				return "the move changes no heaps or more than k"
			}
			next := slices.Clone(heaps)
			for j, m := range moves {
				if j > 0 && moves[j-1].Heap >= m.Heap {
					return "heaps out of order or repeated"
				}
				if m.From != heaps[m.Heap] || m.To < 0 || m.To >= m.From {
					return "a heap is not lowered"
				}
				next[m.Heap] = m.To
			}
			if searchOutcome(t, search, mustHeaps(t, next...)) != sg.P {
				return "the move does not reach a P-position"
			}
			return ""
		},
		gen.SliceOfN(5, gen.IntRange(0, 5)), gen.IntRange(0, 4), gen.IntRange(1, 4),
	))
	properties.TestingRun(t)
}

// Large heaps and large k, checked by Moore's criterion itself.
func TestMooreLarge(t *testing.T) {
	r := gametest.Rand(t)
	for range 2000 {
		heaps := make([]uint64, 1+r.IntN(400))
		for i := range heaps {
			heaps[i] = r.Uint64() >> r.IntN(64)
		}
		k := 1 + r.IntN(len(heaps)+2)
		moves, err := nim.MooreWinningMove(heaps, k)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := nim.MooreOutcome(heaps, k)
		if (o == sg.N) != (len(moves) > 0) || len(moves) > k {
			t.Fatalf("k = %d, %d heaps: outcome %v, move of %d heaps", k, len(heaps), o, len(moves))
		}
		for _, m := range moves {
			if m.From != heaps[m.Heap] || m.To >= m.From {
				t.Fatalf("k = %d: bad part %v", k, m)
			}
			heaps[m.Heap] = m.To
		}
		if o, _ := nim.MooreOutcome(heaps, k); o != sg.P {
			t.Fatalf("k = %d: the move leaves an N-position", k)
		}
	}
}
