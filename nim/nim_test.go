package nim_test

import (
	"context"
	"errors"
	"iter"
	"math"
	"math/rand/v2"
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

func mustHeaps(t testing.TB, sizes ...int) game.Heaps {
	t.Helper()
	h, err := game.MakeHeaps(sizes...)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// searchOutcome decides p by exhaustive search, failing the test on error.
func searchOutcome[P comparable](t testing.TB, s *sg.Exhaustive[P], p P) sg.Outcome {
	t.Helper()
	o, err := s.Outcome(context.Background(), p)
	if err != nil {
		t.Fatalf("exhaustive search of %v: %v", p, err)
	}
	return o
}

// nimMoves yields every Nim move from heaps with the position it reaches,
// in increasing heap order and then increasing size left. The position is
// valid until the next iteration.
func nimMoves(heaps []int) iter.Seq2[nim.Move[int], []int] {
	return func(yield func(nim.Move[int], []int) bool) {
		next := slices.Clone(heaps)
		for i, a := range heaps {
			for to := range a {
				next[i] = to
				if !yield(nim.Move[int]{Heap: i, From: a, To: to}, next) {
					return
				}
			}
			next[i] = a
		}
	}
}

// transfers yields every move of tree staircase Nim from values, with the
// position it reaches, in increasing order of the node moved from and then
// of the count; parent(v) is v's parent, -1 for the root. A staircase is
// the tree with parent(i) = i-1 (see stairParent). The position is valid
// until the next iteration.
func transfers(values []int, parent func(int) int) iter.Seq2[nim.Transfer[int], []int] {
	return func(yield func(nim.Transfer[int], []int) bool) {
		next := slices.Clone(values)
		for v := range values {
			p := parent(v)
			for k := 1; p >= 0 && k <= values[v]; k++ {
				next[v], next[p] = values[v]-k, values[p]+k
				if !yield(nim.Transfer[int]{From: v, To: p, Count: k}, next) {
					return
				}
			}
			if p >= 0 {
				next[v], next[p] = values[v], values[p]
			}
		}
	}
}

// stairParent is the parent function of a staircase for transfers.
func stairParent(i int) int { return i - 1 }

// winningBySearch returns, in order, the moves that reach a position which
// outcome says is P: the winning moves, when outcome is a search.
func winningBySearch[M any](moves iter.Seq2[M, []int], outcome func([]int) sg.Outcome) []M {
	var winning []M
	for m, next := range moves {
		if outcome(next) == sg.P {
			winning = append(winning, m)
		}
	}
	return winning
}

// boardOutcome returns a function that decides positions of g, given as
// the tokens on each place, by exhaustive search.
func boardOutcome(t testing.TB, g game.Game[[8]uint8]) func([]int) sg.Outcome {
	search := sg.NewExhaustive(g)
	return func(values []int) sg.Outcome {
		var b [8]uint8
		for i, a := range values {
			b[i] = uint8(a)
		}
		return searchOutcome(t, search, b)
	}
}

// Worked positions whose verdicts are found by hand: (3,3) is P and its
// options are N; (1,2,3) is P; (1,2,3,4) is N because
// 001⊕010⊕011⊕100 = 100; (3,3,1) is N like (1); (2,2,5,5,5,5,7,7) is P as
// two copies of (2,5,5,7); (2,2,2,7,9,9) simplifies to (2,7); and the
// positions (3,3,1), (1,3,3), (5,5,1) all have nim-sum 1.
func TestWorkedPositions(t *testing.T) {
	tests := []struct {
		heaps []int
		sum   int
		want  sg.Outcome
	}{
		{[]int{3, 3}, 0, sg.P},
		{[]int{0, 3}, 3, sg.N},
		{[]int{1, 3}, 2, sg.N},
		{[]int{2, 3}, 1, sg.N},
		{[]int{1, 1}, 0, sg.P},
		{[]int{1}, 1, sg.N},
		{[]int{}, 0, sg.P},
		{[]int{1, 2, 3}, 0, sg.P},
		{[]int{1, 2, 3, 4}, 4, sg.N},
		{[]int{3, 3, 1}, 1, sg.N},
		{[]int{1, 3, 3}, 1, sg.N},
		{[]int{5, 5, 1}, 1, sg.N},
		{[]int{2, 2, 5, 5, 5, 5, 7, 7}, 0, sg.P},
		{[]int{2, 5, 5, 7}, 5, sg.N},
		{[]int{2, 2, 2, 7, 9, 9}, 5, sg.N},
		{[]int{2, 7}, 5, sg.N},
	}
	search := sg.NewExhaustive[game.Heaps](nim.NimGame{})
	for _, tc := range tests {
		s, err := nim.Sum(tc.heaps)
		if err != nil || s != tc.sum {
			t.Errorf("Sum(%v) = %d, %v; want %d", tc.heaps, s, err, tc.sum)
		}
		o, err := nim.Outcome(tc.heaps)
		if err != nil || o != tc.want {
			t.Errorf("Outcome(%v) = %v, %v; want %v", tc.heaps, o, err, tc.want)
		}
		if len(tc.heaps) <= 4 && slices.Max(append([]int{0}, tc.heaps...)) <= 7 {
			if got := searchOutcome(t, search, mustHeaps(t, tc.heaps...)); got != tc.want {
				t.Errorf("exhaustive search says %v is %v; want %v", tc.heaps, got, tc.want)
			}
		}
	}
	// (1,2,3,4): nim-sum 4 = 100₂; only heap 4 has that digit, so the one
	// winning move takes 4 - (4⊕4) = 4 tokens and leaves (1,2,3).
	moves, err := nim.WinningMoves([]int{1, 2, 3, 4})
	want := []nim.Move[int]{{Heap: 3, From: 4, To: 0}}
	if err != nil || !slices.Equal(moves, want) {
		t.Fatalf("WinningMoves(1,2,3,4) = %v, %v; want %v", moves, err, want)
	}
	if moves[0].Take() != 4 {
		t.Errorf("Take() = %d, want 4", moves[0].Take())
	}
	// (3,3,1): nim-sum 1, and every heap has a 1 in the last digit: take
	// the 1, or take one token from either 3 to leave (1,2,3).
	m, ok, err := nim.WinningMove([]uint8{3, 3, 1})
	if err != nil || !ok || m != (nim.Move[uint8]{Heap: 0, From: 3, To: 2}) {
		t.Errorf("WinningMove(3,3,1) = %v, %v, %v", m, ok, err)
	}
	all, err := nim.WinningMoves([]uint8{3, 3, 1})
	wantAll := []nim.Move[uint8]{{Heap: 0, From: 3, To: 2}, {Heap: 1, From: 3, To: 2}, {Heap: 2, From: 1, To: 0}}
	if err != nil || !slices.Equal(all, wantAll) {
		t.Errorf("WinningMoves(3,3,1) = %v, %v; want %v", all, err, wantAll)
	}
	// A P-position has no winning move.
	if m, ok, err := nim.WinningMove([]int{2, 2, 5, 5, 5, 5, 7, 7}); ok || err != nil {
		t.Errorf("WinningMove of a P-position = %v, %v, %v", m, ok, err)
	}
}

// TestBouton checks Bouton's theorem (1901): for random Nim
// positions of up to 5 heaps of up to 7 tokens, exhaustive search says P
// exactly when the nim-sum is 0, the move that takes a_i - (s ⊕ a_i) tokens
// reaches a P-position, and WinningMoves lists exactly the moves that do.
func TestBouton(t *testing.T) {
	search := sg.NewExhaustive[game.Heaps](nim.NimGame{})
	outcome := func(heaps []int) sg.Outcome {
		return searchOutcome(t, search, mustHeaps(t, heaps...))
	}
	properties := gopter.NewProperties(gametest.Parameters(t, 3000))
	properties.Property("Bouton's theorem", prop.ForAll(
		func(raw []int, n int) string {
			heaps := raw[:n]
			s, _ := nim.Sum(heaps)
			if (outcome(heaps) == sg.P) != (s == 0) {
				return "outcome disagrees with the nim-sum"
			}
			moves, err := nim.WinningMoves(heaps)
			if err != nil {
				return err.Error()
			}
			fromSearch := winningBySearch(nimMoves(heaps), outcome)
			for i, a := range heaps {
				if s != 0 && s^a < a && !slices.Contains(fromSearch, nim.Move[int]{Heap: i, From: a, To: s ^ a}) {
					return "Bouton's move a_i - (s⊕a_i) is not winning"
				}
			}
			if !slices.Equal(moves, fromSearch) {
				return "WinningMoves differs from the search"
			}
			m, ok, _ := nim.WinningMove(heaps)
			if ok != (len(moves) > 0) || ok && m != moves[0] {
				return "WinningMove is not the first winning move"
			}
			return ""
		},
		gen.SliceOfN(5, gen.IntRange(0, 7)), gen.IntRange(0, 5),
	))
	properties.TestingRun(t)
}

// The engine's Grundy value of a Nim position is its nim-sum.
func TestGameValue(t *testing.T) {
	r := gametest.Rand(t)
	e := sg.NewEngine[game.Heaps](nim.NimGame{})
	for range 300 {
		heaps := make([]int, r.IntN(6))
		for i := range heaps {
			heaps[i] = r.IntN(40)
		}
		v, err := e.Value(context.Background(), mustHeaps(t, heaps...))
		s, _ := nim.Sum(heaps)
		if err != nil || v != sg.Nimber(s) {
			t.Fatalf("engine value of %v = %v, %v; nim-sum %d", heaps, v, err, s)
		}
	}
}

func TestExtremeAndSignedTypes(t *testing.T) {
	big := []uint64{math.MaxUint64, math.MaxUint64 - 1, 1 << 63}
	s, err := nim.Sum(big)
	if err != nil || s != 1<<63|1 {
		t.Errorf("Sum(%v) = %d, %v", big, s, err)
	}
	moves, err := nim.WinningMoves(big)
	want := []nim.Move[uint64]{
		{Heap: 0, From: math.MaxUint64, To: math.MaxUint64 ^ (1<<63 | 1)},
		{Heap: 1, From: math.MaxUint64 - 1, To: (math.MaxUint64 - 1) ^ (1<<63 | 1)},
		{Heap: 2, From: 1 << 63, To: 1},
	}
	if err != nil || !slices.Equal(moves, want) {
		t.Errorf("WinningMoves(%v) = %v, %v; want %v", big, moves, err, want)
	}
	for _, m := range moves {
		after := slices.Clone(big)
		after[m.Heap] = m.To
		if s, _ := nim.Sum(after); s != 0 {
			t.Errorf("move %v leaves nim-sum %d", m, s)
		}
	}
	// The relatives handle the full uint64 range too.
	stairs := []uint64{0, math.MaxUint64, 5, 1}
	wantT := []nim.Transfer[uint64]{{From: 1, To: 0, Count: math.MaxUint64 - 1}}
	if ms, err := nim.StaircaseWinningMoves(stairs); err != nil || !slices.Equal(ms, wantT) {
		t.Errorf("StaircaseWinningMoves(%v) = %v, %v; want %v", stairs, ms, err, wantT)
	}
	if m, ok, err := nim.MisereWinningMove([]uint64{math.MaxUint64, 1}); err != nil || !ok || m.To != 0 {
		t.Errorf("MisereWinningMove(MaxUint64, 1) = %v, %v, %v", m, ok, err)
	}
	if ms, err := nim.MooreWinningMove([]uint64{math.MaxUint64, math.MaxUint64, 1}, 2); err != nil ||
		!slices.Equal(ms, []nim.Move[uint64]{{Heap: 0, From: math.MaxUint64, To: 1}, {Heap: 1, From: math.MaxUint64, To: 1}}) {
		// Digits 1 to 63 have two ones each, not a multiple of 3: lower
		// both big heaps to 1, leaving (1, 1, 1).
		t.Errorf("MooreWinningMove(MaxUint64, MaxUint64, 1; k=2) = %v, %v", ms, err)
	}
	i8 := []int8{127, 100, 26} // nim-sum 1
	if m, ok, err := nim.WinningMove(i8); err != nil || !ok || m != (nim.Move[int8]{Heap: 0, From: 127, To: 126}) {
		t.Errorf("WinningMove(%v) = %v, %v, %v", i8, m, ok, err)
	}
	type Tokens uint16 // named element and slice types work too
	type Row []Tokens
	if o, err := nim.Outcome(Row{4, 4}); err != nil || o != sg.P {
		t.Errorf("Outcome(Row{4,4}) = %v, %v", o, err)
	}
}

func TestNegativeHeaps(t *testing.T) {
	heaps := []int64{3, 0, -2, 5, -1}
	const msg = "nim: heap 2 is -2: negative count"
	check := func(name string, err error) {
		t.Helper()
		if !errors.Is(err, nim.ErrNegative) || err.Error() != msg {
			t.Errorf("%s: error %v; want %q", name, err, msg)
		}
	}
	_, err := nim.Sum(heaps)
	check("Sum", err)
	_, err = nim.Outcome(heaps)
	check("Outcome", err)
	_, err = nim.WinningMoves(heaps)
	check("WinningMoves", err)
	_, _, err = nim.WinningMove(heaps)
	check("WinningMove", err)
	_, err = nim.MisereOutcome(heaps)
	check("MisereOutcome", err)
	_, err = nim.MisereWinningMoves(heaps)
	check("MisereWinningMoves", err)
	_, _, err = nim.MisereWinningMove(heaps)
	check("MisereWinningMove", err)
	_, err = nim.MooreOutcome(heaps, 2)
	check("MooreOutcome", err)
	_, err = nim.MooreWinningMove(heaps, 2)
	check("MooreWinningMove", err)
	if _, err := nim.StaircaseSum(heaps); err == nil || err.Error() != "nim: step 2 is -2: negative count" {
		t.Errorf("StaircaseSum: error %v", err)
	}
	if _, err := nim.Sum([]int8{-128}); !errors.Is(err, nim.ErrNegative) {
		t.Errorf("Sum(-128): error %v", err)
	}
}

func TestMoveString(t *testing.T) {
	m := nim.Move[int]{Heap: 2, From: 5, To: 3}
	if got, want := m.String(), "heap 2: 5 → 3 (take 2)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// Finding the winning move allocates nothing, on any number of heaps,
// steps or nodes, when the caller reuses its buffer; Moore's Nim_k
// allocates only its documented bitmap, for k > 64 and more than 64 heaps.
func TestNoAllocs(t *testing.T) {
	heaps := make([]uint64, 1000)
	for i := range heaps {
		heaps[i] = uint64(i * 7919)
	}
	tr := mustTree(t, randomTree(rand.New(rand.NewPCG(5, 6)), len(heaps)))
	// Every position below is an N-position, so the searches for a move
	// run to the end rather than stop at a zero sum.
	if s, _ := nim.Sum(heaps); s == 0 {
		t.Fatal("the heaps are a P-position")
	}
	if s, _ := nim.StaircaseSum(heaps); s == 0 {
		t.Fatal("the staircase is a P-position")
	}
	if s, _ := nim.TreeSum(tr, heaps); s == 0 {
		t.Fatal("the tree is a P-position")
	}
	if o, _ := nim.MooreOutcome(heaps, 65); o != sg.N {
		t.Fatal("the heaps are a P-position of Moore's Nim_65")
	}
	mbuf := make([]nim.Move[uint64], 0, len(heaps))
	tbuf := make([]nim.Transfer[uint64], 0, len(heaps))
	for _, tc := range []struct {
		name string
		want float64
		f    func()
	}{
		{"WinningMove", 0, func() { _, _, _ = nim.WinningMove(heaps) }},
		{"AppendWinningMoves", 0, func() { mbuf, _ = nim.AppendWinningMoves(mbuf[:0], heaps) }},
		{"MisereOutcome", 0, func() { _, _ = nim.MisereOutcome(heaps) }},
		{"MisereWinningMove", 0, func() { _, _, _ = nim.MisereWinningMove(heaps) }},
		{"StaircaseWinningMove", 0, func() { _, _, _ = nim.StaircaseWinningMove(heaps) }},
		{"AppendStaircaseWinningMoves", 0, func() { tbuf, _ = nim.AppendStaircaseWinningMoves(tbuf[:0], heaps) }},
		{"TreeSum", 0, func() { _, _ = nim.TreeSum(tr, heaps) }},
		{"TreeWinningMove", 0, func() { _, _, _ = nim.TreeWinningMove(tr, heaps) }},
		{"AppendTreeWinningMoves", 0, func() { tbuf, _ = nim.AppendTreeWinningMoves(tbuf[:0], tr, heaps) }},
		{"AppendMooreWinningMove k=1", 0, func() { mbuf, _ = nim.AppendMooreWinningMove(mbuf[:0], heaps, 1) }},
		{"AppendMooreWinningMove k=64", 0, func() { mbuf, _ = nim.AppendMooreWinningMove(mbuf[:0], heaps, 64) }},
		{"AppendMooreWinningMove k=65, 64 heaps", 0, func() { mbuf, _ = nim.AppendMooreWinningMove(mbuf[:0], heaps[:64], 65) }},
		{"AppendMooreWinningMove k=65", 1, func() { mbuf, _ = nim.AppendMooreWinningMove(mbuf[:0], heaps, 65) }},
	} {
		if got := testing.AllocsPerRun(10, tc.f); got != tc.want {
			t.Errorf("%s: %v allocations per run, want %v", tc.name, got, tc.want)
		}
	}
}
