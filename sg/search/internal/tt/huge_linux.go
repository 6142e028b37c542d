package tt

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back the n bytes at p, a table's array just
// allocated and not yet touched, with huge pages (2 MiB on most
// processors) when it has them to give: a lookup in a table of a
// gigabyte then finds its page in the processor's translation cache
// instead of walking the page tables (a second cache miss, and a costly
// one in a virtual machine), and filling the array takes 512 page faults
// a gigabyte instead of 262,144. The advice is only that: when the
// system refuses it or has no huge page free, the table works as before.
// Go's heap is given small pages unless the system's setting is "always".
func adviseHuge(p unsafe.Pointer, n uintptr) {
	if n < hugeMin {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(p), n), syscall.MADV_HUGEPAGE)
}
