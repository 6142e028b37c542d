package sequence

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// cancelAt plays rule HeapRule (hiding any other interface) and calls
// cancel when asked for the moves of heap at, to interrupt a run at a
// known point. Its name is the rule's, so runs with and without cancel
// share checkpoints.
type cancelAt struct {
	game.HeapRule
	at     int
	cancel func()
}

func (c cancelAt) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n == c.at && c.cancel != nil {
		c.cancel()
	}
	return c.HeapRule.AppendHeapMoves(dst, n)
}

func (c cancelAt) String() string { return ruleName(c.HeapRule) }

func TestCheckpointResume(t *testing.T) {
	for _, m := range []Method{MethodDirect, MethodAuto} {
		for _, rule := range []game.HeapRule{seqGrundy{}, seqParse(".6"), seqParse(".177")} {
			const maxN = 3000
			path := filepath.Join(t.TempDir(), "run.ckpt")
			ctx, cancel := context.WithCancel(context.Background())
			r := cancelAt{HeapRule: rule, at: 300, cancel: cancel}
			s, _, err := Period(ctx, r, maxN, WithMethod(m), WithCheckpoint(path, time.Hour))
			cancel()
			if !errors.Is(err, context.Canceled) || s.Len() >= maxN {
				t.Fatalf("%v, %v: interrupted run: error %v after %d values, want context.Canceled", r, m, err, s.Len())
			}
			stopped := s.Len()
			r.cancel = nil
			loaded, err := loadCheckpoint(path, r)
			if err != nil || loaded.Len() != stopped {
				t.Fatalf("%v: checkpoint holds %v values (%v), the run stopped at %d", r, loaded, err, stopped)
			}
			resumed, p, err := Period(context.Background(), r, maxN, WithMethod(m), WithCheckpoint(path, time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			whole, q, err := Period(context.Background(), r, maxN, WithMethod(m))
			if err != nil {
				t.Fatal(err)
			}
			if p != q || !slices.Equal(resumed.AppendValues(nil, 0, resumed.Len()), whole.AppendValues(nil, 0, whole.Len())) {
				t.Fatalf("%v: resumed run (%v, %d values) differs from an uninterrupted one (%v, %d values)",
					r, p, resumed.Len(), q, whole.Len())
			}
			// The final checkpoint holds the whole sequence.
			final, err := loadCheckpoint(path, r)
			if err != nil || final.Len() != whole.Len() {
				t.Fatalf("%v: final checkpoint %v, %v", r, final, err)
			}
		}
	}
}

// A run saves checkpoints as it goes (here at every poll, about every few
// milliseconds of work), and a run resumed from one saved mid-run gives
// the values of an uninterrupted run.
func TestCheckpointSavedMidRun(t *testing.T) {
	const n = 8000 // a few polls with either engine
	r := seqGrundy{}
	want := seqValues(t, r, n)
	for _, m := range []Method{MethodDirect, MethodSparse} {
		dir := t.TempDir()
		path := filepath.Join(dir, "run.ckpt")
		// The progress function runs at the polls: it copies the
		// checkpoint that the run has saved so far.
		var saved [][]byte
		whole, err := Values(context.Background(), r, n, WithMethod(m), WithCheckpoint(path, time.Nanosecond),
			WithProgress(time.Nanosecond, func(Progress) {
				if data, err := os.ReadFile(path); err == nil {
					saved = append(saved, data)
				}
			}))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(whole.AppendValues(nil, 0, whole.Len()), want) {
			t.Fatalf("%v: a run saving checkpoints differs from a plain run", m)
		}
		mid := filepath.Join(dir, "mid.ckpt")
		var k int
		for _, data := range saved {
			if err := os.WriteFile(mid, data, 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := loadCheckpoint(mid, r)
			if err != nil {
				t.Fatalf("%v: checkpoint saved mid-run: %v", m, err)
			}
			if s.Len() > 0 && s.Len() < n {
				k = s.Len()
				if !slices.Equal(s.AppendValues(nil, 0, k), want[:k]) {
					t.Fatalf("%v: checkpoint of %d values differs from the run's", m, k)
				}
				break // resume from the first one past heap 0
			}
		}
		if k == 0 {
			t.Fatalf("%v: no checkpoint saved mid-run among %d", m, len(saved))
		}
		var first Progress
		resumed, err := Values(context.Background(), r, n, WithMethod(m), WithCheckpoint(mid, time.Hour),
			WithProgress(time.Nanosecond, func(p Progress) {
				if first.Done == 0 {
					first = p
				}
			}))
		if err != nil || !slices.Equal(resumed.AppendValues(nil, 0, resumed.Len()), want) {
			t.Fatalf("%v: run resumed from %d values: %v, or values differ", m, k, err)
		}
		if first.Done < k {
			t.Errorf("%v: resumed run started at %d values, the checkpoint has %d", m, first.Done, k)
		}
	}
}

func TestCheckpointValuesResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kayles.ckpt")
	if _, err := Values(context.Background(), seqParse(".77"), 500, WithCheckpoint(path, time.Hour)); err != nil {
		t.Fatal(err)
	}
	// A shorter request is answered from the checkpoint, and a longer one
	// extends it.
	short, err := Values(context.Background(), seqParse(".77"), 100, WithCheckpoint(path, time.Hour))
	if err != nil || short.Len() != 100 {
		t.Fatalf("short: %v, %v", short, err)
	}
	if want := slices.Max(seqValues(t, seqParse(".77"), 100)); short.Max() != want {
		t.Errorf("short: Max %v, want %v", short.Max(), want)
	}
	long, err := Values(context.Background(), seqParse(".77"), 900, WithCheckpoint(path, time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := seqValues(t, seqParse(".77"), 900)
	if !slices.Equal(long.AppendValues(nil, 0, long.Len()), want) {
		t.Fatal("extended checkpoint differs from a fresh run")
	}
	if s, _ := loadCheckpoint(path, seqParse(".77")); s.Len() != 900 {
		t.Fatalf("checkpoint holds %d values, want 900", s.Len())
	}
}

func TestCheckpointWide(t *testing.T) {
	// Nim's values need 2 bytes from heap 256 on.
	path := filepath.Join(t.TempDir(), "nim.ckpt")
	nim := seqParse("0.…3")
	s, err := Values(context.Background(), nim, 700, WithCheckpoint(path, time.Hour))
	if err != nil || s.bytesPerValue() != 2 {
		t.Fatalf("%v, width %d", err, s.bytesPerValue())
	}
	got, err := loadCheckpoint(path, nim)
	if err != nil || !slices.Equal(got.AppendValues(nil, 0, got.Len()), s.AppendValues(nil, 0, s.Len())) || got.bytesPerValue() != 2 {
		t.Fatalf("reloaded: %v, %v", got, err)
	}
	// 8-byte values.
	big := New(0)
	for _, v := range []sg.Nimber{0, 1 << 40, 3} {
		big.Append(v)
	}
	if err := writeCheckpoint(path, nim, big); err != nil {
		t.Fatal(err)
	}
	got, err = loadCheckpoint(path, nim)
	if err != nil || got.bytesPerValue() != 8 || got.At(1) != 1<<40 || got.At(2) != 3 {
		t.Fatalf("8-byte values reloaded as %v, %v", got, err)
	}
	// Such values cannot be Nim's: the direct engine refuses to go on.
	_, err = Values(context.Background(), nim, 10, WithCheckpoint(path, time.Hour), WithMethod(MethodDirect))
	if err == nil || !strings.Contains(err.Error(), "1099511627776") {
		t.Errorf("extending impossible values: %v", err)
	}
}

func TestCheckpointRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "kayles.ckpt")
	kayles := seqParse(".77")
	if _, err := Values(context.Background(), kayles, 300, WithCheckpoint(path, time.Hour)); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	expect := func(name string, data []byte, r game.HeapRule, what string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Values(context.Background(), r, 400, WithCheckpoint(p, time.Hour))
		if !errors.Is(err, ErrCheckpoint) || !strings.Contains(err.Error(), p) ||
			!strings.Contains(strings.ReplaceAll(err.Error(), p, "FILE"), what) {
			t.Errorf("%s: error %v, want one naming %s and %q", name, err, p, what)
		}
		// The refused file is left alone.
		if after, _ := os.ReadFile(p); !slices.Equal(after, data) {
			t.Errorf("%s: refused checkpoint was overwritten", name)
		}
	}
	corrupt := slices.Clone(good)
	corrupt[len(corrupt)-20] ^= 0x40 // a value near the end
	expect("corrupt.ckpt", corrupt, kayles, "checksum mismatch")
	name := slices.Clone(good)
	name[17] ^= 1 // in the rule name ".77": damage, not another rule
	expect("name.ckpt", name, kayles, "checksum mismatch")
	expect("truncated.ckpt", good[:len(good)-50], kayles, "does not match")
	count := slices.Clone(good)
	count[16+3+32+1+7] = 0x7f // the top byte of the value count: 2^62 values
	expect("count.ckpt", count, kayles, "does not match")
	magic := slices.Clone(good)
	magic[0] = 'X'
	expect("magic.ckpt", magic, kayles, "bad magic")
	version := slices.Clone(good)
	version[8] = 9
	expect("version.ckpt", version, kayles, "format version 9")
	expect("short.ckpt", good[:5], kayles, "too short")
	expect("empty.ckpt", nil, kayles, "too short")
	// Another rule: .07's checkpoint is refused for Kayles.
	expect("other.ckpt", good, seqParse(".07"), `written for rule ".77"`)
	// Same name, different moves: the fingerprint tells them apart.
	impostor := seqParse(".07").Named(".77")
	expect("impostor.ckpt", good, impostor, "fingerprint")
}

func TestCheckpointUnwritable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "dir", "x.ckpt")
	_, err := Values(context.Background(), seqParse(".77"), 50, WithCheckpoint(path, time.Hour))
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("error %v, want one naming %s", err, path)
	}
}

