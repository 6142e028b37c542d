package search

import (
	"hash/maphash"
	"math/bits"
	"reflect"
	"sync"
	"sync/atomic"

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
const ways = 8

// stripes is the number of locks of a table: a bucket is guarded by lock
// bucket % stripes.
const stripes = 1 << 10

// bucket is eight packed keys and their words: 160 bytes, 20 an entry.
type bucket struct {
	keys  [ways]game.Key
	words [ways]uint32
}

// bytesPerEntry is what an entry of the packed table costs.
const bytesPerEntry = 20

// table is a transposition table of positions packed into game.Keys,
// hashed into buckets of eight entries. Its buckets are guarded by striped
// locks (a key's stripe is the low bits of its hash), so that the workers
// of one search share it. It starts small, for locality, and doubles
// when a bucket is full and the table is half full, up to its budget;
// otherwise, when a bucket is full, the entry that cost the least work is
// replaced (the cheapest to compute again). So it never grows past its budget, and a search that needs more
// recomputes what was evicted.
type table struct {
	locks [stripes]sync.Mutex
	// buckets and mask change only with every lock held (grow), so one
	// lock is enough to read them.
	buckets []bucket
	mask    uint64
	maxLen  int // buckets the budget allows
	seed    uint64

	hits, misses, stores, evictions atomic.Uint64
	entries                         atomic.Int64
}

// minBuckets is the size a table starts at: a multiple of stripes, so
// that a key's stripe does not change when the table doubles.
const minBuckets = stripes

// startBuckets is the size a table starts at when its budget allows: 1.3
// MB, so that small searches do not spend their time doubling it.
const startBuckets = 8 * stripes

func newTable(budget int64) *table {
	n := int64(minBuckets)
	for n*2*ways*bytesPerEntry <= budget && n < 1<<40 {
		n *= 2
	}
	start := min(n, startBuckets)
	return &table{buckets: make([]bucket, start), mask: uint64(start - 1), maxLen: int(n), seed: 0x9e3779b97f4a7c15}
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

// get returns the fact stored for k (0 when none).
func (t *table) get(k game.Key) uint32 {
	h := t.hash(k)
	mu := &t.locks[h%stripes]
	mu.Lock()
	b := &t.buckets[h&t.mask]
	var fact uint32
	for j := range ways {
		if b.words[j] != 0 && b.keys[j] == k {
			fact = b.words[j] & factMask
			break
		}
	}
	mu.Unlock()
	if fact != 0 {
		t.hits.Add(1)
	} else {
		t.misses.Add(1)
	}
	return fact
}

// put records fact for k, which cost work expanded positions, merged with
// what is known of k.
func (t *table) put(k game.Key, fact uint32, work uint64) {
	h := t.hash(k)
	w := packWord(fact, work)
	mu := &t.locks[h%stripes]
	mu.Lock()
	b := &t.buckets[h&t.mask]
	victim, empty := -1, -1
	for j := range ways {
		switch {
		case b.words[j] == 0:
			if empty < 0 {
				empty = j
			}
		case b.keys[j] == k:
			b.words[j] = packWord(merge(b.words[j]&factMask, fact), work)
			mu.Unlock()
			return
		case victim < 0 || b.words[j]>>factBits < b.words[victim]>>factBits:
			victim = j
		}
	}
	n := len(t.buckets)
	evicted := false
	if empty >= 0 {
		victim = empty
	} else if n < t.maxLen && t.entries.Load() >= int64(n)*ways/2 {
		// A full bucket in a table half full that may grow: grow,
		// rather than evict, and try again. (Below that, a full bucket
		// is bad luck, and one eviction costs less than doubling.)
		mu.Unlock()
		t.grow(n)
		t.put(k, fact, work)
		return
	} else {
		evicted = true
	}
	b.keys[victim], b.words[victim] = k, w
	mu.Unlock()
	t.stores.Add(1)
	if evicted {
		t.evictions.Add(1)
		return
	}
	if e := t.entries.Add(1); e > int64(n)*ways/2 && n < t.maxLen {
		t.grow(n)
	}
}

// grow doubles the table from n buckets, unless another worker did.
// Holding every lock, it moves each entry of bucket i to bucket i or
// i+n, which the eight entries of bucket i always fit.
func (t *table) grow(n int) {
	for i := range t.locks {
		t.locks[i].Lock()
	}
	if len(t.buckets) == n {
		nb := make([]bucket, 2*n)
		mask := uint64(2*n - 1)
		for i := range t.buckets {
			b := &t.buckets[i]
			for j := range ways {
				if b.words[j] == 0 {
					continue
				}
				d := &nb[t.hash(b.keys[j])&mask]
				for k := range ways {
					if d.words[k] == 0 {
						d.keys[k], d.words[k] = b.keys[j], b.words[j]
						break
					}
				}
			}
		}
		t.buckets, t.mask = nb, mask
	}
	for i := range t.locks {
		t.locks[i].Unlock()
	}
}

// size returns the number of buckets now.
func (t *table) size() int64 {
	t.locks[0].Lock()
	defer t.locks[0].Unlock()
	return int64(len(t.buckets))
}

func (t *table) capacity() int64 { return int64(t.maxLen) * ways }
func (t *table) bytes() int64    { return t.size() * ways * bytesPerEntry }

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

	hits, misses, stores, evictions atomic.Uint64
	entries                         atomic.Int64
}

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
	if w != 0 {
		t.hits.Add(1)
	} else {
		t.misses.Add(1)
	}
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
	return Stats{Hits: t.hits.Load(), Misses: t.misses.Load(), Stores: t.stores.Load(),
		Evictions: t.evictions.Load(), Entries: t.entries.Load(), Capacity: t.capacity(),
		Bytes: t.bytes(), Packed: true}
}

func (t *mapTable[P]) stats() Stats {
	return Stats{Hits: t.hits.Load(), Misses: t.misses.Load(), Stores: t.stores.Load(),
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
