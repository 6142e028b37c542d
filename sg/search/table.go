package search

import (
	"hash/maphash"
	"math/bits"
	"reflect"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/impartial-go/impartial/game"
)

// An entry's word: 0 for an empty slot; otherwise the fact it records in
// the low 24 bits and, above them, the log2 of the work (positions
// expanded) that the fact cost, which the replacement policy keeps the
// most of.
//
// The facts: value v is stored as v+1 (so up to maxValue); or, with the
// excluded flag, a set of values the position is known not to have, as
// bits 0…maskBits-1 (an N-position whose value is not yet known has bit 0).
const (
	factBits = 24
	factMask = 1<<factBits - 1
	excluded = 1 << (factBits - 1)
	maskBits = factBits - 1
	maxValue = MaxValue // excluded - 2
	notZero  = excluded | 1
)

// merge returns the fact to keep when new is learnt about a position for
// which old was known: a value wins over exclusions, and exclusions add up.
func merge(old, new uint32) uint32 {
	switch {
	case old == 0 || new&excluded == 0:
		return new
	case old&excluded == 0:
		return old
	}
	return old | new
}

func packWord(fact uint32, work uint64) uint32 {
	w := uint32(bits.Len64(work))
	if w > 255 {
		w = 255
	}
	return w<<factBits | fact
}

// A bucket is 128 bytes, two adjacent cache lines (which processors fetch
// together), so that a probe costs one memory access: a version, then
// the entries' words, then their keys. A table starts with narrow
// buckets, of ten 64-bit keys (12.8 bytes an entry), and turns them into
// wide ones, of six 128-bit keys (21.3 bytes an entry), the first time
// it is given a key whose high half is not zero: boards of up to 64
// cells, and the canonical forms of regions of up to 64 cells on larger
// boards, never need the wide ones.
//
// The version makes reads lock-free (a sequence lock): a writer makes it
// odd while it writes and adds 4 in all when done; a reader reads the
// version, the entries, and the version again, and retries when the
// version was odd or changed. A version with bit 1 set marks a bucket
// retired by a grow: its entries never change again, and a writer that
// finds it goes to the new array.
const bucketBytes = 128

// Entries a bucket holds: a key's entry may be in any of them.
const (
	narrowWays = 10
	wideWays   = 6
)

type narrowBucket struct {
	ver   atomic.Uint32
	words [narrowWays]atomic.Uint32
	keys  [narrowWays]atomic.Uint64 // after 4 bytes of padding
}

type wideBucket struct {
	ver   atomic.Uint32
	words [wideWays]atomic.Uint32
	keys  [wideWays][2]atomic.Uint64 // after 4 bytes of padding
}

// slots is what the table's code asks of a bucket of either kind.
type slots[B any] interface {
	*B
	version() *atomic.Uint32
	ways() int
	word(j int) *atomic.Uint32
	has(j int, k game.Key) bool
	key(j int) game.Key
	set(j int, k game.Key, w uint32)
}

func (b *narrowBucket) version() *atomic.Uint32    { return &b.ver }
func (b *narrowBucket) ways() int                  { return narrowWays }
func (b *narrowBucket) word(j int) *atomic.Uint32  { return &b.words[j] }
func (b *narrowBucket) has(j int, k game.Key) bool { return b.keys[j].Load() == k.Lo && k.Hi == 0 }
func (b *narrowBucket) key(j int) game.Key         { return game.Key{Lo: b.keys[j].Load()} }
func (b *narrowBucket) set(j int, k game.Key, w uint32) {
	b.keys[j].Store(k.Lo)
	b.words[j].Store(w)
}

func (b *wideBucket) version() *atomic.Uint32   { return &b.ver }
func (b *wideBucket) ways() int                 { return wideWays }
func (b *wideBucket) word(j int) *atomic.Uint32 { return &b.words[j] }
func (b *wideBucket) has(j int, k game.Key) bool {
	return b.keys[j][0].Load() == k.Lo && b.keys[j][1].Load() == k.Hi
}
func (b *wideBucket) key(j int) game.Key {
	return game.Key{Lo: b.keys[j][0].Load(), Hi: b.keys[j][1].Load()}
}
func (b *wideBucket) set(j int, k game.Key, w uint32) {
	b.keys[j][0].Store(k.Lo)
	b.keys[j][1].Store(k.Hi)
	b.words[j].Store(w)
}

