package sg

import (
	"math"
	"testing"
)

// TestAsInt checks the conversion of asInt on ints, the only type it is
// used with, including the extremes, against the safe form.
func TestAsInt(t *testing.T) {
	for _, i := range []int{0, 1, -1, 299, math.MaxInt, math.MinInt} {
		if got, want := asInt(&i), *any(&i).(*int); got != i || got != want {
			t.Errorf("asInt(%d) = %d", i, got)
		}
	}
}
