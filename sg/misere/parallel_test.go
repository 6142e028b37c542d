package misere

import (
	"context"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// TestQuotientWorkers computes quotients found by split passes with one
// worker and with several, every step split among them however small:
// the quotients must be the same, down to the numbering of the elements
// and the relations, since every parallel step combines its results in
// order.
func TestQuotientWorkers(t *testing.T) {
	rows := []struct {
		code string
		n    int
	}{{"4.7", 16}}
	workers := []int{3}
	if gametest.Long() {
		rows = append(rows, []struct {
			code string
			n    int
		}{{"4.7", 20}, {"0.07", 26}, {"4.7", 26}}...)
		workers = []int{2, 3, 0}
	}
	// every step in parallel, however small
	defer func(w, c int) { minParallelWork, layerChunk = w, c }(minParallelWork, layerChunk)
	minParallelWork, layerChunk = 0, 64
	for _, r := range rows {
		one, err := newCodeQuotient(context.Background(), r.code, r.n, WithWorkers(1))
		if err != nil {
			t.Fatalf("%s ≤ %d, 1 worker: %v", r.code, r.n, err)
		}
		for _, w := range workers {
			q, err := newCodeQuotient(context.Background(), r.code, r.n, WithWorkers(w))
			if err != nil {
				t.Fatalf("%s ≤ %d, %d workers: %v", r.code, r.n, w, err)
			}
			if !slices.Equal(q.Relations(), one.Relations()) || !slices.Equal(q.PPortion(), one.PPortion()) ||
				!slices.Equal(q.Generators(), one.Generators()) || !slices.Equal(q.pretend, one.pretend) {
				t.Errorf("%s ≤ %d: %d workers give another quotient than 1", r.code, r.n, w)
			}
		}
	}
}
