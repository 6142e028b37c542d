//go:build !amd64

package search

import "unsafe"

// prefetch does nothing on this architecture: the table's reads are not
// started ahead (see the amd64 version).
func prefetch(unsafe.Pointer) {}
