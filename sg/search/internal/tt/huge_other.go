//go:build !linux

package tt

import "unsafe"

// adviseHuge does nothing outside Linux (see huge_linux.go).
func adviseHuge(unsafe.Pointer, uintptr) {}
