package sparse

// Four heaps' old splits in one pass: the single-core loop's batches.
//
// Most of a heap's work on a game such as .354 is marking the splits with
// a rare part (markRareCode: 131 rare heaps and two removals that split,
// 262 marks a heap). A split of heap n-k into a rare heap a and n-k-a
// reads the value of heap n-k-a, which for all but the smallest a is
// known well before heap n. So extendRareAtWidth's loop marks, when it
// comes to heap n, the splits of the heaps n … n+3 whose rare part a
// reads only values below n (a ≥ 4-kmin, kmin the smallest removal that
// splits) and splits every size (a ≤ n-kmax-1), in one pass over those
// rare heaps (markRareFull4: each rare heap read once for the four
// heaps, and the four values each reads are neighbours), into a table of
// its own for each heap. Heap n+j then starts from its table and marks
// only the other rare heaps: the smallest, the largest and those found
// since. Each rare heap's splits are marked once, by the batch or by the
// heap, so the values, the steps counted and every choice made from them
// (the probe, the modes) are those of the loop without batches.
//
// Figures (this project's 2-core VM, 2026-11-28, alternating runs): .354
// and .376 to 2^21 heaps on one core, with batches / without, 567–571 /
// 729–757 ms and 3.07 / 3.72–3.74 s (go test -run '^$' -bench Batch
// -benchtime 2x -cpu 1 ./sg/sequence); sgtool period .354 with
// GOMAXPROCS=1, 5.50–5.63 s against 6.99–7.12 s, and .376 5.99–6.06 s
// against 7.48 s. On two processors .354 and .376 run the marker mode
// (mark.go), which keeps its own marking: 4.14–4.19 and 4.04–4.08
// s against 4.00–4.28 and 4.04–4.05 s. The four tables are one
// allocation, so that their first lines do not all fall on the same cache
// sets (as four allocations, each aligned to a page, do): a build of the
// marker mode's finisher with batches in four allocations ran some of its
// stretches of 4 million heaps in 1.26–1.39 s instead of 0.8–0.9 s, and
// in one allocation in 0.86–0.94 s (see mark.go for why the
// finisher does not batch).
//
// The batch holds only for heaps computed in order by the loop, with the
// rare heaps it was made from: the loop drops it (clearing the tables not
// yet used) whenever it chooses the mask again and when it leaves, and
// heapValueBatched drops it when the heap is not the next of the batch
// (as after heaps computed by another mode).

// rareBatchFrom is the least heap whose splits are marked in batches,
// and rareBatchMarks the least number of splits with a rare part a heap
// must have (rare heaps times removals that split): below them the
// batches cost more than they save (.1777, 15 rare heaps and three
// removals, batched: its first 2·10^7 values 10 % slower; .354 and .376,
// 131 and 508 rare heaps and two removals, 22 % and 17 % faster).
const (
	rareBatchFrom  = 256
	rareBatchMarks = 128
)

// rareBatch is the state of the current batch.
type rareBatch struct {
	tabs   [4]*sparseTab // heap n0+j's marks so far in tabs[j]
	n0     int           // the batch's first heap
	next   int           // the next heap to take its table; tabs[next-n0:] are not yet taken
	lo, hi int           // the rare heaps rare[lo:hi] are marked in the tables
	lim    int           // the values marked are below lim
}

// pending reports whether the batch has tables not yet taken.
func (b *rareBatch) pending() bool { return b.tabs[0] != nil && b.next < b.n0+len(b.tabs) }

// drop clears the tables of the batch not yet taken and forgets them.
func (b *rareBatch) drop() {
	if !b.pending() {
		return
	}
	for j := b.next - b.n0; j < len(b.tabs); j++ {
		clear(b.tabs[j][:b.lim])
	}
	b.next = b.n0 + len(b.tabs)
}

// batchable reports whether heap n of the rule may take its marks from a
// batch: a take-and-break code (whose splits allow equal parts, as
// markRareCode marks them) in the rare method, with rareBatchMarks
// splits with a rare part or more.
func (e *Engine) batchable(n int) bool {
	least := rareBatchMarks
	if m := e.rs.Knobs.BatchMarks; m != 0 {
		least = m // (tests; -1: never)
	}
	return n >= rareBatchFrom && e.Code != nil && !e.direct && len(e.Two) != 0 &&
		least > 0 && len(e.rare)*len(e.Code.Two) >= least
}

