package sequence

import (
	"context"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence/internal/sparse"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
)

// sparseEngine runs the sparse-space engine (internal/sparse) for a run,
// and the direct engine once the sparse engine hands the rule over to it
// (a move leaving three heaps, a value of 2^16 or more, heaps from 2^32).
type sparseEngine struct {
	e        *sparse.Engine
	rule     game.HeapRule
	rs       *runState
	cur      *Sequence // the sequence being extended (for polls)
	fallback engine    // the direct engine, once handed over
}

// newSparseEngine returns the sparse engine for r, or false when
// internal/sparse does not handle r (see [sparse.New]).
func newSparseEngine(r game.HeapRule, rs *runState) (engine, bool) {
	w := &sparseEngine{rule: r, rs: rs}
	e, ok := sparse.New(r, &sparse.Run{Procs: rs.procs(), Knobs: rs.knobs.Knobs, Poll: w.poll})
	if !ok {
		return nil, false
	}
	w.e = e
	return w, true
}

// poll is the sparse engine's polling point: the run's poll, on the
// sequence being extended.
func (w *sparseEngine) poll(ctx context.Context, _ *store.Seq, rare int, mask uint64) error {
	return w.rs.poll(ctx, w.cur, rare, mask, MethodSparse)
}

// extend computes values until s.Len() ≥ n: with the sparse engine
// until it hands the rule over, then with the direct engine.
func (w *sparseEngine) extend(ctx context.Context, s *Sequence, n int) error {
	if w.fallback == nil {
		w.cur = s
		ok, err := w.e.Extend(ctx, &s.v, n)
		w.cur = nil
		if err != nil || ok {
			return err
		}
		w.fallback = newDirectEngine(w.rule, w.rs)
	}
	return w.fallback.extend(ctx, s, n)
}
