package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/sequence"
)

// TestValuesPastPeriod: values of a certifiable game come from its period
// past the certificate, so a million values of .07 need only its first few
// hundred computed; they match the direct engine on a prefix and the
// period (34, from 53: OEIS A002187) beyond it.
func TestValuesPastPeriod(t *testing.T) {
	ans, err := sequence.Solve(context.Background(), rulesets.DawsonsKayles(), 1000000)
	if err != nil || ans.Basis() != sequence.BasisPeriod || ans.Len() > 1000 {
		t.Fatalf("Solve(.07, 10^6): %v, basis %v, %d values computed", err, ans.Basis(), ans.Len())
	}
	var out bytes.Buffer
	if err := cmdValues(context.Background(), []string{".07", "1000000"}, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	vs := strings.Fields(out.String())
	if len(vs) != 1000000 {
		t.Fatalf("%d values, want 10^6", len(vs))
	}
	direct, err := sequence.Values(context.Background(), rulesets.DawsonsKayles(), 2000, sequence.WithMethod(sequence.MethodDirect))
	if err != nil {
		t.Fatal(err)
	}
	for n := range direct.Len() {
		if vs[n] != strconv.FormatUint(uint64(direct.At(n)), 10) {
			t.Fatalf("G(%d) = %s, direct engine %v", n, vs[n], direct.At(n))
		}
	}
	for _, n := range []int{999999, 777777, 100000} {
		if vs[n] != vs[53+(n-53)%34] {
			t.Errorf("G(%d) = %s, but the period gives G(%d) = %s", n, vs[n], 53+(n-53)%34, vs[53+(n-53)%34])
		}
	}
}

// TestProgressFlag: -progress writes progress lines to a standard error
// that is not a terminal; without it nothing is written.
func TestProgressFlag(t *testing.T) {
	var errb bytes.Buffer
	if err := cmdPeriod(context.Background(), []string{".07", "-progress"}, &bytes.Buffer{}, &errb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errb.String(), "values") || !strings.HasSuffix(errb.String(), "\n") {
		t.Errorf("period -progress wrote %q, want a progress line", errb.String())
	}
	errb.Reset()
	if err := cmdValues(context.Background(), []string{"grundy", "300"}, &bytes.Buffer{}, &errb); err != nil || errb.Len() != 0 {
		t.Errorf("values without -progress: %v, stderr %q", err, errb.String())
	}
}

// TestLongArgument: a bad argument of 100,000 characters is quoted by its
// first 40 characters and its length, in every place an argument is named.
func TestLongArgument(t *testing.T) {
	long := strings.Repeat("x", 100000)
	for _, args := range [][]string{
		{long},
		{"values", long, "3"},
		{"values", ".07", long},
		{"values", ".07", "3", "-" + long},
		{"period", ".07", "-max", long},
		{"value", ".07", long},
		{"nim", "1", long},
		{"values", "sub:1," + long, "3"},
	} {
		var errb bytes.Buffer
		if status := run(args, &bytes.Buffer{}, &errb); status != exitUsage {
			t.Errorf("%.20q…: status %d, want %d", args, status, exitUsage)
		}
		if errb.Len() > 1000 || !strings.Contains(errb.String(), "bytes)") {
			t.Errorf("%.20q…: %d bytes of message: %.300q", args, errb.Len(), errb.String())
		}
	}
	if got := quote("short"); got != `"short"` {
		t.Errorf("quote(short) = %s", got)
	}
}

// TestQuietProgress: without -progress and without a terminal, a long run
// still writes a progress line every quietEvery (issue 38, point 9:
// period .6 ran for minutes with no output), and a short one nothing.
func TestQuietProgress(t *testing.T) {
	defer func(d time.Duration) { quietEvery = d }(quietEvery)
	quietEvery = 50 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 600*time.Millisecond)
	defer cancel()
	var errb bytes.Buffer
	err := cmdPeriod(ctx, []string{".6"}, &bytes.Buffer{}, &errb)
	if err == nil {
		t.Fatal("period .6 ended: want it cut off by the context")
	}
	lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "sgtool: ") || !strings.Contains(lines[0], " values, ") {
		t.Errorf("period .6 for 600 ms wrote %q, want progress lines", errb.String())
	}
	quietEvery = time.Hour
	errb.Reset()
	if err := cmdPeriod(context.Background(), []string{".07"}, &bytes.Buffer{}, &errb); err != nil || errb.Len() != 0 {
		t.Errorf("period .07: %v, stderr %q, want nothing", err, errb.String())
	}
}

// TestValuePastDefaultMax: value answers from the computed prefix when no
// period is certified in the default -max values but the heap is in
// reach (issue 38, point 9: value grundy 1000000 exited 3); an explicit
// -max still bounds the values computed, and a heap out of reach is
// refused at once with an estimate.
func TestValuePastDefaultMax(t *testing.T) {
	const heap = 70000 // past the default 65536 values of fib (no period certified)
	var out, errb bytes.Buffer
	if status := run([]string{"value", "fib", strconv.Itoa(heap)}, &out, &errb); status != exitOK {
		t.Fatalf("value fib %d: status %d: %s", heap, status, errb.String())
	}
	var all bytes.Buffer
	if status := run([]string{"values", "fib", strconv.Itoa(heap + 1)}, &all, &errb); status != exitOK {
		t.Fatalf("values fib %d: status %d", heap+1, status)
	}
	vs := strings.Fields(all.String())
	if got := strings.TrimSpace(out.String()); got != vs[heap] {
		t.Errorf("value fib %d = %s, values says %s", heap, got, vs[heap])
	}
	errb.Reset()
	if status := run([]string{"value", "fib", strconv.Itoa(heap), "-max", "65536"}, &bytes.Buffer{}, &errb); status != exitNoPeriod {
		t.Errorf("value fib %d -max 65536: status %d, want %d", heap, status, exitNoPeriod)
	}
	if _, ok := prefixInReach(1<<29, 1<<16, time.Second, sequence.MethodDirect); ok {
		t.Error("2^29 values in reach of 2^16 in a second, by the direct engine")
	}
	if est, ok := prefixInReach(1<<17, 1<<16, time.Second, sequence.MethodSparse); !ok {
		t.Errorf("2^17 values not in reach of 2^16 in a second: %s", est)
	}
}
