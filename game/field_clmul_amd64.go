//go:build !purego

package game

// clmulMod returns a·b modulo f = x^64 + x^4 + x^3 + x + 1 in GF(2)[x]
// (field_clmul_amd64.s). It needs the PCLMULQDQ instruction.
func clmulMod(a, b uint64) uint64

// mulNim returns a ⊗ b (field_clmul_amd64.s): through the polynomial
// basis once polyReady is set, by mulFirst until then.
func mulNim(a, b uint64) uint64

// cpuidECX1 returns ECX of CPUID leaf 1, whose bit 1 says PCLMULQDQ is
// there.
func cpuidECX1() uint32

// hasCLMUL reports whether this processor multiplies carry-less.
var hasCLMUL = cpuidECX1()&(1<<1) != 0
