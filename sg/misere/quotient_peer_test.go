package misere

import (
	"context"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// The rows of BENCHMARKS.md's side-by-side comparison with Siegel's
// MisereSolver: the order and the size of the P-portion of each quotient,
// as both programs give them (MisereSolver's SUMMARY line). The three
// largest run only with IMPARTIAL_LONG=1; the periods of the quotients MisereSolver
// proves complete are TestQuotientPeriodic's.
func TestQuotientMisereSolverRows(t *testing.T) {
	rows := []struct {
		code         string
		n, order, nP int
	}{{"4.7", 20, 122, 30}, {".77", 100, 40, 9}, {".77", 253, 40, 9}, {".15", 232, 42, 12}, {".115", 323, 42, 12}, {".34", 49, 12, 3}, {".75", 34, 8, 2}}
	if gametest.Long() {
		rows = append(rows, []struct {
			code         string
			n, order, nP int
		}{{".07", 30, 360, 65}, {".137", 30, 520, 89}, {"4.7", 30, 322, 80}}...)
	}
	for _, r := range rows {
		q, err := newCodeQuotient(context.Background(), r.code, r.n)
		if err != nil {
			t.Fatalf("%s ≤ %d: %v", r.code, r.n, err)
		}
		if q.Order() != r.order || len(q.PPortion()) != r.nP {
			t.Errorf("%s ≤ %d: order %d, P-portion %d; MisereSolver: %d, %d", r.code, r.n, q.Order(), len(q.PPortion()), r.order, r.nP)
		}
	}
}