// arr is one array of buckets; a grow replaces it with one twice as long.
type arr[B any] struct {
	b    []B
	mask uint64
}

// table is a transposition table of positions packed into game.Keys,
// hashed into buckets of ten or six entries (see bucketBytes). Reads take
// no lock and write nothing shared; a write locks its bucket alone, so the
// workers of one search share the table without meeting. It starts
// small, for locality, and doubles when a bucket is full and the table is
// half full, up to its budget; otherwise, when a bucket is full, the
// entry that cost the least work is replaced (the cheapest to compute
// again). So it never grows past its budget, and a search that needs more
// recomputes what was evicted.
type table struct {
	narrow atomic.Pointer[arr[narrowBucket]] // retiredNarrow once widened
	wide   atomic.Pointer[arr[wideBucket]]   // nil until the first wide key
	growMu sync.Mutex
	maxLen int // buckets the budget allows
	seed   uint64

	stores, evictions atomic.Uint64
	entries           atomic.Int64

	// seen is a filter of the keys stored (a Bloom filter of one hash):
	// a key whose bit is clear was never stored, so get answers it from
	// this small array, which stays in the processor's cache, without
	// reading a bucket of the large one; most lookups of a search are of
	// positions never met. Nil for small budgets, and dropped when the
	// table grows to the size where the two would not fit the budget
	// (by then most of its bits would be set).
	seen   atomic.Pointer[filter]
	budget int64
}

// A filter is the bits of table.seen.
type filter struct {
	words []atomic.Uint64
	log   uint // log2 of the number of bits
}

// bit returns the word and bit of hash h.
func (f *filter) bit(h uint64) (*atomic.Uint64, uint64) {
	i := h >> (64 - f.log) // the high bits: the low ones pick the bucket
	return &f.words[i/64], 1 << (i % 64)
}

func (f *filter) bytes() int64 {
	if f == nil {
		return 0
	}
	return int64(len(f.words)) * 8
}

// seenBytes returns the size of the filter of a table of the given
// budget: a 256th of it, a power of two from 64 KiB to 128 KiB (a part of
// a processor's second-level cache: on Cram 5×7 a filter of 1 MiB, which
// is not, saved less time than this one), or none below 16 MiB.
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

// minBuckets is the fewest buckets a table has: those of MinMemory.
const minBuckets = MinMemory / bucketBytes

// startBuckets is the size a table starts at when its budget allows: 1
// MiB, 10240 entries. Small searches then neither spend their time
// doubling it nor spread their entries over more memory than they fill
// (Cram 5×6, 53k entries, ran faster from 1 MiB than from 4 MiB).
// A variable only so that a benchmark can start a table at its budget
// (BenchmarkColdTable), as a long search's table ends up.
var startBuckets int64 = 1 << 13

func newTable(budget int64) *table {
	n := int64(minBuckets)
	for n*2*bucketBytes <= budget && n < 1<<40 {
		n *= 2
	}
	start := min(n, startBuckets)
	t := &table{maxLen: int(n), seed: 0x9e3779b97f4a7c15, budget: budget}
	if sb := seenBytes(budget); sb > 0 && sb+start*bucketBytes <= budget {
		t.seen.Store(&filter{words: make([]atomic.Uint64, sb/8), log: uint(bits.Len64(uint64(sb*8)) - 1)})
	}
	t.narrow.Store(&arr[narrowBucket]{b: newBuckets[narrowBucket](int(start)), mask: uint64(start - 1)})
	return t
}

