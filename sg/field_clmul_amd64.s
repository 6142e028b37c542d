//go:build !purego

#include "textflag.h"

// The products in the polynomial basis (field.go): a·b modulo
// P = x^64 + p in GF(2)[x], by one carry-less product and a Barrett
// reduction with mu = floor(x^128 / P) - x^64. With a·b = H·x^64 + L, the
// quotient by P is q = H ⊕ high(H·mu) and the remainder L ⊕ low(q·p):
// in the registers, [L, H] times mu gives [lo, hi], whose sum with [L, H]
// holds q in its high word, and low(q·p) ⊕ L is the low word of q·p
// plus [L, H].

// REDUCE leaves in AX the product of the low words of X0 and X1 modulo
// P, with mu in X2's and p in X4's low word; it changes X0, X2 and X4.
// It stays in the vector registers: PCLMULQDQ's immediate picks the word
// of each operand (bit 0 the destination's, bit 4 the source's).
#define REDUCE \
	PCLMULQDQ $0x00, X1, X0; \
	PCLMULQDQ $0x10, X0, X2; \
	PXOR      X0, X2; \
	PCLMULQDQ $0x10, X2, X4; \
	PXOR      X0, X4; \
	MOVQ      X4, AX

// TWO xors into out and acc the entries of tables tab+off and tab+off+2048
// for the two low bytes of x (whose low and high byte registers are xl
// and xh), then shifts x right by 16; it uses SI and DI.
#define TWO(x, xl, xh, tab, off, out, acc) \
	MOVBLZX xl, SI; \
	MOVBLZX xh, DI; \
	SHRQ    $16, x; \
	XORQ    off(tab)(SI*8), out; \
	XORQ    (off+2048)(tab)(DI*8), acc

// CONVERT sets out to the image of x (AX, BX, CX or DX, with its byte
// registers xl and xh) under the eight byte tables at tab, using acc, SI
// and DI; x is consumed.
#define CONVERT(x, xl, xh, tab, out, acc) \
	XORQ out, out; \
	XORQ acc, acc; \
	TWO(x, xl, xh, tab, 0, out, acc); \
	TWO(x, xl, xh, tab, 4096, out, acc); \
	TWO(x, xl, xh, tab, 8192, out, acc); \
	TWO(x, xl, xh, tab, 12288, out, acc); \
	XORQ acc, out

// func clmulMod(a, b, mu, p uint64) uint64
TEXT ·clmulMod(SB), NOSPLIT, $0-40
	MOVQ a+0(FP), X0
	MOVQ b+8(FP), X1
	MOVQ mu+16(FP), X2
	MOVQ p+24(FP), X4
	REDUCE
	MOVQ AX, ret+32(FP)
	RET

// func mulPoly(a, b uint64) uint64
TEXT ·mulPoly(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	LEAQ ·toPoly(SB), R12
	CONVERT(AX, AL, AH, R12, R8, R9)
	CONVERT(BX, BL, BH, R12, R10, R11)
	MOVQ R8, X0
	MOVQ R10, X1
	MOVQ ·polyMu(SB), X2
	MOVQ ·polyP(SB), X4
	REDUCE
	LEAQ ·fromPoly(SB), R12
	CONVERT(AX, AL, AH, R12, R8, R9)
	MOVQ R8, ret+16(FP)
	RET

// func cpuidECX1() uint32
TEXT ·cpuidECX1(SB), NOSPLIT, $0-4
	MOVL $1, AX
	MOVL $0, CX
	CPUID
	MOVL CX, ret+0(FP)
	RET
