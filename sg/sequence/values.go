package sequence

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
)

// engine computes value sequences of one rule.
type engine interface {
	// extend computes values until s.Len() >= n, appending to s. It must
	// work when s already holds a prefix computed elsewhere (a resumed
	// checkpoint, or another engine): it derives its internal state from
	// s. It polls ctx often (about every few milliseconds of work) through
	// rs.poll, which also reports progress.
	extend(ctx context.Context, s *Sequence, n int) error
}

// chooseEngine returns the engine for rs.method: the rule's formula for
// MethodAuto when it has one, the sparse engine when it is not ruled out
// and handles r, else the direct engine.
func chooseEngine(r game.HeapRule, rs *runState) engine {
	if rs.method == MethodAuto || rs.method == MethodFormula {
		if f, ok := game.FormulaOf(r); ok {
			rs.inUse = MethodFormula
			return &formulaEngine{r: r, f: f, rs: rs}
		}
	}
	if rs.method != MethodDirect {
		if e, ok := newSparseEngine(r, rs); ok {
			rs.inUse = MethodSparse
			return e
		}
	}
	return newDirectEngine(r, rs)
}

// ErrBadRule is wrapped by the error returned when a heap rule's moves
// cannot define a value sequence: a move that leaves a heap at least as
// large as the one moved from.
var ErrBadRule = moves.ErrBadRule

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
	if err := checkLength("Values", "length", n, memoryOf(opts)); err != nil {
		return nil, err
	}
	if r == nil {
		return nil, errors.New("sequence: Values: nil rule")
	}
	rs := newRun(r, opts)
	rs.op, rs.target, rs.all = "sequence.Values", n, true
	s, err := startSequence(rs, n, true)
	if err != nil {
		return nil, err
	}
	err = chooseEngine(r, rs).extend(ctx, s, n)
	err = finish(rs, s, err)
	// A checkpoint may hold more values than asked for.
	return s.prefix(n), err
}

// maxSeqLen is the most values [Values] and [Period] compute: the sparse
// engine holds heap sizes in 32 bits.
const maxSeqLen = 1 << 32

// checkLength returns an error naming n when it is not a length that fn
// (Values, Period or Solve) can compute; arg names the parameter. A
// length past the memory bound is a [*sg.LimitError].
func checkLength(fn, arg string, n int, limit int64) error {
	if n < 0 {
		return fmt.Errorf("sequence: %s: negative %s %d", fn, arg, n)
	}
	if uint64(n) > maxSeqLen {
		return fmt.Errorf("sequence: %s: %s %d is more than the 2^32 values a run may compute", fn, arg, n)
	}
	if int64(n) > limit {
		return &sg.LimitError{Op: "sequence." + fn, Bound: "memory", Limit: limit, Need: int64(n),
			Detail: fmt.Sprintf("%s %d needs at least %s (1 byte a value), more than the memory limit of %s (see WithMemory)",
				arg, n, bytesText(int64(n)), bytesText(limit))}
	}
	return nil
}

// checkMemory returns a [*sg.LimitError] when the values held in s take
// more than the memory bound (values wider than 1 byte can pass it after
// the length was accepted), or, when all is set, when the run's target
// of values at s's width would: [Values] then stops as soon as its values
// widen, not when they reach the bound. op names the run.
func checkMemory(op string, s *Sequence, limit int64, target int, all bool) error {
	if b := int64(s.Len()) * int64(s.bytesPerValue()); b > limit {
		return &sg.LimitError{Op: op, Bound: "memory", Limit: limit, Need: b,
			Detail: fmt.Sprintf("%d values of %d bytes take %s, more than the memory limit of %s (see WithMemory)",
				s.Len(), s.bytesPerValue(), bytesText(b), bytesText(limit))}
	}
	if b := int64(target) * int64(s.bytesPerValue()); all && b > limit {
		return &sg.LimitError{Op: op, Bound: "memory", Limit: limit, Need: b,
			Detail: fmt.Sprintf("%d values of %d bytes would take %s, more than the memory limit of %s (see WithMemory; stopped at %d values)",
				target, s.bytesPerValue(), bytesText(b), bytesText(limit), s.Len())}
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
func startSequence(rs *runState, n int, all bool) (*Sequence, error) {
	if rs.checkpointPath != "" {
		if s, err := rs.resume(rs, n); s != nil || err != nil {
			return s, err
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
func finish(rs *runState, s *Sequence, err error) error {
	if err == nil {
		err = checkMemory(rs.op, s, rs.memory, rs.target, rs.all)
	}
	if rs.checkpointPath != "" {
		if cerr := rs.save(&rs.ckpt, s); cerr != nil && err == nil {
			err = cerr
		}
	}
	rs.report(time.Now(), s)
	return err
}
