package sequence

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/impartial-go/impartial/game"
)

// engine computes value sequences of one rule.
type engine interface {
	// extend computes values until s.Len() >= n, appending to s. It must
	// work when s already holds a prefix computed elsewhere (a resumed
	// checkpoint, or another engine): it derives its internal state from
	// s. It polls ctx often (about every few milliseconds of work) through
	// cfg.poll, which also reports progress.
	extend(ctx context.Context, s *Sequence, n int) error
}

// chooseEngine returns the engine for cfg.method: the rule's formula for
// MethodAuto when it has one, the sparse engine when it is not ruled out
// and handles r, else the direct engine.
func chooseEngine(r game.HeapRule, cfg *config) engine {
	if cfg.method == MethodAuto || cfg.method == MethodFormula {
		if f, ok := FormulaOf(r); ok {
			cfg.inUse = MethodFormula
			return &formulaEngine{r: r, f: f, cfg: cfg}
		}
	}
	if cfg.method != MethodDirect {
		if e, ok := newSparseEngine(r, cfg); ok {
			cfg.inUse = MethodSparse
			return e
		}
	}
	return newDirectEngine(r, cfg)
}

// ErrBadRule is wrapped by the error returned when a heap rule's moves
// cannot define a value sequence: a move that leaves a heap at least as
// large as the one moved from.
var ErrBadRule = errors.New("heap rule has a move that does not shrink the heap")

// Values computes G(0) … G(n-1) of the heap game played with r. It uses
// the engine chosen by [WithMethod]; with [WithCheckpoint] it resumes from
// and saves to a checkpoint file. It returns ctx's error when ctx is done
// first (with the values computed so far, which are exact), and an error
// wrapping [ErrBadRule] when r has a move that would loop. n < 0 and
// n > 2^32 are errors: heap sizes are held in 32 bits.
//
// G(0) is 0 whatever r says: a heap of 0 tokens has no moves, and r is
// never asked for them.
//
// Values and [Period] keep no shared state: any number may run at once.
//
// The direct engine costs O(n²·t) for a take-and-break code that removes
// at most t tokens (O(n³) for rules that remove any number), and more for
// rules that leave three or more heaps; the sparse engine is much faster on
// octal games whose values have few "rare" heaps.
func Values(ctx context.Context, r game.HeapRule, n int, opts ...Option) (*Sequence, error) {
	if err := checkLength("Values", "length", n, memoryLimit(opts)); err != nil {
		return nil, err
	}
	if r == nil {
		return nil, errors.New("sequence: Values: nil rule")
	}
	cfg := newConfig(r, opts)
	cfg.target, cfg.all = n, true
	s, err := startSequence(cfg, n, true)
	if err != nil {
		return nil, err
	}
	err = chooseEngine(r, cfg).extend(ctx, s, n)
	err = finish(cfg, s, err)
	// A checkpoint may hold more values than asked for.
	return s.prefix(n), err
}

// maxSeqLen is the most values [Values] and [Period] compute: the sparse
// engine holds heap sizes in 32 bits.
const maxSeqLen = 1 << 32

// checkLength returns an error naming n when it is not a length that fn
// (Values or Period) can compute; arg names the parameter.
func checkLength(fn, arg string, n int, limit int64) error {
	if n < 0 {
		return fmt.Errorf("sequence: %s: negative %s %d", fn, arg, n)
	}
	if uint64(n) > maxSeqLen {
		return fmt.Errorf("sequence: %s: %s %d is more than the 2^32 values a run may compute", fn, arg, n)
	}
	if int64(n) > limit {
		return fmt.Errorf("sequence: %s: %s %d needs at least %s (1 byte a value), more than the memory limit of %s (see WithMemoryLimit): %w",
			fn, arg, n, bytesText(int64(n)), bytesText(limit), ErrMemoryLimit)
	}
	return nil
}

// ErrMemoryLimit is wrapped by the errors of runs whose values would take
// more than the memory limit ([WithMemoryLimit]). A run stopped by it
// keeps the values it computed (and saves them to its checkpoint, if it
// has one), so that a run given a larger limit resumes from them.
var ErrMemoryLimit = errors.New("values past the memory limit")

// checkMemory returns an error when the values held in s take more than
// the memory limit (values wider than 1 byte can pass it after the length
// was accepted), or, when all is set, when the run's target of values at
// s's width would: [Values] then stops as soon as its values widen, not
// when they reach the limit.
func checkMemory(s *Sequence, limit int64, target int, all bool) error {
	if b := int64(s.Len()) * int64(s.bytesPerValue()); b > limit {
		return fmt.Errorf("sequence: %d values of %d bytes take %s, more than the memory limit of %s (see WithMemoryLimit): %w",
			s.Len(), s.bytesPerValue(), bytesText(b), bytesText(limit), ErrMemoryLimit)
	}
	if b := int64(target) * int64(s.bytesPerValue()); all && b > limit {
		return fmt.Errorf("sequence: %d values of %d bytes would take %s, more than the memory limit of %s (see WithMemoryLimit; stopped at %d values): %w",
			target, s.bytesPerValue(), bytesText(b), bytesText(limit), s.Len(), ErrMemoryLimit)
	}
	return nil
}

// bytesText formats a number of bytes as "512 MiB" or "4.0 GiB".
func bytesText(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", b)
}

// startSequence returns the sequence to extend to n values: loaded from
// the checkpoint file when there is one, else empty. When all is set the
// run is to compute all n values, and the sequence announces them (see
// reserveAhead), so that a long run copies its values at most once,
// early. Period does not: n is only its limit, usually far past where it
// certifies (.354 stops at 2·10^7 values of sgtool's default 2^28), and
// Go clears a large allocation that reuses freed memory, which would
// make all the room resident; its lengths grow toward the certifying
// length instead.
func startSequence(cfg *config, n int, all bool) (*Sequence, error) {
	if cfg.checkpointPath != "" {
		s, st, err := loadCheckpointState(cfg.checkpointPath, cfg.rule, n)
		if err != nil {
			return nil, err
		}
		if s != nil {
			if err := checkMemory(s, cfg.memoryLimit, cfg.target, cfg.all); err != nil {
				return nil, fmt.Errorf("sequence: checkpoint %s: %w", cfg.checkpointPath, err)
			}
			cfg.ckpt.st, cfg.ckpt.valid = st, true
			cfg.startDone = s.Len()
			return s, nil
		}
	}
	s := New(min(n, 1<<16))
	if all {
		s.reserveAhead(n)
	}
	return s, nil
}

// startValues sets G(0) = 0 in an empty sequence that is to hold n > 0
// values. Every engine starts with it: a heap of 0 tokens has no moves,
// whatever the rule lists for it.
func startValues(s *Sequence, n int) {
	if s.Len() == 0 && n > 0 {
		s.Append(0)
	}
}

// finish writes the final checkpoint and progress report of a run that
// ended with err (nil on success).
func finish(cfg *config, s *Sequence, err error) error {
	if err == nil {
		err = checkMemory(s, cfg.memoryLimit, cfg.target, cfg.all)
	}
	if cfg.checkpointPath != "" {
		if cerr := cfg.ckpt.save(s); cerr != nil && err == nil {
			err = cerr
		}
	}
	cfg.report(time.Now(), s)
	return err
}
