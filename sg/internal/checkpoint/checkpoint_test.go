package checkpoint

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/sg"
)

// A header reads back as written, whatever follows it; every other
// header is refused with an error wrapping sg.ErrCheckpoint that says
// why, and so is every truncation of a good one.
func TestHeader(t *testing.T) {
	h := AppendHeader(nil, "TESTMAGI", 3, "cram:3x4")
	v, name, err := ReadHeader(bytes.NewReader(append(h, "rest"...)), "p", "test file", "TESTMAGI", 2, 3)
	if err != nil || v != 3 || name != "cram:3x4" {
		t.Fatalf("ReadHeader = %d, %q, %v", v, name, err)
	}
	refused := func(what string, b []byte, want string) {
		t.Helper()
		_, _, err := ReadHeader(bytes.NewReader(b), "p", "test file", "TESTMAGI", 2, 3)
		if !errors.Is(err, sg.ErrCheckpoint) || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "p: ") {
			t.Errorf("%s: %v, want an error wrapping ErrCheckpoint saying %q", what, err, want)
		}
	}
	for n := range len(h) {
		refused("cut", h[:n], map[bool]string{true: "not a test file", false: "cut short"}[n < 8])
	}
	refused("magic", AppendHeader(nil, "OTHERMAG", 3, "x"), "bad magic")
	refused("version", AppendHeader(nil, "TESTMAGI", 9, "x"), "format version 9")
	long := AppendHeader(nil, "TESTMAGI", 2, "")
	binary.LittleEndian.PutUint32(long[12:], MaxName+1)
	refused("name", long, "a name of 65537 bytes")
}

// Writer and Reader count the bytes and sum them with CRC-32C.
func TestWriterReader(t *testing.T) {
	data := []byte("the bytes of a checkpoint")
	var buf bytes.Buffer
	w := &Writer{W: &buf}
	w.Write(data[:5])
	w.Write(data[5:])
	want := crc32.Checksum(data, crc32.MakeTable(crc32.Castagnoli))
	if w.N != int64(len(data)) || w.Sum != want || Update(0, data) != want {
		t.Errorf("Writer: %d bytes, sum %08x; want %d, %08x", w.N, w.Sum, len(data), want)
	}
	r := &Reader{R: &buf}
	got := make([]byte, len(data))
	if _, err := r.Read(got); err != nil || r.N != int64(len(data)) || r.Sum != want {
		t.Errorf("Reader: %d bytes, sum %08x, %v", r.N, r.Sum, err)
	}
	if err := ReadError("p", "x", errors.New("disk")); errors.Is(err, sg.ErrCheckpoint) || !strings.Contains(err.Error(), "disk") {
		t.Errorf("an I/O error reads %v", err)
	}
}
