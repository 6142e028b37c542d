package game

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// The nimbers below 2^(2^k) form a field under nim-addition (XOR) and
// Conway's nim-multiplication, the product defined recursively by
//
//	a ⊗ b = mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }
//
// (Conway, On Numbers and Games, ch. 6). So a [Nimber] is an element of
// the field of 2^64 elements, and this file gives it the field's
// operations: [Nimber.Mul], [Nimber.Inv], [Nimber.Div], [Nimber.Sqrt] and
// [Nimber.Pow].
//
// The algorithms use the tower of subfields (Lenstra, "Nim multiplication",
// Séminaire de Théorie des Nombres de Bordeaux, 1977-78; Conway, ONAG ch. 6):
// with F = 2^(2^k) a Fermat 2-power, every nimber below F² is a1·F + a0
// with a0, a1 < F, where a1·F is the ordinary product (it equals a1 ⊗ F),
// and F ⊗ F = F ⊕ F/2. Hence, with h = F/2,
//
//	(a1·F + a0) ⊗ (b1·F + b0) = (p2 ⊕ p0)·F + (p0 ⊕ p1⊗h)
//
// where p0 = a0⊗b0, p1 = a1⊗b1 and p2 = (a0⊕a1)⊗(b0⊕b1): three products
// in the subfield instead of four (Karatsuba's trick, which is exact here
// because the characteristic is 2). The recursion stops at the field of
// 2^16 elements, whose multiplicative group is cyclic of order 65535, so a
// product there is one addition of discrete logarithms read from a table
// (built on first use, in O(2^16) steps: 256 KiB of logarithms and
// 1 MiB of powers, of which 384 KiB are read for nonzero operands; 0 has a
// logarithm whose sums land on zeros, so no product needs a branch). A
// 64-bit product is 9 such products, 18 logarithms and 10 powers in all;
// [Nimber.Inv] and [Nimber.Sqrt] use the same tower.
//
// Where the processor multiplies polynomials over GF(2) (the PCLMULQDQ
// instruction of amd64), [Nimber.Mul], [Nimber.Div] and [Nimber.Pow] go
// faster through a second description of the same field, as polynomials
// modulo the irreducible x^64 + x^4 + x^3 + x + 1 (see toPoly below): a
// product is then 25 lookups in 32 KiB of tables that stay in the L1
// cache, one carry-less product and a few shifts. Both ways give the same
// nimbers; the tests compare them with each other and with the recursive
// formula.

// ErrZeroNimber is returned when 0 is inverted or divides: the only
// nimber with no multiplicative inverse.
var ErrZeroNimber = errors.New("the nimber 0 has no inverse")

const (
	order16 = 1<<16 - 1 // the order of the multiplicative group of GF(2^16)
	// gen16 is the least generator of that group: 258 ⊗ … ⊗ 258 (k factors)
	// is 1 for k = 65535 and for no proper divisor (checked by the tests).
	gen16  = 258
	half16 = 1 << 15 // F/2 for F = 2^16: 2^16 ⊗ 2^16 = 2^16 ⊕ 2^15
)

var (
	fieldOnce  sync.Once
	fieldReady atomic.Bool
	// log16[x] is the discrete logarithm of x ≠ 0 in GF(2^16) to the base
	// gen16, and log16[0] is zeroLog. exp16[i] is gen16^(i mod 65535) for
	// i < 3·65535, so that a sum of two logarithms and a constant needs no
	// reduction, and 0 from zeroLog on: any sum that includes the
	// logarithm of 0 lands there, so products by 0 need no branch.
	log16 [1 << 16]uint32
	exp16 [1 << 19]uint16
	// logHalf is log16[2^15], and logHalf2 the logarithm of 2^15 ⊗ 2^15.
	logHalf, logHalf2 uint32
)

// fieldTables builds the logarithm tables once, on first use.
func fieldTables() {
	if !fieldReady.Load() {
		buildFieldOnce()
	}
}

// buildFieldOnce is kept out of line so that fieldTables, a load and a
// branch once the tables exist, is inlined into every operation.
//
//go:noinline
func buildFieldOnce() { fieldOnce.Do(buildField) }

