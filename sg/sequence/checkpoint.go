package sequence

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc64"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"unsafe"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// A checkpoint file holds a value sequence so that a long run can stop and
// resume. Its layout, all integers little-endian:
//
//	magic       8 bytes  "IMPSGSEQ"
//	version     uint32   checkpointVersion
//	name        uint32 length, then the rule's String() (or Go type)
//	fingerprint 32 bytes SHA-256 of the rule's moves from heaps 0 … 63
//	width       uint8    bytes per value: 1, 2 or 8
//	count       uint64   number of values
//	values      count × width bytes: G(0) … G(count-1)
//	checksum    uint64   CRC-64 (ECMA) of every byte before it
//
// Files are written to a temporary file in the same directory and renamed
// over the old one, so a crash never leaves a half-written checkpoint.

const (
	checkpointMagic   = "IMPSGSEQ"
	checkpointVersion = 1
	// fingerprintHeaps is the number of heaps whose moves identify a rule.
	fingerprintHeaps = 64
)

// ErrCheckpoint is wrapped by the errors about checkpoint files that are
// not usable: not a checkpoint, another format version, corrupted
// (checksum mismatch, truncated, impossible values), or written for
// another rule. The error names the file and what is wrong.
var ErrCheckpoint = errors.New("unusable checkpoint")

var crcTable = crc64.MakeTable(crc64.ECMA)

// ruleFingerprint hashes the moves of heaps 0 … 63 of r.
func ruleFingerprint(r game.HeapRule) [32]byte {
	h := sha256.New()
	var moves []game.HeapMove
	var buf []byte
	for n := range fingerprintHeaps {
		moves = r.AppendHeapMoves(moves[:0], n)
		buf = binary.AppendUvarint(buf[:0], uint64(n))
		buf = binary.AppendUvarint(buf, uint64(len(moves)))
		for _, m := range moves {
			buf = binary.AppendVarint(buf, int64(m.Remain))
			buf = binary.AppendVarint(buf, int64(m.Parts))
			if m.Unequal {
				buf = append(buf, 1)
			} else {
				buf = append(buf, 0)
			}
		}
		h.Write(buf)
	}
	var f [32]byte
	h.Sum(f[:0])
	return f
}

// checkpointError returns an error wrapping ErrCheckpoint about the file
// at path.
func checkpointError(path, format string, args ...any) error {
	return fmt.Errorf("sequence: checkpoint %s: %s: %w", path, fmt.Sprintf(format, args...), ErrCheckpoint)
}

// writeCheckpoint saves s, the values of rule r, to path atomically.
func writeCheckpoint(path string, r game.HeapRule, s *Sequence) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, base+".tmp*")
	if err != nil {
		return fmt.Errorf("sequence: writing checkpoint %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	crc := crc64.New(crcTable)
	w := bufio.NewWriterSize(io.MultiWriter(f, crc), 1<<20)
	if err = encodeCheckpoint(w, r, s); err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = binary.Write(f, binary.LittleEndian, crc.Sum64())
	}
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = f.Close()
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("sequence: writing checkpoint %s: %w", path, err)
	}
	return nil
}

// encodeCheckpoint writes everything but the checksum.
func encodeCheckpoint(w *bufio.Writer, r game.HeapRule, s *Sequence) error {
	name := ruleName(r)
	fp := ruleFingerprint(r)
	var hdr []byte
	hdr = append(hdr, checkpointMagic...)
	hdr = binary.LittleEndian.AppendUint32(hdr, checkpointVersion)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(name)))
	hdr = append(hdr, name...)
	hdr = append(hdr, fp[:]...)
	hdr = append(hdr, byte(s.bytesPerValue()))
	hdr = binary.LittleEndian.AppendUint64(hdr, uint64(s.Len()))
	if _, err := w.Write(hdr); err != nil {
		return err
	}
	var err error
	switch s.width {
	case 2:
		err = writeValues(w, s.b16)
	case 8:
		err = writeValues(w, s.b64)
	default:
		_, err = w.Write(s.b8)
	}
	return err
}

