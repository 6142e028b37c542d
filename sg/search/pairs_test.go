package search

import (
	"slices"
	"testing"
)

// TestCancelPairs checks that components occurring twice cancel a pair
// at a time, leaving the prefix alone.
func TestCancelPairs(t *testing.T) {
	for _, c := range []struct{ in, want []int }{
		{[]int{9, 1, 2, 1}, []int{9, 2}},
		{[]int{9, 1, 1, 1}, []int{9, 1}},
		{[]int{9, 1, 1, 1, 1}, []int{9}},
		{[]int{9, 3, 1, 2, 3, 2, 1}, []int{9}},
		{[]int{9, 3, 4, 5}, []int{9, 3, 4, 5}},
		{[]int{9}, []int{9}},
		{[]int{9, 9, 9}, []int{9}}, // dst[0] is before lo: only the two after it cancel
	} {
		got := cancelPairs(slices.Clone(c.in), 1)
		slices.Sort(got[1:])
		if !slices.Equal(got, c.want) {
			t.Errorf("cancelPairs(%v, 1) = %v, want %v", c.in, got, c.want)
		}
	}
}
