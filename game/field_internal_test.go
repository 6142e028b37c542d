package game

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// generator16 returns the least generator of the multiplicative group of
// the nimbers below 2^16: an element whose powers g^(65535/p) differ from
// 1 for each prime p of 65535 = 3·5·17·257.
func generator16() uint16 {
	for g := uint64(2); ; g++ {
		ok := true
		for _, p := range [...]uint64{3, 5, 17, 257} {
			if powSlow(g, order16/p, 16) == 1 {
				ok = false
				break
			}
		}
		if ok {
			return uint16(g)
		}
	}
}

func powSlow(a, e uint64, bits uint) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = mulSlow(r, a, bits)
		}
		a = mulSlow(a, a, bits)
	}
	return r
}

func TestGenerator16(t *testing.T) {
	if g := generator16(); g != gen16 {
		t.Errorf("least generator of GF(2^16)* is %d, gen16 is %d", g, gen16)
	}
	// The tables are a bijection: every nonzero x has one logarithm.
	fieldTables()
	for x := 1; x < 1<<16; x++ {
		if exp16[log16[x]] != uint16(x) {
			t.Fatalf("exp(log(%d)) = %d", x, exp16[log16[x]])
		}
	}
	for l := zeroLog; l < 1<<19; l += 997 {
		if exp16[l] != 0 {
			t.Fatalf("exp16[%d] = %d, want 0 in the zero region", l, exp16[l])
		}
	}
}

// reduceSlow returns h·x^64 + l modulo f = x^64 + x^4 + x^3 + x + 1 by
// long division, bit by bit from the top.
func reduceSlow(h, l uint64) uint64 {
	for i := 63; i >= 0; i-- {
		if h&(1<<i) != 0 {
			// x^(64+i) ≡ x^i·(x^4 + x^3 + x + 1): clear bit 64+i, add r·x^i.
			h ^= 1 << i
			for _, e := range [...]int{0, 1, 3, 4} {
				if k := i + e; k >= 64 {
					h ^= 1 << (k - 64)
				} else {
					l ^= 1 << k
				}
			}
		}
	}
	return l
}

// TestPolyBasis checks the polynomial basis against the logarithm tables:
// the changes of basis are inverse to each other, the carry-less product
// (instruction and bit loop) agrees, and so do the two products.
func TestPolyBasis(t *testing.T) {
	fieldTables()
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 20000 {
		a, b := r.Uint64(), r.Uint64()
		switch i % 4 {
		case 1:
			a >>= r.IntN(64)
		case 2:
			b &= 0xffff0000ffff
		case 3:
			a, b = uint64(i), uint64(i/3)
		}
		if got := convert(&fromPoly, convert(&toPoly, a)); got != a {
			t.Fatalf("fromPoly(toPoly(%#x)) = %#x", a, got)
		}
		pa, pb := convert(&toPoly, a), convert(&toPoly, b)
		want := clmulModSlow(pa, pb)
		if got := reduceSlow(clmul(pa, pb)); got != want {
			t.Fatalf("%#x·%#x: reduce %#x, long division %#x", pa, pb, want, got)
		}
		if hasCLMUL {
			if got := clmulMod(pa, pb); got != want {
				t.Fatalf("clmulMod(%#x, %#x) = %#x, bit by bit %#x", pa, pb, got, want)
			}
		}
		if got, want := convert(&fromPoly, want), mul64(a, b); got != want {
			t.Fatalf("%#x ⊗ %#x: polynomial basis %#x, tables %#x", a, b, got, want)
		}
		// mulNim is the assembly's polynomial basis where the processor
		// has PCLMULQDQ, the logarithm tables elsewhere.
		if got := mulNim(a, b); got != mul64(a, b) {
			t.Fatalf("mulNim(%#x, %#x) = %#x, want %#x", a, b, got, mul64(a, b))
		}
		// mulFirst is the way in before the tables exist.
		if got := mulFirst(a, b); got != mul64(a, b) {
			t.Fatalf("mulFirst(%#x, %#x) = %#x, want %#x", a, b, got, mul64(a, b))
		}
	}
	// The tower of logarithm tables against the recursive formula alone
	// (Lenstra's, with no tables), on full-width operands.
	for range 300 {
		a, b := r.Uint64(), r.Uint64()
		if got, want := mul64(a, b), mulSlow(a, b, 64); got != want {
			t.Fatalf("mul64(%#x, %#x) = %#x, recursive formula %#x", a, b, got, want)
		}
	}
	if hasCLMUL && atomic.LoadUint32(&polyReady) == 0 {
		t.Error("the processor has PCLMULQDQ but Mul does not use it")
	}
	// x^64 ≡ x^4 + x^3 + x + 1: the polynomial x^63 times x is x^64.
	x63 := uint64(1) << 63
	if got := clmulModSlow(x63, 2); got != polyR {
		t.Errorf("x^63·x = %#x, want %#x", got, uint64(polyR))
	}
	// Powers agree in both bases (x^(2^64-1) = 1 for x ≠ 0), and 1 is the
	// polynomial 1.
	if got := convert(&toPoly, 1); got != 1 {
		t.Errorf("toPoly(1) = %#x, want 1", got)
	}
	for range 200 {
		a, e := r.Uint64(), r.Uint64()>>r.IntN(64)
		if a != 0 && powTower(a, ^uint64(0)) != 1 {
			t.Fatalf("%#x^(2^64-1) ≠ 1 by the tables", a)
		}
		if !hasCLMUL {
			continue
		}
		if got, want := powPoly(a, e), powTower(a, e); got != want {
			t.Fatalf("%#x^%d: polynomial basis %#x, tables %#x", a, e, got, want)
		}
		if a != 0 && powPoly(a, ^uint64(0)) != 1 {
			t.Fatalf("%#x^(2^64-1) ≠ 1 in the polynomial basis", a)
		}
	}
	// β is the polynomial x.
	if got := convert(&toPoly, polyBeta); got != 2 {
		t.Errorf("toPoly(β) = %#x, want x = 2", got)
	}
}