func buildField() {
	g := gen16
	// Multiplication by g is linear over GF(2): its value on x is the XOR
	// of its values on the two bytes of x, read from two 256-entry tables.
	var lo, hi [256]uint16
	for i := range 8 {
		lo[1<<i] = uint16(mulSlow(1<<i, uint64(g), 16))
		hi[1<<i] = uint16(mulSlow(1<<(i+8), uint64(g), 16))
	}
	for i := 1; i < 256; i++ {
		low := i & -i // the lowest bit of i
		lo[i] = lo[low] ^ lo[i^low]
		hi[i] = hi[low] ^ hi[i^low]
	}
	x := uint16(1)
	for i := 0; i < order16; i++ {
		exp16[i] = x
		exp16[i+order16] = x
		exp16[i+2*order16] = x
		log16[x] = uint32(i)
		x = lo[x&0xff] ^ hi[x>>8]
	}
	log16[0] = zeroLog
	logHalf = log16[half16]
	logHalf2 = (2 * logHalf) % order16
	buildPoly()
	if hasCLMUL {
		atomic.StoreUint32(&polyReady, 1)
	}
	fieldReady.Store(true)
}

// mulSlow returns a ⊗ b for a, b below 2^bits (bits a power of two) by the
// recursive formula alone, with no tables; it builds the tables.
func mulSlow(a, b uint64, bits uint) uint64 {
	if bits == 1 {
		return a & b
	}
	half := bits / 2
	mask := uint64(1)<<half - 1
	a0, a1, b0, b1 := a&mask, a>>half, b&mask, b>>half
	p0 := mulSlow(a0, b0, half)
	p1 := mulSlow(a1, b1, half)
	p2 := mulSlow(a0^a1, b0^b1, half)
	return (p2^p0)<<half | p0 ^ mulSlow(p1, uint64(1)<<(half-1), half)
}

// zeroLog is the logarithm given to 0. Every sum of at most two
// logarithms and a constant below 65535 that includes it lies in
// [3·65535, 2^19), where exp16 holds 0.
const zeroLog = 3 * order16

// expLog returns gen16^l, or 0 when l came from a zero operand.
func expLog(l uint32) uint32 { return uint32(exp16[l&(1<<19-1)]) }

// lg returns the logarithm of x < 2^16, zeroLog for 0.
func lg(x uint32) uint32 { return log16[x&0xffff] }

// mul32 returns a ⊗ b for a, b < 2^32 from the logarithms of their 16-bit
// halves.
func mul32(a, b uint32) uint32 {
	la0, la1, la2 := lg(a&0xffff), lg(a>>16), lg((a^a>>16)&0xffff)
	lb0, lb1, lb2 := lg(b&0xffff), lg(b>>16), lg((b^b>>16)&0xffff)
	p0 := expLog(la0 + lb0)
	p2 := expLog(la2 + lb2)
	p1h := expLog(la1 + lb1 + logHalf)
	return (p2^p0)<<16 | p0 ^ p1h
}

// mulHalf32 returns x ⊗ 2^31 for x < 2^32: with F = 2^16 and c = 2^15,
// 2^31 = c·F, and (x1·F + x0) ⊗ c·F = (x1⊗c ⊕ x0⊗c)·F + x1⊗c⊗c.
func mulHalf32(x uint32) uint32 {
	l0, l1 := lg(x&0xffff), lg(x>>16)
	u := expLog(l1 + logHalf)
	v := expLog(l0 + logHalf)
	return (u^v)<<16 | expLog(l1+logHalf2)
}

func mul64(a, b uint64) uint64 {
	// The three 32-bit products of the outer Karatsuba step, each by three
	// 16-bit products, written out so that each of the nine 16-bit pieces
	// of a and of b is looked up once. p1 = a1 ⊗ b1 is needed only times
	// 2^31 = 2^15·2^16: with p1 = (x ⊕ q)·F ⊕ (q ⊕ y⊗c) for F = 2^16, c = 2^15,
	// x, q, y the three 16-bit products, p1 ⊗ c·F = (x⊗c ⊕ y⊗c²)·F ⊕
	// (x⊗c² ⊕ q⊗c²), each term one more table lookup.
	a00, a01, a10, a11 := uint32(a&0xffff), uint32(a>>16&0xffff), uint32(a>>32&0xffff), uint32(a>>48)
	b00, b01, b10, b11 := uint32(b&0xffff), uint32(b>>16&0xffff), uint32(b>>32&0xffff), uint32(b>>48)
	c0, c1 := a00^a10, a01^a11 // the halves of a0 ⊕ a1
	d0, d1 := b00^b10, b01^b11
	// p0 = a0 ⊗ b0
	q0 := expLog(lg(a00) + lg(b00))
	p0 := (expLog(lg(a00^a01)+lg(b00^b01))^q0)<<16 | q0 ^ expLog(lg(a01)+lg(b01)+logHalf)
	// p2 = (a0 ⊕ a1) ⊗ (b0 ⊕ b1)
	q2 := expLog(lg(c0) + lg(d0))
	p2 := (expLog(lg(c0^c1)+lg(d0^d1))^q2)<<16 | q2 ^ expLog(lg(c1)+lg(d1)+logHalf)
	// p1 ⊗ 2^31
	lq, lx, ly := lg(a10)+lg(b10), lg(a10^a11)+lg(b10^b11), lg(a11)+lg(b11)
	p1h := (expLog(lx+logHalf)^expLog(ly+logHalf2))<<16 | expLog(lx+logHalf2) ^ expLog(lq+logHalf2)
	return uint64(p2^p0)<<32 | uint64(p0^p1h)
}

