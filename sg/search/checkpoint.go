package search

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/internal/atomicfile"
)

// A saved table ([Solver.WriteTo]) is a stream, all integers
// little-endian:
//
//	magic     8 bytes  "IMPSGTAB"
//	version   uint32   tableVersion
//	name      uint32 length, then the game's String() (or Go type)
//	key size  uint8    8 (keys of 64 bits) or 16 (of 128)
//	checksum  uint32   CRC-32C of the header's bytes before it
//	records, each:
//	  count   uint32   entries in the record, 1 to recordEntries
//	  entries count × (key, key-size bytes; word, uint32: the fact in
//	          its low 24 bits and the log2 of its work above them)
//	  checksum uint32  CRC-32C of the record's count and entries
//	end:
//	  count   uint32   0
//	  total   uint64   entries in all the records
//	  checksum uint32  CRC-32C of the end's count and total
//
// Records are checked one by one as they are read, so that a table of
// gigabytes streams in both directions without a second copy in memory.
const (
	tableMagic    = "IMPSGTAB"
	tableVersion  = 1
	recordEntries = 1 << 12
	// maxNameBytes bounds the name a reader accepts, so that a damaged
	// length cannot make it allocate gigabytes.
	maxNameBytes = 1 << 16
)

// ErrCheckpoint is wrapped by the errors about saved tables that cannot be
// read back: not a saved table, another format version, damaged
// (a checksum mismatch, cut short, an impossible fact), or saved for
// another game. The error says what is wrong, and names the file when
// there is one ([WithCheckpoint]).
var ErrCheckpoint = errors.New("unusable saved table")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// gameName identifies a game in a saved table: its String() when it has
// one (Cram's is its spec, such as "cram:5x6"), else its Go type.
func gameName(g any) string {
	if s, ok := g.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", g)
}

// errNotPacked is returned when a table without packed keys is saved or
// loaded.
var errNotPacked = fmt.Errorf("search: only the table of a game.Packer can be saved: %w", errors.ErrUnsupported)

// WriteTo writes what the solver's table holds (every fact its searches
// stored and the table kept) to w, for [Solver.ReadFrom] to read back in
// another solver of the same game, maybe in another process: a long
// search can then stop and resume without losing its work. It returns
// the number of bytes written. It may be called while questions run: it
// writes the facts as it finds them bucket by bucket, and every fact it
// writes is true (facts never become false), though one stored meanwhile
// may be missing. Only the table of a [game.Packer] can be saved: for
// another game it returns an error wrapping [errors.ErrUnsupported]. The
// format, about 12 bytes an entry (20 with keys of 128 bits), is described
// in the source; its records carry checksums.
func (s *Solver[P]) WriteTo(w io.Writer) (int64, error) {
	if s.pt == nil {
		return 0, errNotPacked
	}
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 1<<20)
	err := s.pt.write(bw, gameName(s.g))
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return cw.n, err
}

