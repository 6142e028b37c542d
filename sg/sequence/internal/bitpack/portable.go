package bitpack

import (
	"encoding/binary"
	"unsafe"
)

// portable is Bits in Go: a multiply gathers the low bits of
// 8 bytes (each 0 or 1) into one byte. It is Bits where there is no
// assembly, and the reference the assembly is tested against.
func portable(p *byte) uint64 {
	b := unsafe.Slice(p, 64)
	var m uint64
	for j := range 8 {
		w := binary.LittleEndian.Uint64(b[8*j:])
		m |= (w * 0x0102040810204080 >> 56) << (8 * j)
	}
	return m
}
