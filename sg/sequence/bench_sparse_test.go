package sequence

import (
	"context"
	"flag"
	"runtime"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
)

// BenchmarkSparse measures the sparse engine on four octal games with long
// periods, with their published periods (Flammenkamp's octal-game tables;
// Gangolli & Plambeck 1989 for .16 and .56):
//
//	.16   preperiod 105351,   period 149459
//	.56   preperiod 326640,   period 144
//	.354  preperiod 10061916, period 1180
//	.376  preperiod 2268248,  period 4
//	.1777 period 60620715, last exception 160949017
//
// The period games run [Period] until the period is certified, and fail
// when it is not the published one; their "-values" variants compute just
// the values that the certification needs, with [Values]. Grundy's game
// (not known to be periodic) computes 2^21 or 2^23 values. Besides time and allocations each
// reports heaps/s and MB-live, the heap in use after the run (the value
// sequence and the engine's tables).
//
// Only .16 and .56 run by default (under a second each). The long ones run
// when -bench names them and not under -short, one at a time:
//
//	go test -run '^$' -bench 'Sparse/354' -benchtime 1x ./sg/sequence
//	go test -run '^$' -bench 'Sparse/354-values' -benchtime 1x ./sg/sequence
//	go test -run '^$' -bench 'Sparse/(376|Grundy21)' -benchtime 1x ./sg/sequence
//	go test -run '^$' -bench 'Sparse/Grundy23' -benchtime 1x ./sg/sequence
//	go test -run '^$' -bench 'Sparse/1777-20M' -benchtime 1x ./sg/sequence
//	go test -run '^$' -bench 'Sparse/1777' -benchtime 1x -timeout 0 ./sg/sequence
//
// For peak memory, build the test binary (go test -c) and run it under
// /usr/bin/time -v.
func BenchmarkSparse(b *testing.B) {
	type benchGame struct {
		name     string
		rule     game.HeapRule
		n        int // values for a sequence run; 0: Period
		pre, per int
		long     bool
	}
	games := []benchGame{
		{name: "16", rule: seqParse(".16"), pre: 105351, per: 149459},
		{name: "56", rule: seqParse(".56"), pre: 326640, per: 144},
		{name: "354", rule: seqParse(".354"), pre: 10061916, per: 1180, long: true},
		{name: "376", rule: seqParse(".376"), pre: 2268248, per: 4, long: true},
		{name: "1777", rule: seqParse(".1777"), pre: 160949018, per: 60620715, long: true},
	}
	// The "-values" variants compute exactly the values that certify the
	// period by the Guy–Smith theorem, 2·(preperiod+period)+MaxTake.
	for _, g := range games[:len(games):len(games)] {
		games = append(games, benchGame{name: g.name + "-values", rule: g.rule, long: g.long,
			n: 2*(g.pre+g.per) + g.rule.(seqCode).MaxTake()})
	}
	games = append(games,
		benchGame{name: "Grundy21", rule: seqGrundy{}, n: 1 << 21, long: true},
		benchGame{name: "Grundy23", rule: seqGrundy{}, n: 1 << 23, long: true},
		// The first 2·10^7 values of .1777: a few seconds of the engine's
		// inner loops as the 4.5·10^8-value certification runs them.
		benchGame{name: "1777-20M", rule: seqParse(".1777"), n: 20_000_000, long: true})
	for _, bc := range games {
		b.Run(bc.name, func(b *testing.B) {
			if bc.long && (testing.Short() || !spBenchNamed(bc.name)) {
				b.Skip("long: run with -bench 'Sparse/" + bc.name + "' and without -short")
			}
			b.ReportAllocs()
			ctx := context.Background()
			var s *Sequence
			for b.Loop() {
				var err error
				if bc.n > 0 {
					s, err = Values(ctx, bc.rule, bc.n, WithMethod(MethodSparse))
				} else {
					var p Periodicity
					s, p, err = Period(ctx, bc.rule, 1<<29, WithMethod(MethodSparse))
					if err == nil && (!p.Certified || p.Preperiod != bc.pre || p.Period != bc.per) {
						b.Fatalf("%s: %v, want preperiod %d and period %d certified", bc.name, p, bc.pre, bc.per)
					}
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(s.Len())*float64(b.N)/b.Elapsed().Seconds(), "heaps/s")
			b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MB-live")
			b.ReportMetric(float64(s.Len()), "heaps")
			runtime.KeepAlive(s)
		})
	}
}

// spBenchNamed reports whether the -bench pattern names the benchmark,
// so that the long ones run only when asked for.
func spBenchNamed(name string) bool {
	f := flag.Lookup("test.bench")
	return f != nil && strings.Contains(f.Value.String(), name)
}

// BenchmarkSparseStep measures one extension step in the middle of a long
// run: 2^16 heaps of .376 after the first 2^18.
func BenchmarkSparseStep(b *testing.B) {
	r := seqParse(".376")
	ctx := context.Background()
	base, err := Values(ctx, r, 1<<18, WithMethod(MethodSparse))
	if err != nil {
		b.Fatal(err)
	}
	vals := base.AppendValues(nil, 0, base.Len())
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s := New(1<<18 + 1<<16)
		for _, v := range vals {
			s.Append(v)
		}
		e, _ := newSparseEngine(r, newRun(r, nil))
		if err := e.extend(ctx, s, 1<<18+1); err != nil { // rebuilds the state
			b.Fatal(err)
		}
		b.StartTimer()
		if err := e.extend(ctx, s, 1<<18+1<<16); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(1<<16)*float64(b.N)/b.Elapsed().Seconds(), "heaps/s")
}