// write streams the table to w in the format of WriteTo.
func (t *table) write(w *bufio.Writer, name string) error {
	// The array to write, read once, and its keys' size: the narrow
	// array is loaded first, so that a table widened meanwhile is written
	// from its narrow array (retired, its entries intact) with keys of 64
	// bits, never from its wide one with keys cut to 64 bits.
	narrow, wide := t.narrow.Load(), t.wide.Load()
	keyBytes := 8
	if wide != nil {
		keyBytes = 16
	}
	var buf []byte
	buf = append(buf, tableMagic...)
	buf = binary.LittleEndian.AppendUint32(buf, tableVersion)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(name)))
	buf = append(buf, name...)
	buf = append(buf, byte(keyBytes))
	buf = binary.LittleEndian.AppendUint32(buf, crc32.Checksum(buf, castagnoli))
	if _, err := w.Write(buf); err != nil {
		return err
	}
	rec := make([]byte, 0, 4+recordEntries*(keyBytes+4)+4)
	var total uint64
	n := 0
	flush := func() error {
		if n == 0 {
			return nil
		}
		binary.LittleEndian.PutUint32(rec, uint32(n))
		rec = binary.LittleEndian.AppendUint32(rec, crc32.Checksum(rec, castagnoli))
		_, err := w.Write(rec)
		total += uint64(n)
		rec, n = rec[:0], 0
		return err
	}
	err := each(narrow, wide, func(k game.Key, word uint32) error {
		if n == 0 {
			rec = append(rec[:0], 0, 0, 0, 0) // the count, set by flush
		}
		rec = binary.LittleEndian.AppendUint64(rec, k.Lo)
		if keyBytes == 16 {
			rec = binary.LittleEndian.AppendUint64(rec, k.Hi)
		}
		rec = binary.LittleEndian.AppendUint32(rec, word)
		if n++; n == recordEntries {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return err
	}
	end := binary.LittleEndian.AppendUint32(nil, 0)
	end = binary.LittleEndian.AppendUint64(end, total)
	end = binary.LittleEndian.AppendUint32(end, crc32.Checksum(end, castagnoli))
	_, err = w.Write(end)
	return err
}

// each calls f with the key and word of every entry of the wide array,
// or when it is nil of the narrow one, reading each bucket as get does
// (again while a writer holds it), and stops at f's first error. Buckets
// retired by a grow or a widening meanwhile keep their entries, so each
// sees every entry stored before it started, but maybe not those stored
// since.
func each(narrow *arr[narrowBucket], wide *arr[wideBucket], f func(k game.Key, word uint32) error) error {
	if wide != nil {
		return eachIn[wideBucket](wide, f)
	}
	return eachIn[narrowBucket](narrow, f)
}

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

// ReadFrom adds to the solver's table the facts that [Solver.WriteTo]
// wrote to r, merged with those it holds, and returns the number of bytes
// read. The table keeps them as it keeps the facts its searches find: up
// to its budget, evicting the cheapest when full. It returns an error
// wrapping [ErrCheckpoint] when r does not hold a saved table, holds one
// of another format version or of another game (named by its String(),
// or its Go type), or is damaged; records are checked as they are read,
// so the facts of those before the damage are kept (they are true). Like
// WriteTo it needs a [game.Packer], and may be called while questions
// run.
func (s *Solver[P]) ReadFrom(r io.Reader) (int64, error) {
	if s.pt == nil {
		return 0, errNotPacked
	}
	cr := &countReader{r: r}
	err := s.pt.read(bufio.NewReaderSize(cr, 1<<20), gameName(s.g))
	return cr.n, err
}

// tableError returns an error wrapping ErrCheckpoint.
func tableError(format string, args ...any) error {
	return fmt.Errorf("search: saved table: %s: %w", fmt.Sprintf(format, args...), ErrCheckpoint)
}

// read merges the table that write wrote to r, for the game name.
func (t *table) read(r *bufio.Reader, name string) error {
	short := func(what string, err error) error {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return tableError("cut short in %s", what)
		}
		return fmt.Errorf("search: reading a saved table: %w", err)
	}
	head := make([]byte, 16)
	if _, err := io.ReadFull(r, head); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return tableError("not a saved table (too short)")
		}
		return short("the header", err)
	}
	if string(head[:8]) != tableMagic {
		return tableError("not a saved table")
	}
	if v := binary.LittleEndian.Uint32(head[8:]); v != tableVersion {
		return tableError("format version %d, this library reads %d", v, tableVersion)
	}
	nameLen := binary.LittleEndian.Uint32(head[12:])
	if nameLen > maxNameBytes {
		return tableError("damaged header (a name of %d bytes)", nameLen)
	}
	rest := make([]byte, nameLen+5)
	if _, err := io.ReadFull(r, rest); err != nil {
		return short("the header", err)
	}
	h := append(head, rest[:nameLen+1]...)
	if got, want := binary.LittleEndian.Uint32(rest[nameLen+1:]), crc32.Checksum(h, castagnoli); got != want {
		return tableError("damaged header (checksum %08x, want %08x)", got, want)
	}
	if got := string(rest[:nameLen]); got != name {
		return tableError("saved for the game %q, not %q", got, name)
	}
	keyBytes := int(rest[nameLen])
	if keyBytes != 8 && keyBytes != 16 {
		return tableError("damaged header (keys of %d bytes)", keyBytes)
	}
	entry := keyBytes + 4
	rec := make([]byte, 4+recordEntries*entry+4)
	var total uint64
	for nrec := 1; ; nrec++ {
		if _, err := io.ReadFull(r, rec[:4]); err != nil {
			return short(fmt.Sprintf("record %d", nrec), err)
		}
		n := int(binary.LittleEndian.Uint32(rec))
		if n == 0 {
			if _, err := io.ReadFull(r, rec[4:16]); err != nil {
				return short("the end", err)
			}
			if got, want := binary.LittleEndian.Uint32(rec[12:]), crc32.Checksum(rec[:12], castagnoli); got != want {
				return tableError("damaged end (checksum %08x, want %08x)", got, want)
			}
			if got := binary.LittleEndian.Uint64(rec[4:]); got != total {
				return tableError("the end counts %d entries, the records %d", got, total)
			}
			return nil
		}
		if n > recordEntries {
			return tableError("record %d is damaged (%d entries)", nrec, n)
		}
		body := rec[:4+n*entry+4]
		if _, err := io.ReadFull(r, body[4:]); err != nil {
			return short(fmt.Sprintf("record %d", nrec), err)
		}
		end := 4 + n*entry
		if got, want := binary.LittleEndian.Uint32(body[end:]), crc32.Checksum(body[:end], castagnoli); got != want {
			return tableError("record %d is damaged (checksum %08x, want %08x)", nrec, got, want)
		}
		// Check the whole record before merging any of it.
		for e := body[4:end]; len(e) > 0; e = e[entry:] {
			if word := binary.LittleEndian.Uint32(e[keyBytes:]); !validFact(word & factMask) {
				return tableError("record %d holds an impossible fact %#x", nrec, word&factMask)
			}
		}
		for e := body[4:end]; len(e) > 0; e = e[entry:] {
			k := game.Key{Lo: binary.LittleEndian.Uint64(e)}
			if keyBytes == 16 {
				k.Hi = binary.LittleEndian.Uint64(e[8:])
			}
			word := binary.LittleEndian.Uint32(e[keyBytes:])
			t.put(k, word&factMask, workOf(word))
		}
		total += uint64(n)
	}
}

