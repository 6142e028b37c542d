package sequence

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/seqtest"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// The rules below are small local test rules (package rulesets has the
// real ones): take-and-break codes, Grundy's game, and a wrapper that hides
// the TakeBreakRule interface so that the generic HeapMove path is tested.

// The rules are those of internal/seqtest, under the names the tests use.
type (
	seqCode      = seqtest.Code
	seqGrundy    = seqtest.Grundy
	seqMovesOnly = seqtest.MovesOnly
)

func seqParse(code string) seqCode   { return seqtest.Parse(code) }
func seqDigits(ds ...uint32) seqCode { return seqtest.Digits(ds...) }
func seqSub(set ...int) seqCode      { return seqtest.Sub(set...) }

// seqEngineValues computes G(0 … n-1) with the generic engine.
func seqEngineValues(t *testing.T, r game.HeapRule, n int) []sg.Nimber {
	t.Helper()
	e := sg.NewEngine[game.Heaps](game.NewHeapGame(r))
	var vs []sg.Nimber
	for h := range n {
		p, err := game.MakeHeaps(h)
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.Value(context.Background(), p)
		if err != nil {
			t.Fatalf("engine: heap %d: %v", h, err)
		}
		vs = append(vs, v)
	}
	return vs
}

func seqValues(t testing.TB, r game.HeapRule, n int, opts ...Option) []sg.Nimber {
	t.Helper()
	s, err := Values(context.Background(), r, n, opts...)
	if err != nil {
		t.Fatalf("Values(%v, %d): %v", r, n, err)
	}
	if s.Len() != n {
		t.Fatalf("Values(%v, %d) has %d values", r, n, s.Len())
	}
	return s.AppendValues(nil, 0, n)
}

func nimbers(vs ...uint64) []sg.Nimber {
	out := make([]sg.Nimber, len(vs))
	for i, v := range vs {
		out[i] = sg.Nimber(v)
	}
	return out
}

// kaylesValues are the first values of Kayles, .77: OEIS A002186; Winning
// Ways ch. 4.
var kaylesValues = nimbers(0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7)

// grundyValues are the first values of Grundy's game: OEIS A002188.
var grundyValues = nimbers(0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0)

func TestSequenceWidening(t *testing.T) {
	s := New(4)
	if s.Len() != 0 || s.Max() != 0 || s.bytesPerValue() != 1 {
		t.Fatalf("empty: len %d max %d width %d", s.Len(), s.Max(), s.bytesPerValue())
	}
	want := []sg.Nimber{0, 255, 3}
	for _, v := range want {
		s.Append(v)
	}
	if s.bytesPerValue() != 1 {
		t.Fatalf("width %d after values < 256", s.bytesPerValue())
	}
	for _, v := range []sg.Nimber{256, 7, 65535} {
		s.Append(v)
		want = append(want, v)
	}
	if s.bytesPerValue() != 2 {
		t.Fatalf("width %d after values < 65536", s.bytesPerValue())
	}
	for _, v := range []sg.Nimber{65536, 1, 1 << 63} {
		s.Append(v)
		want = append(want, v)
	}
	if s.bytesPerValue() != 8 || s.Max() != 1<<63 {
		t.Fatalf("width %d, max %d", s.bytesPerValue(), s.Max())
	}
	if got := s.AppendValues(nil, 0, s.Len()); !slices.Equal(got, want) {
		t.Fatalf("values %v, want %v", got, want)
	}
	for n, v := range s.All() {
		if v != want[n] || s.At(n) != want[n] {
			t.Fatalf("G(%d) = %d / %d, want %d", n, v, s.At(n), want[n])
		}
	}
	// Skipping a width: 1 byte straight to 8.
	var z Sequence
	z.Append(1)
	z.Append(1 << 20)
	if z.bytesPerValue() != 8 || z.At(0) != 1 || z.At(1) != 1<<20 {
		t.Fatalf("zero Sequence: width %d, values %v", z.bytesPerValue(), z.AppendValues(nil, 0, 2))
	}
}

func TestSequenceProperty(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 100))
	props.Property("Sequence stores what was appended", prop.ForAll(
		func(vs []uint64, shift uint) bool {
			s := New(0)
			var want []sg.Nimber
			for _, v := range vs {
				v >>= shift % 64
				s.Append(sg.Nimber(v))
				want = append(want, sg.Nimber(v))
			}
			mx := sg.Nimber(0)
			if len(want) > 0 {
				mx = slices.Max(want)
			}
			width := 1
			if mx >= 1<<16 {
				width = 8
			} else if mx >= 1<<8 {
				width = 2
			}
			return slices.Equal(s.AppendValues(nil, 0, s.Len()), want) && s.Max() == mx && s.bytesPerValue() == width
		},
		gen.SliceOf(gen.UInt64()), gen.UIntRange(0, 63),
	))
	props.TestingRun(t)
}

