package search

import (
	"hash/maphash"
	"math/bits"
	"reflect"
	"runtime"
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

// ways is the number of entries a bucket holds: a key's entry may be in
// any of them.
const ways = 6

// bucket is six packed keys, their words and a version: 128 bytes, two
// adjacent cache lines (which processors fetch together), so that a probe
// costs one memory access.
//
// The version makes reads lock-free (a sequence lock): a writer makes it
// odd while it writes and adds 4 in all when done; a reader reads the
// version, the entries, and the version again, and retries when the
// version was odd or changed. A version with bit 1 set marks a bucket
// retired by a grow: its entries never change again, and a writer that
// finds it goes to the new array.
type bucket struct {
	ver   atomic.Uint32
	words [ways]atomic.Uint32
	keys  [ways][2]atomic.Uint64 // after 4 bytes of padding
}

// bucketBytes is the size of a bucket.
const bucketBytes = 128

// arr is one array of buckets; a grow replaces it with one twice as long.
type arr struct {
	b    []bucket
	mask uint64
}

// table is a transposition table of positions packed into game.Keys,
// hashed into buckets of six entries. Reads take no lock and write
// nothing shared; a write locks its bucket alone (see bucket), so the
// workers of one search share the table without meeting. It starts
// small, for locality, and doubles when a bucket is full and the table is
// half full, up to its budget; otherwise, when a bucket is full, the
// entry that cost the least work is replaced (the cheapest to compute
// again). So it never grows past its budget, and a search that needs more
// recomputes what was evicted.
type table struct {
	cur    atomic.Pointer[arr]
	growMu sync.Mutex
	maxLen int // buckets the budget allows
	seed   uint64

	stores, evictions atomic.Uint64
	entries           atomic.Int64
}

// minBuckets is the fewest buckets a table has: those of MinMemory.
const minBuckets = MinMemory / bucketBytes

// startBuckets is the size a table starts at when its budget allows: 4
// MiB, so that small searches do not spend their time doubling it.
const startBuckets = 1 << 15

func newTable(budget int64) *table {
	n := int64(minBuckets)
	for n*2*bucketBytes <= budget && n < 1<<40 {
		n *= 2
	}
	start := min(n, startBuckets)
	t := &table{maxLen: int(n), seed: 0x9e3779b97f4a7c15}
	t.cur.Store(&arr{b: make([]bucket, start), mask: uint64(start - 1)})
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
func (t *table) get(k game.Key) uint32 {
	h := t.hash(k)
	for spins := 0; ; spins++ {
		a := t.cur.Load()
		b := &a.b[h&a.mask]
		v := b.ver.Load()
		if v&verWriting != 0 {
			backoff(spins)
			continue
		}
		var fact uint32
		for j := range ways {
			if b.keys[j][0].Load() == k.Lo && b.keys[j][1].Load() == k.Hi {
				fact = b.words[j].Load() & factMask
				break
			}
		}
		if b.ver.Load() == v {
			return fact
		}
	}
}

// backoff lets another goroutine run now and then while a bucket is being
// written or the table grown.
func backoff(spins int) {
	if spins%16 == 15 {
		runtime.Gosched()
	}
}

// lock locks k's bucket in the current array for writing and returns the
// array, the bucket and its version before the lock.
func (t *table) lock(h uint64) (*arr, *bucket, uint32) {
	for spins := 0; ; spins++ {
		a := t.cur.Load()
		b := &a.b[h&a.mask]
		v := b.ver.Load()
		if v&(verWriting|verRetired) == 0 && b.ver.CompareAndSwap(v, v+verWriting) {
			return a, b, v
		}
		backoff(spins)
	}
}

// put records fact for k, which cost work expanded positions, merged with
// what is known of k.
func (t *table) put(k game.Key, fact uint32, work uint64) {
	h := t.hash(k)
	w := packWord(fact, work)
	a, b, v := t.lock(h)
	victim, empty := -1, -1
	for j := range ways {
		bw := b.words[j].Load()
		switch {
		case bw == 0:
			if empty < 0 {
				empty = j
			}
		case b.keys[j][0].Load() == k.Lo && b.keys[j][1].Load() == k.Hi:
			b.words[j].Store(packWord(merge(bw&factMask, fact), work))
			b.ver.Store(v + 4)
			return
		case victim < 0 || bw>>factBits < b.words[victim].Load()>>factBits:
			victim = j
		}
	}
	n := len(a.b)
	evicted := false
	if empty >= 0 {
		victim = empty
	} else if n < t.maxLen && t.entries.Load() >= int64(n)*ways/2 {
		// A full bucket in a table half full that may grow: grow,
		// rather than evict, and try again. (Below that, a full bucket
		// is bad luck, and one eviction costs less than doubling.)
		b.ver.Store(v + 4)
		t.grow(n)
		t.put(k, fact, work)
		return
	} else {
		evicted = true
	}
	b.keys[victim][0].Store(k.Lo)
	b.keys[victim][1].Store(k.Hi)
	b.words[victim].Store(w)
	b.ver.Store(v + 4)
	t.stores.Add(1)
	if evicted {
		t.evictions.Add(1)
		return
	}
	if e := t.entries.Add(1); e > int64(n)*ways/2 && n < t.maxLen {
		t.grow(n)
	}
}

// grow doubles the table from n buckets, unless another worker did. It
// locks each old bucket in turn, copies its entries to bucket i or i+n of
// the new array (which they always fit), and retires it; readers go on
// reading the old array until the new one is published, and writers wait
// for it.
func (t *table) grow(n int) {
	t.growMu.Lock()
	defer t.growMu.Unlock()
	old := t.cur.Load()
	if len(old.b) != n {
		return
	}
	nb := &arr{b: make([]bucket, 2*n), mask: uint64(2*n - 1)}
	for i := range old.b {
		b := &old.b[i]
		var v uint32
		for spins := 0; ; spins++ {
			v = b.ver.Load()
			if v&verWriting == 0 && b.ver.CompareAndSwap(v, v+verWriting) {
				break
			}
			backoff(spins)
		}
		for j := range ways {
			w := b.words[j].Load()
			if w == 0 {
				continue
			}
			k := game.Key{Lo: b.keys[j][0].Load(), Hi: b.keys[j][1].Load()}
			d := &nb.b[t.hash(k)&nb.mask]
			for e := range ways {
				if d.words[e].Load() == 0 {
					d.keys[e][0].Store(k.Lo)
					d.keys[e][1].Store(k.Hi)
					d.words[e].Store(w)
					break
				}
			}
		}
		b.ver.Store(v + verRetired) // even, retired: its entries stay readable
	}
	t.cur.Store(nb)
}

// size returns the number of buckets now.
func (t *table) size() int64 { return int64(len(t.cur.Load().b)) }

func (t *table) capacity() int64 { return int64(t.maxLen) * ways }
func (t *table) bytes() int64    { return t.size() * bucketBytes }

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

// A bucket is bucketBytes long: both array lengths are zero exactly then.
var (
	_ [unsafe.Sizeof(bucket{}) - bucketBytes]struct{}
	_ [bucketBytes - unsafe.Sizeof(bucket{})]struct{}
)
