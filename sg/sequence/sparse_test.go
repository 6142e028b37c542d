package sequence

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/seqtest"
)

// The tests of the sparse engine compare it with a naive mex computation
// written here (so that they do not depend on the direct engine), with the
// direct engine and the generic Engine, and with published values.

// The rules are those of sequence_test.go: seqCode (seqParse, seqDigits)
// for codes, seqGrundy, and seqMovesOnly to hide a code's digits so that
// the engine asks for moves heap by heap.

// spNaive returns G(0 … n-1) of r by the definition (internal/seqtest).
func spNaive(r game.HeapRule, n int) []sg.Nimber { return seqtest.Naive(r, n) }

// spFirstDiff returns the first n where s and want differ (see
// seqtest.FirstDiff), or -1.
func spFirstDiff(s seqtest.Values, want []sg.Nimber) int { return seqtest.FirstDiff(s, want) }

func TestSpFirstDiff(t *testing.T) {
	s := New(0)
	for _, v := range []sg.Nimber{0, 1, 2} {
		s.Append(v)
	}
	for _, tc := range []struct {
		want []sg.Nimber
		diff int
	}{
		{[]sg.Nimber{0, 1, 2}, -1},
		{[]sg.Nimber{0, 5, 2}, 1},
		{[]sg.Nimber{0, 5}, 1},
		{[]sg.Nimber{0, 1}, 2},
		{[]sg.Nimber{0, 1, 2, 3}, 3},
		{[]sg.Nimber{7, 1, 2, 3}, 0},
	} {
		if got := spFirstDiff(s, tc.want); got != tc.diff {
			t.Errorf("spFirstDiff(0 1 2, %v) = %d, want %d", tc.want, got, tc.diff)
		}
	}
}

// TestSparseResume extends, in several steps and with fresh engines, a
// sequence started elsewhere, as a resumed checkpoint is.
func TestSparseResume(t *testing.T) {
	r := seqParse(".354")
	const n = 6000
	whole, err := Values(context.Background(), r, n, WithMethod(MethodSparse))
	if err != nil {
		t.Fatal(err)
	}
	for _, cut := range []int{1, 100, 700, 2049, 5999} {
		s := New(0)
		if err := newDirectEngine(r, newRun(r, nil)).extend(context.Background(), s, cut); err != nil {
			t.Fatal(err)
		}
		e, _ := newSparseEngine(r, newRun(r, nil))
		for _, to := range []int{cut + 1, (cut + n) / 2, n} {
			if err := e.extend(context.Background(), s, to); err != nil {
				t.Fatal(err)
			}
		}
		if i := spFirstDiff(s, whole.AppendValues(nil, 0, n)); i >= 0 {
			t.Fatalf("resumed at %d: G(%d) = %v differs from the uninterrupted run", cut, i, s.At(i))
		}
	}
	// The same engine on another sequence rebuilds its state.
	e, _ := newSparseEngine(r, newRun(r, nil))
	a, b := New(0), New(0)
	for _, to := range []int{1000, 3000, 6000} {
		if err := e.extend(context.Background(), a, to); err != nil {
			t.Fatal(err)
		}
		if err := e.extend(context.Background(), b, to/2); err != nil {
			t.Fatal(err)
		}
	}
	if spFirstDiff(a, whole.AppendValues(nil, 0, n)) >= 0 || spFirstDiff(b, whole.AppendValues(nil, 0, n/2)) >= 0 {
		t.Fatal("one engine on two sequences: values differ")
	}
}

func TestSparseFactory(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    game.HeapRule
		ok   bool
	}{
		{"0.16", seqParse(".16"), true},
		{"Grundy", seqGrundy{}, true},
		{"0.16 by moves", seqMovesOnly{R: seqParse(".16")}, true},
		{"three heaps (0.8)", seqParse(".8"), false},
		{"three heaps by moves", seqMovesOnly{R: seqParse(".8")}, false},
		{"subtraction {1,2}", seqParse(".33"), false},
		{"loop: digit 2 at k=0", seqParse("2.4"), false},
		{"digit 5 at k=0 plays as 4", seqParse("5.07"), true},
		{"nil", nil, false},
	} {
		if _, ok := newSparseEngine(tc.r, newRun(tc.r, nil)); ok != tc.ok {
			t.Errorf("%s: newSparseEngine ok = %v, want %v", tc.name, ok, tc.ok)
		}
	}
}

