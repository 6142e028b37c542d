package sequence

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// tailValues returns the terms pre, then block repeated, n terms in all,
// with the values reduced modulo k (small alphabets make many periods).
func tailValues(pre, block []uint8, n int, k uint8) []uint8 {
	v := make([]uint8, n)
	for i := range v {
		if i < len(pre) {
			v[i] = pre[i] % k
		} else {
			v[i] = block[(i-len(pre))%len(block)] % k
		}
	}
	return v
}

// naiveStart returns the smallest e such that v(i) = v(i+p) for every
// e ≤ i < n-p, trying each i.
func naiveStart(v []uint8, p int) int {
	e := max(len(v)-p, 0)
	for e > 0 && v[e-1] == v[e-1+p] {
		e--
	}
	return e
}

// naiveCertified returns the smallest p whose longest periodic tail th
// certifies, trying every p.
func naiveCertified(v []uint8, th theorem) (e, p int) {
	for p := 1; p < len(v); p++ {
		if e := naiveStart(v, p); th.certifies(len(v), e, p) {
			return e, p
		}
	}
	return 0, 0
}

// naiveSmallest returns the smallest p whose longest periodic tail covers
// half of v and two periods, trying every p.
func naiveSmallest(v []uint8) (e, p int) {
	n := len(v)
	for p := 1; 2*p <= n; p++ {
		e := naiveStart(v, p)
		if l := n - e; 2*l >= n && l >= 2*p {
			return e, p
		}
	}
	return 0, 0
}

// naivePeriod returns the smallest period of v.
func naivePeriod(v []uint8) int {
	for p := 1; p < len(v); p++ {
		ok := true
		for i := 0; i+p < len(v); i++ {
			if v[i] != v[i+p] {
				ok = false
				break
			}
		}
		if ok {
			return p
		}
	}
	return len(v)
}

// reversed returns v backwards (the terms as tail reads them).
func reversed(v []uint8) []uint8 {
	r := make([]uint8, len(v))
	for i, x := range v {
		r[len(v)-1-i] = x
	}
	return r
}

// tailGens are the generators of the property tests: a prefix, a block
// to repeat, the number of terms past two blocks and the prefix, and the
// alphabet size.
func tailGens() []gopter.Gen {
	return []gopter.Gen{
		gen.SliceOf(gen.UInt8()),
		gen.SliceOf(gen.UInt8()).SuchThat(func(b []uint8) bool { return len(b) > 0 }),
		gen.IntRange(0, 120),
		gen.UInt8Range(2, 4),
	}
}

func TestFactorizationFindsShortPeriods(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 300))
	props.Property("a critical factorization is exact for every period up to half the pattern", prop.ForAll(
		func(pre, block []uint8, extra int, k uint8) bool {
			v := tailValues(pre, block, len(pre)+len(block)+extra, k)
			if len(v) == 0 {
				return true
			}
			tl := &tail[uint8]{v: v, n: len(v)}
			for m := 1; m <= len(v); m++ {
				f := tl.factorize(m)
				want := naivePeriod(reversed(v)[:m])
				if f.exact && f.per != want || !f.exact && (2*want <= m || f.per > want) {
					t.Logf("v %v m %d: %+v, smallest period %d", v, m, f, want)
					return false
				}
			}
			return true
		},
		tailGens()...,
	))
	props.TestingRun(t)
}

func TestRecurrence(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 300))
	props.Property("two-way search finds the first recurrence of the last m terms", prop.ForAll(
		func(pre, block []uint8, extra int, k uint8) bool {
			v := tailValues(pre, block, len(pre)+len(block)+extra, k)
			n := len(v)
			tl := &tail[uint8]{v: v, n: n}
			for m := 1; m < n; m++ {
				for _, ahead := range []int{0, 1, 3} {
					wantP := 0
					for p := 1; p+m+ahead <= n; p++ {
						ok := true
						for i := range m {
							if v[n-m-p+i] != v[n-m+i] {
								ok = false
								break
							}
						}
						if ok {
							wantP = p
							break
						}
					}
					e, p := tl.recurrence(m, ahead)
					if p != wantP || p > 0 && e != naiveStart(v, p) {
						t.Logf("v %v m %d ahead %d: (%d, %d), want period %d", v, m, ahead, e, p, wantP)
						return false
					}
				}
			}
			return true
		},
		tailGens()...,
	))
	props.TestingRun(t)
}