// writeValues writes vs little-endian in chunks, 2 or 8 bytes per value
// as T has.
func writeValues[T uint16 | sg.Nimber](w io.Writer, vs []T) error {
	var zero T
	wide := unsafe.Sizeof(zero) == 8
	var buf []byte
	for len(vs) > 0 {
		chunk := vs[:min(len(vs), 1<<16)]
		vs = vs[len(chunk):]
		buf = buf[:0]
		for _, v := range chunk {
			if wide {
				buf = binary.LittleEndian.AppendUint64(buf, uint64(v))
			} else {
				buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
			}
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// loadCheckpoint reads the checkpoint at path, written for rule r. It
// returns nil and no error when there is no file at path.
func loadCheckpoint(path string, r game.HeapRule) (*Sequence, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sequence: reading checkpoint %s: %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("sequence: reading checkpoint %s: %w", path, err)
	}
	size := st.Size()
	crc := crc64.New(crcTable)
	// The last 8 bytes are the checksum of the rest.
	if size < int64(len(checkpointMagic))+8 {
		return nil, checkpointError(path, "file too short (%d bytes) to be a checkpoint", size)
	}
	cr := &checkReader{r: bufio.NewReaderSize(io.LimitReader(f, size-8), 1<<20), h: crc, limit: size - 8}
	s, name, fp, err := decodeCheckpoint(cr, path)
	if err != nil {
		return nil, err
	}
	if cr.n != size-8 {
		return nil, checkpointError(path, "%d bytes of trailing data after the values", size-8-cr.n)
	}
	var sum uint64
	if err := binary.Read(f, binary.LittleEndian, &sum); err != nil {
		return nil, checkpointError(path, "reading checksum: %v", err)
	}
	if sum != crc.Sum64() {
		return nil, checkpointError(path, "checksum mismatch (stored %016x, computed %016x): the file is corrupted", sum, crc.Sum64())
	}
	if want, wantFP := ruleName(r), ruleFingerprint(r); name != want || fp != wantFP {
		return nil, checkpointError(path, "written for rule %q (fingerprint %x…), not for rule %q (fingerprint %x…)",
			name, fp[:4], want, wantFP[:4])
	}
	return s, nil
}

// checkReader reads through a hash and counts the bytes read.
type checkReader struct {
	r     *bufio.Reader
	h     hash.Hash64
	n     int64 // bytes read so far
	limit int64 // bytes before the checksum
}

func (c *checkReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.h.Write(p[:n])
	c.n += int64(n)
	return n, err
}

// full reads exactly len(p) bytes, naming what it reads on error.
func (c *checkReader) full(p []byte, path, what string) error {
	if _, err := io.ReadFull(c, p); err != nil {
		return checkpointError(path, "truncated while reading %s: %v", what, err)
	}
	return nil
}

// decodeCheckpoint reads everything but the checksum, and returns the
// values with the rule's name and fingerprint as stored.
func decodeCheckpoint(c *checkReader, path string) (s *Sequence, name string, fp [32]byte, err error) {
	var b [8]byte
	if err := c.full(b[:8], path, "the magic header"); err != nil {
		return nil, "", fp, err
	}
	if string(b[:8]) != checkpointMagic {
		return nil, "", fp, checkpointError(path, "bad magic %q (want %q): not a checkpoint file", b[:8], checkpointMagic)
	}
	if err := c.full(b[:4], path, "the version"); err != nil {
		return nil, "", fp, err
	}
	if v := binary.LittleEndian.Uint32(b[:4]); v != checkpointVersion {
		return nil, "", fp, checkpointError(path, "format version %d, this library reads version %d", v, checkpointVersion)
	}
	if err := c.full(b[:4], path, "the rule name length"); err != nil {
		return nil, "", fp, err
	}
	nameLen := binary.LittleEndian.Uint32(b[:4])
	if nameLen > 1<<16 {
		return nil, "", fp, checkpointError(path, "rule name length %d is too long: the file is corrupted", nameLen)
	}
	nameBuf := make([]byte, nameLen)
	if err := c.full(nameBuf, path, "the rule name"); err != nil {
		return nil, "", fp, err
	}
	name = string(nameBuf)
	if err := c.full(fp[:], path, "the rule fingerprint"); err != nil {
		return nil, "", fp, err
	}
	if err := c.full(b[:1], path, "the value width"); err != nil {
		return nil, "", fp, err
	}
	width := int(b[0])
	if width != 1 && width != 2 && width != 8 {
		return nil, "", fp, checkpointError(path, "value width %d (want 1, 2 or 8): the file is corrupted", width)
	}
	if err := c.full(b[:8], path, "the value count"); err != nil {
		return nil, "", fp, err
	}
	count := binary.LittleEndian.Uint64(b[:8])
	if left := c.limit - c.n; count > uint64(left) || count*uint64(width) != uint64(left) {
		return nil, "", fp, checkpointError(path, "value count %d does not match the %d bytes of values in the file: the file is corrupted", count, left)
	}
	s = &Sequence{width: width}
	s.reserve(int(count))
	buf := make([]byte, 1<<16)
	per := width
	for left := int(count); left > 0; {
		k := min(left, len(buf)/per)
		chunk := buf[:k*per]
		if err := c.full(chunk, path, fmt.Sprintf("value %d", int(count)-left)); err != nil {
			return nil, "", fp, err
		}
		for i := range k {
			switch per {
			case 1:
				s.Append(sg.Nimber(chunk[i]))
			case 2:
				s.Append(sg.Nimber(binary.LittleEndian.Uint16(chunk[2*i:])))
			default:
				s.Append(sg.Nimber(binary.LittleEndian.Uint64(chunk[8*i:])))
			}
		}
		left -= k
	}
	if s.Len() > 0 && s.At(0) != 0 {
		return nil, "", fp, checkpointError(path, "G(0) = %d, but a heap of 0 has value 0: the file is corrupted", s.At(0))
	}
	return s, name, fp, nil
}
