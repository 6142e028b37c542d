package search_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// New refuses a nil game with an error, and gives no solver.
func TestNewNilGame(t *testing.T) {
	s, err := search.New[int](nil)
	if err == nil || s != nil {
		t.Fatalf("New(nil) = %v, %v; want no solver and an error", s, err)
	}
	if s, err := search.New[grid.Set](nil, nil, search.WithWorkers(1)); err == nil || s != nil {
		t.Errorf("New(nil, nil option) = %v, %v", s, err)
	}
	// A nil option is ignored.
	g, _ := rulesets.NewCram(2, 2)
	if _, err := search.New[grid.Set](g, nil); err != nil {
		t.Errorf("New with a nil option: %v", err)
	}
}

// ReadFrom and WriteTo refuse a nil reader or writer with an error,
// without a panic, and leave the table as it was.
func TestReadFromNil(t *testing.T) {
	s, data := saved(t, 3, 3)
	before := s.Stats().Entries
	if n, err := s.ReadFrom(nil); err == nil || n != 0 {
		t.Errorf("ReadFrom(nil) = %d, %v; want an error", n, err)
	}
	if n, err := s.WriteTo(nil); err == nil || n != 0 {
		t.Errorf("WriteTo(nil) = %d, %v; want an error", n, err)
	}
	if s.Stats().Entries != before {
		t.Error("the table changed")
	}
	if _, err := s.ReadFrom(bytes.NewReader(data)); err != nil {
		t.Errorf("ReadFrom after: %v", err)
	}
}

// A checkpoint whose directory does not exist (or is a file) is refused
// by New, before any search, with an error naming the path; nothing is
// created.
func TestCheckpointMissingDir(t *testing.T) {
	g, _ := rulesets.NewCram(5, 6)
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		filepath.Join(dir, "nonexistent", "d", "x.tab"),
		filepath.Join(file, "x.tab"),
	} {
		s, err := search.New[grid.Set](g, search.WithCheckpoint(path, time.Hour))
		if err == nil || s != nil || !strings.Contains(err.Error(), path) {
			t.Errorf("New with checkpoint %s: %v, %v; want an error naming it", path, s, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want 1", len(entries))
	}
}

// The temporary files that saves killed before their end left beside a
// checkpoint are removed by the next save: they do not pile up.
func TestCheckpointStaleTemps(t *testing.T) {
	g, _ := rulesets.NewCram(3, 4)
	dir := t.TempDir()
	path := filepath.Join(dir, "x.tab")
	for _, name := range []string{"x.tab.tmp1234", "x.tab.tmp98765", "notes"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("a killed save"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := search.New[grid.Set](g, search.WithWorkers(1), search.WithCheckpoint(path, time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Millisecond) // a save is due when the question ends
	if _, err := s.Value(bg, g.Start()); err != nil {
		t.Fatal(err)
	}
	var names []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"notes", "x.tab"}; !slices.Equal(names, want) {
		t.Errorf("files after a save: %v, want %v", names, want)
	}
}

// A position with more options than MaxValue is refused with a
// *sg.LimitError on moves that also wraps sg.ErrTooManyOptions, at the
// top of a question and deeper, with one worker and with two.
func TestTooManyOptions(t *testing.T) {
	for _, workers := range []int{1, 2} {
		s, err := search.New[uint8](fan{}, search.WithWorkers(workers))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []uint8{1, 2} {
			_, err := s.Value(bg, p)
			var le *sg.LimitError
			if !errors.As(err, &le) || !errors.Is(err, sg.ErrLimit) || !errors.Is(err, sg.ErrTooManyOptions) ||
				le.Bound != "moves" || le.Limit != search.MaxValue || le.Need != search.MaxValue+1 {
				t.Errorf("workers %d, Value(%d): %v (%+v)", workers, p, err, le)
			}
		}
	}
}

// fan is a game of positions 0, 1 and 2: 1 has MaxValue+1 moves to 0, 2
// one move to 1.
type fan struct{}

func (fan) AppendMoves(dst []uint8, p uint8) []uint8 {
	switch p {
	case 1:
		return append(dst, make([]uint8, search.MaxValue+1)...)
	case 2:
		return append(dst, 1)
	}
	return dst
}

// A worker looks at its context after a bounded amount of work, not a
// count of positions: on a game of four thousand options a position it
// stops within a few positions of a cancellation (it looked only every
// 1024 positions, four million options, before).
func TestCancelWidePositions(t *testing.T) {
	ctx, cancel := context.WithCancel(bg)
	defer cancel()
	s, err := search.New[int](wideNim{}, search.WithWorkers(1),
		search.WithProgress(time.Nanosecond, func(search.Stats) { cancel() }))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Value(ctx, 100000); !errors.Is(err, context.Canceled) {
		t.Fatalf("Value: %v, want a cancellation", err)
	}
	if n := s.Stats().Expanded; n > 64 {
		t.Errorf("%d positions expanded before the cancellation was seen", n)
	}
}

// wideNim is a heap from which one takes 1 to 4000 tokens.
type wideNim struct{}

func (wideNim) AppendMoves(dst []int, p int) []int {
	for k := 1; k <= 4000 && k <= p; k++ {
		dst = append(dst, p-k)
	}
	return dst
}