func TestAppendValuesPanicsOutOfRange(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for AppendValues(0, 5) on 2 values")
		}
	}()
	s := New(0)
	s.Append(0)
	s.Append(1)
	s.AppendValues(nil, 0, 5)
}

// Published values.
func TestKnownValues(t *testing.T) {
	for _, tc := range []struct {
		rule game.HeapRule
		want []sg.Nimber
	}{
		{seqParse(".77"), kaylesValues},
		// Dawson's Kayles (.07: take two adjacent stones from a row): OEIS
		// A002187 (Dawson's chess) shifted by one heap, so its values start
		// G(n) = 0,0,1,1,2,0,3,1.
		{seqParse(".07"), nimbers(0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2)},
		{seqGrundy{}, grundyValues},
		// Subtraction {1,2,3}: n mod 4.
		{seqSub(1, 2, 3), nimbers(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3)},
		// Bash with m = 4 (take 1 to 4): n mod 5.
		{seqSub(1, 2, 3, 4), nimbers(0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1)},
		// Nim (0.333…): n.
		{seqParse("0.…3"), nimbers(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)},
		// Lasker's Nim (4.333…): 4k+1, 4k+2, 4k+4, 4k+3 (Winning Ways ch. 4).
		{seqParse("4.…3"), nimbers(0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11)},
	} {
		for _, r := range []game.HeapRule{tc.rule, seqMovesOnly{R: tc.rule}} {
			got := seqValues(t, r, len(tc.want))
			if !slices.Equal(got, tc.want) {
				t.Errorf("%v: values\n%v\nwant\n%v", r, got, tc.want)
			}
		}
	}
}

// Worked positions of Dawson's Kayles (rows of 7, 3, 3 and so on): (7,3,3)
// wins, (3,4,6) and (7,3,5) lose.
func TestDawsonsKaylesPositions(t *testing.T) {
	g := seqValues(t, seqParse(".07"), 8)
	for _, tc := range []struct {
		heaps []int
		want  sg.Outcome
	}{{[]int{7, 3, 3}, sg.N}, {[]int{3, 4, 6}, sg.P}, {[]int{7, 3, 5}, sg.P}} {
		var v sg.Nimber
		for _, h := range tc.heaps {
			v ^= g[h]
		}
		if sg.OutcomeOf(v) != tc.want {
			t.Errorf("%v: value %v, outcome %v, want %v", tc.heaps, v, sg.OutcomeOf(v), tc.want)
		}
	}
}

// Every rule family against the generic engine on the same game.
func TestDirectMatchesEngine(t *testing.T) {
	const heaps = 22
	digit := func(max uint32) gopter.Gen { return gen.UInt32Range(0, max) }
	check := func(r game.HeapRule) bool {
		want := seqEngineValues(t, r, heaps)
		for _, rr := range []game.HeapRule{r, seqMovesOnly{R: r}} {
			got := seqValues(t, rr, heaps, WithMethod(MethodDirect))
			if !slices.Equal(got, want) {
				t.Logf("%v (%T): direct %v, engine %v", r, rr, got, want)
				return false
			}
		}
		return true
	}
	props := gopter.NewProperties(gametest.Parameters(t, 60))
	props.Property("octal codes", prop.ForAll(
		func(ds []uint32, split bool) bool {
			d0 := uint32(0)
			if split {
				d0 = 4
			}
			return check(seqDigits(append([]uint32{d0}, ds...)...))
		},
		gen.SliceOfN(4, digit(7)), gen.Bool(),
	))
	props.Property("hexadecimal codes", prop.ForAll(
		func(ds []uint32, d0 uint32) bool {
			// Bit 0 of digit 0 is no move (see TestDigitZeroBitZero).
			return check(seqDigits(append([]uint32{d0 &^ 2}, ds...)...))
		},
		gen.SliceOfN(3, digit(15)), digit(15),
	))
	rnd := gametest.Rand(t)
	props.Property("subtraction sets", prop.ForAll(
		func(int) bool { return check(seqSub(gametest.SubtractionSet(rnd, 6)...)) },
		gen.Int(),
	))
	props.TestingRun(t)
	for _, r := range []game.HeapRule{seqGrundy{}, seqParse("0.…3"), seqParse("4.…3"), seqParse("0.…F"), seqParse("8.1")} {
		if !check(r) {
			t.Errorf("%v: direct engine differs from the generic engine", r)
		}
	}
}

// splitRule leaves Parts heaps of pairwise different sizes, or of any
// sizes, after removing one token: it exercises the ≥ 3-part code paths
// of general rules.
type splitRule struct {
	parts   int
	unequal bool
}

