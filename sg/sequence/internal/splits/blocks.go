package splits

import (
	"encoding/binary"
	"unsafe"
)

// The block order of the last scan, for rules whose only split is of one
// size into two unequal heaps (Grundy's game: a heap of r splits into
// a + (r-a), a ≠ r-a, and no other size is split). Take-and-break codes
// (whose splits allow equal heaps) keep the scan in increasing order and
// seek: on .16 and .56 the block order, with no seek, made the runs
// 1.4–6× slower.
//
// The last scan of a confirmation (see confirm) looks for the values of
// the other class still missing after the first scan and seek. On Grundy's
// game these are mostly small values x = G(a) ^ G(r-a), given only by two
// parts of nearly the same value. The large part r-a has one of the values
// frequent among large heaps, so the small part a must have one of the few
// large values met among small heaps: in increasing order of a, most
// splits go to parts of the values small heaps have most often (on
// Grundy's game near heap 2^19, 2,700 splits a heap on average before the
// last value is found).
//
// Before scanning in increasing order of a, the last scan therefore takes
// the smaller parts in blocks of 8 (a = 8i … 8i+7, read as one word as the
// scan does) in an order chosen once from the values of the small heaps:
// greedily, each next block being the one whose values are the least met
// in the blocks already chosen (the gain of a block is the sum over its
// heaps of 1/(1+k)², k the number of heaps of the same value chosen
// before). On Grundy's game from heap 2^20 to 2^21 the last value is then
// found after about 1,000 splits a heap on average, against about 3,000
// in increasing order. The order depends only on the values, never on timing, and the
// scan in increasing order that follows is still complete: a value is
// reported missing only when no split gives it.

// BlockScanned reports whether the last scan of a heap with the splits
// two, uneq takes its blocks in order: one split size, into unequal heaps.
func BlockScanned(two []int, uneq []bool) bool { return len(two) == 1 && uneq[0] }

// Tuning of the block order.
const (
	// blocksMax is the most blocks ordered: smaller parts below
	// 8·blocksMax.
	blocksMax = 1 << 13
	// BlocksFrom is the least heap for which the blocks are
	// ordered: below it the last scan is short anyway.
	BlocksFrom = 1 << 12
)

// Blocks is the order of the blocks of smaller parts for the last
// scan (see above).
type Blocks struct {
	List []uint32 // block indices i (parts 8i … 8i+7), in scan order
	nb   int      // the blocks below nb are ordered
	// From replaces BlocksFrom when positive (tests lower it).
	From int
	// Scratch of OrderBlocks.
	seen  []int32
	queue blockQueue
}

// OrderBlocks orders the blocks of the smaller parts below n/8 (up to
// blocksMax blocks), from the values in vals, unless they are
// ordered already. It runs when the mask is chosen, while no worker of the
// pipeline runs.
func OrderBlocks[T uint8 | uint16](o *Blocks, vals []T) {
	n := len(vals)
	nb := min(blocksMax, n/(8*8))
	from := BlocksFrom
	if o.From > 0 {
		from = o.From
	}
	if n < from || nb <= o.nb {
		return
	}
	o.nb = nb
	maxV := 0
	for _, v := range vals[:8*nb] {
		maxV = max(maxV, int(v))
	}
	o.seen = append(o.seen[:0], make([]int32, maxV+1)...)
	o.queue = o.queue[:0]
	// Block 0 holds the part 0, never a part of a split; the first
	// scan covers the smallest parts anyway.
	for i := 1; i < nb; i++ {
		o.queue = append(o.queue, blockGain{i: uint32(i), gain: blockValue(o.seen, vals, i)})
	}
	q := o.queue
	for k := len(q)/2 - 1; k >= 0; k-- {
		q.down(k)
	}
	o.List = o.List[:0]
	for len(q) > 0 {
		// Lazy greedy: a block's gain only falls as blocks are chosen,
		// so the top block, once its gain is recomputed and still the
		// largest, is the best.
		if g := blockValue(o.seen, vals, int(q[0].i)); g < q[0].gain {
			q[0].gain = g
			q.down(0)
			continue
		}
		i := int(q[0].i)
		q[0] = q[len(q)-1]
		q = q[:len(q)-1]
		q.down(0)
		o.List = append(o.List, uint32(i))
		for _, v := range vals[8*i : 8*i+8] {
			o.seen[v]++
		}
	}
	o.queue = q
}

// blockValue is the gain of block i: the sum over its heaps, taken in
// turn, of 1/(1+k)², k the number of heaps of the same value chosen
// before it (in earlier blocks or earlier in the block).
func blockValue[T uint8 | uint16](seen []int32, vals []T, i int) float64 {
	g := 0.0
	b := vals[8*i : 8*i+8]
	for _, v := range b {
		k := float64(1 + seen[v])
		g += 1 / (k * k)
		seen[v]++
	}
	for _, v := range b {
		seen[v]--
	}
	return g
}

// blockGain is a block and its gain, as last computed.
type blockGain struct {
	i    uint32
	gain float64
}