func TestCertifiedTail(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 300))
	certified := 0
	props.Property("the smallest certified period is found, by every theorem", prop.ForAll(
		func(pre, block []uint8, extra int, k uint8) bool {
			v := tailValues(pre, block, 2*len(pre)+2*len(block)+extra, k)
			tl := &tail[uint8]{v: v, n: len(v)}
			for m := 1; m <= 3; m++ {
				for tt := 0; tt <= 4; tt++ {
					th := theorem{ok: true, m: m, t: tt}
					we, wp := naiveCertified(v, th)
					e, p := tl.certifiedTail(th)
					if e != we || p != wp {
						t.Logf("v %v, %+v: (%d, %d), want (%d, %d)", v, th, e, p, we, wp)
						return false
					}
					if p > 0 {
						certified++
					}
				}
			}
			return true
		},
		tailGens()...,
	))
	props.TestingRun(t)
	if certified == 0 {
		t.Error("no sequence was certified")
	}
}

func TestSmallestTail(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 300))
	props.Property("the smallest period covering half the terms is found, of any length", prop.ForAll(
		func(pre, block []uint8, extra int, k uint8) bool {
			// Blocks repeated about twice: periods of a third to a half
			// of the terms, found by their squares.
			v := tailValues(pre, block, len(pre)+2*len(block)+extra%8, k)
			tl := &tail[uint8]{v: v, n: len(v)}
			we, wp := naiveSmallest(v)
			e, p, found := tl.smallestTail()
			if found != (wp > 0) || e != we || p != wp {
				t.Logf("v %v: (%d, %d, %v), want (%d, %d)", v, e, p, found, we, wp)
				return false
			}
			// The differences, as arithmetic periodicity reads them.
			if len(v) < 2 {
				return true
			}
			d := make([]uint8, len(v)-1)
			for i := range d {
				d[i] = v[i+1] - v[i]
			}
			we, wp = naiveSmallest(d)
			e, p, found = (&tail[uint8]{v: v, n: len(d), diff: true}).smallestTail()
			if found != (wp > 0) || e != we || p != wp {
				t.Logf("differences of %v: (%d, %d, %v), want (%d, %d)", v, e, p, found, we, wp)
				return false
			}
			return true
		},
		tailGens()...,
	))
	props.TestingRun(t)
}

// TestFindPeriodWidths: the checks read values of every width the same
// way (values shifted past 255 and 65535 widen the sequence).
func TestFindPeriodWidths(t *testing.T) {
	v := tailValues([]uint8{3, 1, 4, 1, 5, 9, 2, 6}, []uint8{2, 7, 1, 8, 2, 8, 1}, 400, 10)
	we, wp := naiveSmallest(v)
	if wp != 7 {
		t.Fatalf("naive (%d, %d)", we, wp)
	}
	for _, shift := range []sg.Nimber{0, 300, 70000} {
		s := New(len(v))
		for _, x := range v {
			s.Append(sg.Nimber(x) + shift)
		}
		if got := FindPeriod(s, nil); got.Preperiod != we || got.Period != wp || got.Certified {
			t.Errorf("shift %d (width %d): %+v, want (%d, %d)", shift, s.v.W, got, we, wp)
		}
	}
}

// TestSmallestSquareLong: a period longer than a quarter of the values,
// which only the square search finds, on a block of a million values.
func TestSmallestSquareLong(t *testing.T) {
	const p = 1 << 20
	block := make([]uint8, p)
	x := uint32(12345)
	for i := range block {
		x = x*1664525 + 1013904223
		block[i] = uint8(x >> 29)
	}
	v := tailValues([]uint8{9, 9, 9}, block, 3+2*p+p/2, 255)
	s := New(len(v))
	for _, x := range v {
		s.Append(sg.Nimber(x))
	}
	if got := FindPeriod(s, nil); got.Preperiod != 3 || got.Period != p {
		t.Errorf("%+v, want preperiod 3 period %d", got, p)
	}
}
