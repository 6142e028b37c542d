package search_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/search"
)

// SaveCheckpoint writes the table at once, long before the interval, in a
// file a new solver reads back; without a checkpoint it does nothing.
func TestSaveCheckpointNow(t *testing.T) {
	g, err := rulesets.NewCram(3, 4)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := search.New[grid.Set](g, search.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	if err := plain.SaveCheckpoint(); err != nil {
		t.Errorf("SaveCheckpoint without a checkpoint: %v", err)
	}
	path := filepath.Join(t.TempDir(), "cram34")
	s, err := search.New[grid.Set](g, search.WithWorkers(1), search.WithCheckpoint(path, time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Value(bg, g.Start())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatalf("%s saved before the interval or SaveCheckpoint", path)
	}
	if err := s.SaveCheckpoint(); err != nil {
		t.Fatal(err)
	}
	r, err := search.New[grid.Set](g, search.WithWorkers(1), search.WithCheckpoint(path, time.Hour))
	if err != nil {
		t.Fatalf("reading the saved table: %v", err)
	}
	if w, err := r.Value(bg, g.Start()); err != nil || w != v || r.Stats().Expanded != 0 {
		t.Errorf("from the saved table: %v, %v after %d expansions; want %v at once", w, err, r.Stats().Expanded, v)
	}
}
