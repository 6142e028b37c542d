package sequence

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"math"
	"os"
	"unsafe"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/internal/atomicfile"
	"github.com/impartial-go/impartial/sg/internal/checkpoint"
)

// A checkpoint file holds a value sequence so that a long run can stop and
// resume. Its layout, in the module's checkpoint framing (package
// sg/internal/checkpoint), all integers little-endian:
//
//	magic       8 bytes  "IMPSGSEQ"
//	version     uint32   checkpointVersion
//	name        uint32 length, then the rule's String() (or Go type)
//	fingerprint 32 bytes the rule's moves from heaps 0 … 63, hashed (see
//	                     ruleFingerprint)
//	records, one or more, each:
//	  width     uint8    bytes per value: 1, 2 or 8
//	  count     uint64   number of values in the record
//	  values    count × width bytes: the next count values of G
//	  checksum  uint64   CRC-32C of every byte of the file before it
//
// The first checkpoint of a run is written to a temporary file in the same
// directory and renamed over the old one, so it is never half-written. The
// next ones append a record of the values computed since the last, so
// that a checkpoint costs what changed, not the whole sequence: frequent
// checkpoints stay cheap on long runs. Appends are not synced to the disk
// one by one: a run stopped by an error, its context or a kill leaves
// complete records; only a crash of the system can leave the last record
// cut short, and the file is then refused like any damaged one.
//
// Files of versions 1 to 3 carry a SHA-256 fingerprint, which this
// package no longer computes, so their rule cannot be checked: they are
// refused with an error that says the file has an earlier release's
// format and that the run must start again.

const (
	checkpointMagic   = "IMPSGSEQ"
	checkpointVersion = 4
	// lastSHA256Version is the last format version whose fingerprint was
	// a SHA-256; files of that version or earlier are refused.
	lastSHA256Version = 3
	// fingerprintHeaps is the number of heaps whose moves identify a rule.
	fingerprintHeaps = 64
)

// ErrCheckpoint is [sg.ErrCheckpoint], wrapped by the errors about
// checkpoint files that are not usable: not a checkpoint, another format
// version, corrupted (checksum mismatch, truncated, impossible values),
// or written for another rule. The error names the file and what is
// wrong.
var ErrCheckpoint = sg.ErrCheckpoint

// ruleFingerprint hashes the moves of heaps 0 … 63 of r into 32 bytes:
// two FNV-1a hashes of 128 bits (hash/fnv) of the same bytes, each after
// its own prefix, so that the two halves are computed from different
// states. It tells apart rules that share a name by accident, or a file
// damaged where its checksum cannot see; it is not a cryptographic hash
// and does not stand against a file forged on purpose (a forged file can
// carry any checksum too). It costs O(m) for the m moves of heaps
// 0 … 63, and links no crypto package into the programs that use this
// one (a WebAssembly module among them).
func ruleFingerprint(r game.HeapRule) [32]byte {
	h1, h2 := fnv.New128a(), fnv.New128a()
	h1.Write([]byte("impartial/sequence fingerprint, first half\n"))
	h2.Write([]byte("impartial/sequence fingerprint, second half\n"))
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
		h1.Write(buf)
		h2.Write(buf)
	}
	var f [32]byte
	h2.Sum(h1.Sum(f[:0]))
	return f
}

// checkpointError returns an error wrapping ErrCheckpoint about the file
// at path.
func checkpointError(path, format string, args ...any) error {
	return checkpoint.Errorf("sequence: checkpoint "+path, format, args...)
}

// writeCheckpoint saves s, the values of rule r, to path atomically: a
// whole new file, renamed over the old one.
func writeCheckpoint(path string, r game.HeapRule, s *Sequence) error {
	_, err := rewriteCheckpoint(path, r, s)
	return err
}

// fileState describes a checkpoint file as last written or read by this
// run: its size, the running checksum of all its bytes, and the number of
// values it holds.
type fileState struct {
	size  int64
	crc   uint32
	saved int
}

// rewriteCheckpoint writes s to path as a new file of one record, and
// returns the file's state.
func rewriteCheckpoint(path string, r game.HeapRule, s *Sequence) (fileState, error) {
	var cw *checkpoint.Writer
	err := atomicfile.Write(path, func(f *os.File) error {
		cw = &checkpoint.Writer{W: f}
		w := bufio.NewWriterSize(cw, 1<<20)
		err := writeHeader(w, r)
		if err == nil {
			err = w.Flush()
		}
		if err == nil {
			err = writeRecord(cw, s, 0)
		}
		return err
	})
	if err != nil {
		return fileState{}, fmt.Errorf("sequence: writing checkpoint %s: %w", path, err)
	}
	return fileState{size: cw.N, crc: cw.Sum, saved: s.Len()}, nil
}

