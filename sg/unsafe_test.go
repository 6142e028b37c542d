package sg

import (
	"math"
	"slices"
	"testing"
)

// TestIntReinterpret checks the reinterpretations of unsafe.go on ints,
// the only type they are used with, including the extremes.
func TestIntReinterpret(t *testing.T) {
	for _, i := range []int{0, 1, -1, 299, math.MaxInt, math.MinInt} {
		if got := asInt(&i); got != i {
			t.Errorf("asInt(%d) = %d", i, got)
		}
		if got := intAs[int](i); got != i {
			t.Errorf("intAs(%d) = %d", i, got)
		}
		p := i
		*intPointer(&p) = i + 1
		if p != i+1 {
			t.Errorf("intPointer(&%d) wrote %d, want %d", i, p, i+1)
		}
	}
	kids := []int{3, 1, 4, 1, 5}
	ints := asInts(kids)
	if !slices.Equal(ints, kids) || &ints[0] != &kids[0] || cap(ints) != cap(kids) {
		t.Errorf("asInts(%v) = %v, not the same memory", kids, ints)
	}
}
