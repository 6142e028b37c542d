package splits

import (
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// TestScanBlocksMatchesScanRange checks the last scan with the block order
// against the plain scan, on random value tables (1- and 2-byte values),
// one split size r, random needed values, and value tables shorter than r
// (as the pipeline's workers see them: the partners must stay below
// len(vals)). The blocks come in the greedy order of OrderBlocks or in a
// random one. Both scans must find the same values: none left when the
// plain scan finds them all, and else the same needs table (both end with
// a complete scan). The test also checks that the block pass alone finds
// everything in many cases, so that the early exit is exercised.
func TestScanBlocksMatchesScanRange(t *testing.T) {
	r := gametest.Rand(t)
	var n1, n2 Tab
	finished, partial, byBlocks := 0, 0, 0
	for iter := range 3000 {
		alpha := 2 + r.IntN(60)
		wide := iter%2 == 1
		top := 40 + r.IntN(600)
		lo := top + 1 // the parts below lo are known
		if r.IntN(3) == 0 {
			lo = top - r.IntN(top/4) // a worker's view: a window [lo, top)
		}
		vals8 := make([]uint8, lo, top+1)
		vals16 := make([]uint16, lo, top+1)
		for i := range lo {
			v := r.IntN(alpha)
			if wide {
				v = r.IntN(alpha) << (r.IntN(2) * 8) // values above 255 too
			}
			vals8[i], vals16[i] = uint8(v), uint16(v)
		}
		two, uneq := []int{top}, []bool{r.IntN(2) == 0}
		var o Blocks
		o.From = 1
		if r.IntN(2) == 0 {
			if wide {
				OrderBlocks(&o, vals16)
			} else {
				OrderBlocks(&o, vals8)
			}
		} else {
			for i := 1; 8*i+8 <= lo; i++ {
				o.List = append(o.List, uint32(i))
			}
			r.Shuffle(len(o.List), func(i, j int) { o.List[i], o.List[j] = o.List[j], o.List[i] })
		}
		var list []int
		maxV := alpha
		if wide {
			maxV = alpha << 8
		}
		for range 1 + r.IntN(30) {
			v := r.IntN(maxV + 2)
			if n1[v] == 0 {
				list = append(list, v)
				n1[v], n2[v] = 1, 1
			}
		}
		a0 := max(1, top-lo+1) + r.IntN(10)
		var l1, l2 int
		if wide {
			l1, _, _ = Range(vals16, two, uneq, &n1, list, len(list), a0, top)
			l2, _, _ = o.Scan16(vals16, two, uneq, &n2, list, len(list), a0, top)
		} else {
			l1, _, _ = Range(vals8, two, uneq, &n1, list, len(list), a0, top)
			l2, _, _ = o.Scan8(vals8, two, uneq, &n2, list, len(list), a0, top)
		}
		if l1 != l2 || l1 > 0 && n1 != n2 {
			t.Fatalf("case %d (2-byte %v): %d values below %d, r = %d, unequal %v, needs %v, from a = %d, blocks %v: Range leaves %d, the block scan %d",
				iter, wide, alpha, lo, top, uneq[0], list, a0, o.List, l1, l2)
		}
		switch {
		case len(list) > 0 && l1 == 0:
			finished++
			// Did the blocks alone find them? Run the block pass on
			// a copy with no scan after it (a1 < r/2 skips it).
			var n3 Tab
			for _, v := range list {
				n3[v] = 1
			}
			if left := blockPassOnly(&o, vals8, vals16, wide, top, &n3, list, a0); left == 0 {
				byBlocks++
			}
		case l1 > 0 && l1 < len(list):
			partial++
		}
		for _, v := range list {
			n1[v], n2[v] = 0, 0
		}
	}
	if finished < 300 || partial < 300 || byBlocks < 100 {
		t.Fatalf("%d scans found every value (%d with the blocks alone) and %d some: the cases miss the early exits or the full scan",
			finished, byBlocks, partial)
	}
}

// blockPassOnly runs the block pass of the last scan without the scan in
// increasing order after it, and returns the values left.
func blockPassOnly(o *Blocks, vals8 []uint8, vals16 []uint16, wide bool, r int, needs *Tab, list []int, a0 int) int {
	amin, amax := blockRange(r, len(vals8), a0)
	left := len(list)
	for _, i := range o.List {
		a := 8 * int(i)
		if a < amin || a > amax {
			continue
		}
		for j := range 8 {
			var x int
			if wide {
				x = int(vals16[a+j] ^ vals16[r-a-j])
			} else {
				x = int(vals8[a+j] ^ vals8[r-a-j])
			}
			if needs[x] != 0 {
				needs[x] = 0
				left--
			}
		}
	}
	for _, v := range list {
		needs[v] = 0
	}
	return left
}

// TestOrderBlocks checks the greedy order on a small table: it lists every
// block from 1 once, the first block is one of the largest gain (the most
// distinct values), and a block whose values repeat those of an earlier
// block comes after one with new values.
func TestOrderBlocks(t *testing.T) {
	// Blocks 1–3 repeat the values 0 and 1; block 4 has 8 distinct
	// values; blocks 5–7 repeat block 4's values.
	vals := make([]uint8, 8*8*8)
	for a := range vals {
		switch i := a / 8; {
		case i == 4 || i >= 5 && i < 8:
			vals[a] = uint8(10 + a%8)
		default:
			vals[a] = uint8(a % 2)
		}
	}
	var o Blocks
	o.From = 1
	OrderBlocks(&o, vals)
	if o.nb != 8 {
		t.Fatalf("nb = %d, want 8 (blocks of parts below n/8)", o.nb)
	}
	sorted := slices.Sorted(slices.Values(o.List))
	if !slices.Equal(sorted, []uint32{1, 2, 3, 4, 5, 6, 7}) {
		t.Fatalf("blocks %v: want each of 1 … 7 once", o.List)
	}
	if o.List[0] != 4 {
		t.Errorf("first block %d, want 4 (eight distinct values)", o.List[0])
	}
	// After block 4, a block of 0s and 1s (gain 2·(1 + 1/4 + 1/9 +
	// 1/16), about 2.85) beats a repeat of block 4's values (8·1/4).
	if o.List[1] != 1 {
		t.Errorf("second block %d, want 1 (new values before repeats of block 4's)", o.List[1])
	}
	// A second call with no more heaps does nothing.
	before := slices.Clone(o.List)
	OrderBlocks(&o, vals)
	if !slices.Equal(before, o.List) {
		t.Errorf("OrderBlocks again on the same heaps changed the order: %v, then %v", before, o.List)
	}
}
