package sequence

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
	"github.com/impartial-go/impartial/sg/sequence/internal/splits"
)

// directEngine is the plain method: G(n) is the mex of the values of all
// options of n, computed from the stored values G(0 … n-1). For a
// take-and-break code it runs loops over the code's digits; for other rules
// it goes through the rule's HeapMove lists. It allocates only when the
// values outgrow its scratch space, never per heap.
type directEngine struct {
	r  game.HeapRule
	rs *runState

	// code holds the digits of a take-and-break code (nil for other
	// rules). bounded says MaxTake ≥ 0: then every digit is decoded from
	// the start, otherwise digits are decoded as the heaps grow.
	code    *moves.Code
	bounded bool

	moves []game.HeapMove // scratch for AppendHeapMoves
	marks markSet         // option values of the current heap
	size  int             // a power of two above every value so far
	work  int             // inner-loop work since the last poll
	multi multiTable      // XOR sets of splits into ≥ 3 heaps

	// blk is the block of heaps computed in parallel (direct_par.go),
	// nil until the first.
	blk *directBlock
}

// newDirectEngine returns the direct engine for r.
func newDirectEngine(r game.HeapRule, rs *runState) engine {
	e := &directEngine{r: r, rs: rs}
	if tb, ok := r.(game.TakeBreakRule); ok {
		e.code = moves.NewCode(tb)
		e.code.Learn(1)
		if t := tb.MaxTake(); t >= 0 {
			e.bounded = true
			e.code.Learn(t + 1)
		}
	}
	return e
}

// maxDirectValue bounds the values the direct engine works with.
const maxDirectValue = 1 << 32

// pollWork is the amount of inner-loop work between two polls (a few
// milliseconds).
const pollWork = 1 << 22