func (s splitRule) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n >= 1 {
		dst = append(dst, game.HeapMove{Remain: n - 1, Parts: 1})
		dst = append(dst, game.HeapMove{Remain: n - 1, Parts: s.parts, Unequal: s.unequal})
	}
	return dst
}

func TestManyPartsMatchEngine(t *testing.T) {
	for _, r := range []game.HeapRule{splitRule{3, false}, splitRule{3, true}, splitRule{4, false}, splitRule{4, true}} {
		want := seqEngineValues(t, r, 24)
		// MethodSparse falls back to the direct engine for these rules.
		for _, m := range []Method{MethodDirect, MethodSparse, MethodAuto} {
			if got := seqValues(t, r, 24, WithMethod(m)); !slices.Equal(got, want) {
				t.Errorf("%+v, %v: %v, engine %v", r, m, got, want)
			}
		}
	}
}

// loopRule has a move that leaves the heap as it was.
type loopRule struct{}

func (loopRule) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n == 5 {
		return append(dst, game.HeapMove{Remain: 1, Parts: 1}, game.HeapMove{Remain: 5, Parts: 1})
	}
	return dst
}

func TestBadRules(t *testing.T) {
	_, err := Values(context.Background(), loopRule{}, 10)
	if !errors.Is(err, ErrBadRule) || !strings.Contains(err.Error(), "heap 5: move 1") {
		t.Errorf("loop rule: error %v", err)
	}
	_, err = Values(context.Background(), seqParse("2.1"), 10)
	if !errors.Is(err, ErrBadRule) || !strings.Contains(err.Error(), "removing 0 tokens") {
		t.Errorf("code 2.1: error %v", err)
	}
	if _, err := Values(context.Background(), seqParse(".1"), -1); err == nil || !strings.Contains(err.Error(), "-1") {
		t.Errorf("negative length: error %v", err)
	}
	if _, err := Values(context.Background(), nil, 3); err == nil {
		t.Error("nil rule: no error")
	}
}

// badSplit is Grundy's game plus, from heap `from` ≥ 2 on, the unequal
// split {Remain: n+1, Parts: 2, Unequal: true}: its parts 1 and n leave a
// heap as large as the one moved from.
type badSplit struct{ from int }

func (b badSplit) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	dst = seqGrundy{}.AppendHeapMoves(dst, n)
	if n >= b.from {
		dst = append(dst, game.HeapMove{Remain: n + 1, Parts: 2, Unequal: true})
	}
	return dst
}

// Every engine refuses an unequal split whose largest part is the whole
// heap; from heap 300 on, the sparse engine has accepted the rule and must
// find the bad move itself.
func TestBadSplitRule(t *testing.T) {
	for _, from := range []int{2, 300} {
		r := badSplit{from}
		if _, ok := newSparseEngine(r, newRun(r, nil)); ok != (from > 160) {
			t.Errorf("from %d: sparse engine accepts the rule: %v", from, ok)
		}
		move := 0
		if from >= 3 {
			move = 1 // after Grundy's split
		}
		want := fmt.Sprintf("heap %d: move %d of rule sequence.badSplit, {Remain:%d Parts:2 Unequal:true}, can leave a heap of %d tokens",
			from, move, from+1, from)
		for _, m := range []Method{MethodDirect, MethodSparse, MethodAuto} {
			s, err := Values(context.Background(), r, 600, WithMethod(m))
			if !errors.Is(err, ErrBadRule) || !strings.Contains(err.Error(), want) {
				t.Errorf("from %d, %v: error %v, want ErrBadRule and %q", from, m, err, want)
			}
			if got := s.AppendValues(nil, 0, s.Len()); s.Len() != from || !slices.Equal(got, seqValues(t, seqGrundy{}, from)) {
				t.Errorf("from %d, %v: values before the bad heap %v", from, m, got)
			}
		}
	}
}

// zeroMoves is Grundy's game, but lists "remove the heap" for a heap of 0
// tokens, which has no moves: G(0) is 0 all the same.
type zeroMoves struct{}

func (zeroMoves) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n == 0 {
		return append(dst, game.HeapMove{})
	}
	return seqGrundy{}.AppendHeapMoves(dst, n)
}