// appendCheckpoint appends a record of the values of s past st.saved to
// the checkpoint at path, whose state is st, and returns the new state.
func appendCheckpoint(path string, s *Sequence, st fileState) (fileState, error) {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return st, fmt.Errorf("sequence: writing checkpoint %s: %w", path, err)
	}
	if _, err = f.Seek(st.size, io.SeekStart); err == nil {
		cw := &checkpoint.Writer{W: f, N: st.size, Sum: st.crc}
		if err = writeRecord(cw, s, st.saved); err == nil {
			st = fileState{size: cw.N, crc: cw.Sum, saved: s.Len()}
		}
	}
	// No Sync: an append costs a write to the page cache, not a round
	// trip to the disk. A killed process loses nothing written; only a
	// crash of the whole system can cut the last record short.
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return st, fmt.Errorf("sequence: writing checkpoint %s: %w", path, err)
	}
	return st, nil
}

// checkpointer saves the checkpoints of one run: the first one in full,
// then records appended to the same file while the file is as the run
// left it (same size); otherwise in full again.
type checkpointer struct {
	path  string
	rule  game.HeapRule
	valid bool // st describes the file at path
	st    fileState

	rewrite bool // every save rewrites the file (for benchmarks)
}

// save writes the values of s that the file does not hold yet.
func (c *checkpointer) save(s *Sequence) error {
	if c.valid && !c.rewrite && s.Len() >= c.st.saved {
		if fi, err := os.Stat(c.path); err == nil && fi.Size() == c.st.size {
			if s.Len() == c.st.saved {
				return nil
			}
			st, err := appendCheckpoint(c.path, s, c.st)
			c.st, c.valid = st, err == nil
			return err
		}
	}
	st, err := rewriteCheckpoint(c.path, c.rule, s)
	c.st, c.valid = st, err == nil
	return err
}

// writeHeader writes the magic, version, rule name and fingerprint.
func writeHeader(w io.Writer, r game.HeapRule) error {
	name := ruleName(r)
	fp := ruleFingerprint(r)
	hdr := checkpoint.AppendHeader(nil, checkpointMagic, checkpointVersion, name)
	hdr = append(hdr, fp[:]...)
	_, err := w.Write(hdr)
	return err
}

