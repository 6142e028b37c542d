package sequence

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// exceptions returns the heaps n < p.Preperiod whose value differs from
// the periodic one.
func exceptions(s *Sequence, p Periodicity) []int {
	var ex []int
	for n := 0; n < p.Preperiod; n++ {
		if s.At(n) != s.At(n+p.Period*((p.Preperiod-n)/p.Period+1)) {
			ex = append(ex, n)
		}
	}
	return ex
}

func TestKnownPeriods(t *testing.T) {
	for _, tc := range []struct {
		rule       game.HeapRule
		maxN       int
		pre, per   int
		saltus     sg.Nimber
		certified  bool
		exceptions []int // nil: not checked
	}{
		// Kayles: period 12, exceptional values at n = 0, 3, 6, 9, 11, 15,
		// 18, 21, 22, 28, 34, 39, 57, 70 (Winning Ways ch. 4; Guy & Smith
		// 1956), so the preperiod is 71.
		{seqParse(".77"), 1000, 71, 12, 0, true, []int{0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70}},
		// Dawson's chess .137: period 34, exceptions at n = 0, 14, 16, 17,
		// 31, 34, 51 (Winning Ways ch. 4; Guy & Smith 1956).
		{seqParse(".137"), 1000, 52, 34, 0, true, []int{0, 14, 16, 17, 31, 34, 51}},
		// Dawson's Kayles .07 has the values of .137 shifted by one heap
		// (G.07(n+1) = G.137(n)), so its exceptions are one further on.
		{seqParse(".07"), 1000, 53, 34, 0, true, []int{0, 1, 15, 17, 18, 32, 35, 52}},
		// .177: period 20, last exception at n = 496 (Winning Ways ch. 4,
		// p. 102; OEIS A071435).
		{seqParse(".177"), 3000, 497, 20, 0, true, nil},
		// .117: period 48, exceptions n = 2, 6, 7, 12, 16, 22, 26, 36, 46
		// (Winning Ways ch. 4, p. 104; OEIS A071453).
		{seqParse(".117"), 1000, 47, 48, 0, true, []int{2, 6, 7, 12, 16, 22, 26, 36, 46}},
		// Subtraction {1,2,3}: n mod 4; Bash with m = 5: n mod 6.
		{seqSub(1, 2, 3), 1000, 0, 4, 0, true, []int{}},
		{seqSub(1, 2, 3, 4, 5), 1000, 0, 6, 0, true, []int{}},
		// Nim: G(n) = n, arithmetic periodic with period 1 and saltus 1;
		// Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,
		// G(4k+4) = 4k+3 (Winning Ways ch. 4), period 4 and saltus 4 from
		// heap 1. Neither is certified.
		{seqParse("0.…3"), 600, 0, 1, 1, false, nil},
		{seqParse("4.…3"), 600, 1, 4, 4, false, nil},
		// Grundy's game has no known period (computed to 2^35 and more);
		// certainly none in its first few thousand values.
		{seqGrundy{}, 3000, 0, 0, 0, false, nil},
	} {
		s, p, err := Period(context.Background(), tc.rule, tc.maxN)
		if err != nil {
			t.Fatalf("%v: %v", tc.rule, err)
		}
		if p.Preperiod != tc.pre || p.Period != tc.per || p.Saltus != tc.saltus || p.Certified != tc.certified || p.CheckedTo != s.Len() {
			t.Errorf("%v: %+v, want preperiod %d period %d saltus %d certified %v", tc.rule, p, tc.pre, tc.per, tc.saltus, tc.certified)
			continue
		}
		if !p.Certified && s.Len() != tc.maxN {
			t.Errorf("%v: uncertified run stopped at %d, before %d", tc.rule, s.Len(), tc.maxN)
		}
		if tc.exceptions != nil {
			if ex := exceptions(s, p); !slices.Equal(ex, tc.exceptions) {
				t.Errorf("%v: exceptions %v, want %v", tc.rule, ex, tc.exceptions)
			}
		}
		if p.Certified {
			checkPredictions(t, tc.rule, s, p, 3*tc.maxN)
		}
		// The generic HeapMove path is never certified.
		if tc.certified {
			q := FindPeriod(s, seqMovesOnly{R: tc.rule})
			if q.Certified || q.Period != 0 && (q.Period != p.Period || q.Preperiod != p.Preperiod) {
				t.Errorf("%v without its code: %+v", tc.rule, q)
			}
		}
	}
}

// checkPredictions compares p.ValueAt(s, n) with values computed directly
// up to n.
func checkPredictions(t *testing.T, r game.HeapRule, s *Sequence, p Periodicity, n int) {
	t.Helper()
	long, err := Values(context.Background(), r, n, WithMethod(MethodDirect))
	if err != nil {
		t.Fatal(err)
	}
	for h := range n {
		v, ok := p.ValueAt(s, uint64(h))
		if !ok || v != long.At(h) {
			t.Fatalf("%v: ValueAt(%d) = %v, %v; computed %v (%v from %d values)", r, h, v, ok, long.At(h), p, s.Len())
		}
	}
}