// validFact reports whether f is a fact a table may hold: a value (plus
// one) up to maxValue+1, or a non-empty set of exclusions.
func validFact(f uint32) bool {
	if f&excluded != 0 {
		return f != excluded
	}
	return f != 0 && f-1 <= maxValue
}

// workOf returns a work whose log2 is the one in word, so that put
// stores the same word.
func workOf(word uint32) uint64 {
	if l := word >> factBits; l > 0 {
		return 1 << (l - 1)
	}
	return 0
}

// countWriter counts the bytes written to w.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// countReader counts the bytes read from r.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// WithCheckpoint makes long questions resumable across processes. [New]
// reads the table saved at path, when there is one (an error wrapping
// [ErrCheckpoint] that names the file when it is unusable, see
// [Solver.ReadFrom]); while a question runs the solver saves its table
// there every `every` (every ≤ 0 means ten minutes), and again when a
// question ends by an error or a cancelled context, or ends at least
// `every` after the last save. So a search stopped by Ctrl-C, or killed,
// loses at most `every` of work: asked again in a new process with the
// same path, it starts from what was saved. Each save writes the whole
// table to a temporary file in path's directory and renames it over
// path, so the file is never half-written; a table of a gigabyte takes
// seconds to save, while the workers go on searching. A save that fails
// fails the question with its error. It needs a [game.Packer] (New
// returns an error wrapping [errors.ErrUnsupported] otherwise). An empty
// path turns checkpoints off.
func WithCheckpoint(path string, every time.Duration) Option {
	return func(c *config) {
		if every <= 0 {
			every = 10 * time.Minute
		}
		c.ckptPath, c.ckptEvery = path, every
	}
}

// loadCheckpoint reads the table saved at the checkpoint path, if any.
func (s *Solver[P]) loadCheckpoint() error {
	if s.pt == nil {
		return errNotPacked
	}
	f, err := os.Open(s.cfg.ckptPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("search: checkpoint %s: %w", s.cfg.ckptPath, err)
	}
	defer f.Close()
	if _, err := s.ReadFrom(f); err != nil {
		return fmt.Errorf("search: checkpoint %s: %w", s.cfg.ckptPath, err)
	}
	s.lastSave = time.Now()
	return nil
}

// saveCheckpoint writes the table to the checkpoint path, atomically: to a
// temporary file renamed over it. Saves are serialized.
func (s *Solver[P]) saveCheckpoint() error {
	s.saveMu.Lock()
	defer s.saveMu.Unlock()
	err := atomicfile.Write(s.cfg.ckptPath, func(f *os.File) error {
		_, err := s.WriteTo(f)
		return err
	})
	if err != nil {
		return fmt.Errorf("search: saving checkpoint %s: %w", s.cfg.ckptPath, err)
	}
	s.lastSave = time.Now()
	return nil
}

// sinceSave returns the time since the last save (or load).
func (s *Solver[P]) sinceSave() time.Duration {
	s.saveMu.Lock()
	defer s.saveMu.Unlock()
	return time.Since(s.lastSave)
}

// begin starts a question: with checkpoints, it returns a context that a
// failed save cancels, and starts saving every cfg.ckptEvery; end, given
// the question's error, stops the saves, makes the last one and returns
// the error the question should return.
func (s *Solver[P]) begin(ctx context.Context) (context.Context, func(err error) error) {
	if s.cfg.ckptPath == "" {
		return ctx, func(err error) error { return err }
	}
	qctx, cancel := context.WithCancelCause(ctx)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(s.cfg.ckptEvery)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-qctx.Done():
				return
			case <-tick.C:
				if s.sinceSave() < s.cfg.ckptEvery/2 {
					continue // another question saved meanwhile
				}
				if err := s.saveCheckpoint(); err != nil {
					cancel(err)
					return
				}
			}
		}
	}()
	return qctx, func(err error) error {
		close(stop)
		<-done
		if err != nil && ctx.Err() == nil {
			if cause := context.Cause(qctx); cause != nil && !errors.Is(cause, context.Canceled) {
				return cause // a save failed and stopped the question
			}
		}
		cancel(nil)
		if err != nil || s.sinceSave() >= s.cfg.ckptEvery {
			if serr := s.saveCheckpoint(); serr != nil {
				return errors.Join(err, serr)
			}
		}
		return err
	}
}