// heapValueBatched is heapValue for extendRareAtWidth's loop: where the
// rule allows (batchable), heap n takes the splits of the current batch
// and marks the others itself.
func heapValueBatched[T uint8 | uint16](e *Engine, vals []T, n int, scan scanFunc[T]) (g, steps int) {
	b := &e.batch
	if !e.batchable(n) {
		b.drop()
		return heapValue(e, vals, n, scan)
	}
	two := e.Code.Two
	tab := batchTake(b, vals, e.rare, n, two, e.limit)
	e.batchHeaps++
	// heapValue's default case, with the batch's marks in tab.
	if e.Zero {
		tab[0] = 1
	}
	for _, r := range e.One {
		tab[vals[r]] = 1
	}
	steps = markRareCode(vals, e.rare[:b.lo], n, two, tab)
	steps += markRareCode(vals, e.rare[b.hi:], n, two, tab)
	steps += len(two) * (b.hi - b.lo)
	marks := e.marks
	e.marks = tab
	g, scanned := confirm(e, vals, n, scan)
	e.marks = marks
	clear(tab[:e.limit])
	return g, steps + scanned
}

// batchTake returns heap n's table of the batch, which its caller must clear
// once the heap is done (up to the values' limit). Unless n is the
// batch's next heap, it first drops the batch and makes one for the heaps
// n … n+3 of the code whose splitting removals are two: their splits
// whose rare part is one of rare[b.lo:b.hi], the rare heaps that read
// only values below n and split every size (markRareFull4);
// limit bounds the values. The heap must mark the splits of the other
// rare heaps itself.
func batchTake[T uint8 | uint16](b *rareBatch, vals []T, rare []rareHeap, n int, two []int, limit int) *sparseTab {
	if !b.pending() || n != b.next {
		b.drop()
		kmin, kmax := two[0], two[len(two)-1]
		lo := rareFrom(rare, max(1, 4-kmin))
		hi := max(lo, rareFrom(rare, n-kmax))
		if b.tabs[0] == nil {
			// One allocation: the tables lie a line apart modulo a
			// page, not all on the same cache sets.
			all := new([4]sparseTab)
			for j := range b.tabs {
				b.tabs[j] = &all[j]
			}
		}
		markRareFull4(vals, rare[lo:hi], n, two, &b.tabs)
		*b = rareBatch{tabs: b.tabs, n0: n, next: n, lo: lo, hi: hi, lim: limit}
	}
	b.next++ // (once every table is taken, none is pending: each heap clears its own)
	return b.tabs[n-b.n0]
}

// markRareFull4 marks, for the heaps n … n+3 (into t[0] … t[3]), the
// splits of n+j-k, k in two (ascending), whose rare part is one of rare,
// in one pass: each rare heap is read once for the four, and the values
// each reads are neighbours. Every rare heap a must split every size of
// every heap (a ≤ n-kmax-1) and read only values below n (a ≥ 4-kmin),
// which are those of vals. It returns the steps, one a split.
func markRareFull4[T uint8 | uint16](vals []T, rare []rareHeap, n int, two []int, t *[4]*sparseTab) int {
	v := vals[:n]
	t0, t1, t2, t3 := t[0], t[1], t[2], t[3]
	switch kmin := two[0]; len(two) {
	case 1:
		for _, h := range rare {
			g, b := T(h.g), n-kmin-int(h.a)
			x := v[b : b+4 : b+4] // G(r-a) for r = n-kmin … n+3-kmin
			t0[g^x[0]] = 1
			t1[g^x[1]] = 1
			t2[g^x[2]] = 1
			t3[g^x[3]] = 1
		}
	case 2:
		k1 := two[1] - kmin
		for _, h := range rare {
			g, b := T(h.g), n-kmin-int(h.a)
			x := v[b : b+4 : b+4]       // G(r-a) for r = n-kmin … n+3-kmin
			y := v[b-k1 : b-k1+4 : b+4] // for r = n-kmax … n+3-kmax
			t0[g^x[0]] = 1
			t1[g^x[1]] = 1
			t2[g^x[2]] = 1
			t3[g^x[3]] = 1
			t0[g^y[0]] = 1
			t1[g^y[1]] = 1
			t2[g^y[2]] = 1
			t3[g^y[3]] = 1
		}
	default:
		for _, h := range rare {
			g := T(h.g)
			for _, k := range two {
				b := n - k - int(h.a)
				x := v[b : b+4 : b+4]
				t0[g^x[0]] = 1
				t1[g^x[1]] = 1
				t2[g^x[2]] = 1
				t3[g^x[3]] = 1
			}
		}
	}
	return 4 * len(two) * len(rare)
}