func TestPeriodStopsSoon(t *testing.T) {
	// Kayles is certified from 2·71 + 12 + 2 + 12 = 168 values: Period
	// must not compute far more.
	s, p, err := Period(context.Background(), seqParse(".77"), 1<<20)
	if err != nil || !p.Certified {
		t.Fatalf("%v, %v", p, err)
	}
	if s.Len() > 512 {
		t.Errorf("Kayles certified only after %d values", s.Len())
	}
	// .177 needs 2·497 + 20 + 3 + 20 = 1037.
	var last Progress
	s, p, err = Period(context.Background(), seqParse(".177"), 1<<20,
		WithProgress(time.Nanosecond, func(p Progress) { last = p }))
	if err != nil || !p.Certified || s.Len() != 1037 {
		t.Errorf(".177: %v after %d values, %v", p, s.Len(), err)
	}
	if last.Done != 1037 || last.Target != 1<<20 || last.Elapsed <= 0 {
		t.Errorf(".177: last progress report %+v", last)
	}
	// Longer runs also stop at exactly the Guy–Smith window 2e + 2p + t:
	// .16 has preperiod 105,351 and period 149,459, .56 preperiod 326,640
	// and period 144 (Flammenkamp's octal-game tables; t = 2 for both).
	for _, tc := range []struct {
		code   string
		pre, p int
	}{{".16", 105351, 149459}, {".56", 326640, 144}} {
		s, p, err := Period(context.Background(), seqParse(tc.code), 1<<24)
		want := 2*tc.pre + 2*tc.p + 2
		if err != nil || !p.Certified || p.Preperiod != tc.pre || p.Period != tc.p || s.Len() != want || p.CheckedTo != want {
			t.Errorf("%s: %v after %d values, %v; want certified at %d", tc.code, p, s.Len(), err, want)
		}
	}
}

func TestPeriodErrors(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Period(ctx, seqParse(".77"), 1000); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, _, err := Period(context.Background(), seqParse(".77"), -5); err == nil {
		t.Error("negative maxN: no error")
	}
	if _, _, err := Period(context.Background(), nil, 5); err == nil {
		t.Error("nil rule: no error")
	}
	if _, _, err := Period(context.Background(), loopRule{}, 50); !errors.Is(err, ErrBadRule) {
		t.Errorf("loop rule: %v", err)
	}
}

func TestValueAtHuge(t *testing.T) {
	s, p, err := Period(context.Background(), seqParse(".77"), 1000)
	if err != nil || !p.Certified {
		t.Fatal(p, err)
	}
	for _, n := range []uint64{math.MaxUint64, math.MaxUint64 - 1, 1 << 63, 1e18 + 7} {
		v, ok := p.ValueAt(s, n)
		want := s.At(71 + int((n-71)%12))
		if !ok || v != want {
			t.Errorf("Kayles G(%d) = %v, %v; want %v", n, v, ok, want)
		}
	}
	// Lasker's Nim as a certified arithmetic period (the formula of
	// Winning Ways ch. 4): G(4k+4) = 4k+3.
	lasker := seqValues(t, seqParse("4.…3"), 16)
	ls := New(16)
	for _, v := range lasker {
		ls.Append(v)
	}
	lp := Periodicity{Preperiod: 1, Period: 4, Saltus: 4, Certified: true, CheckedTo: 16}
	if v, ok := lp.ValueAt(ls, 1<<62); !ok || v != 1<<62-1 {
		t.Errorf("Lasker G(2^62) = %v, %v", v, ok)
	}
	if v, ok := lp.ValueAt(ls, math.MaxUint64-2); !ok || v != math.MaxUint64-2 {
		t.Errorf("Lasker G(2^64-3) = %v, %v", v, ok) // 2^64-3 = 4k+1
	}
	if _, ok := lp.ValueAt(ls, math.MaxUint64); ok {
		t.Error("Lasker G(2^64-1) = 2^64 should overflow")
	}
	// Not certified: only the stored values.
	lp.Certified = false
	if v, ok := lp.ValueAt(ls, 5); !ok || v != 5 {
		t.Errorf("stored G(5) = %v, %v", v, ok)
	}
	if _, ok := lp.ValueAt(ls, 16); ok {
		t.Error("uncertified ValueAt beyond the sequence succeeded")
	}
	// A period whose base values are missing.
	if _, ok := (Periodicity{Preperiod: 10, Period: 10, Certified: true}).ValueAt(ls, 100); ok {
		t.Error("ValueAt without the periodic values succeeded")
	}
}

// synthetic returns pre followed by reps copies of block, as a Sequence.
func synthetic(pre, block []uint8, n int) *Sequence {
	s := New(n)
	for i := range n {
		if i < len(pre) {
			s.Append(sg.Nimber(pre[i]))
		} else {
			s.Append(sg.Nimber(block[(i-len(pre))%len(block)]))
		}
	}
	return s
}

