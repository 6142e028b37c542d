package tt

import (
	"hash/maphash"
	"reflect"
	"sync"
	"sync/atomic"
)

// Map is the table of a game whose positions have no keys: positions
// themselves as keys, in striped maps whose total size is bounded by the
// budget at an estimated mapEntryBytes an entry. Its facts are those of a
// Table. A full stripe drops an arbitrary entry (Go's map order is
// random) to make room. Safe for concurrent use: a lock a stripe.
type Map[P comparable] struct {
	stripes [stripes]stripe[P]
	limit   int // entries a stripe may hold
	seed    maphash.Seed

	stores, evictions atomic.Uint64
	entries           atomic.Int64
}

type stripe[P comparable] struct {
	mu sync.Mutex
	m  map[P]uint32
}

// stripes is the number of locks (and maps) of a Map.
const stripes = 1 << 10

// mapEntryBytes is the estimated cost of a map entry: key, word, and the
// map's own overhead.
func mapEntryBytes[P comparable]() int64 {
	return int64(reflect.TypeFor[P]().Size()) + 4 + 24
}

// NewMap returns an empty Map of about budget bytes.
func NewMap[P comparable](budget int64) *Map[P] {
	t := &Map[P]{seed: maphash.MakeSeed()}
	t.limit = int(max(1, budget/mapEntryBytes[P]()/stripes))
	for i := range t.stripes {
		t.stripes[i].m = make(map[P]uint32)
	}
	return t
}

func (t *Map[P]) stripe(p P) *stripe[P] {
	return &t.stripes[maphash.Comparable(t.seed, p)%stripes]
}

// Get returns the fact stored for p, or 0 when none.
func (t *Map[P]) Get(p P) uint32 {
	s := t.stripe(p)
	s.mu.Lock()
	w := s.m[p]
	s.mu.Unlock()
	return w & FactMask
}

// Put records fact for p, which cost work expanded positions, merged
// with what is known of p.
func (t *Map[P]) Put(p P, fact uint32, work uint64) {
	s := t.stripe(p)
	w := packWord(fact, work)
	s.mu.Lock()
	old, ok := s.m[p]
	if ok {
		w = packWord(Merge(old&FactMask, fact), work)
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

// Stats returns the map's counts and estimated size.
func (t *Map[P]) Stats() Stats {
	return Stats{Stores: t.stores.Load(), Evictions: t.evictions.Load(), Entries: t.entries.Load(),
		Capacity: int64(t.limit) * stripes, Bytes: int64(t.limit) * stripes * mapEntryBytes[P]()}
}
