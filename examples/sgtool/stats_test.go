package main

import (
	"bytes"
	"encoding/json"
	"math/bits"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// sgtool runs the command line in-process and returns its standard
// output, failing the test on a nonzero status.
func sgtool(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if st := run(args, &out, &errb); st != 0 {
		t.Fatalf("sgtool %s: status %d, stderr %q", strings.Join(args, " "), st, errb.String())
	}
	return out.String()
}

// statsFor runs values GAME N -stats and decodes its JSON.
func statsFor(t *testing.T, args ...string) statsReport {
	t.Helper()
	var rep statsReport
	if err := json.Unmarshal([]byte(sgtool(t, args...)), &rep); err != nil {
		t.Fatalf("sgtool %s: %v", strings.Join(args, " "), err)
	}
	return rep
}

// refBlock computes a statsBlock from the values by the definitions,
// written independently of statsAcc: a pass over the values for each
// figure.
func refBlock(vs []uint64, mask uint64) statsBlock {
	b := statsBlock{Values: len(vs), Counts: []int{}}
	if len(vs) == 0 {
		return b
	}
	for n, v := range vs {
		if v > b.Max {
			b.Max, b.MaxAt = v, n
		}
	}
	b.Counts = make([]int, b.Max+1)
	seen := map[uint64]bool{}
	for n, v := range vs {
		b.Counts[v]++
		if !seen[v] {
			seen[v] = true
			b.LastNew, b.LastNewValue = n, v
		}
		if bits.OnesCount64(v&mask)%2 == 0 {
			b.Rare++
			b.LastRare = n
		}
	}
	b.Distinct = len(seen)
	return b
}

// refMask is the mask on at most 12 bits with the fewest rare heaps, the
// smallest on a tie, by trying every mask on every heap.
func refMask(vs []uint64) uint64 {
	var hi uint64
	for _, v := range vs {
		hi = max(hi, v)
	}
	if hi == 0 {
		return 0
	}
	nb := min(bits.Len64(hi), 12)
	best, bestMask := len(vs)+1, uint64(0)
	for m := uint64(1); m < 1<<nb; m++ {
		r := 0
		for _, v := range vs {
			if bits.OnesCount64(v&m)%2 == 0 {
				r++
			}
		}
		if r < best {
			best, bestMask = r, m
		}
	}
	return bestMask
}

// TestValuesStats: values -stats agrees with statistics computed from the
// plain values output by the definitions, for the whole run and every
// power-of-two prefix, on games with small and large values.
func TestValuesStats(t *testing.T) {
	for _, tc := range []struct {
		game string
		n    int
	}{
		{".07", 20}, {".07", 3000}, {"kayles", 1024}, {".137", 2500}, {"grundy", 5000},
		{".04", 4096}, {".6", 1500}, {"nim", 1100}, {"0.[3]", 300}, {".07", 0}, {".07", 1},
	} {
		line := strings.Fields(sgtool(t, "values", tc.game, strconv.Itoa(tc.n)))
		vs := make([]uint64, len(line))
		for i, w := range line {
			v, err := strconv.ParseUint(w, 10, 64)
			if err != nil {
				t.Fatalf("values %s: %q: %v", tc.game, w, err)
			}
			vs[i] = v
		}
		rep := statsFor(t, "values", tc.game, strconv.Itoa(tc.n), "-stats")
		mask := refMask(vs)
		if rep.RareMask != mask {
			t.Errorf("%s %d: rare_mask %#x, want %#x", tc.game, tc.n, rep.RareMask, mask)
		}
		if want := refBlock(vs, mask); !reflect.DeepEqual(rep.statsBlock, want) {
			t.Errorf("%s %d: stats\n%+v\nwant\n%+v", tc.game, tc.n, rep.statsBlock, want)
		}
		var prefixes []statsBlock
		for p := 1024; p < tc.n; p *= 2 {
			prefixes = append(prefixes, refBlock(vs[:p], mask))
		}
		if len(prefixes) != len(rep.Prefixes) {
			t.Errorf("%s %d: %d prefixes, want %d", tc.game, tc.n, len(rep.Prefixes), len(prefixes))
			continue
		}
		for i := range prefixes {
			if !reflect.DeepEqual(rep.Prefixes[i], prefixes[i]) {
				t.Errorf("%s %d: prefix %d\n%+v\nwant\n%+v", tc.game, tc.n, prefixes[i].Values, rep.Prefixes[i], prefixes[i])
			}
		}
	}
}

// TestValuesStatsPeriod: -stats reports a period certified within the
// values, as period prints it, and none when there is none.
func TestValuesStatsPeriod(t *testing.T) {
	// Dawson's Kayles: period 34 after 53 values (Guy and Smith, 1956).
	rep := statsFor(t, "values", ".07", "3000", "-stats")
	if !rep.Certified || rep.Period != 34 || rep.Preperiod != 53 {
		t.Errorf(".07: period %d preperiod %d certified %v, want 34 53 true", rep.Period, rep.Preperiod, rep.Certified)
	}
	rep = statsFor(t, "values", "grundy", "3000", "-stats")
	if rep.Certified || rep.Period != 0 {
		t.Errorf("grundy: period %d certified %v, want none", rep.Period, rep.Certified)
	}
}

// TestCheckpointFlag: values and period resume from -checkpoint FILE with
// the results of an uninterrupted run, refuse a file made for another
// game, and reject an empty file name.
func TestCheckpointFlag(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "g.ckpt")
	want := sgtool(t, "values", ".04", "6000")
	sgtool(t, "values", ".04", "2500", "-checkpoint", f)
	if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
		t.Fatalf("no checkpoint written: %v", err)
	}
	if got := sgtool(t, "values", ".04", "6000", "-checkpoint", f); got != want {
		t.Errorf("values .04 6000 resumed from 2500 values differs from a fresh run")
	}
	if got, w := sgtool(t, "values", ".04", "6000", "-stats", "-checkpoint="+f), sgtool(t, "values", ".04", "6000", "-stats"); got != w {
		t.Errorf("values -stats resumed: %s\nwant %s", got, w)
	}
	p := filepath.Join(dir, "p.ckpt")
	var out, errb bytes.Buffer
	// 200,000 values are too few to certify .16's period: status 3.
	if st := run([]string{"period", ".16", "-max", "200000", "-checkpoint", p}, &out, &errb); st != 3 {
		t.Fatalf("period .16 -max 200000: status %d, %q", st, errb.String())
	}
	out.Reset()
	errb.Reset()
	if st := run([]string{"period", ".16", "-checkpoint", p}, &out, &errb); st != 0 ||
		!strings.Contains(out.String(), `"preperiod":105351,"period":149459`) {
		t.Errorf("period .16 resumed: status %d %q %q", st, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if st := run([]string{"values", ".07", "100", "-checkpoint", f}, &out, &errb); st != 1 || !strings.Contains(errb.String(), f) {
		t.Errorf("values .07 with a checkpoint of .04: status %d, stderr %q; want 1 naming the file", st, errb.String())
	}
	errb.Reset()
	if st := run([]string{"values", ".07", "100", "-checkpoint="}, &out, &errb); st != 2 || !strings.Contains(errb.String(), "-checkpoint") {
		t.Errorf("empty -checkpoint: status %d, stderr %q; want 2", st, errb.String())
	}
}
