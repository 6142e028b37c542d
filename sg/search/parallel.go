package search

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/impartial-go/impartial/game"
)

// anyOption returns the index of an option for which f holds and true, or
// false when f holds for none. Options equal after splitting and
// canonical forms are tried once (see distinct). The workers take the
// options in turn (see fan); all stop at the first option found for which
// f holds. Of the options found before they stop, the first in order is
// returned.
func (s *Solver[P]) anyOption(ctx context.Context, opts []P, f func(w *worker[P], o P) bool) (int, bool, error) {
	idx, _ := s.distinct(opts)
	_, at, err := s.fan(ctx, opts, idx, f, true)
	if err != nil {
		return 0, false, err
	}
	if at < len(idx) {
		return idx[at], true, nil // the others were stopped because of it
	}
	return 0, false, nil
}

// fan runs f on opts[idx[i]] for every i, the workers taking the options
// in turn; a worker that finds none left helps one still being searched
// (the one with the fewest helpers), with its search turned to start
// elsewhere among that option's options (worker.turn), so that the two
// meet through the table instead of repeating each other. The first
// worker done with an option stops its helpers. It returns whether f
// held for each, and the first i for which it held (len(idx) when none);
// with first set, all stop at the first option found for which f holds,
// and holds is complete only up to that i.
func (s *Solver[P]) fan(ctx context.Context, opts []P, idx []int, f func(w *worker[P], o P) bool, first bool) ([]bool, int, error) {
	n := len(idx)
	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	fo := &fanOut[P]{s: s, opts: opts, idx: idx, f: f, first: first, ctx: ctx2, cancel: cancel,
		slots: make([]fanSlot, n), holds: make([]bool, n), errs: make([]error, s.cfg.workers)}
	for i := range fo.slots {
		fo.slots[i].ctx, fo.slots[i].cancel = context.WithCancel(ctx2)
		defer fo.slots[i].cancel()
	}
	fo.foundAt.Store(int64(n))
	var wg sync.WaitGroup
	for k := range s.cfg.workers {
		wg.Go(func() { fo.work(k) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	at := int(fo.foundAt.Load())
	if first && at < n {
		return fo.holds, at, nil // the others were stopped because of it
	}
	if err := firstError(fo.errs); err != nil {
		return nil, 0, err
	}
	return fo.holds, at, nil
}

// A fanOut is the state that fan's workers share.
type fanOut[P comparable] struct {
	s      *Solver[P]
	opts   []P
	idx    []int
	f      func(w *worker[P], o P) bool
	first  bool
	ctx    context.Context
	cancel context.CancelFunc
	slots  []fanSlot
	holds  []bool
	errs   []error
	// foundAt is the least i for which f was found to hold, next the
	// next option to take.
	foundAt, next atomic.Int64
}

// A fanSlot is one option of a fan: its searches' context, whether one
// finished it, and how many search it.
type fanSlot struct {
	ctx     context.Context
	cancel  context.CancelFunc
	done    atomic.Bool
	helpers atomic.Int32
}

// work is the loop of fan's worker k.
func (fo *fanOut[P]) work(k int) {
	n := len(fo.idx)
	for fo.ctx.Err() == nil {
		i := int(fo.next.Add(1) - 1)
		turn := 0
		if i >= n {
			if i, turn = fo.helpee(); i < 0 {
				return
			}
		}
		if fo.first && int64(i) > fo.foundAt.Load() {
			return
		}
		sl := &fo.slots[i]
		sl.helpers.Add(1)
		var holds bool
		err := fo.s.run(sl.ctx, func(w *worker[P]) {
			w.turn = turn
			holds = fo.f(w, fo.opts[fo.idx[i]])
		})
		if err != nil {
			if fo.ctx.Err() == nil && sl.ctx.Err() != nil {
				continue // another worker finished this option
			}
			fo.errs[k] = err
			fo.cancel()
			return
		}
		if sl.done.Swap(true) {
			continue
		}
		fo.holds[i] = holds
		sl.cancel()
		if holds {
			for {
				old := fo.foundAt.Load()
				if int64(i) >= old || fo.foundAt.CompareAndSwap(old, int64(i)) {
					break
				}
			}
			if fo.first {
				fo.cancel()
				return
			}
		}
	}
}

// helpee returns the unfinished option with the fewest helpers and their
// number, or -1 when none is left.
func (fo *fanOut[P]) helpee() (int, int) {
	i, turn := -1, 1<<30
	for j := range fo.slots {
		if fo.first && int64(j) >= fo.foundAt.Load() {
			break
		}
		if h := int(fo.slots[j].helpers.Load()); !fo.slots[j].done.Load() && h < turn {
			i, turn = j, h
		}
	}
	return i, turn
}

// firstError returns the first error of errs that is not a cancellation
// (which the others may be a consequence of), else the first error.
func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return err
		}
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// distinct returns the indices of the options that differ after
// splitting and canonical forms (the first of each kind), in order: the
// options of a symmetric board come in congruent groups, and a worker
// searching one member of a group while another searches its image
// would repeat its work. rep[i] is the place in idx of option i's kind.
func (s *Solver[P]) distinct(opts []P) (idx, rep []int) {
	idx = make([]int, 0, len(opts))
	rep = make([]int, len(opts))
	seen := make(map[string]int, len(opts))
	var comps []P
	var keys []game.Key
	var buf []byte
	for i, o := range opts {
		comps = s.split(comps[:0], o)
		var sig string
		switch {
		case s.pk != nil:
			keys = keys[:0]
			for _, c := range comps {
				keys = append(keys, s.pk.Pack(c))
			}
			slices.SortFunc(keys, func(a, b game.Key) int {
				if c := cmp.Compare(a.Hi, b.Hi); c != 0 {
					return c
				}
				return cmp.Compare(a.Lo, b.Lo)
			})
			buf = buf[:0]
			for _, k := range keys {
				buf = binary.LittleEndian.AppendUint64(buf, k.Lo)
				buf = binary.LittleEndian.AppendUint64(buf, k.Hi)
			}
			sig = string(buf)
		default:
			rep[i] = len(idx)
			idx = append(idx, i) // positions have no order to sort them by
			continue
		}
		j, ok := seen[sig]
		if !ok {
			j = len(idx)
			seen[sig] = j
			idx = append(idx, i)
		}
		rep[i] = j
	}
	return idx, rep
}
