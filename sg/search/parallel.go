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
// options in turn; a worker that finds none left helps one still being
// searched (the one with the fewest helpers), with its search turned to
// start elsewhere among that option's options (worker.turn), so that the
// two meet through the table instead of repeating each other. The first
// worker done with an option stops its helpers, and all stop at the first
// option found for which f holds. Of the options found before they stop,
// the first in order is returned.
func (s *Solver[P]) anyOption(ctx context.Context, opts []P, f func(w *worker[P], o P) bool) (int, bool, error) {
	idx := s.distinct(opts)
	n := len(idx)
	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	type slot struct {
		ctx     context.Context
		cancel  context.CancelFunc
		done    atomic.Bool
		helpers atomic.Int32
	}
	slots := make([]slot, n)
	for i := range slots {
		slots[i].ctx, slots[i].cancel = context.WithCancel(ctx2)
		defer slots[i].cancel()
	}
	var foundAt, next atomic.Int64
	foundAt.Store(int64(n))
	errs := make([]error, s.cfg.workers)
	var wg sync.WaitGroup
	for k := range s.cfg.workers {
		wg.Go(func() {
			for ctx2.Err() == nil {
				i := int(next.Add(1) - 1)
				turn := 0
				if i >= n {
					// None left: help the unfinished option with the
					// fewest helpers.
					i, turn = -1, 1<<30
					for j := 0; j < n && int64(j) < foundAt.Load(); j++ {
						if h := int(slots[j].helpers.Load()); !slots[j].done.Load() && h < turn {
							i, turn = j, h
						}
					}
					if i < 0 {
						return
					}
				}
				if int64(i) > foundAt.Load() {
					return
				}
				sl := &slots[i]
				sl.helpers.Add(1)
				var holds bool
				err := s.run(sl.ctx, func(w *worker[P]) {
					w.turn = turn
					holds = f(w, opts[idx[i]])
				})
				if err != nil {
					if ctx2.Err() == nil && sl.ctx.Err() != nil {
						continue // another worker finished this option
					}
					errs[k] = err
					cancel()
					return
				}
				if sl.done.Swap(true) {
					continue
				}
				sl.cancel()
				if holds {
					for {
						old := foundAt.Load()
						if int64(i) >= old || foundAt.CompareAndSwap(old, int64(i)) {
							break
						}
					}
					cancel()
					return
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, false, err
	}
	if i := foundAt.Load(); i < int64(n) {
		return idx[i], true, nil // the others were stopped because of it
	}
	return 0, false, firstError(errs)
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
// would repeat its work.
func (s *Solver[P]) distinct(opts []P) []int {
	idx := make([]int, 0, len(opts))
	seen := make(map[string]bool, len(opts))
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
			idx = append(idx, i) // positions have no order to sort them by
			continue
		}
		if !seen[sig] {
			seen[sig] = true
			idx = append(idx, i)
		}
	}
	return idx
}
