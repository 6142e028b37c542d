package sg

import (
	"context"
	"fmt"
	"time"
)

// pollWork is the work between two polls of a search's context (and of
// its clock, when progress is asked for). A unit of work is an expansion
// or an option listed, so a search polls within a few thousand options
// whatever the cost of one expansion: a heap of a million tokens is one
// expansion, with a million options.
const pollWork = 1 << 12

// run is what an engine counts across searches: its options, its counts,
// the work since the last poll and the progress clock. An [Engine] and
// its intEngine share one.
type run struct {
	cfg   config
	count int // memoized or in-progress positions
	stats Stats
	work  int       // since the last poll
	last  time.Time // of the last progress report, or of the first poll
	mex   MexBuffer

	// Bytes a memoized position and an option on the search stack take,
	// for the memory bound.
	perPos, perKid int64
}

// expanded records an expansion that listed n options, and reports
// whether the search should poll.
func (r *run) expanded(n int) bool {
	r.stats.Expanded++
	r.work += n + 1
	return r.work >= pollWork
}

// tick counts the work of a position with n options finished outside a
// search (the expansion is counted already), and reports progress when it
// is time; the progress function is set.
func (r *run) tick(n int) {
	if r.work += n + 1; r.work >= pollWork {
		r.work = 0
		r.report(0)
	}
}

// poll checks ctx and reports progress when its interval has passed;
// depth is the search's.
func (r *run) poll(ctx context.Context, depth int) error {
	r.work = 0
	if r.cfg.progress != nil {
		r.report(depth)
	}
	return ctx.Err()
}

// report calls the progress function, which is set, when its interval
// has passed since the last report (or the first poll).
func (r *run) report(depth int) {
	now := time.Now()
	if r.last.IsZero() {
		r.last = now
		return
	}
	if now.Sub(r.last) < r.cfg.progressEvery {
		return
	}
	r.last = now
	s := r.stats
	s.Memoized = r.count
	s.Depth = depth
	r.cfg.progress(s)
}

// pollAll is poll, and then a check of the memory bound with kids
// options on the search stack.
func (r *run) pollAll(ctx context.Context, depth, kids int) error {
	if err := r.poll(ctx, depth); err != nil {
		return err
	}
	return r.overMemory("sg.Engine.Value", 0, kids)
}

// positionsError returns the error of the positions bound, which p, one
// more memoized position, would pass. It is called only then: p is boxed
// here, not on the hot path.
func (r *run) positionsError(p any) error {
	return &LimitError{Op: "sg.Engine.Value", Bound: "positions", Limit: int64(r.cfg.maxPositions),
		Detail: fmt.Sprintf("cannot add %v (raise it with WithMaxPositions)", p)}
}

// overMemory returns the error of the memory bound, when the memo with
// more positions more, and kids options on the search stack, would pass
// it, or nil.
func (r *run) overMemory(op string, more, kids int) error {
	m := r.cfg.memory
	if m <= 0 {
		return nil
	}
	if need := int64(r.count+more)*r.perPos + int64(kids)*r.perKid; need > m {
		return &LimitError{Op: op, Bound: "memory", Limit: m, Need: need,
			Detail: fmt.Sprintf("%d positions memoized and %d options on the search stack (raise it with WithMemory)", r.count, kids)}
	}
	return nil
}

// A frame is a position on the search stack. Its children are
// kids[lo:len(kids)] of its block, with values vals[lo:len(vals)], while
// it is on top (the children of frames above it are truncated away when
// they finish), so no upper bound is stored. lo and next are indexes in a
// block, which holds fewer than 2^32 children (see push): a frame is 24
// bytes for int positions, which matters for searches a million positions
// deep.
type frame[P comparable] struct {
	pos  P
	slot int    // from the memo's enter (-1 for a hash table); xorSlot for a sum
	lo   uint32 // the first child
	next uint32 // the next child to look at
}

