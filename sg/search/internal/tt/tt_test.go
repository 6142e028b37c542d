package tt

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"weak"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
)

// The filter of stored keys is sized within the budget, and a table with
// it answers every stored key with its fact and every other key with
// nothing, across grows, widening (keys of 128 bits) and evictions.
func TestTableSeenFilter(t *testing.T) {
	for _, c := range []struct{ budget, want int64 }{
		{MinBytes, 0}, {16<<20 - 1, 0}, {16 << 20, 64 << 10}, {32 << 20, 128 << 10},
		{256 << 20, 128 << 10}, {8 << 30, 128 << 10},
	} {
		if got := seenBytes(c.budget); got != c.want {
			t.Errorf("seenBytes(%d) = %d, want %d", c.budget, got, c.want)
		}
	}
	for _, c := range []struct {
		budget     int64
		keys, wide int
		kept       bool // the filter stays
	}{
		{256 << 20, 50000, 40000, true},
		{16 << 20, 300000, 200000, false},
	} {
		if !c.kept && raceDetector && !gametest.Long() {
			continue // the table that drops its filter: checked without -race
		}
		tab := New(c.budget)
		if tab.seen.Load() == nil {
			t.Fatalf("no filter at %d bytes", c.budget)
		}
		r := rand.New(rand.NewPCG(3, 4))
		stored := map[game.Key]uint32{}
		for i := range c.keys {
			k := game.Key{Lo: r.Uint64() | 1}
			if i > c.wide {
				k.Hi = r.Uint64() // wide keys from here on
			}
			f := uint32(r.IntN(1000) + 1)
			tab.Put(k, f, uint64(r.IntN(1<<20)))
			stored[k] = f
		}
		if tab.Stats().Bytes > c.budget {
			t.Errorf("table of %d bytes, budget %d", tab.Stats().Bytes, c.budget)
		}
		if (tab.seen.Load() != nil) != c.kept {
			t.Errorf("budget %d, %d keys: filter kept %v, want %v", c.budget, c.keys, tab.seen.Load() != nil, c.kept)
		}
		kept := 0
		for k, f := range stored {
			switch got := tab.Get(k); got {
			case f:
				kept++
			case 0: // evicted
			default:
				t.Fatalf("get(%v) = %d, stored %d", k, got, f)
			}
		}
		if int64(kept) != tab.entries.Load() {
			t.Errorf("budget %d: %d of %d keys found, %d entries", c.budget, kept, len(stored), tab.entries.Load())
		}
		for range 10000 {
			k := game.Key{Lo: r.Uint64() | 1, Hi: r.Uint64()}
			if _, ok := stored[k]; !ok && tab.Get(k) != 0 {
				t.Fatalf("get(%v) of a key never stored = %d", k, tab.Get(k))
			}
		}
	}
}

// Widening lets the narrow array go: the table then refers only to the
// wide one (the narrow array is a shared stub of one retired bucket), the
// narrow array is collected, its size is counted no more, and every entry
// that widening kept is found, with the right fact, under either kind of
// key.
func TestWidenReleasesNarrow(t *testing.T) {
	tab := New(8 << 20)
	stored := map[game.Key]uint32{}
	r := rand.New(rand.NewPCG(5, 6))
	for range 30000 {
		k := game.Key{Lo: r.Uint64() | 1}
		f := uint32(r.IntN(1000) + 1)
		tab.Put(k, f, uint64(r.IntN(1<<20)))
		stored[k] = f
	}
	gone, goneBuckets, narrowBytes := func() (weak.Pointer[arr[narrowBucket]], weak.Pointer[narrowBucket], int64) {
		old := tab.narrow.Load()
		return weak.Make(old), weak.Make(&old.b[0]), int64(len(old.b)) * bucketBytes
	}()
	if tab.Stats().Bytes != narrowBytes {
		t.Fatalf("narrow table of %d bytes counts %d", narrowBytes, tab.Stats().Bytes)
	}
	for range 2000 {
		k := game.Key{Lo: r.Uint64() | 1, Hi: r.Uint64() | 1}
		f := uint32(r.IntN(1000) + 1)
		tab.Put(k, f, uint64(r.IntN(1<<20)))
		stored[k] = f
	}
	w := tab.wide.Load()
	if w == nil {
		t.Fatal("not widened by keys of 128 bits")
	}
	if a := tab.narrow.Load(); a != &retiredNarrow || len(a.b) != 1 || a.b[0].ver.Load()&verRetired == 0 {
		t.Fatalf("after widening the narrow array has %d buckets, not the retired stub", len(a.b))
	}
	if want := int64(len(w.b)) * bucketBytes; tab.Stats().Bytes != want || want < narrowBytes {
		t.Errorf("widened table counts %d bytes, its wide array is %d (narrow was %d)", tab.Stats().Bytes, want, narrowBytes)
	}
	runtime.GC()
	runtime.GC()
	if gone.Value() != nil || goneBuckets.Value() != nil {
		t.Error("the narrow array is still referenced after widening")
	}
	kept := 0
	for k, f := range stored {
		switch got := tab.Get(k); got {
		case f:
			kept++
		case 0: // dropped by widening, or evicted
		default:
			t.Fatalf("get(%v) = %d, stored %d", k, got, f)
		}
	}
	if int64(kept) != tab.entries.Load() || kept < len(stored)*9/10 {
		t.Errorf("%d of %d keys found, %d entries", kept, len(stored), tab.entries.Load())
	}
	// Writers of narrow keys, which meet the stub, store in the wide array.
	k := game.Key{Lo: 12345}
	tab.Put(k, 7, 1)
	if got := tab.Get(k); got != 7 {
		t.Errorf("a narrow key stored after widening reads %d, want 7", got)
	}
	if a := tab.narrow.Load(); a != &retiredNarrow || a.b[0].ver.Load() != verRetired {
		t.Error("the stub was written")
	}
}

// BenchmarkTableTouch reads keys of a table of 256 MiB (far larger than
// the processor's caches), each read's address depending on the result
// of the read before, as a search's reads do when other work separates
// them: "waiting" reads each bucket when its turn comes, "touched" has
// fetched the bucket two reads before (Table.Touch, as splitPacked does).
// It reports ns/read.
func BenchmarkTableTouch(b *testing.B) {
	old := StartBuckets
	StartBuckets = 1 << 40
	defer func() { StartBuckets = old }()
	t := New(256 << 20)
	const stored = 4 << 20
	key := func(i int) game.Key { return game.Key{Lo: uint64(i)*0x9e3779b97f4a7c15 | 1} }
	for i := range stored {
		t.Put(key(i), 1, 1)
	}
	r := rand.New(rand.NewPCG(1, 2))
	keys := make([]game.Key, 1<<16)
	hs := make([]uint64, len(keys))
	for i := range keys {
		keys[i] = key(r.IntN(stored))
		hs[i] = t.Hash(keys[i])
	}
	var sink uint32
	for _, c := range []struct {
		name string
		lag  int
	}{{"waiting", 0}, {"touched", 2}} {
		b.Run(c.name, func(b *testing.B) {
			var f uint32
			reads := 0
			for b.Loop() {
				for i := range keys {
					if c.lag > 0 && i+c.lag < len(keys) {
						t.Touch(hs[i+c.lag])
					}
					// f>>31 is 0 (facts have 24 bits), but the read must
					// wait for the one before to know it.
					j := i ^ int(f>>31)
					f = t.GetHash(hs[j], keys[j])
					sink += f
				}
				reads += len(keys)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(reads), "ns/read")
		})
	}
	if sink == 0 {
		b.Fatal("no key found")
	}
}
