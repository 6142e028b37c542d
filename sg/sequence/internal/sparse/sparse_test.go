package sparse

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/seqtest"
	"github.com/impartial-go/impartial/sg/sequence/internal/splits"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
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

// spRun computes G(0 … n-1) with a new sparse engine, which must accept r.
// start, when positive, replaces the number of heaps computed plainly
// before the first mask choice, so that small tests exercise the method.
func spRun(t testing.TB, r game.HeapRule, n, start int) (*store.Seq, *Engine) {
	t.Helper()
	se, ok := New(r, newRun(r, nil).run())
	if !ok {
		t.Fatalf("New(%v) refused the rule", r)
	}
	e := se
	if start > 0 {
		e.start = start
	}
	s := store.New(0)
	if err := e.extend(context.Background(), s, n); err != nil {
		t.Fatalf("extend(%v, %d): %v", r, n, err)
	}
	if s.Len() != n {
		t.Fatalf("extend(%v, %d) gave %d values", r, n, s.Len())
	}
	return s, e
}

func TestSpFirstDiff(t *testing.T) {
	s := store.New(0)
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

func TestSparseGrundyKnownValues(t *testing.T) {
	s, _ := spRun(t, seqGrundy{}, len(grundyValues), 4)
	if i := spFirstDiff(s, grundyValues); i >= 0 {
		t.Fatalf("Grundy's game G(%d) = %v, want %v (OEIS A002188)", i, s.At(i), grundyValues[i])
	}
	const n = 3000
	s, e := spRun(t, seqGrundy{}, n, 64)
	if i := spFirstDiff(s, spNaive(seqGrundy{}, n)); i >= 0 {
		t.Fatalf("Grundy's game G(%d) = %v, naive says otherwise", i, s.At(i))
	}
	if e.direct || len(e.rare) == 0 || float64(len(e.rare)) > sparseMaxRare*n {
		t.Errorf("Grundy's game to %d: direct %v, %d rare heaps; want the sparse method with few rare heaps",
			n, e.direct, len(e.rare))
	}
}

// Kayles is .77 and Dawson's chess .137 (Winning Ways ch. 4): Kayles has
// period 12 after its last exception at 70, Dawson's chess period 34 after
// its last exception at 51 (Dawson's Kayles, .07, has the same values one
// heap later). The first values of Kayles are kaylesValues.
func TestSparseKaylesAndDawson(t *testing.T) {
	for _, tc := range []struct {
		code        seqCode
		last, perio int
		head        []sg.Nimber
	}{
		{seqParse(".77"), 70, 12, kaylesValues},
		{seqParse(".137"), 51, 34, nil},
	} {
		const n = 2000
		s, _ := spRun(t, tc.code, n, 32)
		if i := spFirstDiff(s, spNaive(tc.code, n)); i >= 0 {
			t.Fatalf("%v: G(%d) = %v differs from the naive value", tc.code, i, s.At(i))
		}
		if tc.head != nil {
			for i, w := range tc.head {
				if s.At(i) != w {
					t.Fatalf("%v: G(%d) = %v, want %v", tc.code, i, s.At(i), w)
				}
			}
		}
		spCheckPeriod(t, tc.code.String(), s, tc.last+1, tc.perio)
	}
}

// spCheckPeriod checks that G(n+p) = G(n) for every n ≥ pre in s, and not
// for n = pre-1.
func spCheckPeriod(t *testing.T, name string, s *store.Seq, pre, p int) {
	t.Helper()
	if s.Len() < pre+2*p {
		t.Fatalf("%s: only %d values to check preperiod %d and period %d", name, s.Len(), pre, p)
	}
	if pre > 0 && s.At(pre-1) == s.At(pre-1+p) {
		t.Errorf("%s: G(%d) = G(%d): the preperiod is shorter than %d", name, pre-1, pre-1+p, pre)
	}
	for n := pre; n+p < s.Len(); n++ {
		if s.At(n) != s.At(n+p) {
			t.Fatalf("%s: G(%d) = %v but G(%d) = %v: not period %d from %d",
				name, n, s.At(n), n+p, s.At(n+p), p, pre)
		}
	}
}

// spGenCode draws octal codes 0.d1 … d4 that split heaps somewhere.
func spGenCode() gopter.Gen {
	return gen.SliceOfN(4, gen.UInt32Range(0, 7)).
		SuchThat(func(ds []uint32) bool {
			return slices.ContainsFunc(ds, func(d uint32) bool { return d&4 != 0 })
		}).
		Map(func(ds []uint32) seqCode { return seqDigits(append([]uint32{0}, ds...)...) })
}

func TestSparseMatchesNaiveProperty(t *testing.T) {
	const n = 1200
	properties := gopter.NewProperties(gametest.Parameters(t, 40))
	properties.Property("sparse engine = naive mex, automatic mask", prop.ForAll(
		func(c seqCode) string {
			s, _ := spRun(t, c, n, 24)
			if i := spFirstDiff(s, spNaive(c, n)); i >= 0 {
				return fmt.Sprintf("%v: G(%d) = %v differs", c, i, s.At(i))
			}
			return ""
		}, spGenCode()))
	properties.Property("sparse engine = naive mex, any fixed mask", prop.ForAll(
		func(c seqCode, mask uint64, par int) string {
			se, ok := New(c, newRun(c, nil).run())
			if !ok {
				return fmt.Sprintf("%v refused", c)
			}
			e := se
			e.start = 8
			e.fixMask(mask, par)
			s := store.New(0)
			if err := e.extend(context.Background(), s, n); err != nil {
				return err.Error()
			}
			if i := spFirstDiff(s, spNaive(c, n)); i >= 0 {
				return fmt.Sprintf("%v mask %#x par %d: G(%d) = %v differs", c, mask, par, i, s.At(i))
			}
			return ""
		}, spGenCode(), gen.UInt64Range(0, 63), gen.IntRange(0, 1)))
	properties.TestingRun(t)
}

// spUnequal is a code whose splits must leave two different heaps, known
// only by its moves: the engine's generic path with Unequal splits.
type spUnequal struct{ c seqCode }

func (u spUnequal) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	i := len(dst)
	dst = u.c.AppendHeapMoves(dst, n)
	for j := i; j < len(dst); j++ {
		dst[j].Unequal = dst[j].Parts == 2
	}
	return dst
}

