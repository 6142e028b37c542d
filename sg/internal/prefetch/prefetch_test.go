package prefetch

import (
	"testing"
	"unsafe"
)

// Line and Pair have no visible effect: it must neither fault nor change memory,
// on valid addresses and on nil.
func TestLine(t *testing.T) {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	for i := 0; i < len(b); i += 64 {
		Line(unsafe.Pointer(&b[i]))
	}
	Line(nil)
	for i := 0; i < len(b); i += 128 {
		Pair(unsafe.Pointer(&b[i]))
	}
	Pair(nil)
	for i := range b {
		if b[i] != byte(i) {
			t.Fatalf("byte %d changed to %d", i, b[i])
		}
	}
}
