//go:build !amd64

package bitpack

import "unsafe"

// Bits returns the 64 bytes at p, each 0 or 1, as the bits of a word
// (bit j is byte j).
func Bits(p *byte) uint64 { return portable(p) }

// Clear is Bits, zeroing the 64 bytes.
func Clear(p *byte) uint64 {
	m := portable(p)
	clear(unsafe.Slice(p, 64))
	return m
}