func TestHeapZeroHasNoMoves(t *testing.T) {
	const n = 3000
	r := zeroMoves{}
	if _, ok := newSparseEngine(r, newRun(r, nil)); !ok {
		t.Fatal("the sparse engine refuses Grundy's game with a move from heap 0")
	}
	want := seqValues(t, seqGrundy{}, n)
	if got := seqEngineValues(t, r, 22); !slices.Equal(got, want[:22]) {
		t.Errorf("generic engine: %v, want %v", got, want[:22])
	}
	path := filepath.Join(t.TempDir(), "zero.ckpt")
	for _, m := range []Method{MethodDirect, MethodSparse, MethodAuto} {
		if got := seqValues(t, r, n, WithMethod(m)); !slices.Equal(got, want) {
			t.Errorf("%v: G(0 … 9) = %v, want %v", m, got[:10], want[:10])
		}
		// Its checkpoints are accepted and resumed.
		for _, k := range []int{n / 3, n} {
			s, err := Values(context.Background(), r, k, WithMethod(m), WithCheckpoint(path, time.Hour))
			if err != nil || !slices.Equal(s.AppendValues(nil, 0, s.Len()), want[:k]) {
				t.Fatalf("%v: checkpointed run to %d: %v", m, k, err)
			}
		}
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
}

// Lengths that cannot be stored are refused with an error naming them, and
// the largest allowed one does not allocate at once.
func TestValuesHugeLength(t *testing.T) {
	if strconv.IntSize < 64 {
		t.Skip("lengths of 2^32 and more need 64-bit ints")
	}
	limit := uint64(maxSeqLen)
	r := seqParse(".16")
	for _, n := range []int{int(limit + 1), int(limit << 18)} {
		name := fmt.Sprint(n)
		if _, err := Values(context.Background(), r, n); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("Values(%d): error %v, want one naming %s", n, err, name)
		}
		if _, _, err := Period(context.Background(), r, n); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("Period(%d): error %v, want one naming %s", n, err, name)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// The memory limit raised to 8 GiB lets the largest length through.
	big := WithMemory(1 << 33)
	for _, m := range []Method{MethodDirect, MethodSparse} {
		if _, err := Values(ctx, r, int(limit), WithMethod(m), big); !errors.Is(err, context.Canceled) {
			t.Errorf("%v: Values(2^32) with a cancelled context: %v", m, err)
		}
		if _, _, err := Period(ctx, r, int(limit), WithMethod(m), big); !errors.Is(err, context.Canceled) {
			t.Errorf("%v: Period(2^32) with a cancelled context: %v", m, err)
		}
	}
	short, stop := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer stop()
	s, err := Values(short, seqMovesOnly{R: r}, int(limit), WithMethod(MethodDirect), big)
	if !errors.Is(err, context.DeadlineExceeded) || s.Len() == 0 {
		t.Errorf("Values(2^32) with a short deadline: %v after %d values", err, s.Len())
	}
}

// Bit 0 of digit 0 (remove nothing, leave no heap) would be a move only
// from the empty heap, which has none: "5.07" plays as "4.07" for every
// engine and for the periodicity theorem.
func TestDigitZeroBitZero(t *testing.T) {
	const n = 2000
	five, four := seqParse("5.07"), seqParse("4.07")
	if _, ok := newSparseEngine(five, newRun(five, nil)); !ok {
		t.Error("the sparse engine refuses 5.07")
	}
	want := seqValues(t, four, n, WithMethod(MethodDirect))
	if got := seqEngineValues(t, five, 22); !slices.Equal(got, want[:22]) {
		t.Errorf("generic engine: 5.07 %v, 4.07 %v", got, want[:22])
	}
	for _, m := range []Method{MethodDirect, MethodSparse, MethodAuto} {
		for _, r := range []game.HeapRule{five, seqMovesOnly{R: five}} {
			if got := seqValues(t, r, n, WithMethod(m)); !slices.Equal(got, want) {
				t.Errorf("%v (%T), %v: values differ from 4.07's", r, r, m)
			}
		}
	}
	if theoremFor(five) != theoremFor(four) {
		t.Errorf("theorem for 5.07 %+v, for 4.07 %+v", theoremFor(five), theoremFor(four))
	}
}

func TestValuesCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, err := Values(ctx, seqParse(".77"), 100)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if s == nil || s.Len() >= 100 {
		t.Fatalf("cancelled run returned %v", s)
	}
}

func TestValuesProgress(t *testing.T) {
	var reports []Progress
	_, err := Values(context.Background(), seqParse(".77"), 3000, WithProgress(1, func(p Progress) {
		reports = append(reports, p)
	}))
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) == 0 {
		t.Fatal("no progress report")
	}
	last := reports[len(reports)-1]
	if last.Done != 3000 || last.Target != 3000 || last.Method != MethodDirect && last.Method != MethodSparse {
		t.Errorf("last report %+v", last)
	}
	for i := 1; i < len(reports); i++ {
		if reports[i].Done < reports[i-1].Done {
			t.Errorf("Done went back: %+v then %+v", reports[i-1], reports[i])
		}
	}
}

func TestMethodString(t *testing.T) {
	for m, want := range map[Method]string{MethodAuto: "auto", MethodDirect: "direct", MethodSparse: "sparse", 7: "Method(7)"} {
		if m.String() != want {
			t.Errorf("%d: %q, want %q", int(m), m.String(), want)
		}
	}
}
