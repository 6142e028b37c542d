package search

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/internal/atomicfile"
	"github.com/impartial-go/impartial/sg/internal/checkpoint"
)

// ErrCheckpoint is [sg.ErrCheckpoint], wrapped by the errors about saved
// tables that cannot be read back: not a saved table, another format
// version, damaged (a checksum mismatch, cut short, an impossible fact),
// or saved for another game. The error says what is wrong, and names the
// file when there is one ([WithCheckpoint]).
var ErrCheckpoint = sg.ErrCheckpoint

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
	if w == nil {
		return 0, errors.New("search: WriteTo: the writer is nil")
	}
	cw := &checkpoint.Writer{W: w}
	bw := bufio.NewWriterSize(cw, 1<<20)
	err := s.pt.Write(bw, gameName(s.g))
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return cw.N, err
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
	if r == nil {
		return 0, errors.New("search: ReadFrom: the reader is nil")
	}
	cr := &checkpoint.Reader{R: r}
	err := s.pt.Read(bufio.NewReaderSize(cr, 1<<20), gameName(s.g))
	return cr.N, err
}

// WithCheckpoint makes long questions resumable across processes. [New]
// refuses a path whose directory does not exist (an error naming the
// path), and reads the table saved at path when there is one (an error
// wrapping [ErrCheckpoint] that names the file when it is unusable, see
// [Solver.ReadFrom]). While a question runs the solver saves its table
// there every `every` (every ≤ 0 means ten minutes), and again when a
// question ends by an error or a cancelled context, or ends at least
// `every` after the last save. So a search stopped by Ctrl-C, or killed,
// loses at most `every` of work: asked again in a new process with the
// same path, it starts from what was saved. Each save writes the whole
// table to a temporary file in path's directory (removing those that
// saves killed before their end left there) and renames it over path,
// so the file is never half-written; a save costs O(table size) and the
// workers go on searching meanwhile. A save that fails fails the
// question with its error. It needs a [game.Packer] (New returns an
// error wrapping [errors.ErrUnsupported] otherwise). An empty path turns
// checkpoints off.
func WithCheckpoint(path string, every time.Duration) Option {
	return func(c *config) {
		if every <= 0 {
			every = 10 * time.Minute
		}
		c.ckptPath, c.ckptEvery = path, every
	}
}

// checkDir returns an error naming path when path is not empty and its
// directory does not exist or is not a directory, so that a checkpoint
// that could never be saved is refused before any work.
func checkDir(path string) error {
	if path == "" {
		return nil
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err == nil && !fi.IsDir() {
		err = fmt.Errorf("%s is not a directory", dir)
	}
	if err != nil {
		return fmt.Errorf("search: checkpoint %s: %w", path, err)
	}
	return nil
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
