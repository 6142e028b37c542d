package rulesets_test

import (
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

func TestWythoffPairs(t *testing.T) {
	// Lower and upper Wythoff sequences, OEIS A000201 and A001950.
	lower := []uint64{0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32}
	upper := []uint64{0, 2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52}
	for k := range lower {
		a, b, err := rulesets.WythoffPair(uint64(k))
		if err != nil || a != lower[k] || b != upper[k] {
			t.Errorf("WythoffPair(%d) = %d, %d, %v; want %d, %d", k, a, b, err, lower[k], upper[k])
		}
	}
	if _, _, err := rulesets.WythoffPair(1<<62 + 1); err == nil || !strings.Contains(err.Error(), "4611686018427387905") {
		t.Errorf("index above 2^62: err = %v", err)
	}
}

// TestWythoffHugeExact compares ⌊kφ⌋ with a 300-bit floating-point
// computation for large k, up to 2^62.
func TestWythoffHugeExact(t *testing.T) {
	r := newRand(t)
	sqrt5 := new(big.Float).SetPrec(300).SetInt64(5)
	sqrt5.Sqrt(sqrt5)
	phi := new(big.Float).SetPrec(300).Add(sqrt5, big.NewFloat(1))
	phi.Quo(phi, big.NewFloat(2))
	ks := []uint64{1 << 62, 1<<62 - 1, 1 << 40, 12345678901234567}
	for range 200 {
		ks = append(ks, r.Uint64N(1<<62+1))
	}
	for _, k := range ks {
		a, b, err := rulesets.WythoffPair(k)
		if err != nil {
			t.Fatal(err)
		}
		f := new(big.Float).SetPrec(300).SetUint64(k)
		f.Mul(f, phi)
		want, _ := f.Int(nil)
		if !want.IsUint64() || want.Uint64() != a || b != a+k {
			t.Fatalf("k = %d: (%d, %d), want A_k = %v", k, a, b, want)
		}
		// (A_k, B_k) is P in either order, and moving one token off is N.
		for _, p := range [][2]uint64{{a, b}, {b, a}} {
			if b > rulesets.MaxWythoffHeap {
				continue
			}
			if o, err := (rulesets.Wythoff{}).Outcome(p); err != nil || o != game.P {
				t.Fatalf("%v: outcome %v, %v", p, o, err)
			}
			q := [2]uint64{p[0], p[1] - 1}
			moves, err := (rulesets.Wythoff{}).WinningMoves(q)
			if err != nil || len(moves) == 0 {
				t.Fatalf("%v: winning moves %v, %v", q, moves, err)
			}
			for _, m := range moves {
				if o, _ := (rulesets.Wythoff{}).Outcome(m); o != game.P {
					t.Fatalf("%v → %v is not to a P-position", q, m)
				}
			}
		}
	}
	if _, err := (rulesets.Wythoff{}).Outcome([2]uint64{3, 1<<62 + 1}); err == nil || !strings.Contains(err.Error(), "index 1") {
		t.Errorf("heap above 2^62: err = %v", err)
	}
}

// TestWythoffExhaustive checks outcomes and the complete list of winning
// moves against plain search of the game's moves for heaps up to 24.
func TestWythoffExhaustive(t *testing.T) {
	w := rulesets.Wythoff{}
	x := sg.NewExhaustive[[2]uint64](w)
	const n = 24
	for a := range uint64(n) {
		for b := range uint64(n) {
			p := [2]uint64{a, b}
			want, err := x.Outcome(bg, p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := w.Outcome(p)
			if err != nil || got != want {
				t.Fatalf("%v: outcome %v, exhaustive %v", p, got, want)
			}
			var wantMoves [][2]uint64
			for _, q := range w.AppendMoves(nil, p) {
				if o, _ := x.Outcome(bg, q); o == game.P {
					wantMoves = append(wantMoves, q)
				}
			}
			gotMoves, _ := w.WinningMoves(p)
			less := func(u, v [2]uint64) int {
				if u[0] != v[0] {
					return int(u[0]) - int(v[0])
				}
				return int(u[1]) - int(v[1])
			}
			slices.SortFunc(wantMoves, less)
			slices.SortFunc(gotMoves, less)
			if !slices.Equal(gotMoves, wantMoves) {
				t.Fatalf("%v: winning moves %v, exhaustive %v", p, gotMoves, wantMoves)
			}
		}
	}
	// The engine uses Canonical to merge (a, b) and (b, a).
	e := sg.NewEngine[[2]uint64](w)
	if v, err := e.Value(bg, [2]uint64{3, 5}); err != nil || v != 0 {
		t.Errorf("engine (3, 5) = %v, %v", v, err)
	}
}