// blockQueue is a max-heap of blocks by gain (ties: the smaller block
// first).
type blockQueue []blockGain

// before reports whether x comes out of the queue before y.
func (x blockGain) before(y blockGain) bool {
	return x.gain > y.gain || x.gain == y.gain && x.i < y.i
}

// down moves element k down to its place.
func (q blockQueue) down(k int) {
	for {
		c := 2*k + 1
		if c >= len(q) {
			return
		}
		if c+1 < len(q) && q[c+1].before(q[c]) {
			c++
		}
		if !q[c].before(q[k]) {
			return
		}
		q[k], q[c] = q[c], q[k]
		k = c
	}
}

// blockRange returns the blocks' smaller parts usable in the last scan of
// the splits of r into two parts below bound whose smaller part is at
// least a0: a block i is used when 8i ≥ a0, its parts are below their
// partners, and its partners r-8i-7 … r-8i are below bound.
func blockRange(r, bound, a0 int) (amin, amax int) {
	amin = max(a0, r-bound+1)
	amax = (r - 15) / 2 // a+7 < r-a-7
	return amin, amax
}

// Scan8 is the last scan of the sparse engine for 1-byte values
// (the scanFunc it passes to the loops and the pipeline): for a rule
// that BlockScanned accepts, a scan to the end (a1 ≥ r/2)
// first takes the ordered blocks, then scans in increasing order
// (RangeWords) for whatever is still missing. Any other scan is
// RangeWords itself. The 8 byte-wise clears of a word are two calls of
// hits4, as in RangeWords: a function holding all 8 is past the
// compiler's inlining budget, and a loop over them made Grundy's game and
// .1777 slower.
func (o *Blocks) Scan8(vals []uint8, two []int, uneq []bool, needs *Tab, list []int, cnt, a0, a1 int) (left, next, steps int) {
	if !BlockScanned(two, uneq) || a1 < two[0]/2 || len(o.List) == 0 || cnt == 0 {
		return RangeWords(vals, two, uneq, needs, list, cnt, a0, a1)
	}
	r := two[0]
	amin, amax := blockRange(r, len(vals), a0)
	for _, i := range o.List {
		a := 8 * int(i)
		if a < amin || a > amax {
			continue
		}
		b := r - a - 7
		x := binary.LittleEndian.Uint64(vals[a:a+8]) ^ binary.BigEndian.Uint64(vals[b:b+8])
		c := hits4(needs, uint32(x)) + hits4(needs, uint32(x>>32))
		steps += 8
		if cnt -= c; cnt <= 0 {
			return 0, a0, steps
		}
	}
	left, next, st := RangeWords(vals, two, uneq, needs, list, cnt, a0, a1)
	return left, next, steps + st
}

// Scan16 is Scan8 for 2-byte values. It reads the values as
// bytes, 4 parts and their 4 partners as two words (in the machine's byte
// order, each 16-bit lane one value), and reverses the partners' lanes:
// on either byte order the lanes of a word hold consecutive values in a
// monotone order, so reversing one word pairs each part a with r-a.
func (o *Blocks) Scan16(vals []uint16, two []int, uneq []bool, needs *Tab, list []int, cnt, a0, a1 int) (left, next, steps int) {
	if !BlockScanned(two, uneq) || a1 < two[0]/2 || len(o.List) == 0 || cnt == 0 {
		return Range(vals, two, uneq, needs, list, cnt, a0, a1)
	}
	r := two[0]
	amin, amax := blockRange(r, len(vals), a0)
	// The bytes of vals: a read-only view of the same memory, valid while
	// vals is (the caller holds it).
	vb := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(vals))), 2*len(vals))
	for _, i := range o.List {
		a := 8 * int(i)
		if a < amin || a > amax {
			continue
		}
		// Parts a … a+3 with r-a … r-a-3, and a+4 … a+7 with
		// r-a-4 … r-a-7.
		p, q := 2*a, 2*(r-a-3)
		x0 := binary.NativeEndian.Uint64(vb[p:p+8]) ^ reverseLanes16(binary.NativeEndian.Uint64(vb[q:q+8]))
		x1 := binary.NativeEndian.Uint64(vb[p+8:p+16]) ^ reverseLanes16(binary.NativeEndian.Uint64(vb[q-8:q]))
		c := hits2x16(needs, x0) + hits2x16(needs, x1)
		steps += 8
		if cnt -= c; cnt <= 0 {
			return 0, a0, steps
		}
	}
	left, next, st := Range(vals, two, uneq, needs, list, cnt, a0, a1)
	return left, next, steps + st
}

// reverseLanes16 reverses the order of the four 16-bit lanes of x.
func reverseLanes16(x uint64) uint64 {
	x = x<<32 | x>>32
	return x>>16&0x0000ffff0000ffff | x&0x0000ffff0000ffff<<16
}

// Reset forgets the order, to be chosen again for other values.
func (o *Blocks) Reset() { o.List, o.nb = o.List[:0], 0 }