func TestSparseGenericMatchesNaiveProperty(t *testing.T) {
	const n = 900
	properties := gopter.NewProperties(gametest.Parameters(t, 30))
	properties.Property("sparse engine = naive mex, rules known by their moves", prop.ForAll(
		func(c seqCode, unequal bool) string {
			var r game.HeapRule = seqMovesOnly{R: c}
			if unequal {
				r = spUnequal{c}
			}
			s, _ := spRun(t, r, n, 24)
			if i := spFirstDiff(s, spNaive(r, n)); i >= 0 {
				return fmt.Sprintf("%v (unequal %v): G(%d) = %v differs", c, unequal, i, s.At(i))
			}
			return ""
		}, spGenCode(), gen.Bool()))
	properties.TestingRun(t)
}

// spNimSplit: a rule known only by its moves whose values need two bytes.
type spNimSplit = seqtest.NimSplit

func TestSparseGenericRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    game.HeapRule
		n    int
	}{
		{"0.16 by moves", seqMovesOnly{R: seqParse(".16")}, 3000},
		{"0.376 by moves", seqMovesOnly{R: seqParse(".376")}, 3000},
		{"4. (split, no removal)", seqMovesOnly{R: seqParse("4.")}, 2000},
		{"nim+split", spNimSplit{}, 700},
	} {
		s, e := spRun(t, tc.r, tc.n, 32)
		if i := spFirstDiff(s, spNaive(tc.r, tc.n)); i >= 0 {
			t.Errorf("%s: G(%d) = %v differs from the naive value", tc.name, i, s.At(i))
		}
		if tc.name == "nim+split" && s.BytesPerValue() != 2 {
			t.Errorf("%s: %d bytes per value, want 2", tc.name, s.BytesPerValue())
		}
		t.Logf("%s: %d rare heaps, mask %#x, direct %v", tc.name, len(e.rare), e.progressMask(), e.direct)
	}
}

// TestSparseTwoBytes runs the 2-byte loops on values that would fit in one.
func TestSparseTwoBytes(t *testing.T) {
	for _, r := range []game.HeapRule{seqParse(".376"), seqGrundy{}, seqParse(".1777")} {
		const n = 2500
		want := spNaive(r, n)
		s := &store.Seq{W: 2}
		for _, v := range want[:50] {
			s.B16 = append(s.B16, uint16(v))
			s.Top = max(s.Top, v)
		}
		se, _ := New(r, newRun(r, nil).run())
		e := se
		e.start = 64
		if err := e.extend(context.Background(), s, n); err != nil {
			t.Fatal(err)
		}
		if i := spFirstDiff(s, want); i >= 0 || s.BytesPerValue() != 2 {
			t.Fatalf("%v: 2-byte run: G(%d) differs (or %d bytes per value)", r, i, s.BytesPerValue())
		}
	}
}

// spParityBreak: Grundy's game whose parity variant breaks at heap 400.
type spParityBreak = seqtest.ParityBreak

func TestSparseParityBreak(t *testing.T) {
	r := spParityBreak{}
	const n = 1500
	want := spNaive(r, n)
	for _, fixed := range []bool{false, true} {
		se, ok := New(r, newRun(r, nil).run())
		if !ok {
			t.Fatal("refused")
		}
		e := se
		e.start = 16
		if fixed {
			e.fixMask(0x6, 1)
		}
		s := store.New(0)
		if err := e.extend(context.Background(), s, 300); err != nil {
			t.Fatal(err)
		}
		usedParity := e.par == 1
		if err := e.extend(context.Background(), s, n); err != nil {
			t.Fatal(err)
		}
		if i := spFirstDiff(s, want); i >= 0 {
			t.Fatalf("fixed %v: G(%d) = %v differs from the naive value", fixed, i, s.At(i))
		}
		if fixed && (!usedParity || e.par != 0) {
			t.Errorf("fixed mask: parity variant used before heap 400 %v, after %v; want true, false", usedParity, e.par == 1)
		}
	}
}