// spLate: 0.16, then three-heap moves (or, if Bad, a cycle) past heap 300.
type spLate = seqtest.Late

func TestSparseLateMoves(t *testing.T) {
	ctx := context.Background()
	r := spLate{}
	e, ok := newSparseEngine(r, newRun(r, nil))
	if !ok {
		t.Fatal("refused")
	}
	s := New(0)
	if err := e.extend(ctx, s, 600); err != nil {
		t.Fatal(err)
	}
	d := New(0)
	if err := newDirectEngine(r, newRun(r, nil)).extend(ctx, d, 600); err != nil {
		t.Fatal(err)
	}
	if i := spFirstDiff(s, d.AppendValues(nil, 0, 600)); i >= 0 {
		t.Fatalf("three-heap moves from 301: G(%d) differs from the direct engine", i)
	}
	bad := spLate{Bad: true}
	e, _ = newSparseEngine(bad, newRun(bad, nil))
	err := e.extend(ctx, New(0), 600)
	if !errors.Is(err, ErrBadRule) {
		t.Fatalf("a move that keeps the heap: err = %v, want ErrBadRule", err)
	}
	t.Log(err)
}

// The final progress report names the engine at work at the end: the
// direct engine once the sparse engine has handed the rule over to it.
func TestSparseProgressMethod(t *testing.T) {
	for _, tc := range []struct {
		r       game.HeapRule
		m, want Method
	}{
		{seqGrundy{}, MethodSparse, MethodSparse},
		{seqGrundy{}, MethodAuto, MethodSparse},
		{seqGrundy{}, MethodDirect, MethodDirect},
		{spLate{}, MethodSparse, MethodDirect}, // three heaps from heap 303
		{spLate{}, MethodAuto, MethodDirect},
		{seqParse(".8"), MethodSparse, MethodDirect}, // refused at once
	} {
		var last Progress
		_, err := Values(context.Background(), tc.r, 600, WithMethod(tc.m),
			WithProgress(time.Hour, func(p Progress) { last = p }))
		if err != nil {
			t.Fatal(err)
		}
		if last.Method != tc.want || last.Done != 600 || tc.want == MethodDirect && (last.Rare != 0 || last.Mask != 0) {
			t.Errorf("%v with %v: last report %+v, want method %v", tc.r, tc.m, last, tc.want)
		}
	}
}

func TestSparseCancelAndProgress(t *testing.T) {
	r := seqParse(".376")
	ctx, cancel := context.WithCancel(context.Background())
	var reports []Progress
	cfg := newRun(r, []Option{WithProgress(time.Nanosecond, func(p Progress) {
		reports = append(reports, p)
		if p.Done > 20000 {
			cancel()
		}
	})})
	cfg.target = 1 << 22
	e, _ := newSparseEngine(r, cfg)
	s := New(0)
	err := e.extend(ctx, s, 1<<22)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(reports) == 0 {
		t.Fatal("no progress reports")
	}
	last := reports[len(reports)-1]
	if last.Method != MethodSparse || last.Rare == 0 || last.Mask == 0 || last.Done > s.Len() {
		t.Errorf("last report %+v (sequence has %d values)", last, s.Len())
	}
	if s.Len() < 3000 {
		t.Fatalf("cancelled after %d values, before 3000", s.Len())
	}
	if !slices.Equal(s.AppendValues(nil, 0, 3000), spNaive(r, 3000)) {
		t.Error("values before the cancel are wrong")
	}
	if err := e.extend(ctx, s, s.Len()+1); !errors.Is(err, context.Canceled) {
		t.Errorf("extend with a done context: err = %v", err)
	}
}

// TestSparseValuesAPI goes through Values: the sparse method must give the
// direct method's values.
func TestSparseValuesAPI(t *testing.T) {
	for _, r := range []game.HeapRule{seqParse(".56"), seqGrundy{}, seqParse(".1777")} {
		const n = 4000
		sp, err := Values(context.Background(), r, n, WithMethod(MethodSparse))
		if err != nil {
			t.Fatal(err)
		}
		di, err := Values(context.Background(), r, n, WithMethod(MethodDirect))
		if err != nil {
			t.Fatal(err)
		}
		if i := spFirstDiff(sp, di.AppendValues(nil, 0, n)); i >= 0 {
			t.Fatalf("%v: sparse G(%d) = %v, direct %v", r, i, sp.At(i), di.At(i))
		}
	}
}
