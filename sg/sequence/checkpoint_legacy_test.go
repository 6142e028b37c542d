package sequence_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// A checkpoint of format version 1, 2 or 3 (written by earlier releases,
// with a SHA-256 fingerprint) is refused with an error wrapping
// sg.ErrCheckpoint that names the file and says it is from an earlier
// format and to run again; the file is left as it is.
func TestCheckpointOldVersionRefused(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "s.ckpt")
	s, err := sequence.Values(ctx, subtract12{}, 1000, sequence.WithMethod(sequence.MethodDirect), sequence.WithCheckpoint(path, time.Hour))
	if err != nil || s.Len() < 1000 {
		t.Fatalf("1000 values: %v", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for v := uint32(1); v <= 3; v++ {
		old := bytes.Clone(data)
		binary.LittleEndian.PutUint32(old[8:], v)
		if err := os.WriteFile(path, old, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := sequence.Values(ctx, subtract12{}, 2000, sequence.WithMethod(sequence.MethodDirect), sequence.WithCheckpoint(path, time.Nanosecond))
		if !errors.Is(err, sg.ErrCheckpoint) || !strings.Contains(err.Error(), path) ||
			!strings.Contains(err.Error(), fmt.Sprintf("format version %d, from an earlier release", v)) ||
			!strings.Contains(err.Error(), "run again") {
			t.Errorf("version %d: %v, want an error wrapping sg.ErrCheckpoint naming the file, its earlier format and what to do", v, err)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, old) {
			t.Errorf("version %d: the refused file was changed", v)
		}
	}
}