// hash mixes both halves of k: the finalizer of MurmurHash3 on each half,
// so that every bit of the key reaches the low bits that pick a bucket.
func (t *table) hash(k game.Key) uint64 {
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

// Version bits of a bucket: writing (odd) and retired.
const (
	verWriting = 1
	verRetired = 2
)

// get returns the fact stored for k (0 when none), without a lock.
func (t *table) get(k game.Key) uint32 { return t.getHash(t.hash(k), k) }

// touch starts reading the bucket where a key of hash h would be, unless
// the filter tells that no such key was stored, so that a getHash of
// that key soon after finds the bucket in the processor's cache. A read
// of a large table waits for memory, but reads in flight together
// overlap, so a worker fetches the buckets of an option's components
// two options before it reads them (worker.splitPacked). In a table of
// 256 MiB whose reads each wait for the one before, a bucket fetched two
// reads ahead halves the time of a read (BenchmarkTableTouch: 49–56 ns
// against 98–121 ns on this project's two-core machine).
func (t *table) touch(h uint64) {
	if f := t.seen.Load(); f != nil {
		if w, b := f.bit(h); w.Load()&b == 0 {
			return
		}
	}
	if w := t.wide.Load(); w != nil {
		prefetch(unsafe.Pointer(&w.b[h&w.mask]))
		return
	}
	a := t.narrow.Load()
	prefetch(unsafe.Pointer(&a.b[h&a.mask]))
}

// getHash is get of a key whose hash is h.
func (t *table) getHash(h uint64, k game.Key) uint32 {
	if f := t.seen.Load(); f != nil {
		if w, b := f.bit(h); w.Load()&b == 0 {
			return 0 // never stored
		}
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
func getNarrow(t *table, h uint64, k game.Key) (uint32, bool) {
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
			fact = b.word(j).Load() & factMask
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

// put records fact for k, which cost work expanded positions, merged with
// what is known of k.
func (t *table) put(k game.Key, fact uint32, work uint64) {
	h := t.hash(k)
	if f := t.seen.Load(); f != nil {
		// Marked before the entry is written: a reader that finds the
		// bit clear may miss the entry being written, as it would had it
		// read a moment earlier.
		if w, b := f.bit(h); w.Load()&b == 0 {
			w.Or(b)
		}
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

// putIn records fact for k in the array of p, and returns false when
// that array was retired by widening (put again).
func putIn[B any, PB slots[B]](t *table, p *atomic.Pointer[arr[B]], h uint64, k game.Key, fact uint32, work uint64) bool {
	w := packWord(fact, work)
	var a *arr[B]
	var b PB
	var v uint32
	for spins := 0; ; spins++ {
		a = p.Load()
		b = PB(&a.b[h&a.mask])
		v = b.version().Load()
		if v&(verWriting|verRetired) == 0 && b.version().CompareAndSwap(v, v+verWriting) {
			break
		}
		if v&verRetired != 0 && p == any(&t.narrow) && t.wide.Load() != nil {
			return false
		}
		backoff(spins)
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
			b.word(j).Store(packWord(merge(bw&factMask, fact), work))
			b.version().Store(v + 4)
			return true
		case victim < 0 || bw>>factBits < b.word(victim).Load()>>factBits:
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
	b.set(victim, k, w)
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
func grow[B any, PB slots[B]](t *table, p *atomic.Pointer[arr[B]], n int) {
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
				insert[B, PB](nb, t.hash(k)&nb.mask, k, w)
			}
		}
		b.version().Store(v + verRetired) // even, retired: its entries stay readable
	}
	p.Store(nb)
	if bytes := len(old.b) * int(unsafe.Sizeof(old.b[0])); bytes >= releaseAfterGrow {
		// Readers leave the old array within a lookup. Collect it now and
		// hand its pages back: otherwise the old arrays, half the new
		// one's size in all, stay resident until the collector's next
		// cycle, which a search that allocates nothing else may never
		// start (Cram 6×7 in a 1 GiB table peaked at 2.1 GB).
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
func (t *table) widen() {
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
				if !insert[wideBucket](nw, t.hash(k)&nw.mask, k, w) {
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
	// collected (the table's size counts the wide array alone), and
	// release it at once when large, as grow does.
	t.narrow.Store(&retiredNarrow)
	if bytes := len(old.b) * bucketBytes; bytes >= releaseAfterGrow {
		debug.FreeOSMemory()
	}
}

// retiredNarrow is the narrow array of every widened table: one bucket,
// retired, which no one writes (see widen).
var retiredNarrow = func() arr[narrowBucket] {
	a := arr[narrowBucket]{b: make([]narrowBucket, 1)}
	a.b[0].ver.Store(verRetired)
	return a
}()

// size returns the number of buckets now.
func (t *table) size() int64 {
	if w := t.wide.Load(); w != nil {
		return int64(len(w.b))
	}
	return int64(len(t.narrow.Load().b))
}

// capacity returns the most entries the table may hold: in wide buckets
// once it has any, else in narrow ones.
func (t *table) capacity() int64 {
	if t.wide.Load() != nil {
		return int64(t.maxLen) * wideWays
	}
	return int64(t.maxLen) * narrowWays
}

func (t *table) bytes() int64 { return t.size()*bucketBytes + t.seen.Load().bytes() }

// dropFilter drops the filter seen when an array of n buckets and it
// would not fit the budget together. Called with growMu held, before the
// array is made.
func (t *table) dropFilter(n int) {
	if f := t.seen.Load(); f != nil && int64(n)*bucketBytes+f.bytes() > t.budget {
		t.seen.Store(nil)
	}
}

// mapTable is the table of a game without a game.Packer: positions
// themselves as keys, in striped maps whose total size is bounded by the
// budget at an estimated mapEntryBytes an entry. A full stripe drops an
// arbitrary entry (Go's map order is random) to make room.
type mapTable[P comparable] struct {
	stripes [stripes]struct {
		mu sync.Mutex
		m  map[P]uint32
	}
	limit int // entries a stripe may hold
	seed  maphash.Seed

	stores, evictions atomic.Uint64
	entries           atomic.Int64
}

// stripes is the number of locks (and maps) of a mapTable.
const stripes = 1 << 10

// mapEntryBytes is the estimated cost of a map entry: key, word, and the
// map's own overhead.
func mapEntryBytes[P comparable]() int64 {
	return int64(reflect.TypeFor[P]().Size()) + 4 + 24
}

func newMapTable[P comparable](budget int64) *mapTable[P] {
	t := &mapTable[P]{seed: maphash.MakeSeed()}
	t.limit = int(max(1, budget/mapEntryBytes[P]()/stripes))
	for i := range t.stripes {
		t.stripes[i].m = make(map[P]uint32)
	}
	return t
}

func (t *mapTable[P]) stripe(p P) *struct {
	mu sync.Mutex
	m  map[P]uint32
} {
	return &t.stripes[maphash.Comparable(t.seed, p)%stripes]
}

func (t *mapTable[P]) get(p P) uint32 {
	s := t.stripe(p)
	s.mu.Lock()
	w := s.m[p]
	s.mu.Unlock()
	return w & factMask
}

func (t *mapTable[P]) put(p P, fact uint32, work uint64) {
	s := t.stripe(p)
	w := packWord(fact, work)
	s.mu.Lock()
	old, ok := s.m[p]
	if ok {
		w = packWord(merge(old&factMask, fact), work)
	}
	evicted := false
	if !ok && len(s.m) >= t.limit {
		for q := range s.m {
			delete(s.m, q)
			break
		}
		evicted = true
	}
	s.m[p] = w
	s.mu.Unlock()
	if ok {
		return
	}
	t.stores.Add(1)
	if evicted {
		t.evictions.Add(1)
	} else {
		t.entries.Add(1)
	}
}

// store is what a search asks of its table, for either kind.
type store[P comparable] interface {
	get(p P) uint32
	put(p P, fact uint32, work uint64)
	stats() Stats
}

// packed is the table of a game.Packer.
type packed[P comparable] struct {
	t  *table
	pk game.Packer[P]
}

func (s packed[P]) get(p P) uint32                    { return s.t.get(s.pk.Pack(p)) }
func (s packed[P]) put(p P, fact uint32, work uint64) { s.t.put(s.pk.Pack(p), fact, work) }
func (s packed[P]) stats() Stats {
	t := s.t
	return Stats{Stores: t.stores.Load(),
		Evictions: t.evictions.Load(), Entries: t.entries.Load(), Capacity: t.capacity(),
		Bytes: t.bytes(), Packed: true}
}

func (t *mapTable[P]) stats() Stats {
	return Stats{Stores: t.stores.Load(),
		Evictions: t.evictions.Load(), Entries: t.entries.Load(),
		Capacity: int64(t.limit) * stripes, Bytes: int64(t.limit) * stripes * mapEntryBytes[P]()}
}

// MaxValue is excluded-2, the largest v whose v+1 is not a set of
// exclusions: both array lengths are zero exactly then (else one is
// negative, which does not compile).
var (
	_ [MaxValue - (excluded - 2)]struct{}
	_ [(excluded - 2) - MaxValue]struct{}
)

// Both kinds of bucket are bucketBytes long: the array lengths are all
// zero exactly then.
var (
	_ [unsafe.Sizeof(narrowBucket{}) - bucketBytes]struct{}
	_ [bucketBytes - unsafe.Sizeof(narrowBucket{})]struct{}
	_ [unsafe.Sizeof(wideBucket{}) - bucketBytes]struct{}
	_ [bucketBytes - unsafe.Sizeof(wideBucket{})]struct{}
)