// mulFirst returns a ⊗ b after building the tables if need be: the
// assembly's mulNim jumps here until polyReady is set, and forever on a
// processor without PCLMULQDQ.
func mulFirst(a, b uint64) uint64 {
	fieldTables()
	if atomic.LoadUint32(&polyReady) != 0 {
		return mulNim(a, b)
	}
	return mul64(a, b)
}

// Mul returns the nim-product a ⊗ b. With nim-addition ([Nimber.Add], XOR)
// it makes the nimbers below 2^64 a field: ⊗ is associative, commutative,
// distributes over ⊕, has identity 1, and every a ≠ 0 has an inverse. A
// nimber below a Fermat 2-power 2^(2^k) times one below it stays below
// it, so the product of two values that fit in 64 bits fits too. 2 ⊗ 2 = 3,
// 4 ⊗ 4 = 6, 2^32 ⊗ 2^32 = 3·2^31.
//
// It allocates nothing and is safe for concurrent use (the tables are
// built once, on first use). It costs 25 lookups in 32 KiB of tables and
// one carry-less multiplication on amd64, 28 lookups in the larger
// logarithm tables elsewhere.
func (a Nimber) Mul(b Nimber) Nimber {
	return Nimber(mulNim(uint64(a), uint64(b)))
}

// inv32 returns the inverse of x ≠ 0 below 2^32: x = x1·F + x0 with F =
// 2^16 has conjugate x̄ = x1·F + (x0 ⊕ x1) (F's conjugate is F ⊕ 1, the other
// root of t² = t ⊕ F/2), and x ⊗ x̄ = x1⊗x1⊗2^15 ⊕ x0⊗x0 ⊕ x0⊗x1 lies in the
// subfield, so x⁻¹ = x̄ ⊗ (x ⊗ x̄)⁻¹ with one inverse below 2^16.
func inv32(x uint32) uint32 {
	x0, x1 := x&0xffff, x>>16
	l0, l1, l01 := lg(x0), lg(x1), lg(x0^x1)
	n := expLog(l1+l1+logHalf) ^ expLog(l0+l0) ^ expLog(l0+l1)
	ln := order16 - log16[n] // the logarithm of n⁻¹
	return expLog(l1+ln)<<16 | expLog(l01+ln)
}

func inv64(x uint64) uint64 {
	x0, x1 := uint32(x), uint32(x>>32)
	n := mulHalf32(mul32(x1, x1)) ^ mul32(x0, x0) ^ mul32(x0, x1)
	ni := inv32(n)
	return uint64(mul32(x1, ni))<<32 | uint64(mul32(x0^x1, ni))
}

// Inv returns the nim-reciprocal of a: the nimber b with a ⊗ b = 1. It
// returns an error wrapping [ErrZeroNimber] when a is 0. 2⁻¹ = 3 and 4⁻¹ = 15
// (4 ⊗ 15 = 1 in the field of 16 nimbers).
func (a Nimber) Inv() (Nimber, error) {
	if a == 0 {
		return 0, fmt.Errorf("game: inverse of 0: %w", ErrZeroNimber)
	}
	fieldTables()
	return Nimber(inv64(uint64(a))), nil
}

