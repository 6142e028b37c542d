//go:build !purego

package sg

// clmulMod returns a·b modulo x^64 + p in GF(2)[x], where mu is
// floor(x^128 / (x^64 + p)) - x^64 (field_clmul_amd64.s). It needs the
// PCLMULQDQ instruction.
func clmulMod(a, b, mu, p uint64) uint64

// mulPoly returns a ⊗ b through the polynomial basis: the two changes of
// basis and clmulMod in one function (field_clmul_amd64.s). It needs the
// PCLMULQDQ instruction and the tables.
func mulPoly(a, b uint64) uint64

// cpuidECX1 returns ECX of CPUID leaf 1, whose bit 1 says PCLMULQDQ is
// there.
func cpuidECX1() uint32

// hasCLMUL reports whether this processor multiplies carry-less.
var hasCLMUL = cpuidECX1()&(1<<1) != 0
