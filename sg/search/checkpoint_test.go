package search_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// saved solves the value of Cram rows×cols in a fresh solver and returns
// the solver and its table as WriteTo writes it.
func saved(t *testing.T, rows, cols int) (*search.Solver[grid.Set], []byte) {
	t.Helper()
	g, err := rulesets.NewCram(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	s, err := search.New[grid.Set](g, search.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Value(bg, g.Start()); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	n, err := s.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("WriteTo = %d, %v; wrote %d bytes", n, err, buf.Len())
	}
	return s, buf.Bytes()
}

// TestSaveLoad checks that a table written by WriteTo and read back by
// ReadFrom in a new solver holds the same entries, answers the question
// already asked with no search, and answers the others as the plain
// engine and exhaustive search do; and that a table of 128-bit keys
// (Cram on a strip of more than 64 cells) comes back wide.
func TestSaveLoad(t *testing.T) {
	s, data := saved(t, 4, 5)
	g := s.Game().(*rulesets.Cram)
	want, _ := s.Value(bg, g.Start())
	l, err := search.New[grid.Set](g, search.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := l.ReadFrom(bytes.NewReader(data)); err != nil || n != int64(len(data)) {
		t.Fatalf("ReadFrom = %d, %v; want %d bytes", n, err, len(data))
	}
	if got, was := l.Stats().Entries, s.Stats().Entries; got != was || got == 0 {
		t.Errorf("loaded table has %d entries, the saved one %d", got, was)
	}
	if v, err := l.Value(bg, g.Start()); err != nil || v != want || l.Stats().Expanded != 0 {
		t.Errorf("Value after loading = %d, %v with %d positions expanded; want %d with none", v, err, l.Stats().Expanded, want)
	}
	opts := g.AppendMoves(nil, g.Start())
	for _, o := range opts[:5] {
		check[grid.Set](t, g, l, o)
	}
	// Reading the same table again changes nothing.
	if _, err := l.ReadFrom(bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if _, err := l.WriteTo(&again); err != nil {
		t.Fatal(err)
	}

	strip, _ := rulesets.NewCram(1, 70)
	w, _ := search.New[grid.Set](strip, search.WithMemory(search.MinMemory))
	v, err := w.Value(bg, strip.Start())
	if err != nil || !search.Wide(w) {
		t.Fatalf("Cram 1×70 = %d, %v, wide %v", v, err, search.Wide(w))
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	w2, _ := search.New[grid.Set](strip, search.WithMemory(search.MinMemory))
	if _, err := w2.ReadFrom(&buf); err != nil {
		t.Fatal(err)
	}
	if got, err := w2.Value(bg, strip.Start()); err != nil || got != v || !search.Wide(w2) || w2.Stats().Expanded != 0 {
		t.Errorf("Cram 1×70 loaded: %d, %v, wide %v, %d expanded; want %d, wide, none", got, err, search.Wide(w2), w2.Stats().Expanded, v)
	}
}

// TestLoadRefuses checks that ReadFrom refuses what is not a table saved
// for the same game, with an error wrapping ErrCheckpoint that says why:
// other bytes, a table of another game, every truncation, a flipped byte
// anywhere, another format version; and that a game without a Packer
// can neither save nor load.
func TestLoadRefuses(t *testing.T) {
	s, data := saved(t, 3, 4)
	g := s.Game()
	fresh := func() *search.Solver[grid.Set] {
		l, err := search.New[grid.Set](g, search.WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	refused := func(what string, b []byte, want string) {
		t.Helper()
		_, err := fresh().ReadFrom(bytes.NewReader(b))
		if !errors.Is(err, search.ErrCheckpoint) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: ReadFrom error %v; want one wrapping ErrCheckpoint saying %q", what, err, want)
		}
	}
	refused("no bytes", nil, "not a saved table")
	refused("text", []byte("this is not a table at all"), "not a saved table")
	other, _ := rulesets.NewCram(4, 3)
	l, _ := search.New[grid.Set](other)
	if _, err := l.ReadFrom(bytes.NewReader(data)); !errors.Is(err, search.ErrCheckpoint) ||
		!strings.Contains(err.Error(), `"cram:3x4"`) || !strings.Contains(err.Error(), `"cram:4x3"`) {
		t.Errorf("a table of cram:3x4 read for cram:4x3: %v", err)
	}
	for n := range len(data) {
		_, err := fresh().ReadFrom(bytes.NewReader(data[:n]))
		if !errors.Is(err, search.ErrCheckpoint) {
			t.Fatalf("the first %d of %d bytes: ReadFrom error %v", n, len(data), err)
		}
	}
	r := gametest.Rand(t)
	for range 200 {
		b := bytes.Clone(data)
		i := r.IntN(len(b))
		b[i] ^= byte(1 + r.IntN(255))
		if _, err := fresh().ReadFrom(bytes.NewReader(b)); !errors.Is(err, search.ErrCheckpoint) {
			t.Fatalf("byte %d of %d changed: ReadFrom error %v", i, len(b), err)
		}
	}
	b := bytes.Clone(data)
	b[8] = 9 // the version
	refused("version 9", b, "format version 9")

	d := gametest.RandomDAG(r, 50, 0.1)
	m, _ := search.New[int](d)
	if _, err := m.WriteTo(&bytes.Buffer{}); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("WriteTo of a map table: %v", err)
	}
	if _, err := m.ReadFrom(bytes.NewReader(data)); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("ReadFrom into a map table: %v", err)
	}
	if _, err := search.New[int](d, search.WithCheckpoint(filepath.Join(t.TempDir(), "t"), 0)); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("New with a checkpoint for a game without a Packer: %v", err)
	}
}

// TestSaveWhileSearching saves the table again and again while two workers
// solve Cram 5×6 (*2, Beling's table) and Cram on a strip of 70 cells
// (Dawson's Kayles G(70) = 1, octal .07; its table widens to 128-bit keys
// during the search): every fact a snapshot holds must be true, so a
// solver that loads one must still answer right. Run with -race, it also
// checks that saving reads the buckets safely.
func TestSaveWhileSearching(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		want       sg.Nimber
	}{{5, 6, 2}, {1, 70, 1}} {
		if tc.rows == 5 && quick() {
			continue // the strip checks the saves under -race
		}
		g, _ := rulesets.NewCram(tc.rows, tc.cols)
		var snaps [][]byte
		// The strip is solved in milliseconds: on a loaded machine (the
		// race detector, other tests) the saver may take fewer than two
		// snapshots before the search ends, so solve again, afresh, until
		// it does.
		for try := 0; try < 20 && len(snaps) < 2; try++ {
			s, _ := search.New[grid.Set](g, search.WithWorkers(2), search.WithMemory(search.MinMemory))
			snaps = snaps[:0]
			stop := make(chan struct{})
			var wg sync.WaitGroup
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					var buf bytes.Buffer
					if _, err := s.WriteTo(&buf); err != nil {
						t.Error(err)
						return
					}
					snaps = append(snaps, buf.Bytes())
				}
			})
			v, err := s.Value(bg, g.Start())
			close(stop)
			wg.Wait()
			if err != nil || v != tc.want {
				t.Fatalf("%v = %d, %v; want %d", g, v, err, tc.want)
			}
		}
		if len(snaps) < 2 {
			t.Fatalf("%v: %d snapshots in 20 searches", g, len(snaps))
		}
		for _, i := range []int{0, len(snaps) / 2, len(snaps) - 1} {
			l, _ := search.New[grid.Set](g, search.WithWorkers(2))
			if _, err := l.ReadFrom(bytes.NewReader(snaps[i])); err != nil {
				t.Fatal(err)
			}
			if got, err := l.Value(bg, g.Start()); err != nil || got != tc.want {
				t.Errorf("from snapshot %d of %d: %v = %d, %v; want %d", i, len(snaps), g, got, err, tc.want)
			}
		}
	}
}

