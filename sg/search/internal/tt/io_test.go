package tt

import (
	"bufio"
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// A table written and read back into an empty one holds the same facts,
// with narrow keys and with wide ones; a stream for another name, or
// damaged, is refused with an error wrapping sg.ErrCheckpoint.
func TestWriteRead(t *testing.T) {
	for _, wide := range []bool{false, true} {
		src := New(MinBytes)
		r := rand.New(rand.NewPCG(7, 8))
		stored := map[game.Key]uint32{}
		for range 3000 {
			k := game.Key{Lo: r.Uint64() | 1}
			if wide {
				k.Hi = r.Uint64()
			}
			f := uint32(r.IntN(1000) + 1)
			src.Put(k, f, uint64(r.IntN(1<<20)))
			stored[k] = f
		}
		var buf bytes.Buffer
		w := bufio.NewWriter(&buf)
		if err := src.Write(w, "game"); err != nil || w.Flush() != nil {
			t.Fatal(err)
		}
		dst := New(MinBytes)
		if err := dst.Read(bufio.NewReader(bytes.NewReader(buf.Bytes())), "game"); err != nil {
			t.Fatal(err)
		}
		for k := range stored {
			if got, want := dst.Get(k), src.Get(k); got != want {
				t.Fatalf("wide %v: key %v reads %d, written %d", wide, k, got, want)
			}
		}
		if dst.Stats().Entries != src.Stats().Entries || dst.Wide() != wide {
			t.Errorf("wide %v: %d entries read, %d written", wide, dst.Stats().Entries, src.Stats().Entries)
		}
		err := New(MinBytes).Read(bufio.NewReader(bytes.NewReader(buf.Bytes())), "other")
		if !errors.Is(err, sg.ErrCheckpoint) || !strings.Contains(err.Error(), `"other"`) {
			t.Errorf("read for another game: %v", err)
		}
		b := bytes.Clone(buf.Bytes())
		b[len(b)/2] ^= 0x10
		if err := New(MinBytes).Read(bufio.NewReader(bytes.NewReader(b)), "game"); !errors.Is(err, sg.ErrCheckpoint) {
			t.Errorf("a damaged stream: %v", err)
		}
	}
}

// A Map keeps facts merged, up to its budget, evicting beyond.
func TestMap(t *testing.T) {
	m := NewMap[int](1 << 20)
	m.Put(1, Excluded|1, 5)
	m.Put(1, Excluded|2, 5)
	if got := m.Get(1); got != Excluded|3 {
		t.Errorf("exclusions merged to %#x, want %#x", got, Excluded|3)
	}
	m.Put(1, 3, 5)
	if got := m.Get(1); got != 3 {
		t.Errorf("a value after exclusions: %d, want 3", got)
	}
	for i := range 200000 {
		m.Put(i+2, 1, 1)
	}
	st := m.Stats()
	if st.Entries > st.Capacity || st.Evictions == 0 || st.Stores != uint64(st.Entries)+st.Evictions {
		t.Errorf("stats %+v: want evictions, entries within capacity", st)
	}
}
