package misere

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"
)

func TestProbe(t *testing.T) {
	code := os.Getenv("PROBE_CODE")
	if code == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("PROBE_N"))
	start := time.Now()
	debugf = t.Logf
	q, err := NewQuotient(context.Background(), code, n, WithQuotientProgress(func(p Progress) {
		t.Logf("%v heap %d round %d order %d positions %d", time.Since(start).Round(time.Millisecond), p.Heap, p.Round, p.Order, p.Positions)
	}))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("order %d gens %v rel %v verifyStates %d", q.Order(), q.Generators(), q.Relations(), q.verifyStates)
}
