package sequence

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// nimFormula is Nim, 0.…3, announcing its formula G(n) = n (Bouton, 1901).
type nimFormula struct{ seqCode }

func (nimFormula) Formula() (game.Formula, bool) {
	return func(n uint64) (sg.Nimber, bool) { return sg.Nimber(n), true }, true
}

// laskerLike announces a formula that overflows at 2^64-1, as Lasker's
// Nim's does (G(4k+3) = 4k+4).
type laskerLike struct{ seqCode }

func (laskerLike) Formula() (game.Formula, bool) {
	return func(n uint64) (sg.Nimber, bool) {
		if n == ^uint64(0) {
			return 0, false
		}
		return sg.Nimber(n), true
	}, true
}

// TestSolveBasis: each source of values is reported, and answers agree
// with the direct engine.
func TestSolveBasis(t *testing.T) {
	ctx := context.Background()
	// A formula: nothing computed, any heap.
	a, err := Solve(ctx, nimFormula{seqParse("0.…3")}, 1000)
	if err != nil || a.Basis() != BasisFormula || a.Len() != 0 {
		t.Fatalf("nim: %v, basis %v, %d values", err, a.Basis(), a.Len())
	}
	if v, err := a.At(1 << 60); err != nil || v != 1<<60 {
		t.Errorf("nim G(2^60) = %v, %v", v, err)
	}
	// Dawson's Kayles .07: period 34 from 53, certified (OEIS A002187).
	dawson := seqParse(".07")
	a, err = Solve(ctx, dawson, 1<<20)
	if err != nil || a.Basis() != BasisPeriod {
		t.Fatalf(".07: %v, basis %v", err, a.Basis())
	}
	if p := a.Periodicity(); p.Preperiod != 53 || p.Period != 34 || !p.Certified {
		t.Errorf(".07 periodicity %v", p)
	}
	if a.Len() > 1000 {
		t.Errorf(".07: %d values computed, want only the certificate", a.Len())
	}
	direct := seqValues(t, dawson, 3000, WithMethod(MethodDirect))
	got, err := a.AppendValues(nil, 0, 3000)
	if err != nil {
		t.Fatal(err)
	}
	for n := range direct {
		if got[n] != direct[n] {
			t.Fatalf(".07 G(%d): answer %v, direct %v", n, got[n], direct[n])
		}
	}
	// Grundy's game: no theorem, so a prefix, and nothing past it.
	a, err = Solve(ctx, seqGrundy{}, 100)
	if err != nil || a.Basis() != BasisPrefix || a.Len() != 100 {
		t.Fatalf("grundy: %v, basis %v, %d values", err, a.Basis(), a.Len())
	}
	if _, err := a.At(100); !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), "G(100)") {
		t.Errorf("grundy G(100): %v, want ErrUnknown naming G(100)", err)
	}
	if v, err := a.At(99); err != nil || v != seqValues(t, seqGrundy{}, 100)[99] {
		t.Errorf("grundy G(99) = %v, %v", v, err)
	}
	if a.Periodicity().Period != 0 {
		t.Errorf("grundy shows a period in 100 values: %v", a.Periodicity())
	}
	// A negative maxN is refused, even for a rule that computes nothing.
	if _, err := Solve(ctx, nimFormula{seqParse("0.…3")}, -1); err == nil || !strings.Contains(err.Error(), "-1") {
		t.Errorf("Solve(nim, -1): %v, want an error naming -1", err)
	}
	// A range too large for memory is refused, naming its size.
	if _, err := a.AppendValues(nil, 0, 1<<40); err == nil || !strings.Contains(err.Error(), "1099511627776 values") {
		t.Errorf("AppendValues(0, 2^40): %v, want an error naming the size", err)
	}
	// Overflow is told apart from the unknown.
	a, _ = Solve(ctx, laskerLike{seqParse("0.…3")}, 10)
	if _, err := a.At(^uint64(0)); !errors.Is(err, ErrOverflow) {
		t.Errorf("overflowing formula: %v, want ErrOverflow", err)
	}
	// MethodDirect asks for computation even when there is a formula.
	a, err = Solve(ctx, nimFormula{seqParse("0.…3")}, 50, WithMethod(MethodDirect))
	if err != nil || a.Basis() != BasisPrefix || a.Len() != 50 {
		t.Errorf("nim, direct: %v, basis %v, %d values", err, a.Basis(), a.Len())
	}
}

// TestValuesFromFormula: Values and Period read a formula rule's values
// from its formula (MethodFormula in the progress report), equal to the
// direct engine's.
func TestValuesFromFormula(t *testing.T) {
	var last Progress
	r := nimFormula{seqParse("0.…3")}
	got := seqValues(t, r, 500, WithProgress(time.Hour, func(p Progress) { last = p }))
	want := seqValues(t, r, 500, WithMethod(MethodDirect))
	if !slices.Equal(got, want) || last.Method != MethodFormula {
		t.Errorf("formula values differ from the direct engine's, or method %v", last.Method)
	}
}

// TestValueComputesAtMost: Value computes at most HEAP+1 values, and
// valuesFor does not overflow at HEAP = 2^64-1.
func TestValueComputesAtMost(t *testing.T) {
	_, a, err := Value(context.Background(), seqGrundy{}, 20, 1<<16)
	if err != nil || a.Len() != 21 {
		t.Errorf("Value(grundy, 20): %v, %d values", err, a.Len())
	}
	for _, tc := range []struct {
		heap       uint64
		maxN, want int
	}{
		{0, 1, 1},
		{100, 1 << 28, 101},
		{20, 1 << 16, 21},
		{299, 300, 300},
		{300, 300, 300},
		{1 << 40, 1 << 30, 1 << 30},
		{^uint64(0), 300, 300},
		{^uint64(0) - 1, 1 << 30, 1 << 30},
	} {
		if got := valuesFor(tc.heap, tc.maxN); got != tc.want {
			t.Errorf("valuesFor(%d, %d) = %d, want %d", tc.heap, tc.maxN, got, tc.want)
		}
	}
}

