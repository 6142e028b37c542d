package prefetch_test

import (
	"fmt"
	"unsafe"

	"github.com/impartial-go/impartial/sg/internal/prefetch"
)

// A loop over a ring of records asks for the record it will read a few
// steps on while it works on the current one.
func ExampleLine() {
	ring := make([][8]uint64, 16)
	for i := range ring {
		ring[i][0] = uint64(i)
	}
	sum := uint64(0)
	for i := range ring {
		prefetch.Line(unsafe.Pointer(&ring[(i+4)%len(ring)]))
		sum += ring[i][0]
	}
	fmt.Println(sum)
	// Output: 120
}
