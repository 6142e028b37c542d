package game

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// Polynomials over the nimbers, for finding a root of the sparse modulus
// f(x) = x^64 + x^4 + x^3 + x + 1 in the field of 2^64 nimbers:
// coefficient k of a []uint64 is the coefficient of x^k, with no zero
// leading coefficient (the zero polynomial is empty).

func nimPolyTrim(p []uint64) []uint64 {
	for len(p) > 0 && p[len(p)-1] == 0 {
		p = p[:len(p)-1]
	}
	return p
}

// nimPolyMod returns a mod g for g ≠ 0.
func nimPolyMod(a, g []uint64) []uint64 {
	r := append([]uint64(nil), a...)
	d := len(g) - 1
	lead := inv64(g[d])
	for i := len(r) - 1; i >= d; i-- {
		if r[i] == 0 {
			continue
		}
		c := mul64(r[i], lead)
		for j := range g {
			r[i-d+j] ^= mul64(c, g[j])
		}
	}
	return nimPolyTrim(r[:min(len(r), d)])
}

// nimPolyMonic returns g divided by its leading coefficient.
func nimPolyMonic(g []uint64) []uint64 {
	lead := inv64(g[len(g)-1])
	m := make([]uint64, len(g))
	for i, c := range g {
		m[i] = mul64(c, lead)
	}
	return m
}

func nimPolyGCD(a, b []uint64) []uint64 {
	for len(b) > 0 {
		a, b = b, nimPolyMod(a, b)
	}
	return nimPolyMonic(a)
}

// nimPolyDiv returns a / g for a monic g that divides a.
func nimPolyDiv(a, g []uint64) []uint64 {
	r := append([]uint64(nil), a...)
	d := len(g) - 1
	q := make([]uint64, len(a)-d)
	for i := len(r) - 1; i >= d; i-- {
		c := r[i]
		q[i-d] = c
		for j := range g {
			r[i-d+j] ^= mul64(c, g[j])
		}
	}
	return q
}

// nimPolySquareMod returns a² mod g: in characteristic 2 the square of
// Σ a_k x^k is Σ a_k² x^(2k).
func nimPolySquareMod(a, g []uint64) []uint64 {
	s := make([]uint64, 2*len(a))
	for k, c := range a {
		s[2*k] = mul64(c, c)
	}
	return nimPolyMod(nimPolyTrim(s), g)
}

// nimPolyRoot returns a root of g, a monic polynomial that is a product of
// distinct linear factors over the nimbers below 2^64, by trace splitting
// (Cantor and Zassenhaus's method for characteristic 2; Lidl and
// Niederreiter, Finite Fields, §4.3): for a random δ the trace
// Tr(δx) = Σ_{i<64} (δx)^(2^i) takes the values 0 and 1 only, so g is the
// product of gcd(g, Tr(δx)) and gcd(g, Tr(δx) + 1), and a δ that splits
// the roots unevenly between them is found after a few tries.
func nimPolyRoot(g []uint64, r *rand.Rand) uint64 {
	for len(g) > 2 {
		delta := r.Uint64()
		y := nimPolyMod([]uint64{0, delta}, g)
		tr := append([]uint64(nil), y...)
		for range 63 {
			y = nimPolySquareMod(y, g)
			for len(tr) < len(y) {
				tr = append(tr, 0)
			}
			for k, c := range y {
				tr[k] ^= c
			}
		}
		tr = nimPolyTrim(tr)
		if len(tr) == 0 {
			continue
		}
		h := nimPolyGCD(g, tr)
		if len(h) <= 1 || len(h) == len(g) {
			continue
		}
		if q := nimPolyDiv(g, h); len(q) < len(h) {
			h = q
		}
		g = h
	}
	return g[0] // g = x + g[0], whose root is g[0] (−c = c)
}

// gf2MulMod returns a·b modulo m for polynomials over GF(2) held as the
// bits of big integers (bit k the coefficient of x^k), with no machinery
// shared with the code under test.
func gf2MulMod(a, b, m *big.Int) *big.Int {
	p := new(big.Int)
	for i := b.BitLen() - 1; i >= 0; i-- {
		p.Lsh(p, 1)
		if b.Bit(i) == 1 {
			p.Xor(p, a)
		}
	}
	return gf2Mod(p, m)
}

func gf2Mod(a, m *big.Int) *big.Int {
	r := new(big.Int).Set(a)
	for d := m.BitLen(); r.BitLen() >= d; {
		r.Xor(r, new(big.Int).Lsh(m, uint(r.BitLen()-d)))
	}
	return r
}

func gf2GCD(a, b *big.Int) *big.Int {
	a, b = new(big.Int).Set(a), new(big.Int).Set(b)
	for b.Sign() != 0 {
		a, b = b, gf2Mod(a, b)
	}
	return a
}

