//go:build amd64

package search

import "unsafe"

// prefetch asks the processor to bring the 128 bytes at p (a bucket of
// the table) into its caches, without waiting for them: unlike a load,
// the instruction completes at once, so the work that follows overlaps
// with the memory access.
//
//go:noescape
func prefetch(p unsafe.Pointer)
