package sequence_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/sg/sequence"
)

// Values uses every processor by default; WithWorkers(1) asks for the
// single-core engines. The values are the same whatever the number of
// workers: here 2^16 values of Grundy's game, and where the largest of
// them first occurs.
func ExampleWithWorkers() {
	ctx := context.Background()
	one, err := sequence.Values(ctx, sparseGrundy{}, 1<<16, sequence.WithWorkers(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	four, err := sequence.Values(ctx, sparseGrundy{}, 1<<16, sequence.WithWorkers(4))
	if err != nil {
		fmt.Println(err)
		return
	}
	same := true
	for n := range one.Len() {
		same = same && one.At(n) == four.At(n)
	}
	first := 0
	for n := range four.Len() {
		if four.At(n) == four.Max() {
			first = n
			break
		}
	}
	fmt.Println("same values:", same)
	fmt.Printf("largest value: %v, first at heap %d\n", four.Max(), first)
	// Output:
	// same values: true
	// largest value: *230, first at heap 45668
}
