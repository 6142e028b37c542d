// Package tt is the transposition table of package search: what the
// search learnt of positions, by their packed keys ([game.Key]), in
// buckets of 128 bytes that the workers of a search share, reading
// without locks. Its calls: [New], [Table.Get] (and [Table.Hash],
// [Table.Touch], [Table.GetHash] for a read fetched ahead), [Table.Put],
// [Table.Stats], [Table.Write] and [Table.Read]; [Map] is the table of a
// game whose positions have no keys.
//
// An entry is a key of 64 or 128 bits and a word of 32 bits:
//
//	word bits  field
//	31…24      log2 of the work (positions expanded) the fact cost, at most 255
//	23         Excluded: the fact is a set of values excluded, not a value
//	22…0       a value v as v+1 (1 … MaxValue+1); with Excluded, the values
//	           0 … 22 the position is known not to have (bit 0: it is no
//	           P-position, an N-position of unknown value)
//	0          the whole word: an empty slot
//
// A bucket is 128 bytes, two adjacent cache lines, which a probe fetches
// together:
//
//	narrow  version uint32, 10 words, 4 bytes padding, 10 keys of 64 bits   (12.8 bytes an entry)
//	wide    version uint32,  6 words, 4 bytes padding,  6 keys of 128 bits  (21.3 bytes an entry)
//
// A table starts narrow and turns wide the first time it is given a key
// whose high half is not zero (boards of up to 64 cells never are).
//
// Replacement: a fact for a key present is merged with it ([Merge]),
// else it takes an empty slot of the key's bucket, else (a full bucket)
// it grows the table when the table is half full and below its budget,
// else it replaces the bucket's entry of least work.
//
// Races tolerated: a read concurrent with a write of the same bucket
// retries (the version is a sequence lock), and a read may miss a fact
// stored at the same moment, as if it had read a moment earlier; facts
// are never wrong, only missing.
package tt

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/internal/prefetch"
)

// The facts a word holds (see the package documentation).
const (
	FactBits = 24
	FactMask = 1<<FactBits - 1
	Excluded = 1 << (FactBits - 1)
	MaskBits = FactBits - 1 // values an exclusion set holds
	MaxValue = Excluded - 2 // the largest value a word holds
	NotZero  = Excluded | 1 // the fact of an N-position of unknown value
)

// MinBytes is the smallest budget a [Table] takes: smaller budgets get
// MinBytes.
const MinBytes = 256 << 10

// Merge returns the fact to keep when new is learnt about a position for
// which old was known: a value wins over exclusions, and exclusions add
// up.
func Merge(old, new uint32) uint32 {
	switch {
	case old == 0 || new&Excluded == 0:
		return new
	case old&Excluded == 0:
		return old
	}
	return old | new
}

// ValidFact reports whether f is a fact a table may hold: a value (plus
// one) up to MaxValue+1, or a non-empty set of exclusions.
func ValidFact(f uint32) bool {
	if f&Excluded != 0 {
		return f != Excluded
	}
	return f != 0 && f-1 <= MaxValue
}

func packWord(fact uint32, work uint64) uint32 {
	return min(uint32(bits.Len64(work)), 255)<<FactBits | fact
}

// Stats describes a table.
type Stats struct {
	// Stores counts facts stored in a free or replaced slot; Evictions
	// the stores that replaced another position's fact.
	Stores, Evictions uint64
	// Entries is the number of positions held, Capacity the most the
	// table may hold, and Bytes its size.
	Entries, Capacity, Bytes int64
}

// Table is a transposition table of facts by game.Key, safe for
// concurrent use. It starts small, for locality, and doubles as it fills,
// up to its budget (grow.go); a filter of the keys stored answers most
// lookups of keys never met from the processor's cache (filter.go).
type Table struct {
	narrow atomic.Pointer[arr[narrowBucket]] // retiredNarrow once widened
	wide   atomic.Pointer[arr[wideBucket]]   // nil until the first wide key
	growMu sync.Mutex
	maxLen int // buckets the budget allows
	seed   uint64
	seen   atomic.Pointer[filter] // see filter.go
	budget int64

	// The counters every store writes, on cache lines of their own, so
	// that a store by one worker does not take from another's processor
	// the line of the pointers every lookup reads.
	_                 [64]byte
	stores, evictions atomic.Uint64
	entries           atomic.Int64
	_                 [64]byte
}

