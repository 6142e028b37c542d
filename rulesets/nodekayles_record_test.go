package rulesets_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/rulesets"
)

// gridRecord is a record file of a game on the boards of 3 rows
// (testdata/records/nodekayles-3xn.json, cram-3xn.json): its values on
// 3×n, n = 1, 2, …, len(Values), and More, the values of some larger n
// (by n, in decimal).
type gridRecord struct {
	Game      string                 `json:"game"`
	Values    []game.Nimber          `json:"values"`
	More      map[string]game.Nimber `json:"more"`
	Published int                    `json:"published"`
	Source    string                 `json:"source"`
}

// readRecord decodes the JSON file name of testdata/records into v.
func readRecord(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "records", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestNodeKaylesGridRecord checks the record run of Node Kayles on the 3×n
// grids: its first values are the published ones (OEIS A316632, n ≤ 16),
// and the values up to 3×20 (all of them with IMPARTIAL_LARGE=1, which
// takes minutes) are recomputed by the search.
func TestNodeKaylesGridRecord(t *testing.T) {
	var rec gridRecord
	readRecord(t, "nodekayles-3xn.json", &rec)
	a316632 := []game.Nimber{2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3}
	if rec.Game != "nodekayles:grid:3xN" || rec.Published != len(a316632) || len(rec.Values) <= rec.Published {
		t.Fatalf("record: game %q, %d values, %d published", rec.Game, len(rec.Values), rec.Published)
	}
	for i, want := range a316632 {
		if rec.Values[i] != want {
			t.Errorf("record: 3×%d = %v, A316632 says %v", i+1, rec.Values[i], want)
		}
	}
	last := 20
	if os.Getenv("IMPARTIAL_LARGE") != "" {
		last = len(rec.Values)
	}
	want := map[int]game.Nimber{}
	for n := 1; n <= last; n++ {
		want[n] = rec.Values[n-1]
	}
	for s, v := range rec.More {
		n, err := strconv.Atoi(s)
		if err != nil || n <= len(rec.Values) || 3*n > graph.MaxVertices {
			t.Fatalf("record: more values: bad n %q", s)
		}
		if last == len(rec.Values) {
			want[n] = v
		}
	}
	for n, v := range want {
		k, _ := rulesets.NodeKaylesGrid(3, n)
		mem := int64(16 << 20)
		if n >= 24 { // the long ones: 3×34 needs a table of gigabytes
			mem = 4 << 30
		}
		if got := nodeKaylesSearchMem(t, k, mem); got != v {
			t.Errorf("node kayles on the 3×%d grid = %v, the record says %v", n, got, v)
		}
	}
}

// TestNodeKaylesGridTable checks testdata/records/nodekayles-grids.json,
// the values of Node Kayles on the grids of 5 to 9 rows that no published
// table we found has: those of at most 45 vertices are recomputed (well
// under a second), up to 70 with IMPARTIAL_LARGE=1 (seconds each), and
// all with IMPARTIAL_HUGE=1 as well (7×11 takes minutes and 3 GB, 9×9
// twenty minutes and 6 GB on two processors).
func TestNodeKaylesGridTable(t *testing.T) {
	var rec struct {
		Game   string                 `json:"game"`
		Values map[string]game.Nimber `json:"values"`
	}
	readRecord(t, "nodekayles-grids.json", &rec)
	if rec.Game != "nodekayles:grid:MxN" || len(rec.Values) == 0 {
		t.Fatalf("record: game %q, %d values", rec.Game, len(rec.Values))
	}
	most := 45
	if os.Getenv("IMPARTIAL_LARGE") != "" {
		most = 70
		if os.Getenv("IMPARTIAL_HUGE") != "" {
			most = graph.MaxVertices
		}
	}
	tried := 0
	for size, v := range rec.Values {
		k, err := rulesets.ParseNodeKayles("grid:" + size)
		if err != nil {
			t.Fatalf("record: %q: %v", size, err)
		}
		b, _ := k.GridBoard()
		if b.Rows() < 5 || b.Rows()%2 == 0 && b.Cols()%2 == 0 {
			t.Errorf("record: %s is not a grid the file should list", size)
		}
		if b.Rows()*b.Cols() > most {
			continue
		}
		tried++
		if got := nodeKaylesSearchMem(t, k, int64(1)<<min(32, 20+b.Rows()*b.Cols()/6)); got != v {
			t.Errorf("node kayles on the %s grid = %v, the record says %v", size, got, v)
		}
	}
	if tried < 5 {
		t.Errorf("only %d grids recomputed", tried)
	}
}
