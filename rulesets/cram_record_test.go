package rulesets_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/sg/search"
)

// TestCramThreeRowRecord checks testdata/records/cram-3xn.json, the
// values of Cram on the boards of 3 rows: the file agrees with itself,
// and the search recomputes the values up to 3×12 (under a second;
// sg.Engine too up to 3×9), up to 3×17 with IMPARTIAL_LARGE=1 (seconds),
// and every one with IMPARTIAL_HUGE=1 as well (3×19 takes minutes and
// 3 GB; 3×20 and 3×21 35 and 45 minutes, 13 GB, on two processors).
func TestCramThreeRowRecord(t *testing.T) {
	var rec gridRecord
	readRecord(t, "cram-3xn.json", &rec)
	if rec.Game != "cram:3xN" || len(rec.Values) < 20 || rec.Published != 0 {
		// (No published value of ours could be read to compare: the
		// file lists none as published.)
		t.Fatalf("record: game %q, %d values (want 3×1 … 3×20 at least), %d published", rec.Game, len(rec.Values), rec.Published)
	}
	want := map[int]game.Nimber{}
	for i, v := range rec.Values {
		want[i+1] = v
	}
	for s, v := range rec.More {
		n, err := strconv.Atoi(s)
		if err != nil || n <= len(rec.Values) || 3*n > 128 {
			t.Fatalf("record: more values: bad n %q", s)
		}
		want[n] = v
	}
	for n, v := range want {
		// Cram on 3×n: the first player wins when n is even, by the
		// domino in the two central cells of the middle row and then
		// the half turn of every answer.
		if n%2 == 0 && v == 0 {
			t.Errorf("record: 3×%d = 0, but even×odd boards are first-player wins", n)
		}
	}
	last := 12
	if os.Getenv("IMPARTIAL_LARGE") != "" {
		last = 17
		if os.Getenv("IMPARTIAL_HUGE") != "" {
			last = 128 / 3
		}
	}
	tried := 0
	for n, v := range want {
		if n > last {
			continue
		}
		tried++
		g := mustCram(t, 3, n)
		if n <= 9 {
			// (And sg.Engine, a memoized recursion without the
			// search's pruning, table or workers.)
			if got := cramValue(t, g); got != v {
				t.Errorf("cram 3×%d = %v with sg.Engine; the record says %v", n, got, v)
			}
		}
		mem := int64(64 << 20)
		if n > 17 {
			mem = 8 << 30 // (3×21 fills it)
		}
		s, err := search.New[grid.Set](g, search.WithMemory(mem))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := s.Value(bg, g.Start()); err != nil || got != v {
			t.Errorf("cram 3×%d = %v, %v; the record says %v", n, got, err, v)
		}
	}
	if tried < 12 {
		t.Errorf("only %d boards recomputed", tried)
	}
}
