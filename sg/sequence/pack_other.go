//go:build !amd64

package sequence

import "unsafe"

// packBits returns the 64 bytes at p, each 0 or 1, as the bits of a word
// (bit j is byte j).
func packBits(p *byte) uint64 { return packBitsPortable(p) }

// packClearBits is packBits, zeroing the 64 bytes.
func packClearBits(p *byte) uint64 {
	m := packBitsPortable(p)
	clear(unsafe.Slice(p, 64))
	return m
}
