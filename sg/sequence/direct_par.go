package sequence

import (
	"math/bits"
	"slices"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
	"github.com/impartial-go/impartial/sg/sequence/internal/sparse"
)

// The parallel direct engine (see parallel.go for the two phases): the
// first phase of heap n sets, in a bitset of n's own, the values of every
// move whose heaps are all below lo, the start of the block; the second
// adds the moves reaching into the block (a heap of lo or more) and takes
// the mex. It handles moves leaving at most two heaps; a heap with a move
// leaving more, or a move the rule gets wrong, is left to the single-core
// code, which handles or reports it.

// Tuning of the parallel direct engine.
const (
	// directParMin is the first heap computed in blocks.
	directParMin = 1 << 11
	// directBlockDiv sets the block length to n/directBlockDiv (at most
	// directBlockMax): the second phase costs O(block) per heap against
	// the first phase's O(n).
	directBlockDiv = 16
	directBlockMax = 1 << 12
)

// directBlock holds the first phase of a block of heaps [lo, end).
type directBlock struct {
	lo, end int
	width   int      // the width of the values when the block started
	stride  int      // words per heap in opts
	ok      []bool   // ok[n-lo]: the first phase handled heap n
	opts    []uint64 // opts[(n-lo)*stride:]: values of n's moves below lo
	acc     []uint64
	moves   [][]game.HeapMove // each worker's scratch
}

// startDirectBlock runs the first phase of a block at lo = len(g) when
// the run is parallel and the rule suits it.
func startDirectBlock[T uint8 | uint16 | sg.Nimber](e *directEngine, g []T, target int) {
	procs := e.rs.procs()
	lo := len(g)
	if !sparse.Multicore || procs <= 1 || lo < e.rs.parMin(directParMin) || e.code != nil && (!e.bounded || e.code.Parts > 2) {
		return
	}
	end := min(lo+min(lo/directBlockDiv, directBlockMax), target, cap(g))
	if end-lo < 16 {
		return
	}
	b := e.blk
	if b == nil {
		b = &directBlock{}
		e.blk = b
	}
	for len(b.moves) < procs {
		b.moves = append(b.moves, nil)
	}
	b.lo, b.end = lo, end
	b.stride = e.size/64 + 1
	b.ok = slices.Grow(b.ok[:0], end-lo)[:end-lo]
	b.opts = slices.Grow(b.opts[:0], (end-lo)*b.stride)[:(end-lo)*b.stride]
	b.acc = slices.Grow(b.acc[:0], b.stride)[:b.stride]
	runParallel(procs, end-lo, func(w, i int) {
		b.ok[i] = directFirstPhase(e, &b.moves[w], g, lo+i, b.opts[i*b.stride:(i+1)*b.stride])
	})
}

// setBit adds v to the bitset out when it fits.
func setBit(out []uint64, v uint64) {
	if w := v >> 6; w < uint64(len(out)) {
		out[w] |= 1 << (v & 63)
	}
}

// directFirstPhase sets in out the values of the moves of heap n whose
// heaps are all below lo = len(g), and reports whether it could.
func directFirstPhase[T uint8 | uint16 | sg.Nimber](e *directEngine, buf *[]game.HeapMove, g []T, n int, out []uint64) bool {
	lo := len(g)
	clear(out)
	if c := e.code; c != nil {
		if n < len(c.Whole) && c.Whole[n] {
			out[0] |= 1
		}
		for _, k := range c.One {
			if r := n - k; k < n && r < lo {
				setBit(out, uint64(g[r]))
			}
		}
		for _, k := range c.Two {
			splitsBelow(out, g, n-k, false)
		}
		return true
	}
	*buf = e.r.AppendHeapMoves((*buf)[:0], n)
	for i, mv := range *buf {
		if skip, err := moves.CheckMove(e.r, n, i, mv); err != nil {
			return false
		} else if skip {
			continue
		}
		switch mv.Parts {
		case 0:
			out[0] |= 1
		case 1:
			if mv.Remain < lo {
				setBit(out, uint64(g[mv.Remain]))
			}
		case 2:
			splitsBelow(out, g, mv.Remain, mv.Unequal)
		default:
			return false
		}
	}
	return true
}

// splitsBelow sets in out the values G(a) ⊕ G(r-a) of the splits of r
// (into unequal parts when unequal) whose parts are both below len(g).
func splitsBelow[T uint8 | uint16 | sg.Nimber](out []uint64, g []T, r int, unequal bool) {
	hi := r / 2
	if unequal && r%2 == 0 {
		hi--
	}
	for a := max(1, r-len(g)+1); a <= hi; a++ {
		setBit(out, uint64(g[a]^g[r-a]))
	}
}

// finishDirectHeap is the second phase of heap h, with g = G(0 … h-1): it
// returns G(h) and true when the first phase handled h and the mex is
// below the bitset's end.
func finishDirectHeap[T uint8 | uint16 | sg.Nimber](e *directEngine, g []T, h int) (sg.Nimber, int, bool) {
	b := e.blk
	if b == nil || h < b.lo || h >= b.end || !b.ok[h-b.lo] {
		return 0, 0, false
	}
	i, lo := h-b.lo, b.lo
	acc := b.acc
	copy(acc, b.opts[i*b.stride:(i+1)*b.stride])
	work := 0
	inBlock := func(r int, unequal bool) {
		hi := min(r-lo, r/2)
		if unequal && 2*hi == r {
			hi--
		}
		for a := 1; a <= hi; a++ {
			setBit(acc, uint64(g[a]^g[r-a]))
		}
		work += max(hi, 0)
	}
	if c := e.code; c != nil {
		for _, k := range c.One {
			if r := h - k; k < h && r >= lo {
				setBit(acc, uint64(g[r]))
			}
		}
		for _, k := range c.Two {
			inBlock(h-k, false)
		}
	} else {
		e.moves = e.r.AppendHeapMoves(e.moves[:0], h)
		for _, mv := range e.moves {
			// The first phase checked these moves (checkHeapMove).
			switch {
			case mv.Parts == 1 && mv.Remain >= lo:
				setBit(acc, uint64(g[mv.Remain]))
			case mv.Parts == 2:
				inBlock(mv.Remain, mv.Unequal)
			}
		}
	}
	for k, w := range acc {
		if w != ^uint64(0) {
			return sg.Nimber(k*64 + bits.TrailingZeros64(^w)), work, true
		}
	}
	return 0, work, false
}