// TestCheckpointResume stops searches of random Cram boards after a few
// hundred positions (the smallest end first), with a checkpoint saved
// every millisecond and when stopped, and asks
// again in a new solver of the same checkpoint: its answers must be
// those of the plain engine and exhaustive search. On Cram 5×6 the
// resumed search must expand fewer positions than a fresh one.
func TestCheckpointResume(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, trials(30)))
	props.Property("a resumed search answers right", prop.ForAll(func(seed uint64, rows, cols, workers int) bool {
		r := rand.New(rand.NewPCG(seed, 19))
		b, err := grid.NewBoard(rows, cols)
		if err != nil {
			t.Fatal(err)
		}
		free := grid.Set{Lo: r.Uint64() | r.Uint64()}.And(b.Full())
		g := rulesets.NewCramBoard(b, free)
		path := filepath.Join(t.TempDir(), "table")
		ctx, cancel := context.WithCancel(bg)
		defer cancel()
		s, err := search.New[grid.Set](g, search.WithWorkers(workers), search.WithCheckpoint(path, time.Millisecond),
			search.WithProgress(time.Millisecond, func(search.Stats) { cancel() }))
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Value(ctx, g.Start())
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
		if _, serr := os.Stat(path); err != nil && serr != nil {
			t.Errorf("no checkpoint after the search was cancelled: %v", serr)
			return false
		}
		l, err := search.New[grid.Set](g, search.WithWorkers(workers), search.WithCheckpoint(path, time.Millisecond))
		if err != nil {
			t.Fatal(err)
		}
		return check[grid.Set](t, g, l, g.Start())
	}, gen.UInt64(), gen.IntRange(2, 5), gen.IntRange(2, 6), gen.IntRange(1, 2)))
	props.TestingRun(t)

	g, _ := rulesets.NewCram(5, 6)
	path := filepath.Join(t.TempDir(), "cram5x6")
	ctx, cancel := context.WithCancel(bg)
	s, _ := search.New[grid.Set](g, search.WithWorkers(1), search.WithCheckpoint(path, time.Hour),
		search.WithProgress(time.Millisecond, func(search.Stats) { cancel() }))
	if _, err := s.Value(ctx, g.Start()); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled Value: %v", err)
	}
	l, err := search.New[grid.Set](g, search.WithWorkers(1), search.WithCheckpoint(path, time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	fresh, _ := search.New[grid.Set](g, search.WithWorkers(1))
	v, err := l.Value(bg, g.Start())
	v2, _ := fresh.Value(bg, g.Start())
	if err != nil || v != 2 || v2 != 2 {
		t.Fatalf("Cram 5×6 resumed = %d, %v; fresh %d; want 2", v, err, v2)
	}
	if got, all := l.Stats().Expanded, fresh.Stats().Expanded; got >= all {
		t.Errorf("resumed search expanded %d positions, a fresh one %d", got, all)
	}
}

// TestCheckpointErrors checks that New names an unusable checkpoint file
// and that a save that cannot be written (its directory removed after
// New) fails the question with an error naming the file.
func TestCheckpointErrors(t *testing.T) {
	g, _ := rulesets.NewCram(4, 4)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad, []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := search.New[grid.Set](g, search.WithCheckpoint(bad, 0)); !errors.Is(err, search.ErrCheckpoint) || !strings.Contains(err.Error(), bad) {
		t.Errorf("New with a checkpoint that is not a table: %v", err)
	}
	// A directory that goes away after New: the save fails the question.
	gone := filepath.Join(dir, "gone")
	if err := os.Mkdir(gone, 0o755); err != nil {
		t.Fatal(err)
	}
	nowhere := filepath.Join(gone, "table")
	s, err := search.New[grid.Set](g, search.WithCheckpoint(nowhere, time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Millisecond)
	if _, err := s.Value(bg, g.Start()); err == nil || !strings.Contains(err.Error(), nowhere) {
		t.Errorf("Value saving to %s: %v; want an error naming it", nowhere, err)
	}
}

// FuzzReadFrom feeds ReadFrom any bytes, starting from a table saved for
// Cram 3×4: it must never panic, and must refuse with an error wrapping
// ErrCheckpoint whatever it does not read to the end (a saved table is
// outside input, like a game spec).
func FuzzReadFrom(f *testing.F) {
	g, _ := rulesets.NewCram(3, 4)
	s, _ := search.New[grid.Set](g, search.WithWorkers(1), search.WithMemory(search.MinMemory))
	if _, err := s.Value(bg, g.Start()); err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := s.WriteTo(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("IMPSGTAB"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := search.New[grid.Set](g, search.WithWorkers(1), search.WithMemory(search.MinMemory))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.ReadFrom(bytes.NewReader(data)); err != nil && !errors.Is(err, search.ErrCheckpoint) {
			t.Fatalf("ReadFrom error %v does not wrap ErrCheckpoint", err)
		}
	})
}
