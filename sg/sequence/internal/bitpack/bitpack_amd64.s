#include "textflag.h"

// PACK leaves in AX the low bits of the 64 bytes at SI, each 0 or 1 (bit
// j of AX is byte j), and the bytes in X0–X3: a shift of 7 puts each
// byte's low bit at its top (a byte of 0 or 1 shifted in a 16-bit lane
// does not reach the next byte), and PMOVMSKB gathers the tops, 16 bytes
// at a time.
#define PACK \
	MOVOU    0(SI), X0;  \
	MOVOU    16(SI), X1; \
	MOVOU    32(SI), X2; \
	MOVOU    48(SI), X3; \
	PSLLW    $7, X0;     \
	PSLLW    $7, X1;     \
	PSLLW    $7, X2;     \
	PSLLW    $7, X3;     \
	PMOVMSKB X0, AX;     \
	PMOVMSKB X1, BX;     \
	PMOVMSKB X2, CX;     \
	PMOVMSKB X3, DX;     \
	SHLQ     $16, BX;    \
	SHLQ     $32, CX;    \
	SHLQ     $48, DX;    \
	ORQ      BX, AX;     \
	ORQ      CX, AX;     \
	ORQ      DX, AX

// func Bits(p *byte) uint64
TEXT ·Bits(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	PACK
	MOVQ AX, ret+8(FP)
	RET

// func Clear(p *byte) uint64
TEXT ·Clear(SB), NOSPLIT, $0-16
	MOVQ  p+0(FP), SI
	PACK
	PXOR  X4, X4
	MOVOU X4, 0(SI)
	MOVOU X4, 16(SI)
	MOVOU X4, 32(SI)
	MOVOU X4, 48(SI)
	MOVQ  AX, ret+8(FP)
	RET
