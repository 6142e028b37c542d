//go:build !amd64

package sequence

import (
	"encoding/binary"
	"unsafe"
)

// packBits returns the 64 bytes at p, each 0 or 1, as the bits of a word
// (bit j is byte j): a multiply gathers the low bits of 8 bytes.
func packBits(p *byte) uint64 {
	b := unsafe.Slice(p, 64)
	var m uint64
	for j := range 8 {
		w := binary.LittleEndian.Uint64(b[8*j:])
		m |= (w * 0x0102040810204080 >> 56) << (8 * j)
	}
	return m
}

// packClearBits is packBits, zeroing the 64 bytes.
func packClearBits(p *byte) uint64 {
	m := packBits(p)
	clear(unsafe.Slice(p, 64))
	return m
}
