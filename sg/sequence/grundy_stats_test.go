package sequence

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/sg"
)

// grundyStats are the statistics of the values G(0 … n-1) of Grundy's
// game that the literature reports.
type grundyStats struct {
	n int
	// records lists each new largest value and the first heap with it,
	// in increasing order of heaps.
	records [][2]int
	// sparse counts the heaps of each sparse value (Flammenkamp's sparse
	// set: G(n) without its lowest bit has an even number of ones; heaps
	// 0, 1 and 2 included), and sparseN is their number, lastSparse the
	// largest such heap.
	sparse     map[int]int
	sparseN    int
	lastSparse int
	distinct   int // values that occur
}

// isSparseGrundy reports whether v is in Flammenkamp's sparse set of
// Grundy's game (mask 0111…1: the bits above the lowest have even
// parity).
func isSparseGrundy(v sg.Nimber) bool { return bits.OnesCount64(uint64(v)>>1)%2 == 0 }

// statsOf computes the statistics of G(0 … s.Len()-1).
func statsOf(s *Sequence) grundyStats {
	st := grundyStats{n: s.Len(), sparse: map[int]int{}}
	seen := map[sg.Nimber]bool{}
	largest := -1
	for i := range s.Len() {
		v := s.At(i)
		if int(v) > largest {
			largest = int(v)
			st.records = append(st.records, [2]int{int(v), i})
		}
		seen[v] = true
		if isSparseGrundy(v) {
			st.sparse[int(v)]++
			st.sparseN++
			st.lastSparse = i
		}
	}
	st.distinct = len(seen)
	return st
}

// String writes the statistics as the report's tables.
func (st grundyStats) String() string {
	var b strings.Builder
	last := st.records[len(st.records)-1]
	fmt.Fprintf(&b, "Grundy's game, heaps 0 … %d: largest value %d, first at heap %d; %d distinct values\n",
		st.n-1, last[0], last[1], st.distinct)
	fmt.Fprintf(&b, "sparse heaps (G(n)>>1 has an even number of ones, heaps 0–2 included): %d, the last at heap %d\n",
		st.sparseN, st.lastSparse)
	vs := slices.Sorted(func(yield func(int) bool) {
		for v := range st.sparse {
			if !yield(v) {
				return
			}
		}
	})
	b.WriteString("sparse value: heaps")
	for _, v := range vs {
		fmt.Fprintf(&b, " %d:%d", v, st.sparse[v])
	}
	b.WriteString("\nnew largest values (value@first heap):")
	for _, r := range st.records {
		fmt.Fprintf(&b, " %d@%d", r[0], r[1])
	}
	b.WriteByte('\n')
	return b.String()
}

// TestGrundyStatsSmall checks the statistics against figures published
// for the first heaps of Grundy's game: the first 48 sparse heaps and
// their values up to heap 231 (Flammenkamp, "Sprague-Grundy Values of
// Grundy's Game", http://wwwhomes.uni-bielefeld.de/achim/grundy.html),
// and the first values (OEIS A002188), whose running maximum is 1 at heap
// 3, 2 at 5, 3 at 13, 4 at 18, 5 at 41 and 7 at 87.
func TestGrundyStatsSmall(t *testing.T) {
	s, err := Values(context.Background(), seqGrundy{}, 232, WithMethod(MethodSparse))
	if err != nil {
		t.Fatal(err)
	}
	st := statsOf(s)
	if st.sparseN != 48 || st.lastSparse != 231 {
		t.Errorf("sparse heaps up to 231: %d, the last at %d; want 48, the last at 231 (Flammenkamp)", st.sparseN, st.lastSparse)
	}
	// Flammenkamp's 48 by value, counted from his list (value 0 at
	// heaps 0 1 2 4 7 10 20 23 26 50 53, and so on).
	want := map[int]int{0: 11, 1: 17, 6: 3, 7: 8, 10: 2, 11: 4, 12: 3}
	if len(st.sparse) != len(want) {
		t.Errorf("sparse values up to 231: %v, want %v", st.sparse, want)
	}
	for v, c := range want {
		if st.sparse[v] != c {
			t.Errorf("sparse value %d on %d heaps up to 231, want %d (Flammenkamp's list)", v, st.sparse[v], c)
		}
	}
	rec := [][2]int{{0, 0}, {1, 3}, {2, 5}, {3, 13}, {4, 18}, {5, 41}, {7, 87}}
	if !slices.Equal(st.records[:len(rec)], rec) {
		t.Errorf("first maxima %v, want %v (OEIS A002188)", st.records[:len(rec)], rec)
	}
}