// Div returns the nim-quotient a ⊘ b = a ⊗ b⁻¹. It returns an error
// wrapping [ErrZeroNimber] that names a when b is 0.
func (a Nimber) Div(b Nimber) (Nimber, error) {
	if b == 0 {
		return 0, fmt.Errorf("game: %v divided by 0: %w", a, ErrZeroNimber)
	}
	fieldTables()
	return Nimber(mulNim(uint64(a), inv64(uint64(b)))), nil
}

// sqrt16 returns the square root of x < 2^16: half its logarithm, taken
// modulo the odd order 65535.
func sqrt16(x uint32) uint32 {
	if x == 0 {
		return 0
	}
	l := log16[x]
	if l&1 != 0 {
		l += order16
	}
	return uint32(exp16[l/2])
}

// sqrt32 uses (s1·F + s0)⊗(s1·F + s0) = s1²·F + (s1²⊗2^15 ⊕ s0²) for F = 2^16.
func sqrt32(x uint32) uint32 {
	x0, x1 := x&0xffff, x>>16
	return sqrt16(x1)<<16 | sqrt16(x0^expLog(lg(x1)+logHalf))
}

// Sqrt returns the nim-square root of a: the unique nimber s with s ⊗ s = a.
// Squaring is a bijection in a field of characteristic 2 (the Frobenius
// map, (x ⊕ y)² = x² ⊕ y²), so every nimber has exactly one square root:
// 2 ⊗ 2 = 3 and 3 ⊗ 3 = 2, so √3 = 2 and √2 = 3.
func (a Nimber) Sqrt() Nimber {
	fieldTables()
	x0, x1 := uint32(a), uint32(a>>32)
	// With F = 2^32: (s1·F + s0)² = s1²·F + (s1²⊗2^31 ⊕ s0²).
	return Nimber(uint64(sqrt32(x1))<<32 | uint64(sqrt32(x0^mulHalf32(x1))))
}

// Pow returns a raised to the nim-power e: a ⊗ a ⊗ … ⊗ a (e factors), and
// 1 when e is 0 (including 0⁰ = 1). Since the multiplicative group has order
// 2^64 - 1, a^(2^64-1) = 1 for every a ≠ 0. It costs at most 128 products.
func (a Nimber) Pow(e uint64) Nimber {
	fieldTables()
	if hasCLMUL {
		return Nimber(powPoly(uint64(a), e))
	}
	return Nimber(powTower(uint64(a), e))
}

// powPoly is Pow in the polynomial basis throughout: two changes of basis
// in all.
func powPoly(a, e uint64) uint64 {
	r, x := uint64(1), convert(&toPoly, a) // 1 is the polynomial 1
	for ; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = clmulMod(r, x)
		}
		x = clmulMod(x, x)
	}
	return convert(&fromPoly, r)
}

// powTower is Pow by the logarithm tables.
func powTower(a, e uint64) uint64 {
	r, x := uint64(1), a
	for ; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = mul64(r, x)
		}
		x = mul64(x, x)
	}
	return r
}

// The polynomial basis. The nimbers below 2^64 are the field GF(2^64),
// and so is GF(2)[x] modulo any irreducible polynomial of degree 64 (all
// fields of 2^64 elements are isomorphic: Lidl and Niederreiter, Finite
// Fields, ch. 2). This file takes the sparse
//
//	f(x) = x^64 + x^4 + x^3 + x + 1,
//
// irreducible over GF(2) (the tests check it by Rabin's criterion). No
// trinomial of degree 64 is irreducible (Swan, Pacific J. Math. 12, 1962),
// and f is the first irreducible pentanomial x^64 + x^a + x^b + x^c + 1
// by least a, then b: its low terms are of degree at most 4, so that
// reducing a product modulo f is a few shifts and XORs. Since f is
// irreducible of degree 64, it has 64 distinct roots among the nimbers
// below 2^64, β and its squares β^(2^i); with one of them, β, sending the
// polynomial Σ c_k x^k to the nim-sum of the β^k with c_k = 1 is an
// isomorphism. A product is then one carry-less multiplication and the
// reduction (field_clmul_amd64.s); the two changes of basis are
// GF(2)-linear, so each is eight lookups in tables of 256 words, one per
// byte (32 KiB for both).
var (
	toPoly, fromPoly [8][256]uint64
	// fromTop[h>>60] is the nimber of t·r for t = h>>60 ⊕ h>>61, the part
	// of the reduction of h·x^64 that the assembly looks up (reduce).
	fromTop [8]uint64
	// polyReady is 1 once the tables exist on a processor with PCLMULQDQ:
	// from then on Mul goes through the polynomial basis.
	polyReady uint32
)

