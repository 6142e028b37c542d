//go:build amd64

package prefetch

import "unsafe"

// Line asks the processor to bring the cache line that holds p into its
// caches, without waiting for it: unlike a load, the instruction completes
// at once, so the work that follows overlaps with the transfer. It never
// faults, whatever p is.
//
//go:noescape
func Line(p unsafe.Pointer)

// Pair is Line for the two cache lines at p and p+64: a block of 128
// bytes, such as a bucket of the search's transposition table, in one
// call. It never faults, whatever p is.
//
//go:noescape
func Pair(p unsafe.Pointer)
