package tt

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/internal/checkpoint"
)

// A saved table is a stream in the module's checkpoint framing
// (package sg/internal/checkpoint), all integers little-endian:
//
//	header    magic "IMPSGTAB", version Version, the game's name
//	key size  uint8    8 (keys of 64 bits) or 16 (of 128)
//	checksum  uint32   CRC-32C of the header's bytes before it
//	records, each:
//	  count   uint32   entries in the record, 1 to recordEntries
//	  entries count × (key, key-size bytes; word, uint32 as in the table)
//	  checksum uint32  CRC-32C of the record's count and entries
//	end:
//	  count   uint32   0
//	  total   uint64   entries in all the records
//	  checksum uint32  CRC-32C of the end's count and total
//
// Records are checked one by one as they are read, so that a table of
// gigabytes streams in both directions without a second copy in memory.
const (
	Magic         = "IMPSGTAB"
	Version       = 1
	recordEntries = 1 << 12
)

// errPrefix begins the errors about a saved table.
const errPrefix = "search: saved table"

// Write streams the table to w, for the game name: every fact stored
// before it started, maybe not those stored meanwhile (facts never become
// false, so what it writes is true). O(size of the table); safe while
// other goroutines Get and Put.
func (t *Table) Write(w *bufio.Writer, name string) error {
	// The array to write, read once, and its keys' size: the narrow
	// array is loaded first, so that a table widened meanwhile is written
	// from its narrow array (retired, its entries intact) with keys of 64
	// bits, never from its wide one with keys cut to 64 bits.
	narrow, wide := t.narrow.Load(), t.wide.Load()
	keyBytes := 8
	if wide != nil {
		keyBytes = 16
	}
	buf := checkpoint.AppendHeader(nil, Magic, Version, name)
	buf = append(buf, byte(keyBytes))
	buf = binary.LittleEndian.AppendUint32(buf, checkpoint.Update(0, buf))
	if _, err := w.Write(buf); err != nil {
		return err
	}
	rw := recordWriter{w: w, keyBytes: keyBytes, rec: make([]byte, 0, 4+recordEntries*(keyBytes+4)+4)}
	var err error
	if wide != nil {
		err = eachIn[wideBucket](wide, rw.add)
	} else {
		err = eachIn[narrowBucket](narrow, rw.add)
	}
	if err == nil {
		err = rw.flush()
	}
	if err != nil {
		return err
	}
	end := binary.LittleEndian.AppendUint32(nil, 0)
	end = binary.LittleEndian.AppendUint64(end, rw.total)
	end = binary.LittleEndian.AppendUint32(end, checkpoint.Update(0, end))
	_, err = w.Write(end)
	return err
}

// recordWriter gathers entries into records.
type recordWriter struct {
	w        io.Writer
	keyBytes int
	rec      []byte
	n        int
	total    uint64
}

func (r *recordWriter) add(k game.Key, word uint32) error {
	if r.n == 0 {
		r.rec = append(r.rec[:0], 0, 0, 0, 0) // the count, set by flush
	}
	r.rec = binary.LittleEndian.AppendUint64(r.rec, k.Lo)
	if r.keyBytes == 16 {
		r.rec = binary.LittleEndian.AppendUint64(r.rec, k.Hi)
	}
	r.rec = binary.LittleEndian.AppendUint32(r.rec, word)
	if r.n++; r.n == recordEntries {
		return r.flush()
	}
	return nil
}

func (r *recordWriter) flush() error {
	if r.n == 0 {
		return nil
	}
	binary.LittleEndian.PutUint32(r.rec, uint32(r.n))
	r.rec = binary.LittleEndian.AppendUint32(r.rec, checkpoint.Update(0, r.rec))
	_, err := r.w.Write(r.rec)
	r.total += uint64(r.n)
	r.rec, r.n = r.rec[:0], 0
	return err
}

// eachIn calls f with the key and word of every entry of a, reading each
// bucket as Get does (again while a writer holds it), and stops at f's
// first error. Buckets retired by a grow or a widening meanwhile keep
// their entries, so it sees every entry stored before it started.
func eachIn[B any, PB slots[B]](a *arr[B], f func(k game.Key, word uint32) error) error {
	var keys [narrowWays]game.Key
	var words [narrowWays]uint32
	for i := range a.b {
		b := PB(&a.b[i])
		n := 0
		for spins := 0; ; spins++ {
			v := b.version().Load()
			if v&verWriting == 0 {
				n = 0
				for j := range b.ways() {
					if w := b.word(j).Load(); w != 0 {
						keys[n], words[n] = b.key(j), w
						n++
					}
				}
				if b.version().Load() == v {
					break
				}
			}
			backoff(spins)
		}
		for j := range n {
			if err := f(keys[j], words[j]); err != nil {
				return err
			}
		}
	}
	return nil
}