// irreducible2k reports whether f, of degree n = 2^k, is irreducible over
// GF(2) by Rabin's criterion (Rabin, "Probabilistic algorithms in finite
// fields", SIAM J. Comput. 9, 1980): a polynomial of degree n is
// irreducible if and only if it divides x^(2^n) - x and is prime to
// x^(2^(n/q)) - x for each prime q dividing n; for n = 2^k the only such
// q is 2.
func irreducible2k(f *big.Int) bool {
	n := f.BitLen() - 1
	x := big.NewInt(2)
	y := new(big.Int).Set(x) // x^(2^i) mod f
	for i := 1; i <= n; i++ {
		y = gf2MulMod(y, y, f)
		if i == n/2 && gf2GCD(f, new(big.Int).Xor(y, x)).Cmp(big.NewInt(1)) != 0 {
			return false
		}
	}
	return y.Cmp(gf2Mod(x, f)) == 0
}

func TestPolyModulusIrreducible(t *testing.T) {
	// The criterion on small polynomials first: x^4 + x + 1, the
	// cyclotomic x^4 + x^3 + x^2 + x + 1 and the AES polynomial
	// x^8 + x^4 + x^3 + x + 1 are irreducible; x^4 + x^2 + 1 =
	// (x^2 + x + 1)^2, x^8 + 1 = (x + 1)^8 and x^8 + x^4 + x^3 + x^2 + x
	// (a multiple of x) are not.
	for _, c := range []struct {
		f    int64
		want bool
	}{{0x13, true}, {0x1f, true}, {0x11b, true}, {0x15, false}, {0x101, false}, {0x11e, false}} {
		if got := irreducible2k(big.NewInt(c.f)); got != c.want {
			t.Errorf("irreducible(%#x) = %v, want %v", c.f, got, c.want)
		}
	}
	x64 := func(low uint64) *big.Int { // x^64 + low
		return new(big.Int).SetBit(new(big.Int).SetUint64(low), 64, 1)
	}
	if !irreducible2k(x64(polyR)) {
		t.Error("x^64 + x^4 + x^3 + x + 1 is reducible")
	}
	// No trinomial x^64 + x^k + 1 is irreducible (Swan, "Factorization of
	// polynomials over finite fields", Pacific J. Math. 12, 1962: for a
	// degree divisible by 8 the number of factors is even), and f is the
	// first pentanomial x^64 + x^a + x^b + x^c + 1 (a > b > c > 0, least a,
	// then least b) that is: x^64 + x^3 + x^2 + x + 1 and
	// x^64 + x^4 + x^2 + x + 1 are not.
	for k := 1; k < 64; k++ {
		if irreducible2k(x64(1<<k | 1)) {
			t.Errorf("x^64 + x^%d + 1 is irreducible, against Swan's theorem", k)
		}
	}
	for _, low := range []uint64{0b1111, 0b10111} {
		if irreducible2k(x64(low)) {
			t.Errorf("x^64 + %#b (low terms) is irreducible, f is not the first", low)
		}
	}
}

// TestPolyBeta finds a root of f among the nimbers again, by trace
// splitting, and checks that polyBeta is the least of its 64 conjugates,
// that f(polyBeta) = 0, and that the tables built from another root give
// the same products as the tower of logarithm tables.
func TestPolyBeta(t *testing.T) {
	fieldTables()
	f := make([]uint64, 65)
	f[64], f[4], f[3], f[1], f[0] = 1, 1, 1, 1, 1
	b := nimPolyRoot(f, rand.New(rand.NewPCG(1, 1)))
	// f(b) = b^64 ⊕ b^4 ⊕ b^3 ⊕ b ⊕ 1, by Horner's rule.
	eval := func(b uint64) uint64 {
		v := uint64(0)
		for k := 64; k >= 0; k-- {
			v = mul64(v, b) ^ f[k]
		}
		return v
	}
	if v := eval(b); v != 0 {
		t.Fatalf("trace splitting found %#x, but f(%#x) = %#x", b, b, v)
	}
	least, c := b, b
	conj := map[uint64]bool{}
	for range 64 {
		conj[c] = true
		least = min(least, c)
		c = mul64(c, c) // the Frobenius map permutes the roots
	}
	if c != b || len(conj) != 64 {
		t.Fatalf("%#x has %d conjugates and b^(2^64) = %#x; want 64 and b", b, len(conj), c)
	}
	if least != polyBeta {
		t.Errorf("least root of f is %#x, polyBeta is %#x", least, uint64(polyBeta))
	}
	if v := eval(polyBeta); v != 0 {
		t.Errorf("f(polyBeta) = %#x, want 0", v)
	}
	// Any root gives an isomorphism: the found one, whatever it is.
	to, from := polyTables(b)
	r := rand.New(rand.NewPCG(13, 14))
	for range 2000 {
		x, y := r.Uint64(), r.Uint64()
		got := convert(&from, clmulModSlow(convert(&to, x), convert(&to, y)))
		if want := mul64(x, y); got != want {
			t.Fatalf("%#x ⊗ %#x with the root %#x: %#x, want %#x", x, y, b, got, want)
		}
	}
}