// TestGrundyStatsLong computes the statistics of Grundy's game to the
// number of heaps in IMPARTIAL_GRUNDY_STATS (for instance 67108864 for
// 2^26) and logs them; it is skipped when the variable is unset. It uses
// every processor (the pipeline); time it on the test binary:
//
//	go test -c -o seq.test ./sg/sequence
//	IMPARTIAL_GRUNDY_STATS=67108864 /usr/bin/time -f "%e s %U user %M KB" \
//	    ./seq.test -test.run GrundyStatsLong -test.v -test.timeout 0
func TestGrundyStatsLong(t *testing.T) {
	env := os.Getenv("IMPARTIAL_GRUNDY_STATS")
	if env == "" {
		t.Skip("set IMPARTIAL_GRUNDY_STATS to a number of heaps")
	}
	n, err := strconv.Atoi(env)
	if err != nil || n < 232 {
		t.Fatalf("IMPARTIAL_GRUNDY_STATS=%q: want a number of heaps, at least 232", env)
	}
	start := time.Now()
	report := func(p Progress) {
		t.Logf("%v: %d heaps, %d rare, mask %#x", time.Since(start).Round(time.Second), p.Done, p.Rare, p.Mask)
	}
	s, err := Values(context.Background(), seqGrundy{}, n, WithMethod(MethodSparse), WithProgress(30*time.Second, report))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("computed in %v", time.Since(start).Round(time.Millisecond))
	st := statsOf(s)
	t.Log("\n" + st.String())
	checkGrundyPublished(t, st)
}

// checkGrundyPublished checks the statistics of a long run against the
// figures published for Grundy's game, where the run reaches them:
//
//   - Tomek Czajka's table of unsolved games (github.com/tczajka/octal-games,
//     UnsolvedGames.md) gives, for the first 2^21 heaps, the largest
//     value 231 first at heap 763,622, 1,274 rare heaps under the mask
//     0xfe (Flammenkamp's sparse set) and the last one at heap 82,860;
//   - Flammenkamp's page (http://wwwhomes.uni-bielefeld.de/achim/grundy.html)
//     says 1,287 sparse heaps are known. Our runs find the 1,274 below
//     82,861 and 13 more between heaps 4.4·10^7 and 4.9·10^7, the last at
//     48,399,022, and no other below 2^26.
func checkGrundyPublished(t *testing.T, st grundyStats) {
	t.Helper()
	if st.n > 763622 {
		// The running maximum reaches 231 at 763,622 (after 230 at
		// 45,668) and stays there to 2^21.
		i := slices.IndexFunc(st.records, func(r [2]int) bool { return r[0] == 231 })
		if i < 0 || st.records[i][1] != 763622 || st.records[i-1] != [2]int{230, 45668} {
			t.Errorf("maxima %v: want 230 first at 45,668 and 231 at 763,622 (Czajka)", st.records)
		}
		if st.n <= 1<<21 && st.records[len(st.records)-1][0] != 231 {
			t.Errorf("largest value below %d: %v, want 231 (Czajka, 2^21 heaps)", st.n, st.records[len(st.records)-1])
		}
	}
	switch {
	case st.n > 82860 && st.n <= 48399022:
		if st.sparseN != 1274 || st.lastSparse != 82860 {
			t.Errorf("%d sparse heaps, the last at %d; want 1,274, the last at 82,860 (Czajka, to 2^21)", st.sparseN, st.lastSparse)
		}
	case st.n > 48399022 && st.n <= 1<<26:
		if st.sparseN != 1287 || st.lastSparse != 48399022 {
			t.Errorf("%d sparse heaps, the last at %d; want 1,287 (as many as Flammenkamp lists), the last at 48,399,022", st.sparseN, st.lastSparse)
		}
	}
}
