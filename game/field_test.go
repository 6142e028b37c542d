package game_test

import (
	"errors"
	"math/bits"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// onagTable is the nim-multiplication table of the nimbers below 16 as
// printed in Conway, On Numbers and Games (1976), ch. 6, and reproduced in
// Berlekamp, Conway and Guy, Winning Ways, ch. 14 ("Turning Corners") and
// Ferguson, Game Theory, part I, §5.5: row a, column b holds a ⊗ b.
var onagTable = [16][16]uint8{
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5},
	{0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10},
	{0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1},
	{0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14},
	{0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4},
	{0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11},
	{0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2},
	{0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13},
	{0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7},
	{0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8},
	{0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3},
	{0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12},
	{0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6},
	{0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9},
}

func TestMulPublishedTable(t *testing.T) {
	for a := range 16 {
		for b := range 16 {
			if got := game.Nimber(a).Mul(game.Nimber(b)); got != game.Nimber(onagTable[a][b]) {
				t.Errorf("%d ⊗ %d = %d, ONAG's table has %d", a, b, got, onagTable[a][b])
			}
		}
	}
}

// conwayTable returns a ⊗ b for a, b < n from Conway's definition alone:
// a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}.
func conwayTable(n int) [][]uint64 {
	t := make([][]uint64, n)
	for a := range t {
		t[a] = make([]uint64, n)
		for b := range t[a] {
			seen := make(map[uint64]bool)
			for x := 0; x < a; x++ {
				for y := 0; y < b; y++ {
					seen[t[x][b]^t[a][y]^t[x][y]] = true
				}
			}
			m := uint64(0)
			for seen[m] {
				m++
			}
			t[a][b] = m
		}
	}
	return t
}

func TestMulConwayDefinition(t *testing.T) {
	n := 64
	if testing.Short() {
		n = 32
	}
	ct := conwayTable(n)
	for a := range n {
		for b := range n {
			if got := game.Nimber(a).Mul(game.Nimber(b)); uint64(got) != ct[a][b] {
				t.Fatalf("%d ⊗ %d = %d, Conway's mex definition gives %d", a, b, got, ct[a][b])
			}
		}
	}
	// The table printed in ONAG agrees with the definition too.
	for a := range 16 {
		for b := range 16 {
			if uint64(onagTable[a][b]) != ct[a][b] {
				t.Errorf("table entry %d ⊗ %d = %d, definition gives %d", a, b, onagTable[a][b], ct[a][b])
			}
		}
	}
}

// fermatMul is the slow field formula with four products per level and no
// tables: for F = 2^(bits/2) a Fermat 2-power, F ⊗ F = F ⊕ F/2 and F ⊗ x =
// F·x for x < F, so
//
//	(a1·F + a0) ⊗ (b1·F + b0) = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F ⊕ (a0⊗b0 ⊕ a1⊗b1⊗F/2).
func fermatMul(a, b uint64, bits uint) uint64 {
	if bits == 1 {
		return a & b
	}
	h := bits / 2
	m := uint64(1)<<h - 1
	a0, a1, b0, b1 := a&m, a>>h, b&m, b>>h
	hh := fermatMul(a1, b1, h)
	hi := hh ^ fermatMul(a1, b0, h) ^ fermatMul(a0, b1, h)
	lo := fermatMul(a0, b0, h) ^ fermatMul(hh, uint64(1)<<(h-1), h)
	return hi<<h | lo
}

func nimberGen() gopter.Gen {
	// Mix full-width values with small ones and ones with zero halves,
	// where the zero logarithms are taken.
	return gen.OneGenOf(
		gen.UInt64(),
		gen.UInt64Range(0, 300),
		gen.UInt64().Map(func(x uint64) uint64 { return x & 0xffff0000ffff0000 }),
		gen.UInt64().Map(func(x uint64) uint64 { return x >> 32 }),
		gen.UInt64().Map(func(x uint64) uint64 { return x << 32 }),
	).Map(func(x uint64) game.Nimber { return game.Nimber(x) })
}

func TestMulFermatFormula(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 400))
	props.Property("Mul agrees with the recursive Fermat 2-power formula", prop.ForAll(
		func(a, b game.Nimber) bool {
			return uint64(a.Mul(b)) == fermatMul(uint64(a), uint64(b), 64)
		}, nimberGen(), nimberGen()))
	props.TestingRun(t)
}