// StartBuckets is the size a table starts at when its budget allows: 1
// MiB, 10240 entries. Small searches then neither spend their time
// doubling it nor spread their entries over more memory than they fill.
// A variable only so that a benchmark can start a table at its budget,
// as a long search's table ends up.
var StartBuckets int64 = 1 << 13

// New returns an empty table of at most budget bytes (MinBytes when
// budget is smaller), the largest power-of-two number of buckets within
// it. It allocates 1 MiB at first, or the whole table when smaller.
func New(budget int64) *Table {
	n := int64(MinBytes / bucketBytes)
	for n*2*bucketBytes <= budget && n < 1<<40 {
		n *= 2
	}
	start := min(n, StartBuckets)
	t := &Table{maxLen: int(n), seed: 0x9e3779b97f4a7c15, budget: budget}
	if sb := seenBytes(budget); sb > 0 && sb+start*bucketBytes <= budget {
		t.seen.Store(newFilter(sb))
	}
	t.narrow.Store(&arr[narrowBucket]{b: newBuckets[narrowBucket](int(start)), mask: uint64(start - 1)})
	return t
}

// Hash returns the hash of k that GetHash and Touch take: the finalizer
// of MurmurHash3 on each half, so that every bit of the key reaches the
// low bits that pick a bucket.
func (t *Table) Hash(k game.Key) uint64 {
	return fmix(k.Lo ^ fmix(k.Hi+t.seed))
}

func fmix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// Version bits of a bucket: writing (odd) and retired. A writer makes the
// version odd while it writes and adds 4 in all when done; a reader reads
// the version, the entries, and the version again, and retries when the
// version was odd or changed. A retired bucket's entries never change
// again: a writer that finds one goes to the new array.
const (
	verWriting = 1
	verRetired = 2
)

// Get returns the fact stored for k, or 0 when none: O(1), one bucket
// read, no lock, no allocation.
func (t *Table) Get(k game.Key) uint32 { return t.GetHash(t.Hash(k), k) }

// Touch starts fetching the bucket where a key of hash h would be,
// unless the filter tells that no such key was stored, so that a GetHash
// of that key soon after finds the bucket in the processor's cache:
// reads in flight together overlap, where each waits for memory alone.
func (t *Table) Touch(h uint64) {
	if f := t.seen.Load(); f != nil && !f.has(h) {
		return
	}
	if w := t.wide.Load(); w != nil {
		prefetch.Pair(unsafe.Pointer(&w.b[h&w.mask]))
		return
	}
	a := t.narrow.Load()
	prefetch.Pair(unsafe.Pointer(&a.b[h&a.mask]))
}

// GetHash is Get of a key whose Hash is h.
func (t *Table) GetHash(h uint64, k game.Key) uint32 {
	if f := t.seen.Load(); f != nil && !f.has(h) {
		return 0 // never stored
	}
	for {
		if w := t.wide.Load(); w != nil {
			return getIn(&t.wide, h, k)
		}
		if k.Hi != 0 {
			return 0 // no wide key was stored yet
		}
		if f, ok := getNarrow(t, h, k); ok {
			return f
		}
	}
}

// getNarrow reads k in the narrow array, and false when the table was
// widened: read the wide array.
func getNarrow(t *Table, h uint64, k game.Key) (uint32, bool) {
	for spins := 0; ; spins++ {
		a := t.narrow.Load()
		f, v, ok := probe(&a.b[h&a.mask], k)
		if v&verRetired != 0 && t.wide.Load() != nil {
			// Retired by widening: the entries are in the wide array,
			// and the narrow one may be the stub that replaces it.
			return 0, false
		}
		if ok {
			return f, true
		}
		backoff(spins)
	}
}

// getIn reads k in the array of p, retrying while its bucket is written.
func getIn[B any, PB slots[B]](p *atomic.Pointer[arr[B]], h uint64, k game.Key) uint32 {
	for spins := 0; ; spins++ {
		a := p.Load()
		if f, _, ok := probe(PB(&a.b[h&a.mask]), k); ok {
			return f
		}
		backoff(spins)
	}
}

// probe reads k's fact in bucket b, and false when b was being written.
// It also returns the version it read.
func probe[B any, PB slots[B]](b PB, k game.Key) (uint32, uint32, bool) {
	ver := b.version()
	v := ver.Load()
	if v&verWriting != 0 {
		return 0, v, false
	}
	var fact uint32
	for j := range b.ways() {
		if b.has(j, k) {
			fact = b.word(j).Load() & FactMask
			break
		}
	}
	return fact, v, ver.Load() == v
}

