package sg

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestMexFew checks mexFew, the loop-free mex of at most two options,
// against mexDense on every pair drawn from values below, at and above 64,
// the memo's sentinels and indexes outside the memo.
func TestMexFew(t *testing.T) {
	d := []cell{0, 1, 2, 63, 64, 200, unknown, inProgress, notPos, 5}
	idx := []int{-1, len(d), math.MaxInt}
	for i := range d {
		idx = append(idx, i)
	}
	check := func(kids []int) {
		v, ok := mexFew(d, kids)
		w, okw := mexDense(d, kids)
		if v != w || ok != okw {
			t.Fatalf("mexFew(%v) = %d, %v; mexDense = %d, %v", kids, v, ok, w, okw)
		}
	}
	check(nil)
	for _, a := range idx {
		check([]int{a})
		for _, b := range idx {
			check([]int{a, b})
		}
	}
	// The values that decide the mex: {0, 1} gives 2, {0, 2} gives 1.
	if v, ok := mexFew(d, []int{0, 1}); v != 2 || !ok {
		t.Fatalf("mex{0,1} = %d, %v; want 2, true", v, ok)
	}
	if v, ok := mexFew(d, []int{2, 0}); v != 1 || !ok {
		t.Fatalf("mex{2,0} = %d, %v; want 1, true", v, ok)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		check([]int{r.IntN(len(d)), r.IntN(len(d))})
	}
}
