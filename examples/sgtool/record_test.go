package main

import (
	"encoding/json"
	"math/bits"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
)

// recordFile is the statistics of the record run of the octal game .04
// (`sgtool values .04 N -stats`, see testdata/records/README.md).
var recordFile = filepath.Join("..", "..", "testdata", "records", "0.04.json")

// checkBlock checks the figures of one block against each other.
func checkBlock(t *testing.T, what string, b statsBlock) {
	t.Helper()
	sum, distinct := 0, 0
	for _, c := range b.Counts {
		sum += c
		if c > 0 {
			distinct++
		}
	}
	switch {
	case sum != b.Values:
		t.Errorf("%s: counts sum to %d, not %d values", what, sum, b.Values)
	case len(b.Counts) != int(b.Max)+1 || b.Counts[b.Max] == 0:
		t.Errorf("%s: %d counts, max %d", what, len(b.Counts), b.Max)
	case distinct != b.Distinct:
		t.Errorf("%s: %d values occur, distinct says %d", what, distinct, b.Distinct)
	case b.MaxAt >= b.Values || b.LastNew >= b.Values || b.LastRare >= b.Values || b.Rare > b.Values:
		t.Errorf("%s: a heap past the values: %+v", what, b)
	}
}

// TestRecordOctal04 keeps the record run's statistics from drifting: the
// file must be consistent in itself, and the statistics of the first 2^17
// heaps (2^16 with -short or -race), recomputed here in seconds, must equal the
// file's prefix of that length and its shorter prefixes, counts included.
// The recomputed 2^17 heaps are also checked against the only published
// figures for .04 at that length.
func TestRecordOctal04(t *testing.T) {
	data, err := os.ReadFile(recordFile)
	if err != nil {
		t.Fatal(err)
	}
	var rec statsReport
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatalf("%s: %v", recordFile, err)
	}
	if rec.Game != "0.04" || rec.Period != 0 || rec.Values < 1<<24 {
		t.Fatalf("%s: game %q, period %d, %d values", recordFile, rec.Game, rec.Period, rec.Values)
	}
	checkBlock(t, "record", rec.statsBlock)
	want := statsFirstPrefix
	for i, p := range rec.Prefixes {
		if p.Values != want {
			t.Fatalf("prefix %d has %d values, want %d", i, p.Values, want)
		}
		checkBlock(t, "prefix "+strconv.Itoa(p.Values), p)
		for v, c := range p.Counts {
			if c > rec.Counts[v] {
				t.Errorf("prefix %d: %d heaps of value %d, the whole run %d", p.Values, c, v, rec.Counts[v])
			}
		}
		want *= 2
	}
	if want < rec.Values {
		t.Errorf("prefixes stop at %d, before %d values", want/2, rec.Values)
	}

	n := 1 << 17
	if testing.Short() || raceDetector {
		n = 1 << 16
	}
	got := statsFor(t, "values", ".04", strconv.Itoa(n), "-stats")
	// The rare fields of both agree when the masks agree on the bits of
	// the values that occur (2^16 values stay below 1024, so their mask
	// has no bit 10).
	if used := uint64(1)<<bits.Len64(got.Max) - 1; got.RareMask != rec.RareMask&used {
		t.Fatalf("rare mask %#x in %d values, %#x in the record", got.RareMask, n, rec.RareMask)
	}
	k := 0
	for k < len(rec.Prefixes) && rec.Prefixes[k].Values < n {
		k++
	}
	if !reflect.DeepEqual(got.statsBlock, rec.Prefixes[k]) {
		t.Errorf("the first %d values: %+v\nthe record says %+v", n, got.statsBlock, rec.Prefixes[k])
	}
	if !reflect.DeepEqual(got.Prefixes, rec.Prefixes[:k]) {
		t.Errorf("the prefixes of the first %d values differ from the record's", n)
	}
	if n != 1<<17 {
		return
	}
	// T. Czajka, octal-games, UnsolvedGames.md (github.com/tczajka/octal-games):
	// .04 to n = 2^17, largest value 1024 first at heap 109363, rare mask
	// 7b8, 18860 rare heaps, the last at 131003.
	if got.Max != 1024 || got.MaxAt != 109363 || got.RareMask != 0x7b8 || got.Rare != 18860 || got.LastRare != 131003 {
		t.Errorf(".04 to 2^17: max %d at %d, mask %#x, %d rare, last %d; published 1024 at 109363, 0x7b8, 18860, 131003",
			got.Max, got.MaxAt, got.RareMask, got.Rare, got.LastRare)
	}
}
