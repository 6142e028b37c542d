//go:build !purego

#include "textflag.h"

// The products in the polynomial basis (field.go): a·b modulo
// f = x^64 + r, r = x^4 + x^3 + x + 1, by one carry-less product
// a·b = h·x^64 + l and the reduction h·x^64 ≡ h·r, whose part of degree
// 64 and more, t = h>>60 ⊕ h>>61, is reduced once more: t·x^64 ≡ t·r.

// TWO xors into out and acc the entries of tables tab+off and tab+off+2048
// for the two low bytes of x (whose low and high byte registers are xl
// and xh), then shifts x right by 16; it uses SI and DI.
#define TWO(x, xl, xh, tab, off, out, acc) \
	MOVBLZX xl, SI; \
	MOVBLZX xh, DI; \
	SHRQ    $16, x; \
	XORQ    off(tab)(SI*8), out; \
	XORQ    (off+2048)(tab)(DI*8), acc

// CONVERT xors into out the image of x under the eight byte tables at
// tab, using acc (which it adds to out), y, SI and DI; x and y (AX, BX,
// CX or DX, with their byte registers xl, xh, yl and yh) are consumed.
// The upper half of x goes to y first, so that the eight bytes are read
// after at most two shifts in a row, not four.
#define CONVERT(x, xl, xh, y, yl, yh, tab, out, acc) \
	MOVQ x, y; \
	SHRQ $32, y; \
	TWO(x, xl, xh, tab, 0, out, acc); \
	TWO(y, yl, yh, tab, 8192, out, acc); \
	TWO(x, xl, xh, tab, 4096, out, acc); \
	TWO(y, yl, yh, tab, 12288, out, acc); \
	XORQ acc, out

// CLMUL leaves in AX and BX the low and high words of the carry-less
// product of the low words of X0 and X1; it changes X0.
#define CLMUL \
	PCLMULQDQ $0x00, X1, X0; \
	MOVQ      X0, AX; \
	PEXTRQ    $1, X0, BX

// func clmulMod(a, b uint64) uint64
TEXT ·clmulMod(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), X0
	MOVQ b+8(FP), X1
	CLMUL
	// u = h ⊕ h>>60 ⊕ h>>61, and l ⊕ u ⊕ u<<1 ⊕ u<<3 ⊕ u<<4 (field.go's
	// reduce).
	MOVQ BX, CX
	SHRQ $60, CX
	MOVQ BX, DX
	SHRQ $61, DX
	XORQ CX, BX
	XORQ DX, BX
	MOVQ BX, CX
	SHLQ $1, CX
	MOVQ BX, DX
	SHLQ $3, DX
	MOVQ BX, SI
	SHLQ $4, SI
	XORQ BX, AX
	XORQ CX, DX
	XORQ SI, AX
	XORQ DX, AX
	MOVQ AX, ret+16(FP)
	RET

// func mulNim(a, b uint64) uint64
//
// Before the tables exist, or on a processor without PCLMULQDQ, it is
// mulFirst. Then it changes a and b to the polynomial basis, multiplies
// them modulo f, and changes back; the part t·r of the reduction, which
// depends only on the top three bits of h, goes back to nimbers through
// the eight entries of fromTop, in parallel with the rest.
TEXT ·mulNim(SB), NOSPLIT, $0-24
	CMPL ·polyReady(SB), $0
	JEQ  first
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	LEAQ ·toPoly(SB), R12
	XORQ R8, R8
	XORQ R9, R9
	XORQ R10, R10
	XORQ R11, R11
	CONVERT(AX, AL, AH, CX, CL, CH, R12, R8, R9)
	CONVERT(BX, BL, BH, DX, DL, DH, R12, R10, R11)
	MOVQ R8, X0
	MOVQ R10, X1
	CLMUL
	// l ⊕ h ⊕ h<<1 ⊕ h<<3 ⊕ h<<4 = l ⊕ low(h·r), and the image of t·r.
	MOVQ BX, CX
	SHRQ $60, CX
	MOVQ BX, DX
	SHLQ $1, DX
	MOVQ BX, SI
	SHLQ $3, SI
	MOVQ BX, DI
	SHLQ $4, DI
	XORQ BX, AX
	XORQ SI, DX
	XORQ DI, AX
	LEAQ ·fromTop(SB), R12
	MOVQ (R12)(CX*8), R9
	XORQ DX, AX
	LEAQ ·fromPoly(SB), R12
	XORQ R8, R8
	CONVERT(AX, AL, AH, BX, BL, BH, R12, R8, R9)
	MOVQ R8, ret+16(FP)
	RET

first:
	JMP ·mulFirst(SB)

// func cpuidECX1() uint32
TEXT ·cpuidECX1(SB), NOSPLIT, $0-4
	MOVL $1, AX
	MOVL $0, CX
	CPUID
	MOVL CX, ret+0(FP)
	RET