// naiveTail returns the smallest period of the periodic tail of s (period
// p with a tail of at least max(n/2, 2p)), and the smallest start, by
// trying every p.
func naiveTail(s *Sequence) (e, p int) {
	n := s.Len()
	for p := 1; 2*p <= n; p++ {
		e := n - p
		for e > 0 && s.At(e-1) == s.At(e-1+p) {
			e--
		}
		if l := n - e; 2*l >= n && l >= 2*p {
			return e, p
		}
	}
	return 0, 0
}

func TestFindPeriodSynthetic(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 200))
	props.Property("FindPeriod finds the smallest period and preperiod", prop.ForAll(
		func(pre, block []uint8, extra int) bool {
			for i := range pre {
				pre[i] %= 4
			}
			for i := range block {
				block[i] %= 3
			}
			n := 2*len(pre) + 3*len(block) + extra
			s := synthetic(pre, block, n)
			got := FindPeriod(s, nil)
			e, p := naiveTail(s)
			if got.Preperiod != e || got.Period != p || got.Certified || got.Saltus != 0 {
				t.Logf("pre %v block %v n %d: got %+v, naive %d, %d", pre, block, n, got, e, p)
				return false
			}
			return p > 0 && p <= len(block) && e <= len(pre)
		},
		gen.SliceOf(gen.UInt8()),
		gen.SliceOf(gen.UInt8()).SuchThat(func(b []uint8) bool { return len(b) > 0 }),
		gen.IntRange(0, 300),
	))
	props.TestingRun(t)
}

// Random octal codes: whenever Period certifies, the values it predicts
// agree with a longer direct computation, and the period and preperiod
// are the smallest the values show.
func TestPeriodCertificationSound(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 40))
	certified := 0
	props.Property("certified periods predict the values", prop.ForAll(
		func(ds []uint32) bool {
			c := seqDigits(append([]uint32{0}, ds...)...)
			s, p, err := Period(context.Background(), c, 1500)
			if err != nil {
				t.Log(err)
				return false
			}
			if !p.Certified {
				return true
			}
			certified++
			long := seqValues(t, c, 3000)
			for n, want := range long {
				if v, ok := p.ValueAt(s, uint64(n)); !ok || v != want {
					t.Logf("%v: %v: G(%d) predicted %v, computed %v", c, p, n, v, want)
					return false
				}
			}
			e, q := p.Preperiod, p.Period
			if e > 0 && long[e-1] == long[e-1+q] {
				t.Logf("%v: %v: preperiod not smallest", c, p)
				return false
			}
			for r := 1; r < q; r++ {
				if periodicFrom(long, e, r) {
					t.Logf("%v: %v: smaller period %d", c, p, r)
					return false
				}
			}
			return true
		},
		gen.SliceOfN(3, gen.UInt32Range(0, 7)),
	))
	props.TestingRun(t)
	if certified == 0 {
		t.Error("no random code was certified")
	}
}

func periodicFrom(g []sg.Nimber, e, p int) bool {
	for n := e; n+p < len(g); n++ {
		if g[n] != g[n+p] {
			return false
		}
	}
	return true
}

func TestPeriodicityString(t *testing.T) {
	for p, want := range map[Periodicity]string{
		{CheckedTo: 10}: "no period in 10 values",
		{Preperiod: 71, Period: 12, Certified: true, CheckedTo: 256}: "preperiod 71, period 12 (certified from 256 values)",
		{Preperiod: 1, Period: 4, Saltus: 4, CheckedTo: 600}:         "preperiod 1, period 4, saltus 4 (observed in 600 values)",
	} {
		if p.String() != want {
			t.Errorf("%q, want %q", p.String(), want)
		}
	}
}

func TestTheoremWindow(t *testing.T) {
	// Guy–Smith for octal games: 2e + p + t.
	if w := (theorem{ok: true, m: 2, t: 2}).window(71, 12); w != 2*71+12+2 {
		t.Errorf("octal window %d", w)
	}
	// Subtraction games: max(e, 1) + t + 1.
	if w := (theorem{ok: true, m: 1, t: 3}).window(0, 4); w != 5 {
		t.Errorf("subtraction window %d", w)
	}
	for _, tc := range []struct {
		r    game.HeapRule
		want theorem
	}{
		{seqParse(".77"), theorem{true, 2, 2}},
		{seqSub(1, 5), theorem{true, 1, 5}},
		{seqParse("4.07"), theorem{true, 2, 2}},
		{seqParse("5.07"), theorem{true, 2, 2}},
		{seqParse("1.3"), theorem{true, 1, 1}},
		{seqParse("0.F"), theorem{true, 3, 1}},
		{seqParse("0.…3"), theorem{}},
		{seqGrundy{}, theorem{}},
		{seqMovesOnly{R: seqParse(".77")}, theorem{}},
	} {
		if got := theoremFor(tc.r); got != tc.want {
			t.Errorf("%v: %+v, want %+v", tc.r, got, tc.want)
		}
	}
}
