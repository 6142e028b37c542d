package tt

import (
	"math/bits"
	"sync/atomic"
)

// A filter is a Bloom filter of one hash of the keys stored: a key whose
// bit is clear was never stored, so Get answers it from this small
// array, which stays in the processor's cache, without reading a bucket
// of the large one; most lookups of a search are of positions never met.
// None for small budgets, and dropped when the table grows to the size
// where the two would not fit the budget (by then most of its bits would
// be set).
type filter struct {
	words []atomic.Uint64
	log   uint // log2 of the number of bits
}

// newFilter returns an empty filter of n bytes, a power of two.
func newFilter(n int64) *filter {
	return &filter{words: make([]atomic.Uint64, n/8), log: uint(bits.Len64(uint64(n*8)) - 1)}
}

// bit returns the word and bit of hash h.
func (f *filter) bit(h uint64) (*atomic.Uint64, uint64) {
	i := h >> (64 - f.log) // the high bits: the low ones pick the bucket
	return &f.words[i/64], 1 << (i % 64)
}

// has reports whether the bit of hash h is set.
func (f *filter) has(h uint64) bool {
	w, b := f.bit(h)
	return w.Load()&b != 0
}

// add sets the bit of hash h.
func (f *filter) add(h uint64) {
	if w, b := f.bit(h); w.Load()&b == 0 {
		w.Or(b)
	}
}

func (f *filter) bytes() int64 {
	if f == nil {
		return 0
	}
	return int64(len(f.words)) * 8
}

// seenBytes returns the size of the filter of a table of the given
// budget: a 256th of it, a power of two from 64 KiB to 128 KiB (a part of
// a processor's second-level cache, where a larger filter would not
// stay), or none below 16 MiB.
func seenBytes(budget int64) int64 {
	if budget < 16<<20 {
		return 0
	}
	n := int64(64 << 10)
	for n < 128<<10 && n*2 <= budget/256 {
		n *= 2
	}
	return n
}

// dropFilter drops the filter when an array of n buckets and it would
// not fit the budget together. Called with growMu held, before the array
// is made.
func (t *Table) dropFilter(n int) {
	if f := t.seen.Load(); f != nil && int64(n)*bucketBytes+f.bytes() > t.budget {
		t.seen.Store(nil)
	}
}