// writeRecord writes a record of the values of s from from on, with its
// checksum, through cw.
func writeRecord(cw *checkpoint.Writer, s *Sequence, from int) error {
	w := bufio.NewWriterSize(cw, min(1<<20, 64+(s.Len()-from)*s.bytesPerValue()))
	var b []byte
	b = append(b, byte(s.bytesPerValue()))
	b = binary.LittleEndian.AppendUint64(b, uint64(s.Len()-from))
	if _, err := w.Write(b); err != nil {
		return err
	}
	var err error
	switch s.v.W {
	case 2:
		err = writeValues(w, s.v.B16[from:])
	case 8:
		err = writeValues(w, s.v.B64[from:])
	default:
		_, err = w.Write(s.v.B8[from:])
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		_, err = cw.Write(binary.LittleEndian.AppendUint64(nil, uint64(cw.Sum)))
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

// resumeCheckpoint returns the values of the checkpoint of rs's run, in
// a sequence that announces n values (see loadCheckpointState), and
// records the file's state in rs; nil and no error when there is no file.
func resumeCheckpoint(rs *runState, n int) (*Sequence, error) {
	s, st, err := loadCheckpointState(rs.checkpointPath, rs.rule, n)
	if err != nil || s == nil {
		return nil, err
	}
	if err := checkMemory(rs.op, s, rs.memory, rs.target, rs.all); err != nil {
		return nil, fmt.Errorf("sequence: checkpoint %s: %w", rs.checkpointPath, err)
	}
	rs.ckpt.st, rs.ckpt.valid = st, true
	rs.startDone = s.Len()
	return s, nil
}

// loadCheckpoint reads the checkpoint at path, written for rule r. It
// returns nil and no error when there is no file at path.
func loadCheckpoint(path string, r game.HeapRule) (*Sequence, error) {
	s, _, err := loadCheckpointState(path, r, 0)
	return s, err
}

// loadCheckpointState is loadCheckpoint, also returning the file's state
// so that the run appends to it. The sequence announces room values, or
// the most the file can hold if more (see reserveAhead), so that neither
// reading the file's records nor the run that continues them copies a
// long sequence as it grows.
func loadCheckpointState(path string, r game.HeapRule, room int) (*Sequence, fileState, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fileState{}, nil
	}
	if err != nil {
		return nil, fileState{}, fmt.Errorf("sequence: reading checkpoint %s: %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fileState{}, fmt.Errorf("sequence: reading checkpoint %s: %w", path, err)
	}
	size := st.Size()
	// The smallest checkpoint: header and one record's width, count and
	// checksum.
	if size < int64(len(checkpointMagic))+8 {
		return nil, fileState{}, checkpointError(path, "file too short (%d bytes) to be a checkpoint", size)
	}
	cr := &checkReader{r: bufio.NewReaderSize(f, 1<<20), limit: size}
	// The file holds at most one value per byte.
	s, name, fp, err := decodeCheckpoint(cr, path, max(room, int(min(size, math.MaxInt))))
	if err != nil {
		return nil, fileState{}, err
	}
	if want, wantFP := ruleName(r), ruleFingerprint(r); name != want || fp != wantFP {
		return nil, fileState{}, checkpointError(path, "written for rule %q (fingerprint %x…), not for rule %q (fingerprint %x…)",
			name, fp[:4], want, wantFP[:4])
	}
	return s, fileState{size: size, crc: cr.sum, saved: s.Len()}, nil
}

// checkReader reads through a running CRC-32C and counts the bytes read.
type checkReader struct {
	r     *bufio.Reader
	sum   uint32
	n     int64 // bytes read so far
	limit int64 // size of the file
}

func (c *checkReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.sum = checkpoint.Update(c.sum, p[:n])
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

// decodeCheckpoint reads the whole file, checking every record's
// checksum, and returns the values with the rule's name and fingerprint
// as stored, in a sequence that announces room values (see reserveAhead).
func decodeCheckpoint(c *checkReader, path string, room int) (s *Sequence, name string, fp [32]byte, err error) {
	v, name, err := checkpoint.ReadHeader(c, "sequence: checkpoint "+path, "checkpoint file", checkpointMagic, 1, 2, lastSHA256Version, checkpointVersion)
	if err != nil {
		return nil, "", fp, err
	}
	if v <= lastSHA256Version {
		return nil, "", fp, checkpointError(path, "format version %d, from an earlier release of this library (this one writes and reads version %d): delete the file and run again", v, checkpointVersion)
	}
	if err := c.full(fp[:], path, "the rule fingerprint"); err != nil {
		return nil, "", fp, err
	}
	s = New(0)
	s.reserveAhead(room)
	for first := true; first || c.n < c.limit; first = false {
		if err := decodeRecord(c, path, s); err != nil {
			return nil, "", fp, err
		}
	}
	if s.Len() > 0 && s.At(0) != 0 {
		return nil, "", fp, checkpointError(path, "G(0) = %d, but a heap of 0 has value 0: the file is corrupted", s.At(0))
	}
	return s, name, fp, nil
}

// decodeRecord reads one record, appends its values to s and checks its
// checksum.
func decodeRecord(c *checkReader, path string, s *Sequence) error {
	var b [8]byte
	if err := c.full(b[:1], path, "the value width"); err != nil {
		return err
	}
	width := int(b[0])
	if width != 1 && width != 2 && width != 8 {
		return checkpointError(path, "value width %d (want 1, 2 or 8): the file is corrupted", width)
	}
	if err := c.full(b[:8], path, "the value count"); err != nil {
		return err
	}
	count := binary.LittleEndian.Uint64(b[:8])
	// The values and the checksum must fit in what is left of the file.
	left := c.limit - c.n - 8
	if left < 0 || count > uint64(left) || count*uint64(width) > uint64(left) {
		return checkpointError(path, "value count %d does not match the %d bytes of values in the file: the file is corrupted", count, max(left, 0))
	}
	s.reserve(s.Len() + int(count))
	buf := make([]byte, min(1<<16, int(count)*width))
	for left := int(count); left > 0; {
		k := min(left, len(buf)/width)
		chunk := buf[:k*width]
		if err := c.full(chunk, path, fmt.Sprintf("value %d", s.Len())); err != nil {
			return err
		}
		for i := range k {
			switch width {
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
	want := uint64(c.sum)
	if err := c.full(b[:8], path, "the checksum"); err != nil {
		return err
	}
	if sum := binary.LittleEndian.Uint64(b[:8]); sum != want {
		return checkpointError(path, "checksum mismatch (stored %016x, computed %016x): the file is corrupted", sum, want)
	}
	return nil
}
