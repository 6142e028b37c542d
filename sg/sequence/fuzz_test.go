package sequence_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

// fuzzGrundy is Grundy's game: split a heap into two unequal heaps.
type fuzzGrundy struct{}

func (fuzzGrundy) String() string { return "grundy" }

func (fuzzGrundy) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n >= 3 {
		dst = append(dst, game.HeapMove{Remain: n, Parts: 2, Unequal: true})
	}
	return dst
}

// FuzzCheckpoint resumes a run from any bytes given as its checkpoint
// file: the run must never panic, and either refuses the file with an
// error wrapping sg.ErrCheckpoint or gives exactly the values of a run
// from scratch (a saved file is outside input, like a game spec).
func FuzzCheckpoint(f *testing.F) {
	const n = 400
	ctx := context.Background()
	want, err := sequence.Values(ctx, fuzzGrundy{}, n)
	if err != nil {
		f.Fatal(err)
	}
	wantVals := want.AppendValues(nil, 0, want.Len())
	// Seeds: a whole saved run and one stopped part way.
	dir := f.TempDir()
	for _, m := range []int{n, 150} {
		path := filepath.Join(dir, "seed.ckpt")
		if _, err := sequence.Values(ctx, fuzzGrundy{}, m, sequence.WithCheckpoint(path, time.Hour)); err != nil {
			f.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		os.Remove(path)
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "run.ckpt")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := sequence.Values(ctx, fuzzGrundy{}, n, sequence.WithCheckpoint(path, time.Hour))
		if err != nil {
			if !errors.Is(err, sg.ErrCheckpoint) {
				t.Fatalf("error %v does not wrap sg.ErrCheckpoint", err)
			}
			return
		}
		if got := s.AppendValues(nil, 0, s.Len()); s.Len() < n || !slices.Equal(got[:n], wantVals[:n]) {
			t.Fatalf("resumed from a %d-byte file: %d values differing from a fresh run", len(data), s.Len())
		}
	})
}
