package sequence_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc64"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

// subtract12 is the subtraction game {1, 2}: G(n) = n mod 3.
type subtract12 struct{}

func (subtract12) String() string { return "subtract12" }

func (subtract12) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := 1; k <= 2 && k <= n; k++ {
		dst = append(dst, game.HeapMove{Remain: n - k, Parts: min(n-k, 1)})
	}
	return dst
}

// A checkpoint of format version 2 (CRC-64 ECMA checksums) is read, and
// a run that resumes from it rewrites it whole in the current version
// rather than appending records of another checksum: the file then reads
// back, and the values are right.
func TestCheckpointLegacyRewritten(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "s.ckpt")
	check := func(s *sequence.Sequence, err error, n int) {
		t.Helper()
		if err != nil || s.Len() < n {
			t.Fatalf("%d values: %v", n, err)
		}
		for i := range n {
			if s.At(i) != sg.Nimber(i%3) {
				t.Fatalf("G(%d) = %d, want %d", i, s.At(i), i%3)
			}
		}
	}
	s, err := sequence.Values(ctx, subtract12{}, 1000, sequence.WithMethod(sequence.MethodDirect), sequence.WithCheckpoint(path, time.Hour))
	check(s, err, 1000)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Version 2: the same records, each checksum the CRC-64 of the bytes
	// before it.
	binary.LittleEndian.PutUint32(data[8:], 2)
	table := crc64.MakeTable(crc64.ECMA)
	off := 8 + 4 + 4 + len("subtract12") + 32
	for off < len(data) {
		w, c := int(data[off]), int(binary.LittleEndian.Uint64(data[off+1:]))
		off += 9 + w*c
		binary.LittleEndian.PutUint64(data[off:], crc64.Checksum(data[:off], table))
		off += 8
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = sequence.Values(ctx, subtract12{}, 1000, sequence.WithMethod(sequence.MethodDirect), sequence.WithCheckpoint(path, time.Hour))
	check(s, err, 1000)
	s, err = sequence.Values(ctx, subtract12{}, 3000, sequence.WithMethod(sequence.MethodDirect), sequence.WithCheckpoint(path, time.Nanosecond))
	check(s, err, 3000)
	after, _ := os.ReadFile(path)
	if v := binary.LittleEndian.Uint32(after[8:]); v == 2 || bytes.HasPrefix(after, data) {
		t.Errorf("the version 2 file was appended to (version %d now)", v)
	}
	s, err = sequence.Values(ctx, subtract12{}, 3000, sequence.WithMethod(sequence.MethodDirect), sequence.WithCheckpoint(path, time.Hour))
	check(s, err, 3000)
}
