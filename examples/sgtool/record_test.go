package main

import (
	"encoding/json"
	"math/bits"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
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

// checkRecord reads the statistics of a record run (`sgtool values GAME N
// -stats`) from file and keeps them from drifting: the file must be
// consistent in itself, and the statistics of the first 2^16 heaps (2^17
// with the long tests on, gametest.Long; 2^12 with -short or -race),
// recomputed here in seconds, must equal the file's
// prefix of that length and its shorter prefixes, counts included. It
// returns the file's statistics and the recomputed ones.
func checkRecord(t *testing.T, file, game string, least int) (rec, got statsReport) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if rec.Game != game || rec.Period != 0 || rec.Values < least {
		t.Fatalf("%s: game %q, period %d, %d values", file, rec.Game, rec.Period, rec.Values)
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

	n := 1 << 16
	switch {
	case testing.Short() || raceDetector:
		n = 1 << 12
	case gametest.Long():
		n = 1 << 17
	}
	got = statsFor(t, "values", game, strconv.Itoa(n), "-stats")
	// The rare fields of both agree when the masks agree on the bits of
	// the values that occur (2^16 values of .04 stay below 1024, so their
	// mask has no bit 10).
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
	return rec, got
}

// TestRecordOctal04 checks the record run of .04 (checkRecord), and the
// recomputed 2^17 heaps against the only published figures for .04 at
// that length. It recomputes 2^17 values: a long test (IMPARTIAL_LONG=1).
func TestRecordOctal04(t *testing.T) {
	gametest.SkipUnlessLong(t)
	_, got := checkRecord(t, recordFile, "0.04", 1<<24)
	n := got.Values
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

// grundyRecordFile is the statistics of Grundy's game to 2^30 heaps
// (`sgtool values grundy 1073741824 -stats`, see testdata/records/README.md).
var grundyRecordFile = filepath.Join("..", "..", "testdata", "records", "grundy.json")

// TestRecordGrundy checks the run of Grundy's game to 2^30 (checkRecord)
// and its figures against the published ones: T. Czajka's table
// (github.com/tczajka/octal-games, UnsolvedGames.md) to 2^21, largest
// value 231 first at heap 763,622, 1,274 rare heaps under the mask 0x1fe
// (Flammenkamp's sparse set), the last at 82,860; A. Flammenkamp's page
// on Grundy's game (wwwhomes.uni-bielefeld.de/achim/grundy.html): "1287
// are known" sparse heaps. Past 2^21 it checks the figures of the
// README's 2^26 run (largest value 280 first at heap 50,666,285, 218
// distinct values, the last sparse heap 48,399,022), which this file's
// 2^26 prefix must repeat, that nothing is new between 2^26 and 2^28
// (the 2^27 prefix is the earlier record run of 2026-11-27, made on
// another machine), and the run's own figures to 2^30: largest value 281
// first at heap 475,094,020, 221 distinct values, the last new one
// G(478,296,885) = 276, and still 1,287 sparse heaps.
func TestRecordGrundy(t *testing.T) {
	rec, _ := checkRecord(t, grundyRecordFile, "grundy", 1<<30)
	at := func(n int) statsBlock {
		for _, p := range rec.Prefixes {
			if p.Values == n {
				return p
			}
		}
		t.Fatalf("no prefix of %d values", n)
		return statsBlock{}
	}
	if rec.RareMask != 0x1fe {
		t.Errorf("rare mask %#x, want 0x1fe", rec.RareMask)
	}
	if p := at(1 << 21); p.Max != 231 || p.MaxAt != 763622 || p.Rare != 1274 || p.LastRare != 82860 {
		t.Errorf("to 2^21: max %d at %d, %d rare, the last at %d; Czajka: 231 at 763622, 1274, 82860", p.Max, p.MaxAt, p.Rare, p.LastRare)
	}
	p26 := at(1 << 26)
	if p26.Max != 280 || p26.MaxAt != 50666285 || p26.Distinct != 218 || p26.Rare != 1287 || p26.LastRare != 48399022 {
		t.Errorf("to 2^26: %+v", p26)
	}
	for _, n := range []int{1 << 27, 1 << 28} {
		if p := at(n); p.Max != p26.Max || p.MaxAt != p26.MaxAt || p.LastNew != p26.LastNew || p.Rare != p26.Rare || p.LastRare != p26.LastRare {
			t.Errorf("2^26 to %d: something new: %+v", n, p)
		}
	}
	if rec.Max != 281 || rec.MaxAt != 475094020 || rec.Distinct != 221 || rec.LastNew != 478296885 || rec.LastNewValue != 276 ||
		rec.Rare != p26.Rare || rec.LastRare != p26.LastRare {
		t.Errorf("to 2^30: %+v", rec.statsBlock)
	}
}
