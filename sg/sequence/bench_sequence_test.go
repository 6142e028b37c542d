package sequence

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// Benchmarks of the direct engine and of period finding:
//
//	go test -run '^$' -bench 'DirectValues|FindPeriod' ./sg/sequence
//
// The direct engine is O(n²): .07 and .77 to 10^5 heaps take seconds.

func benchDirect(b *testing.B, r game.HeapRule, n int) {
	b.ReportAllocs()
	for b.Loop() {
		s, err := Values(context.Background(), r, n, WithMethod(MethodDirect))
		if err != nil || s.Len() != n {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/heap")
}

func BenchmarkDirectValues(b *testing.B) {
	for _, tc := range []struct {
		name string
		r    game.HeapRule
		n    int
	}{
		{".07/1e5", seqParse(".07"), 100_000},
		{".77/1e5", seqParse(".77"), 100_000},
		{"grundy/2^14", seqGrundy{}, 1 << 14},
		{".F/2^12", seqParse("0.F"), 1 << 12},
	} {
		b.Run(tc.name, func(b *testing.B) { benchDirect(b, tc.r, tc.n) })
	}
}

// BenchmarkFindPeriod finds the period of a 10^6-value sequence: Kayles's
// values to 10^6 (period 12 from heap 71) checked as Kayles, and the same
// values with a long preperiod-like stretch checked with no theorem.
func BenchmarkFindPeriod(b *testing.B) {
	kayles := seqParse(".77")
	first, err := Values(context.Background(), kayles, 1000)
	if err != nil {
		b.Fatal(err)
	}
	s := New(1_000_000)
	for n := range 1_000_000 {
		if n < 1000 {
			s.Append(first.At(n))
		} else {
			s.Append(first.At(71 + (n-71)%12))
		}
	}
	b.Run("kayles/1e6", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if p := FindPeriod(s, kayles); !p.Certified || p.Period != 12 || p.Preperiod != 71 {
				b.Fatal(p)
			}
		}
	})
	// A sequence with a long period: 10^6 values of period 99991 from
	// heap 500000.
	long := New(1_000_000)
	x := uint64(1)
	for n := range 1_000_000 {
		if n < 500_000+99_991 {
			x = x*6364136223846793005 + 1442695040888963407
			long.Append(sg.Nimber(x >> 61))
		} else {
			long.Append(long.At(n - 99_991))
		}
	}
	b.Run("period99991/1e6", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if p := FindPeriod(long, nil); p.Period != 99_991 {
				b.Fatal(p)
			}
		}
	})
	// At the scale of .1777: 2^26 values of period 2^23 - 1 from heap
	// 2^24, certified as an octal game with t = 2 (the window 2e + 2p + 2
	// is 50,331,648 values): the checks read the values in place.
	const e, p = 1 << 24, 1<<23 - 1
	huge := New(1 << 26)
	for n := range 1 << 26 {
		if n < e+p {
			x = x*6364136223846793005 + 1442695040888963407
			huge.Append(sg.Nimber(x >> 59))
		} else {
			huge.Append(huge.At(n - p))
		}
	}
	b.Run("certify2^23/2^26", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if per := FindPeriod(huge, kayles); !per.Certified || per.Period != p || per.Preperiod > e {
				b.Fatal(per)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(1<<26), "ns/value")
	})
}

// BenchmarkPeriod certifies periods end to end with the default engine
// (the sparse engine where it applies):
//
//	go test -run '^$' -bench 'Period/' ./sg/sequence
//
// BenchmarkSparse has the long periods of .16, .56, .376 and .354.
func BenchmarkPeriod(b *testing.B) {
	for _, tc := range []struct {
		code     string
		pre, per int
	}{
		// Kayles and Dawson's Kayles (Winning Ways ch. 4).
		{".77", 71, 12},
		{".07", 53, 34},
	} {
		b.Run(tc.code, func(b *testing.B) {
			b.ReportAllocs()
			r := seqParse(tc.code)
			var n int
			for b.Loop() {
				s, p, err := Period(context.Background(), r, 1<<26)
				if err != nil || !p.Certified || p.Preperiod != tc.pre || p.Period != tc.per {
					b.Fatalf("%v: %v, %v", tc.code, p, err)
				}
				n = s.Len()
			}
			b.ReportMetric(float64(n), "heaps")
		})
	}
}

// BenchmarkPeriodCheckpoints certifies the period of .16 (149459 from
// 105351: Gangolli and Plambeck, 1989) with no checkpoint, with one saved
// at the end, and with one saved every 10 ms or every 50 ms; each save
// appends only the values computed since the last, so frequent checkpoints
// cost little more than none. The "rewrite" cases write the whole file at
// every save instead, as checkpoints did before they appended:
//
//	go test -run '^$' -bench PeriodCheckpoints -benchtime 3x ./sg/sequence
func BenchmarkPeriodCheckpoints(b *testing.B) {
	r := seqParse(".16")
	for _, tc := range []struct {
		name    string
		every   time.Duration // 0: no checkpoint
		rewrite bool
	}{
		{"none", 0, false},
		{"end", time.Hour, false},
		{"every50ms", 50 * time.Millisecond, false},
		{"every10ms", 10 * time.Millisecond, false},
		{"every10ms-rewrite", 10 * time.Millisecond, true},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			dir := b.TempDir()
			for b.Loop() {
				var opts []Option
				if tc.every > 0 {
					path := filepath.Join(dir, "p.ckpt")
					os.Remove(path)
					opts = append(opts, WithCheckpoint(path, tc.every))
					if tc.rewrite {
						opts = append(opts, func(c *config) { c.knobs.ckptRewrite = true })
					}
				}
				_, p, err := Period(context.Background(), r, 1<<22, opts...)
				if err != nil || p.Period != 149459 || !p.Certified {
					b.Fatal(p, err)
				}
			}
		})
	}
}

// BenchmarkAnswerValues reads 2^20 values of Dawson's Kayles (.07) far
// past its certified period (34 from 53: OEIS A002187) from a Solve
// answer, in chunks as sgtool values does: O(1) and no allocation per
// value.
//
//	go test -run '^$' -bench AnswerValues ./sg/sequence
func BenchmarkAnswerValues(b *testing.B) {
	a, err := Solve(context.Background(), seqParse(".07"), 1<<20)
	if err != nil || a.Basis() != BasisPeriod {
		b.Fatal(a.Basis(), err)
	}
	const n, chunk = 1 << 20, 1 << 16
	buf := make([]sg.Nimber, 0, chunk)
	b.ReportAllocs()
	for b.Loop() {
		for lo := uint64(1 << 40); lo < 1<<40+n; lo += chunk {
			if buf, err = a.AppendValues(buf[:0], lo, lo+chunk); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/value")
}