// backoff lets another goroutine run now and then while a bucket is being
// written or the table grown.
func backoff(spins int) {
	if spins%16 == 15 {
		runtime.Gosched()
	}
}

// Put records fact for k, which cost work expanded positions, merged with
// what is known of k: amortized O(1), a lock on one bucket; it allocates
// only when it grows the table.
func (t *Table) Put(k game.Key, fact uint32, work uint64) {
	h := t.Hash(k)
	if f := t.seen.Load(); f != nil {
		// Marked before the entry is written: a reader that finds the
		// bit clear may miss the entry being written, as it would had it
		// read a moment earlier.
		f.add(h)
	}
	for spins := 0; ; spins++ {
		if t.wide.Load() != nil {
			putIn(t, &t.wide, h, k, fact, work)
			return
		}
		if k.Hi != 0 {
			t.widen()
			continue
		}
		if putIn(t, &t.narrow, h, k, fact, work) {
			return
		}
		backoff(spins)
	}
}

// lock locks the bucket of hash h in the array of p for writing, and
// returns the array, the bucket and its version before; false when that
// array was retired by widening (put again).
func lock[B any, PB slots[B]](t *Table, p *atomic.Pointer[arr[B]], h uint64) (*arr[B], PB, uint32, bool) {
	for spins := 0; ; spins++ {
		a := p.Load()
		b := PB(&a.b[h&a.mask])
		v := b.version().Load()
		if v&(verWriting|verRetired) == 0 && b.version().CompareAndSwap(v, v+verWriting) {
			return a, b, v, true
		}
		if v&verRetired != 0 && p == any(&t.narrow) && t.wide.Load() != nil {
			return nil, nil, 0, false
		}
		backoff(spins)
	}
}

// putIn records fact for k in the array of p, and returns false when
// that array was retired by widening (put again).
func putIn[B any, PB slots[B]](t *Table, p *atomic.Pointer[arr[B]], h uint64, k game.Key, fact uint32, work uint64) bool {
	a, b, v, ok := lock[B, PB](t, p, h)
	if !ok {
		return false
	}
	victim, empty := -1, -1
	ways := b.ways()
	for j := range ways {
		bw := b.word(j).Load()
		switch {
		case bw == 0:
			if empty < 0 {
				empty = j
			}
		case b.has(j, k):
			b.word(j).Store(packWord(Merge(bw&FactMask, fact), work))
			b.version().Store(v + 4)
			return true
		case victim < 0 || bw>>FactBits < b.word(victim).Load()>>FactBits:
			victim = j
		}
	}
	n := len(a.b)
	evicted := false
	if empty >= 0 {
		victim = empty
	} else if n < t.maxLen && t.entries.Load() >= int64(n)*int64(ways)/2 {
		// A full bucket in a table half full that may grow: grow,
		// rather than evict, and try again. (Below that, a full bucket
		// is bad luck, and one eviction costs less than doubling.)
		b.version().Store(v + 4)
		grow[B, PB](t, p, n)
		return putIn[B, PB](t, p, h, k, fact, work)
	} else {
		evicted = true
	}
	b.set(victim, k, packWord(fact, work))
	b.version().Store(v + 4)
	t.stores.Add(1)
	if evicted {
		t.evictions.Add(1)
		return true
	}
	if e := t.entries.Add(1); e > int64(n)*int64(ways)/2 && n < t.maxLen {
		grow[B, PB](t, p, n)
	}
	return true
}

// size returns the number of buckets now.
func (t *Table) size() int64 {
	if w := t.wide.Load(); w != nil {
		return int64(len(w.b))
	}
	return int64(len(t.narrow.Load().b))
}

// ArrayBytes returns the size of the table's array of buckets now,
// without its filter: what a worker's caches compare with the
// processor's.
func (t *Table) ArrayBytes() int64 { return t.size() * bucketBytes }

// Wide reports whether the table holds keys of 128 bits.
func (t *Table) Wide() bool { return t.wide.Load() != nil }

// Stats returns the table's counts and size.
func (t *Table) Stats() Stats {
	capacity := int64(t.maxLen) * narrowWays
	if t.wide.Load() != nil {
		capacity = int64(t.maxLen) * wideWays
	}
	return Stats{Stores: t.stores.Load(), Evictions: t.evictions.Load(),
		Entries: t.entries.Load(), Capacity: capacity,
		Bytes: t.ArrayBytes() + t.seen.Load().bytes()}
}
