package nim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/nim"
)

func randomHeaps(n int) []uint64 {
	r := rand.New(rand.NewPCG(1, 2))
	heaps := make([]uint64, n)
	for i := range heaps {
		heaps[i] = r.Uint64()
	}
	return heaps
}

func BenchmarkSum(b *testing.B) {
	heaps := randomHeaps(1_000_000)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = nim.Sum(heaps)
	}
}

// The bot's question on a million heaps: which move wins?
func BenchmarkWinningMove(b *testing.B) {
	heaps := randomHeaps(1_000_000)
	b.ReportAllocs()
	for b.Loop() {
		_, _, _ = nim.WinningMove(heaps)
	}
}

func BenchmarkAppendWinningMoves(b *testing.B) {
	heaps := randomHeaps(1_000_000)
	buf := make([]nim.Move[uint64], 0, len(heaps))
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = nim.AppendWinningMoves(buf[:0], heaps)
	}
}

func BenchmarkMisereWinningMove(b *testing.B) {
	heaps := randomHeaps(1_000_000)
	b.ReportAllocs()
	for b.Loop() {
		_, _, _ = nim.MisereWinningMove(heaps)
	}
}

func BenchmarkStaircaseWinningMove(b *testing.B) {
	steps := randomHeaps(1_000_000)
	b.ReportAllocs()
	for b.Loop() {
		_, _, _ = nim.StaircaseWinningMove(steps)
	}
}

func BenchmarkMooreWinningMove(b *testing.B) {
	heaps := randomHeaps(100_000)
	buf := make([]nim.Move[uint64], 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = nim.AppendMooreWinningMove(buf[:0], heaps, 3)
	}
}

// treeInput returns the parents and values of a random tree on n nodes in
// the contest's numbering (fa[i] < i) or in a random one.
func treeInput(n int, shuffled bool) ([]int, []uint32) {
	r := rand.New(rand.NewPCG(3, 4))
	var parent []int
	if shuffled {
		parent = randomTree(r, n)
	} else {
		parent = make([]int, n)
		parent[0] = -1
		for i := 1; i < n; i++ {
			parent[i] = r.IntN(i)
		}
	}
	values := make([]uint32, n)
	for i := range values {
		values[i] = r.Uint32N(1_000_000_000)
	}
	return parent, values
}

// Building the tree and deciding the position, 2·10^5 nodes, as the ore
// program does per case (one Tree reused).
func BenchmarkTree(b *testing.B) {
	for _, bc := range []struct {
		name     string
		shuffled bool
	}{{"contest-numbering", false}, {"random-numbering", true}} {
		b.Run(bc.name, func(b *testing.B) {
			parent, values := treeInput(200_000, bc.shuffled)
			tr, err := nim.NewTree(parent) // warm: later Resets reuse its memory
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := tr.Reset(parent); err != nil {
					b.Fatal(err)
				}
				_, _, _ = nim.TreeWinningMove(tr, values)
			}
		})
	}
}

// Deciding the position on a tree already built, 2·10^5 nodes.
func BenchmarkTreeOutcome(b *testing.B) {
	parent, values := treeInput(200_000, false)
	tr, err := nim.NewTree(parent)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = nim.TreeOutcome(tr, values)
	}
}