func (e *directEngine) extend(ctx context.Context, s *Sequence, n int) error {
	if err := e.rs.poll(ctx, s, 0, 0, MethodDirect); err != nil {
		return err
	}
	if e.code != nil && e.code.Bad != nil {
		return e.code.Bad
	}
	startValues(s, n)
	for s.Len() < n {
		var err error
		switch s.v.W {
		case 2:
			err = extendAtWidth(ctx, e, s, n, func(s *Sequence) []uint16 { return s.v.B16 })
		case 8:
			err = extendAtWidth(ctx, e, s, n, func(s *Sequence) []sg.Nimber { return s.v.B64 })
		default:
			err = extendAtWidth(ctx, e, s, n, func(s *Sequence) []uint8 { return s.v.B8 })
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// extendAtWidth appends values while the sequence keeps the width of the
// slice that get returns, and returns when it widens or reaches n.
func extendAtWidth[T uint8 | uint16 | sg.Nimber](ctx context.Context, e *directEngine, s *Sequence, n int, get func(*Sequence) []T) error {
	width := s.v.W
	for s.Len() < n && s.v.W == width {
		g := get(s)
		h := len(g)
		// Option values are XORs of values ≤ Max, so they are below
		// 2^bits(Max), and the mex is at most that.
		if s.v.Top >= maxDirectValue {
			// Impossible for a real game of fewer than 2^32 heaps (a
			// value is at most the number of options): the values came
			// from elsewhere, and would need a mark table of 2^32 words.
			return fmt.Errorf("sequence: heap %d: value %d in the sequence is too large for the direct engine", h, uint64(s.v.Top))
		}
		e.size = 1 << bits.Len64(uint64(s.v.Top))
		if e.blk == nil || h >= e.blk.end || e.blk.width != width {
			startDirectBlock(e, g, n)
			if e.blk != nil {
				e.blk.width = width
			}
			// The block's first phase is most of its work, and is not
			// counted in e.work: poll once a block.
			e.work = 0
			if err := e.rs.poll(ctx, s, 0, 0, MethodDirect); err != nil {
				return err
			}
		}
		if v, w, ok := finishDirectHeap(e, g, h); ok {
			s.Append(v)
			if e.work += w + 16; e.work >= pollWork {
				e.work = 0
				if err := e.rs.poll(ctx, s, 0, 0, MethodDirect); err != nil {
					return err
				}
			}
			continue
		}
		e.marks.reset(e.size + 1)
		if e.code != nil {
			e.work += codeOptions(e, h, g)
		} else {
			w, err := ruleOptions(e, h, g)
			if err != nil {
				return err
			}
			e.work += w
		}
		s.Append(e.marks.mex())
		if e.work += 16; e.work >= pollWork {
			e.work = 0
			if err := e.rs.poll(ctx, s, 0, 0, MethodDirect); err != nil {
				return err
			}
		}
	}
	return nil
}

// codeOptions marks the option values of heap h ≥ 1 of a take-and-break
// code, given g = G(0 … h-1), and returns the work done.
func codeOptions[T uint8 | uint16 | sg.Nimber](e *directEngine, h int, g []T) int {
	c := e.code
	if !e.bounded {
		c.Learn(h + 1)
	}
	st, cur := e.marks.st, e.marks.cur
	if h < len(c.Whole) && c.Whole[h] {
		st[0] = cur // take the whole heap
	}
	work := 0
	for _, k := range c.One {
		if k >= h {
			break
		}
		st[g[h-k]] = cur
	}
	work += len(c.One)
	work += markAllSplits(st, cur, g, h, c.Two)
	for j := 3; j < len(c.Many); j++ {
		for _, k := range c.Many[j] {
			if h-k < j {
				break
			}
			work += multiMark(&e.multi, &e.marks, j, h-k, g, e.size)
		}
	}
	return work
}

// markAllSplits marks G(a) ⊕ G(h-k-a) for every k in ks (ascending) and
// 1 ≤ a ≤ (h-k)/2, and returns the number of splits. It runs over a in the
// outer loop and k in the inner one, so that each G(a) is loaded once and
// the G(h-k-a) for neighbouring k share cache lines.
func markAllSplits[T uint8 | uint16 | sg.Nimber](st []uint32, cur uint32, g []T, h int, ks []int) int {
	for len(ks) > 0 && h-ks[len(ks)-1] < 2 {
		ks = ks[:len(ks)-1]
	}
	if len(ks) < 2 {
		if len(ks) == 1 {
			return splits.Mark(st, cur, g, h-ks[0], false)
		}
		return 0
	}
	// For a ≤ (h-kmax)/2 every k applies.
	common := (h - ks[len(ks)-1]) / 2
	if len(ks) == 2 && common > 0 {
		// The common case of two removal amounts (Kayles), unrolled.
		lo := g[1 : common+1]
		u1 := g[h-ks[0]-common : h-ks[0]] // G(h-k-a) is u[common-a]
		u2 := g[h-ks[1]-common : h-ks[1]]
		u1, u2 = u1[:len(lo)], u2[:len(lo)]
		m := common - 1
		for i, ga := range lo {
			st[ga^u1[m-i]] = cur
			st[ga^u2[m-i]] = cur
		}
	} else {
		for a := 1; a <= common; a++ {
			ga := g[a]
			for _, k := range ks {
				st[ga^g[h-k-a]] = cur
			}
		}
	}
	work := common * len(ks)
	for _, k := range ks {
		hi := (h - k) / 2
		for a := common + 1; a <= hi; a++ {
			st[g[a]^g[h-k-a]] = cur
		}
		work += max(hi-common, 0)
	}
	return work
}

// ruleOptions marks the option values of heap h ≥ 1 of a general heap
// rule, given g = G(0 … h-1), and returns the work done. It returns an
// error wrapping ErrBadRule for a move that leaves a heap of h or more.
func ruleOptions[T uint8 | uint16 | sg.Nimber](e *directEngine, h int, g []T) (int, error) {
	e.moves = e.r.AppendHeapMoves(e.moves[:0], h)
	st, cur := e.marks.st, e.marks.cur
	work := len(e.moves)
	for i, mv := range e.moves {
		if skip, err := moves.CheckMove(e.r, h, i, mv); err != nil {
			return work, err
		} else if skip {
			continue
		}
		switch {
		case mv.Parts == 0:
			st[0] = cur
		case mv.Parts == 1:
			st[g[mv.Remain]] = cur
		case mv.Parts == 2:
			work += splits.Mark(st, cur, g, mv.Remain, mv.Unequal)
		case mv.Unequal:
			work += markUnequal(&e.marks, g, mv.Remain, mv.Parts, 1, 0)
		default:
			work += multiMark(&e.multi, &e.marks, mv.Parts, mv.Remain, g, e.size)
		}
	}
	return work, nil
}

// markUnequal marks acc ⊕ the XOR of every split of r into k pairwise
// different parts, all at least lo. It enumerates the splits, so it suits
// small heaps; it returns the number of splits.
func markUnequal[T uint8 | uint16 | sg.Nimber](m *markSet, g []T, r, k, lo int, acc uint64) int {
	if k == 1 {
		if r >= lo {
			m.st[acc^uint64(g[r])] = m.cur
			return 1
		}
		return 0
	}
	work := 0
	// The k parts are a < a+1 < … : at least k·a + k(k-1)/2 tokens.
	for a := lo; k*a+k*(k-1)/2 <= r; a++ {
		work += markUnequal(m, g, r-a, k-1, a+1, acc^uint64(g[a]))
	}
	return work
}
