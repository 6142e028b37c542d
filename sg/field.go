package sg

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
// (built on first use: 256 KiB of logarithms and 1 MiB of powers, of which
// 384 KiB are read for nonzero operands). A 64-bit product is 9 such
// products, 18 logarithms and 10 powers in all.

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

func buildFieldOnce() { fieldOnce.Do(buildField) }

func buildField() {
	g := gen16
	// Multiplication by g is linear over GF(2): its value on x is the XOR
	// of its values on the bits of x.
	var col [16]uint16
	for i := range col {
		col[i] = uint16(mulSlow(1<<i, uint64(g), 16))
	}
	x := uint16(1)
	for i := 0; i < order16; i++ {
		exp16[i] = x
		exp16[i+order16] = x
		exp16[i+2*order16] = x
		log16[x] = uint32(i)
		var y uint16
		for b := 0; b < 16; b++ {
			if x&(1<<b) != 0 {
				y ^= col[b]
			}
		}
		x = y
	}
	log16[0] = zeroLog
	logHalf = log16[half16]
	logHalf2 = (2 * logHalf) % order16
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

// Mul returns the nim-product a ⊗ b. With nim-addition ([Nimber.Add], XOR)
// it makes the nimbers below 2^64 a field: ⊗ is associative, commutative,
// distributes over ⊕, has identity 1, and every a ≠ 0 has an inverse. A
// nimber below a Fermat 2-power 2^(2^k) times one below it stays below
// it, so the product of two values that fit in 64 bits fits too. 2 ⊗ 2 = 3,
// 4 ⊗ 4 = 6, 2^32 ⊗ 2^32 = 3·2^31.
//
// It takes about as long as 30 table lookups, allocates nothing, and is
// safe for concurrent use (the tables are built once, on first use).
func (a Nimber) Mul(b Nimber) Nimber {
	fieldTables()
	return Nimber(mul64(uint64(a), uint64(b)))
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
		return 0, fmt.Errorf("sg: inverse of 0: %w", ErrZeroNimber)
	}
	fieldTables()
	return Nimber(inv64(uint64(a))), nil
}

// Div returns the nim-quotient a ⊘ b = a ⊗ b⁻¹. It returns an error
// wrapping [ErrZeroNimber] that names a when b is 0.
func (a Nimber) Div(b Nimber) (Nimber, error) {
	if b == 0 {
		return 0, fmt.Errorf("sg: %v divided by 0: %w", a, ErrZeroNimber)
	}
	fieldTables()
	return Nimber(mul64(uint64(a), inv64(uint64(b)))), nil
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
	r, x := uint64(1), uint64(a)
	for ; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = mul64(r, x)
		}
		x = mul64(x, x)
	}
	return Nimber(r)
}
