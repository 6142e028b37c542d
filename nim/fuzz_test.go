package nim_test

import (
	"encoding/binary"
	"testing"

	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
)

// heapsOf decodes up to 16 int64 heaps from data, 8 bytes each.
func heapsOf(data []byte) []int64 {
	var heaps []int64
	for len(data) >= 8 && len(heaps) < 16 {
		heaps = append(heaps, int64(binary.LittleEndian.Uint64(data)))
		data = data[8:]
	}
	return heaps
}

// FuzzHeaps: no heaps, however large or negative, make the Nim functions
// panic; negative heaps are errors; and every winning move they return is a
// legal move to a position the same rule calls lost.
func FuzzHeaps(f *testing.F) {
	f.Add([]byte{1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0}, uint8(2))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 1, 0, 0, 0, 0, 0, 0, 0}, uint8(1))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0x80}, uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		heaps := heapsOf(data)
		negative := false
		for _, h := range heaps {
			negative = negative || h < 0
		}
		apply := func(m nim.Move[int64]) []int64 {
			if m.Heap < 0 || m.Heap >= len(heaps) || heaps[m.Heap] != m.From || m.To < 0 || m.To >= m.From {
				t.Fatalf("heaps %v: illegal move %v", heaps, m)
			}
			next := append([]int64(nil), heaps...)
			next[m.Heap] = m.To
			return next
		}

		moves, err := nim.WinningMoves(heaps)
		if (err != nil) != negative {
			t.Fatalf("WinningMoves(%v): err = %v", heaps, err)
		}
		for _, m := range moves {
			if o, _ := nim.Outcome(apply(m)); o != sg.P {
				t.Fatalf("heaps %v: winning move %v reaches %v", heaps, m, o)
			}
		}
		moves, err = nim.MisereWinningMoves(heaps)
		if (err != nil) != negative {
			t.Fatalf("MisereWinningMoves(%v): err = %v", heaps, err)
		}
		for _, m := range moves {
			if o, _ := nim.MisereOutcome(apply(m)); o != sg.P {
				t.Fatalf("heaps %v: misère winning move %v reaches %v", heaps, m, o)
			}
		}
		moves, err = nim.MooreWinningMove(heaps, int(k))
		if err == nil {
			for _, m := range moves {
				_ = apply(m) // legality; several heaps may change, each checked
			}
		} else if !negative && k >= 1 {
			t.Fatalf("MooreWinningMove(%v, %d): err = %v", heaps, k, err)
		}
		transfers, err := nim.StaircaseWinningMoves(heaps)
		if (err != nil) != negative {
			t.Fatalf("StaircaseWinningMoves(%v): err = %v", heaps, err)
		}
		for _, tr := range transfers {
			if tr.From < 1 || tr.From >= len(heaps) || tr.To != tr.From-1 || tr.Count < 1 || tr.Count > heaps[tr.From] {
				t.Fatalf("steps %v: illegal transfer %v", heaps, tr)
			}
		}
	})
}

// FuzzTree: no parent array makes NewTree or the tree functions panic, and
// a tree accepted is one: every node reaches the root.
func FuzzTree(f *testing.F) {
	f.Add([]byte{0xff, 0, 0, 1}, []byte{1, 2, 3, 4})
	f.Add([]byte{0xff, 2, 1}, []byte{5, 5, 5})
	f.Add([]byte{1, 0}, []byte{})
	f.Fuzz(func(t *testing.T, raw, vals []byte) {
		parent := make([]int, len(raw))
		for i, b := range raw {
			parent[i] = int(int8(b)) // -128 … 127: roots, nodes, and out of range
		}
		tree, err := nim.NewTree(parent)
		if err != nil {
			return
		}
		values := make([]uint64, len(parent))
		for i := range values {
			if i < len(vals) {
				values[i] = uint64(vals[i])
			}
		}
		o, err := nim.TreeOutcome(tree, values)
		if err != nil {
			t.Fatalf("TreeOutcome on an accepted tree %v: %v", parent, err)
		}
		moves, err := nim.TreeWinningMoves(tree, values)
		if err != nil {
			t.Fatalf("TreeWinningMoves on %v: %v", parent, err)
		}
		if (len(moves) > 0) != (o == sg.N) {
			t.Fatalf("tree %v, values %v: outcome %v with moves %v", parent, values, o, moves)
		}
		for _, m := range moves {
			next := append([]uint64(nil), values...)
			if m.From < 0 || m.From >= len(next) || m.To != parent[m.From] || m.Count < 1 || m.Count > next[m.From] {
				t.Fatalf("tree %v, values %v: illegal move %v", parent, values, m)
			}
			next[m.From] -= m.Count
			next[m.To] += m.Count
			if o, _ := nim.TreeOutcome(tree, next); o != sg.P {
				t.Fatalf("tree %v, values %v: winning move %v reaches %v", parent, values, m, o)
			}
		}
	})
}
