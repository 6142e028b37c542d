package sparse

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// batchValues computes n heaps of r on one core with the batch option
// marks (withBatchMarks), in one call or, given rnd, in calls of 1 to 9
// heaps each (so that the loop leaves batches half taken), and returns
// the values and the number of heaps that took their marks from a batch.
func batchValues(t *testing.T, r game.HeapRule, n, marks int, rnd *rand.Rand) ([]sg.Nimber, int) {
	t.Helper()
	cfg := newRun(r, []Option{WithMethod(MethodSparse), WithWorkers(1), withBatchMarks(marks)})
	eng := chooseEngine(r, cfg)
	se, ok := eng.(*Engine)
	if ok {
		se.start = 64
	}
	s := store.New(0)
	for s.Len() < n {
		to := n
		if rnd != nil {
			to = min(n, s.Len()+1+rnd.IntN(9))
		}
		if err := eng.extend(context.Background(), s, to); err != nil {
			t.Fatalf("%v: %v", r, err)
		}
	}
	k := 0
	if ok {
		k = se.batchHeaps
	}
	return s.AppendValues(nil, 0, s.Len()), k
}

// batchCheck compares the values of r to heap n with batches from 8
// splits with a rare part (far below the default, so that they run on
// most codes), in one call and in steps, with the values without
// batches, and returns the heaps that took their marks from a batch.
func batchCheck(t *testing.T, name string, r game.HeapRule, n int, rnd *rand.Rand) int {
	t.Helper()
	want, _ := batchValues(t, r, n, -1, nil)
	got, k := batchValues(t, r, n, 8, nil)
	stepped, _ := batchValues(t, r, min(n, 5000), 8, rnd)
	for i, v := range want {
		if got[i] != v {
			t.Fatalf("%s: G(%d) = %d with batches, %d without", name, i, got[i], v)
		}
		if i < len(stepped) && stepped[i] != v {
			t.Fatalf("%s: G(%d) = %d with batches, in steps, %d without", name, i, stepped[i], v)
		}
	}
	return k
}

// The single-core loop's batches (batch.go) change no value: on
// the classic codes and on random codes, the values with batches are
// those without, heap for heap, also when the loop is called for a few
// heaps at a time and leaves a batch half taken. With the default
// threshold they run on .354 and .376 and not on .1777 (too few splits
// with a rare part for them to pay).
func TestBatchMatchesPlain(t *testing.T) {
	n := 30000
	codes := 16
	switch {
	case raceDetector:
		n, codes = 5000, 3
	case quick():
		n, codes = 8000, 6
	}
	rnd := gametest.Rand(t)
	for _, c := range parClassics {
		if c.Small {
			continue
		}
		k := batchCheck(t, c.Name, c.R, n, rnd)
		switch c.Name {
		case ".354", ".376", ".77 (Kayles)", ".1777", ".16", ".56":
			if 2*k < n {
				t.Errorf("%s: %d of %d heaps from batches, want at least half", c.Name, k, n)
			}
		case ".07", ".137", "Grundy's game", ".354 by moves":
			if k != 0 {
				t.Errorf("%s: %d heaps from batches, want none (not a code in the rare method)", c.Name, k)
			}
		}
	}
	for _, c := range []struct {
		code string
		on   bool
	}{{".354", true}, {".376", true}, {".1777", false}, {".77", false}} {
		_, k := batchValues(t, seqParse(c.code), n, 0, nil)
		if on := 2*k >= n; on != c.on {
			t.Errorf("%s, default threshold: %d of %d heaps from batches, want batches %v", c.code, k, n, c.on)
		}
	}
	// Random codes, until the batches have run on codes of them: they
	// run on about a third of the codes randomSplitCode draws (16 of 46),
	// the others having too few rare heaps or none, so up to 20 draws a
	// code wanted (failing to find 6 in 120 draws at a third: about one
	// chance in 10^14).
	ran, draws := 0, 0
	for ; ran < codes && draws < 20*codes; draws++ {
		r := randomSplitCode(rnd)
		if batchCheck(t, r.String(), r, 6000, rnd) > 0 {
			ran++
		}
	}
	t.Logf("the batches ran on %d of %d random codes", ran, draws)
	if ran < codes {
		t.Errorf("the batches ran on %d of %d random codes, want %d", ran, draws, codes)
	}
}

// BenchmarkBatch measures the single-core loop with its batches (the
// default) and without, on .354 and .376 to 2^21 heaps:
//
//	go test -run '^$' -bench Batch -benchtime 2x -cpu 1 ./sg/sequence
func BenchmarkBatch(b *testing.B) {
	for _, code := range []string{".354", ".376"} {
		for _, bc := range []struct {
			name  string
			marks int
		}{{"batches", 0}, {"plain", -1}} {
			b.Run(code[1:]+"/"+bc.name, func(b *testing.B) {
				b.ReportAllocs()
				r := seqParse(code)
				var s *store.Seq
				for b.Loop() {
					var err error
					s, err = Values(context.Background(), r, 1<<21, WithMethod(MethodSparse), WithWorkers(1), withBatchMarks(bc.marks))
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(s.Len())*float64(b.N)/b.Elapsed().Seconds(), "heaps/s")
			})
		}
	}
}