// TestCheckpointAppends: a run that saves often appends records to one
// file instead of rewriting it; the file reads back as the run's values,
// a resumed run appends to it and gives the same values, damage in an
// earlier record or a last record cut short is refused, and so is a
// version 1 file (of an earlier format).
func TestCheckpointAppends(t *testing.T) {
	const n = 20000
	r := seqGrundy{}
	want := seqValues(t, r, n)
	path := filepath.Join(t.TempDir(), "run.ckpt")
	var sizes []int64
	s, err := Values(context.Background(), r, n/2, WithMethod(MethodDirect), WithCheckpoint(path, time.Nanosecond),
		WithProgress(time.Nanosecond, func(Progress) {
			if fi, err := os.Stat(path); err == nil {
				sizes = append(sizes, fi.Size())
			}
		}))
	if err != nil || !slices.Equal(s.AppendValues(nil, 0, s.Len()), want[:n/2]) {
		t.Fatalf("first half: %v", err)
	}
	if len(sizes) < 3 || !slices.IsSorted(sizes) || sizes[0] == sizes[len(sizes)-1] {
		t.Fatalf("checkpoint sizes %v: want a file that grows by appends", sizes)
	}
	_, st, err := loadCheckpointState(path, r, 0)
	if err != nil || st.saved != n/2 {
		t.Fatalf("reading the appended file: %v, %d values", err, st.saved)
	}
	records := func(data []byte) int { // the number of records, by the layout
		off, k := 8+4+4+len(seqGrundy{}.String())+32, 0
		for off < len(data) {
			w, c := int(data[off]), int(binary.LittleEndian.Uint64(data[off+1:]))
			off += 9 + w*c + 8
			k++
		}
		return k
	}
	before, _ := os.ReadFile(path)
	if k := records(before); k < 2 {
		t.Errorf("%d records in a file saved %d times", k, len(sizes))
	}
	// Resume to n: the file grows by appends, and the values are the same.
	s, err = Values(context.Background(), r, n, WithMethod(MethodDirect), WithCheckpoint(path, time.Nanosecond))
	if err != nil || !slices.Equal(s.AppendValues(nil, 0, s.Len()), want) {
		t.Fatalf("resumed: %v, or values differ", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.HasPrefix(after, before) {
		t.Error("the resumed run rewrote the file instead of appending to it")
	}
	got, err := loadCheckpoint(path, r)
	if err != nil || !slices.Equal(got.AppendValues(nil, 0, got.Len()), want) {
		t.Fatalf("final file: %v", err)
	}
	refused := func(name string, data []byte, what string) {
		t.Helper()
		p := filepath.Join(filepath.Dir(path), name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := loadCheckpoint(p, r); !errors.Is(err, ErrCheckpoint) || !strings.Contains(err.Error(), what) {
			t.Errorf("%s: %v, want %q", name, err, what)
		}
	}
	early := slices.Clone(after)
	early[8+4+4+len(seqGrundy{}.String())+32+9+100] ^= 1 // a value of the first record
	refused("early.ckpt", early, "checksum mismatch")
	refused("cut.ckpt", after[:len(after)-3], "does not match")
	// Version 1: the same layout with a single record and a SHA-256
	// fingerprint; refused as a file of an earlier format.
	v1 := slices.Clone(after)
	v1[8] = 1
	refused("v1.ckpt", v1, "format version 1, from an earlier release")
}

// TestFingerprintStable pins the rule fingerprint of format version 4: a
// change to ruleFingerprint would make every saved file refused as written
// for another rule, so it must come with a new format version.
func TestFingerprintStable(t *testing.T) {
	const want = "7bcd4981836539c1de539240d99d3f0dd19808d562deb0d4c849f458e771d6cf"
	f := ruleFingerprint(seqParse(".77"))
	if got := fmt.Sprintf("%x", f); got != want {
		t.Errorf("fingerprint of .77 = %s, want %s", got, want)
	}
	if g := ruleFingerprint(seqParse(".137")); [16]byte(g[:16]) == [16]byte(f[:16]) || [16]byte(g[16:]) == [16]byte(f[16:]) {
		t.Errorf("fingerprints of .77 and .137 share a half: %x, %x", f, g)
	}
}