// TestMemoryLimit: a length past the memory limit is refused at once,
// naming the length and the memory, and WithMemory moves the limit;
// a run whose values outgrow the limit stops with an error.
func TestMemoryLimit(t *testing.T) {
	ctx := context.Background()
	kayles := seqParse(".77")
	// The length Values(kayles, 2^32) would have grown to 4 GiB (on
	// 64-bit machines, where an int holds it).
	if strconv.IntSize == 64 {
		shift := 32
		huge := 1 << shift
		_, err := Values(ctx, kayles, huge)
		if err == nil || !strings.Contains(err.Error(), "4294967296") || !strings.Contains(err.Error(), "4.0 GiB") {
			t.Errorf("Values(kayles, 2^32): %v, want an error naming the length and 4.0 GiB", err)
		}
	}
	_, err := Values(ctx, kayles, 1<<30+1)
	if err == nil || !strings.Contains(err.Error(), "1073741825") || !strings.Contains(err.Error(), "1.0 GiB") {
		t.Errorf("Values(kayles, 2^30+1): %v, want an error naming the length and its memory", err)
	}
	if _, _, err := Period(ctx, kayles, 2000, WithMemory(1000)); err == nil || !strings.Contains(err.Error(), "memory limit") {
		t.Errorf("Period(kayles, 2000) with a limit of 1000 bytes: %v", err)
	}
	if _, err := Solve(ctx, kayles, 2000, WithMemory(1000)); err == nil {
		t.Error("Solve(kayles, 2000) with a limit of 1000 bytes: no error")
	}
	if s, err := Values(ctx, kayles, 1000, WithMemory(1000)); err != nil || s.Len() != 1000 {
		t.Errorf("Values(kayles, 1000) with a limit of 1000 bytes: %v", err)
	}
	// Nim's values pass 255 at heap 256 (2 bytes each): 3000 values need
	// 6000 bytes, past a limit of 4000 that the length alone passes.
	s, err := Values(ctx, seqParse("0.…3"), 3000, WithMemory(4000))
	if err == nil || !strings.Contains(err.Error(), "memory limit") {
		t.Errorf("nim, 3000 values in 4000 bytes: %v", err)
	}
	if s == nil || s.Len() < 256 {
		t.Errorf("nim: the values computed before the limit are not kept")
	}
	if !errors.Is(err, sg.ErrLimit) {
		t.Errorf("nim, 3000 values in 4000 bytes: %v does not wrap sg.ErrLimit", err)
	}
	if le := (*sg.LimitError)(nil); !errors.As(err, &le) || le.Bound != "memory" || le.Limit != 4000 || le.Need <= 4000 {
		t.Errorf("nim, 3000 values in 4000 bytes: %v is not a LimitError of memory 4000 naming the need", err)
	}
	// Values knows its target: once the values widen to 2 bytes, 20,000
	// of them would take 40,000 bytes, and the run stops then, not when
	// its values reach the limit of 30,000 bytes.
	s, err = Values(ctx, seqParse("0.…3"), 20000, WithMemory(30000))
	if !errors.Is(err, sg.ErrLimit) || !strings.Contains(err.Error(), "20000 values of 2 bytes would take") {
		t.Errorf("nim, 20000 values in 30000 bytes: %v", err)
	}
	if s == nil || s.Len() < 256 || s.Len() > 5000 {
		t.Errorf("nim, 20000 values in 30000 bytes: stopped at %v values, want soon after 256", s.Len())
	}
	// With a checkpoint, the values kept are saved, and a run given a
	// larger limit resumes from them.
	path := filepath.Join(t.TempDir(), "nim.ckpt")
	s, err = Values(ctx, seqParse("0.…3"), 20000, WithMemory(30000), WithCheckpoint(path, time.Hour))
	if !errors.Is(err, sg.ErrLimit) || s == nil {
		t.Fatalf("nim with a checkpoint: %v", err)
	}
	kept := s.Len()
	var first int
	s, err = Values(ctx, seqParse("0.…3"), 20000, WithMemory(40000), WithCheckpoint(path, time.Hour),
		WithProgress(time.Nanosecond, func(p Progress) {
			if first == 0 {
				first = p.Done
			}
		}))
	if err != nil || s.Len() != 20000 {
		t.Fatalf("nim resumed with 40000 bytes: %v", err)
	}
	for n := range 20000 {
		if int(s.At(n)) != n {
			t.Fatalf("nim resumed: G(%d) = %d", n, s.At(n))
		}
	}
	if first < kept {
		t.Errorf("nim resumed: its first progress report has %d values done, want the %d kept", first, kept)
	}
}

// TestAnswerConcurrent: an Answer is read by many goroutines at once (run
// with -race), including the first call of Periodicity, which finds the
// observed period of a rule no theorem certifies.
func TestAnswerConcurrent(t *testing.T) {
	a, err := Solve(context.Background(), seqGrundy{}, 2000)
	if err != nil || a.Basis() != BasisPrefix {
		t.Fatal(a.Basis(), err)
	}
	want := seqValues(t, seqGrundy{}, 2000)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if p := a.Periodicity(); p.Period != 0 || p.CheckedTo != 2000 {
				errs <- fmt.Sprint("periodicity ", p)
			}
			for n := g; n < 2000; n += 8 {
				if v, err := a.At(uint64(n)); err != nil || v != want[n] {
					errs <- fmt.Sprintf("G(%d) = %v, %v; want %v", n, v, err, want[n])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