func TestFieldLaws(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 500))
	props.Property("commutative, associative, distributive", prop.ForAll(
		func(a, b, c game.Nimber) bool {
			return a.Mul(b) == b.Mul(a) &&
				a.Mul(b).Mul(c) == a.Mul(b.Mul(c)) &&
				a.Mul(b^c) == a.Mul(b)^a.Mul(c) &&
				a.Mul(1) == a && a.Mul(0) == 0
		}, nimberGen(), nimberGen(), nimberGen()))
	props.Property("inverse and quotient", prop.ForAll(
		func(a, b game.Nimber) bool {
			if a == 0 {
				return true
			}
			inv, err := a.Inv()
			if err != nil || a.Mul(inv) != 1 {
				return false
			}
			q, err := b.Div(a)
			return err == nil && q.Mul(a) == b
		}, nimberGen(), nimberGen()))
	props.Property("square root", prop.ForAll(
		func(a game.Nimber) bool {
			s := a.Sqrt()
			return s.Mul(s) == a && a.Mul(a).Sqrt() == a
		}, nimberGen()))
	props.Property("power", prop.ForAll(
		func(a game.Nimber, e uint8) bool {
			want := game.Nimber(1)
			for range e {
				want = want.Mul(a)
			}
			// Fermat's little theorem in the field: a^(2^64-1) = 1 for a ≠ 0,
			// and a^(2^k) is k squarings.
			ok := a == 0 || a.Pow(^uint64(0)) == 1
			return ok && a.Pow(uint64(e)) == want && a.Pow(4) == a.Mul(a).Mul(a.Mul(a))
		}, nimberGen(), gen.UInt8()))
	props.TestingRun(t)
}

func TestFieldKnownValues(t *testing.T) {
	// F ⊗ F = 3F/2 for a Fermat 2-power F (ONAG ch. 6), and F ⊗ x = F·x
	// for x < F.
	for _, k := range []uint{1, 2, 4, 8, 16, 32} {
		f := game.Nimber(1) << k
		if got := f.Mul(f); got != f|f>>1 {
			t.Errorf("2^%d ⊗ 2^%d = %d, want %d", k, k, got, f|f>>1)
		}
		x := f - 1
		if got := f.Mul(x); got != f*x {
			t.Errorf("2^%d ⊗ %d = %d, want the ordinary product %d", k, x, got, f*x)
		}
	}
	// The nimbers below 2^(2^k) are a subfield: closed under products.
	for _, k := range []uint{1, 2, 4, 8, 16, 32} {
		top := game.Nimber(1)<<k - 1
		if p := top.Mul(top - 1); p > top {
			t.Errorf("%d ⊗ %d = %d leaves the subfield below 2^%d", top, top-1, p, k)
		}
	}
	// The multiplicative order of 2 divides 3 (2 ⊗ 2 ⊗ 2 = 1).
	if got := game.Nimber(2).Pow(3); got != 1 {
		t.Errorf("2^3 = %d, want 1", got)
	}
	if got, _ := game.Nimber(2).Inv(); got != 3 {
		t.Errorf("2⁻¹ = %d, want 3", got)
	}
	if got := game.Nimber(2).Sqrt(); got != 3 {
		t.Errorf("√2 = %d, want 3", got)
	}
	if bits.OnesCount64(uint64(game.Nimber(^uint64(0)).Sqrt())) == 0 {
		t.Error("√(2^64-1) = 0")
	}
}

func TestFieldZero(t *testing.T) {
	if _, err := game.Nimber(0).Inv(); !errors.Is(err, game.ErrZeroNimber) {
		t.Errorf("Inv(0): err = %v, want ErrZeroNimber", err)
	}
	if _, err := game.Nimber(7).Div(0); !errors.Is(err, game.ErrZeroNimber) {
		t.Errorf("7 / 0: err = %v, want ErrZeroNimber", err)
	}
	if q, err := game.Nimber(0).Div(5); err != nil || q != 0 {
		t.Errorf("0 / 5 = %d, %v; want 0", q, err)
	}
	if game.Nimber(0).Sqrt() != 0 || game.Nimber(0).Pow(0) != 1 || game.Nimber(0).Pow(5) != 0 {
		t.Error("0: Sqrt, Pow(0) or Pow(5) wrong")
	}
}

func TestMulConcurrentFirstUse(t *testing.T) {
	// The tables are built on first use; concurrent first uses must agree
	// (run with -race). In a test binary they may already be built.
	done := make(chan game.Nimber, 8)
	for range 8 {
		go func() { done <- game.Nimber(123456789).Mul(987654321) }()
	}
	want := game.Nimber(fermatMul(123456789, 987654321, 64))
	for range 8 {
		if got := <-done; got != want {
			t.Errorf("concurrent Mul = %d, want %d", got, want)
		}
	}
}