const (
	// polyR is f - x^64 = x^4 + x^3 + x + 1: x^64 ≡ polyR modulo f.
	polyR = 0x1b
	// polyBeta is β, the least of the 64 nimber roots of f. It was found
	// once by trace splitting over the nimbers (Cantor–Zassenhaus for
	// characteristic 2: gcd(f, Tr(δx) mod f) for random δ, recursively,
	// with polynomials whose coefficients are nimbers), then the least of
	// its conjugates β^(2^i) taken; TestPolyBeta repeats the search and
	// checks f(β) = 0.
	polyBeta = 0x402884ca01f7c6b2
)

// buildPoly fills the tables of the polynomial basis of the root beta of
// f; it needs the logarithm tables.
func buildPoly() {
	toPoly, fromPoly = polyTables(polyBeta)
	for i := range fromTop {
		t := uint64(i ^ i>>1)
		_, tr := clmul(t, polyR)
		fromTop[i] = convert(&fromPoly, tr)
	}
}

// polyTables returns the changes of basis between the nimbers and the
// polynomials modulo f, for a root beta of f.
func polyTables(beta uint64) (to, from [8][256]uint64) {
	// Row k starts as (nim, poly) = (β^k, x^k); Gaussian elimination of the
	// nimber parts down to the unit vectors 2^j leaves beside each 2^j its
	// polynomial coordinates. β's 64 powers are independent (β has degree
	// 64), so every bit finds a pivot.
	var nim, poly [64]uint64
	x := uint64(1)
	for k := range 64 {
		nim[k], poly[k] = x, 1<<k
		fill(&from[k/8], k%8, x)
		x = mul64(x, beta)
	}
	for j := range 64 {
		r := j
		for nim[r]&(1<<j) == 0 {
			r++
		}
		nim[j], nim[r] = nim[r], nim[j]
		poly[j], poly[r] = poly[r], poly[j]
		for i := range 64 {
			if i != j && nim[i]&(1<<j) != 0 {
				nim[i] ^= nim[j]
				poly[i] ^= poly[j]
			}
		}
	}
	for j := range 64 {
		fill(&to[j/8], j%8, poly[j])
	}
	return to, from
}

// fill adds col to t[v] for every byte v with bit b set: after a call for
// each of the 8 bits, t[v] is the sum of the columns of v's bits.
func fill(t *[256]uint64, b int, col uint64) {
	for v := range 256 {
		if v&(1<<b) != 0 {
			t[v] ^= col
		}
	}
}

// convert applies the linear map of the byte tables t to x.
func convert(t *[8][256]uint64, x uint64) uint64 {
	// A balanced tree of nim-sums: three in a row instead of eight.
	return ((t[0][uint8(x)] ^ t[1][uint8(x>>8)]) ^ (t[2][uint8(x>>16)] ^ t[3][uint8(x>>24)])) ^
		((t[4][uint8(x>>32)] ^ t[5][uint8(x>>40)]) ^ (t[6][uint8(x>>48)] ^ t[7][uint8(x>>56)]))
}

// clmulModSlow is clmulMod bit by bit, for processors without the
// instruction and for the tests.
func clmulModSlow(a, b uint64) uint64 { return reduce(clmul(a, b)) }

// reduce returns h·x^64 + l modulo f for h < 2^63 (the high word of a
// product of two polynomials of degree below 64). x^64 ≡ r = polyR, so
// h·x^64 ≡ h·r, whose bits from 64 up are t = h>>60 ⊕ h>>61 (degree at
// most 2, as h·r has degree at most 66); t·x^64 ≡ t·r has degree at most 6.
// In all, l ⊕ low(h·r) ⊕ t·r = l ⊕ low((h ⊕ t)·r): the same few shifts as
// field_clmul_amd64.s.
func reduce(h, l uint64) uint64 {
	u := h ^ h>>60 ^ h>>61
	return l ^ u ^ u<<1 ^ u<<3 ^ u<<4
}

// clmul returns the carry-less product of a and b as high and low words.
func clmul(a, b uint64) (hi, lo uint64) {
	for i := range 64 {
		if b&(1<<i) != 0 {
			lo ^= a << i
			if i > 0 {
				hi ^= a >> (64 - i)
			}
		}
	}
	return hi, lo
}
