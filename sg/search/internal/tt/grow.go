package tt

import (
	"runtime/debug"
	"sync/atomic"
	"unsafe"

	"github.com/impartial-go/impartial/game"
)

// retire locks bucket b for good, once no writer holds it, and returns
// its version then.
func retire[B any, PB slots[B]](b PB) uint32 {
	for spins := 0; ; spins++ {
		v := b.version().Load()
		if v&verWriting == 0 && b.version().CompareAndSwap(v, v+verWriting) {
			return v
		}
		backoff(spins)
	}
}

// grow doubles the array of p from n buckets, unless another worker did
// or the table was widened meanwhile. It locks each old bucket in turn,
// copies its entries to bucket i or i+n of the new array (which they
// always fit), and retires it; readers go on reading the old array until
// the new one is published, and writers wait for it.
func grow[B any, PB slots[B]](t *Table, p *atomic.Pointer[arr[B]], n int) {
	t.growMu.Lock()
	defer t.growMu.Unlock()
	old := p.Load()
	if len(old.b) != n || (p == any(&t.narrow) && t.wide.Load() != nil) {
		return
	}
	t.dropFilter(2 * n)
	nb := &arr[B]{b: newBuckets[B](2 * n), mask: uint64(2*n - 1)}
	for i := range old.b {
		b := PB(&old.b[i])
		v := retire[B, PB](b)
		for j := range b.ways() {
			if w := b.word(j).Load(); w != 0 {
				k := b.key(j)
				insert[B, PB](nb, t.Hash(k)&nb.mask, k, w)
			}
		}
		b.version().Store(v + verRetired) // even, retired: its entries stay readable
	}
	p.Store(nb)
	release(len(old.b) * int(unsafe.Sizeof(old.b[0])))
}

// release hands an outgrown array of the given size back to the
// operating system at once when it is large. Readers leave it within a
// lookup; otherwise the old arrays, half the new one's size in all, stay
// resident until the collector's next cycle, which a search that
// allocates nothing else may never start.
func release(bytes int) {
	if bytes >= releaseAfterGrow {
		debug.FreeOSMemory()
	}
}

// releaseAfterGrow is the size in bytes of an outgrown array from which
// grow returns its memory to the operating system at once (a forced
// collection of the whole program's heap, once a doubling).
const releaseAfterGrow = 64 << 20

// newBuckets returns an array of n empty buckets, asking the system for
// huge pages when it is large (see adviseHuge).
func newBuckets[B any](n int) []B {
	b := make([]B, n)
	adviseHuge(unsafe.Pointer(unsafe.SliceData(b)), uintptr(n)*bucketBytes)
	return b
}

// hugeMin is the smallest array, in bytes, for which the table asks for
// huge pages: a few of them.
const hugeMin = 8 << 20

// insert puts key k with word w in an empty slot of bucket i of an array
// no one else sees yet, and reports whether there was one.
func insert[B any, PB slots[B]](a *arr[B], i uint64, k game.Key, w uint32) bool {
	d := PB(&a.b[i])
	for e := range d.ways() {
		if d.word(e).Load() == 0 {
			d.set(e, k, w)
			return true
		}
	}
	return false
}

// widen turns the narrow buckets into wide ones, twice as many when the
// budget allows, as grow does; entries that do not fit the wide bucket
// they go to are dropped (and searched again when needed).
func (t *Table) widen() {
	t.growMu.Lock()
	defer t.growMu.Unlock()
	if t.wide.Load() != nil {
		return
	}
	old := t.narrow.Load()
	n := min(2*len(old.b), t.maxLen)
	t.dropFilter(n)
	nw := &arr[wideBucket]{b: newBuckets[wideBucket](n), mask: uint64(n - 1)}
	var dropped int64
	for i := range old.b {
		b := &old.b[i]
		v := retire[narrowBucket](b)
		for j := range narrowWays {
			if w := b.words[j].Load(); w != 0 {
				k := b.key(j)
				if !insert[wideBucket](nw, t.Hash(k)&nw.mask, k, w) {
					dropped++
				}
			}
		}
		b.ver.Store(v + verRetired)
	}
	t.entries.Add(-dropped)
	t.wide.Store(nw)
	// The narrow array is no longer needed: a reader or writer that
	// finds its buckets retired goes to the wide one, which is published
	// first. Replace it by a stub of one retired bucket, so that it can be
	// collected (the table's size counts the wide array alone).
	t.narrow.Store(&retiredNarrow)
	release(len(old.b) * bucketBytes)
}

// retiredNarrow is the narrow array of every widened table: one bucket,
// retired, which no one writes (see widen).
var retiredNarrow = func() arr[narrowBucket] {
	a := arr[narrowBucket]{b: make([]narrowBucket, 1)}
	a.b[0].ver.Store(verRetired)
	return a
}()