// Read merges into the table the facts that Write wrote to r for the
// game name, kept as Put keeps them. It returns an error wrapping
// sg.ErrCheckpoint when r holds no saved table, one of another version
// or game, or a damaged one; each record is checked before any of it is
// merged, so the facts of the records before the damage are kept (they
// are true). O(size of the stream); safe while others Get and Put.
func (t *Table) Read(r *bufio.Reader, name string) error {
	cr := &checkpoint.Reader{R: r}
	_, got, err := checkpoint.ReadHeader(cr, errPrefix, "saved table", Magic, Version)
	if err != nil {
		return err
	}
	var tail [5]byte
	if _, err := io.ReadFull(cr, tail[:1]); err != nil {
		return checkpoint.ReadError(errPrefix, "the header", err)
	}
	sum := cr.Sum
	if _, err := io.ReadFull(r, tail[1:]); err != nil {
		return checkpoint.ReadError(errPrefix, "the header", err)
	}
	if stored := binary.LittleEndian.Uint32(tail[1:]); stored != sum {
		return checkpoint.Errorf(errPrefix, "damaged header (checksum %08x, want %08x)", stored, sum)
	}
	if got != name {
		return checkpoint.Errorf(errPrefix, "saved for the game %q, not %q", got, name)
	}
	keyBytes := int(tail[0])
	if keyBytes != 8 && keyBytes != 16 {
		return checkpoint.Errorf(errPrefix, "damaged header (keys of %d bytes)", keyBytes)
	}
	return t.readRecords(r, keyBytes)
}

// readRecords reads the records and the end of a saved table, after its
// header.
func (t *Table) readRecords(r io.Reader, keyBytes int) error {
	entry := keyBytes + 4
	rec := make([]byte, 4+recordEntries*entry+4)
	var total uint64
	for nrec := 1; ; nrec++ {
		if _, err := io.ReadFull(r, rec[:4]); err != nil {
			return checkpoint.ReadError(errPrefix, fmt.Sprintf("record %d", nrec), err)
		}
		n := int(binary.LittleEndian.Uint32(rec))
		if n == 0 {
			return readEnd(r, rec[:16], total)
		}
		if n > recordEntries {
			return checkpoint.Errorf(errPrefix, "record %d is damaged (%d entries)", nrec, n)
		}
		body := rec[:4+n*entry+4]
		if _, err := io.ReadFull(r, body[4:]); err != nil {
			return checkpoint.ReadError(errPrefix, fmt.Sprintf("record %d", nrec), err)
		}
		end := 4 + n*entry
		if got, want := binary.LittleEndian.Uint32(body[end:]), checkpoint.Update(0, body[:end]); got != want {
			return checkpoint.Errorf(errPrefix, "record %d is damaged (checksum %08x, want %08x)", nrec, got, want)
		}
		// Check the whole record before merging any of it.
		for e := body[4:end]; len(e) > 0; e = e[entry:] {
			if word := binary.LittleEndian.Uint32(e[keyBytes:]); !ValidFact(word & FactMask) {
				return checkpoint.Errorf(errPrefix, "record %d holds an impossible fact %#x", nrec, word&FactMask)
			}
		}
		for e := body[4:end]; len(e) > 0; e = e[entry:] {
			k := game.Key{Lo: binary.LittleEndian.Uint64(e)}
			if keyBytes == 16 {
				k.Hi = binary.LittleEndian.Uint64(e[8:])
			}
			word := binary.LittleEndian.Uint32(e[keyBytes:])
			t.Put(k, word&FactMask, workOf(word))
		}
		total += uint64(n)
	}
}

// readEnd reads the end of a saved table into buf (16 bytes, the zero
// count already read) and checks it against total.
func readEnd(r io.Reader, buf []byte, total uint64) error {
	if _, err := io.ReadFull(r, buf[4:16]); err != nil {
		return checkpoint.ReadError(errPrefix, "the end", err)
	}
	if got, want := binary.LittleEndian.Uint32(buf[12:]), checkpoint.Update(0, buf[:12]); got != want {
		return checkpoint.Errorf(errPrefix, "damaged end (checksum %08x, want %08x)", got, want)
	}
	if got := binary.LittleEndian.Uint64(buf[4:]); got != total {
		return checkpoint.Errorf(errPrefix, "the end counts %d entries, the records %d", got, total)
	}
	return nil
}

// workOf returns a work whose log2 is the one in word, so that Put
// stores the same word.
func workOf(word uint32) uint64 {
	if l := word >> FactBits; l > 0 {
		return 1 << (l - 1)
	}
	return 0
}
