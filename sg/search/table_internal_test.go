package search

import (
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game"
)

// The filter of stored keys is sized within the budget, and a table with
// it answers every stored key with its fact and every other key with
// nothing, across grows, widening (keys of 128 bits) and evictions.
func TestTableSeenFilter(t *testing.T) {
	for _, c := range []struct{ budget, want int64 }{
		{MinMemory, 0}, {16<<20 - 1, 0}, {16 << 20, 64 << 10}, {32 << 20, 128 << 10},
		{DefaultMemory, 128 << 10}, {8 << 30, 128 << 10},
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
		{DefaultMemory, 50000, 40000, true},
		{16 << 20, 300000, 200000, false},
	} {
		tab := newTable(c.budget)
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
			tab.put(k, f, uint64(r.IntN(1<<20)))
			stored[k] = f
		}
		if tab.bytes() > c.budget {
			t.Errorf("table of %d bytes, budget %d", tab.bytes(), c.budget)
		}
		if (tab.seen.Load() != nil) != c.kept {
			t.Errorf("budget %d, %d keys: filter kept %v, want %v", c.budget, c.keys, tab.seen.Load() != nil, c.kept)
		}
		kept := 0
		for k, f := range stored {
			switch got := tab.get(k); got {
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
			if _, ok := stored[k]; !ok && tab.get(k) != 0 {
				t.Fatalf("get(%v) of a key never stored = %d", k, tab.get(k))
			}
		}
	}
}