// xorSlot is the slot of a frame that is a sum of components, not
// memoized: its value is the XOR of its children's.
const xorSlot = -2

// A block is a part of the search stack: frames, with their children and
// the children's values. A search that outgrows a block goes on in the
// next, so that the stack is never copied as it grows, and its memory is
// kept for the next search.
type block[P comparable] struct {
	stack []frame[P]
	kids  []P
	vals  []cell
}

// A search moves to a new block before a position is expanded, once its
// block holds blockFrames frames or blockKids children.
const (
	blockFrames = 1 << 14
	blockKids   = 1 << 15
)

// searchStack is the search stack of an engine: stack, kids and vals are
// the top block's; blocks holds the others, those below cur full, those
// above spare. kids is also the engine's buffer of options outside a
// search.
type searchStack[P comparable] struct {
	stack     []frame[P]
	kids      []P
	vals      []cell
	blocks    []block[P]
	cur       int
	below     int // frames in the blocks below cur
	belowKids int // children in the blocks below cur
}

// clear empties the top block, at the start of a search.
func (s *searchStack[P]) clear() {
	s.stack, s.kids, s.vals = s.stack[:0], s.kids[:0], s.vals[:0]
}

// full reports whether the top block is full: a search moves up before
// it expands a position. A block then holds fewer than blockKids +
// MaxOptions < 2^32 children, the bound of a frame's indexes.
func (s *searchStack[P]) full() bool {
	return len(s.stack) >= blockFrames || len(s.kids) >= blockKids
}

// depth returns the number of frames on the stack.
func (s *searchStack[P]) depth() int { return s.below + len(s.stack) }

// held returns the number of children on the stack.
func (s *searchStack[P]) held() int { return s.belowKids + len(s.kids) }

// up moves the search to the next block, keeping the current one's.
func (s *searchStack[P]) up() {
	if len(s.blocks) < s.cur+2 {
		s.blocks = append(s.blocks, make([]block[P], s.cur+2-len(s.blocks))...)
	}
	s.blocks[s.cur] = block[P]{s.stack, s.kids, s.vals}
	s.below += len(s.stack)
	s.belowKids += len(s.kids)
	s.cur++
	b := &s.blocks[s.cur]
	if b.stack == nil {
		// Made at full size: growing by doubling would allocate twice
		// as much, and copy it.
		b.stack = make([]frame[P], 0, blockFrames+1)
		b.kids = make([]P, 0, blockKids+64)
		b.vals = make([]cell, 0, blockKids+64)
	}
	s.stack, s.kids, s.vals = b.stack[:0], b.kids[:0], b.vals[:0]
}

// down moves the search back to the block below, keeping the current
// one's memory for later.
func (s *searchStack[P]) down() {
	s.blocks[s.cur] = block[P]{s.stack[:0], s.kids[:0], s.vals[:0]}
	s.cur--
	b := &s.blocks[s.cur]
	s.stack, s.kids, s.vals = b.stack, b.kids, b.vals
	s.below -= len(s.stack)
	s.belowKids -= len(s.kids)
}

// unwind calls forget with each memoized frame (not a sum's) of every
// block, and leaves the stack empty, in its first block.
func (s *searchStack[P]) unwind(forget func(f *frame[P])) {
	for {
		for i := range s.stack {
			if f := &s.stack[i]; f.slot != xorSlot {
				forget(f)
			}
		}
		if s.cur == 0 {
			break
		}
		s.stack = s.stack[:0]
		s.down()
	}
	s.clear()
}

// reserve returns s with room for n more elements. It doubles, rather than
// let append grow large slices by 1.25x (a search a million positions deep
// copies its stack less), into an array from make, not slices.Grow, which
// clears the part of the new array beyond the copy: make leaves that to
// the operating system, whose fresh pages are zero already.
func reserve[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	t := make([]T, len(s), max(16, 2*cap(s), len(s)+n))
	copy(t, s)
	return t
}