// Long runs on published periods (Flammenkamp's octal-game tables):
// 0.16 has preperiod 105351 and period 149459, 0.56 preperiod 326640 and
// period 144. They take a few seconds under the race detector.
func TestSparseLongKnownPeriods(t *testing.T) {
	gametest.SkipUnlessLong(t)
	for _, tc := range []struct {
		code    seqCode
		pre, pd int
	}{
		{seqParse(".16"), 105351, 149459},
		{seqParse(".56"), 326640, 144},
	} {
		n := tc.pre + 2*tc.pd + 16
		s, e := spRun(t, tc.code, n, 0)
		spCheckPeriod(t, tc.code.String(), s, tc.pre, tc.pd)
		t.Logf("%v to %d: %d rare heaps, mask %#x", tc.code, n, len(e.rare), e.progressMask())
	}
}

// TestScanRangeWordsMatchesScanRange checks the word-at-a-time scan of
// 1-byte values against the plain scan on random value tables, split sizes
// and needed values: both must find the same values (the same count left
// and the same needs table after a scan that did not finish early), resume
// from the same smaller part and count the same steps.
func TestScanRangeWordsMatchesScanRange(t *testing.T) {
	r := gametest.Rand(t)
	var n1, n2 sparseTab
	finished, partial := 0, 0 // scans that found every value, and some
	for iter := range 3000 {
		alpha := 2 + r.IntN(40) // few distinct values, so that most words hit
		vals := make([]uint8, 20+r.IntN(300))
		for i := range vals {
			vals[i] = uint8(r.IntN(alpha))
		}
		// Split sizes in decreasing order, as the engine lists them.
		top := 2 + r.IntN(len(vals)-2)
		two := []int{top}
		for len(two) < 4 && two[len(two)-1] > 3 && r.IntN(3) > 0 {
			two = append(two, two[len(two)-1]-1-r.IntN(3))
		}
		uneq := make([]bool, len(two))
		for i := range uneq {
			uneq[i] = r.IntN(2) == 0
		}
		var list []int
		for v := range alpha + 2 {
			if r.IntN(3) == 0 {
				list = append(list, v)
				n1[v], n2[v] = 1, 1
			}
		}
		a0 := 1 + r.IntN(20)
		a1 := a0 + r.IntN(top)
		l1, next1, st1 := splits.Range(vals, two, uneq, &n1, list, len(list), a0, a1)
		l2, next2, st2 := splits.RangeWords(vals, two, uneq, &n2, list, len(list), a0, a1)
		if l1 != l2 || n1 != n2 || l1 > 0 && (next1 != next2 || st1 != st2) {
			t.Fatalf("case %d: vals %v, two %v, uneq %v, needs %v, a in [%d, %d): splits.Range gives left %d next %d steps %d, splits.RangeWords left %d next %d steps %d",
				iter, vals, two, uneq, list, a0, a1, l1, next1, st1, l2, next2, st2)
		}
		switch {
		case len(list) > 0 && l1 == 0:
			finished++
		case l1 > 0 && l1 < len(list):
			partial++
		}
		for _, v := range list {
			n1[v], n2[v] = 0, 0
		}
	}
	if finished < 300 || partial < 300 {
		t.Fatalf("only %d scans found every needed value and %d some of them: the cases miss the early exit or the full scan", finished, partial)
	}
}

// TestRareFrom checks rareFrom against a linear scan on random lists of
// rare heaps, at every size from below the first to past the last.
func TestRareFrom(t *testing.T) {
	rnd := gametest.Rand(t)
	for range 300 {
		var rare []rareHeap
		a := 0
		for range rnd.IntN(20) {
			a += 1 + rnd.IntN(5)
			rare = append(rare, rareHeap{a: uint32(a)})
		}
		for x := -1; x <= a+2; x++ {
			want := 0
			for want < len(rare) && int(rare[want].a) < x {
				want++
			}
			if got := rareFrom(rare, x); got != want {
				t.Fatalf("rareFrom(%v, %d) = %d, want %d", rare, x, got, want)
			}
		}
	}
}

// TestSparseGrundyBlocks computes Grundy's game with the block order from
// heap 256 on (splits.BlocksFrom in runs) and checks the values
// against the definition, on one core and with the pipeline.
func TestSparseGrundyBlocks(t *testing.T) {
	const n = 6000
	want := spNaive(seqGrundy{}, n)
	se, ok := New(seqGrundy{}, newRun(seqGrundy{}, nil).run())
	if !ok {
		t.Fatal("the sparse engine refuses Grundy's game")
	}
	e := se
	e.start, e.order.From = 64, 256
	s := store.New(n)
	if err := e.extend(t.Context(), s, n); err != nil {
		t.Fatal(err)
	}
	if i := spFirstDiff(s, want); i >= 0 {
		t.Fatalf("Grundy's game with the block order: G(%d) = %v, want %v", i, s.At(i), want[i])
	}
	if len(e.order.List) == 0 {
		t.Fatal("no block order: the test does not exercise it")
	}
}
