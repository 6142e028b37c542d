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
