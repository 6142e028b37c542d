package bitpack

// Bits returns the 64 bytes at p, each 0 or 1, as the bits of a word
// (bit j is byte j). In assembly (SSE2): PMOVMSKB packs 16 bytes in one
// instruction, where the portable loop takes a multiply a byte.
//
//go:noescape
func Bits(p *byte) uint64

// Clear is Bits, zeroing the 64 bytes.
//
//go:noescape
func Clear(p *byte) uint64
