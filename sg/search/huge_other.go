//go:build !linux

package search

import "unsafe"

// adviseHuge does nothing outside Linux (see huge_linux.go).
func adviseHuge(unsafe.Pointer, uintptr) {}
