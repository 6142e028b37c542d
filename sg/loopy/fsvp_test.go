package loopy_test

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/loopy"
)

// fairShares is Fair Shares and Varied Pairs, the loopy impartial game of
// Winning Ways (Berlekamp, Conway and Guy), chapter 12: coins in heaps; a
// move either divides one heap into two or more equal heaps, or unites two
// heaps of different sizes into one. Uniting undoes dividing, so play can
// cycle; the position of all single coins is the only terminal one. A
// position is the count of heaps of each size, which makes equal multisets
// the same value of the array type.
type fairShares struct{}

// fsMax bounds the number of coins in these tests.
const fsMax = 10

type heapCounts [fsMax + 1]uint8

func (fairShares) AppendMoves(dst []heapCounts, p heapCounts) []heapCounts {
	for i := 2; i <= fsMax; i++ {
		if p[i] == 0 {
			continue
		}
		for d := 1; d < i; d++ { // divide a heap of i into i/d heaps of d
			if i%d == 0 {
				q := p
				q[i]--
				q[d] += uint8(i / d)
				dst = append(dst, q)
			}
		}
	}
	for i := 1; i <= fsMax; i++ {
		for j := i + 1; i+j <= fsMax; j++ {
			if p[i] > 0 && p[j] > 0 {
				q := p
				q[i]--
				q[j]--
				q[i+j]++
				dst = append(dst, q)
			}
		}
	}
	return dst
}

// checkWithNimHeaps checks every value of a solution the way
// TestValuesAgainstSumsWithNimHeaps does: u + *k against the retrograde
// analysis of the product with a Nim heap, for every k up to one past the
// largest finite value.
func checkWithNimHeaps(t *testing.T, s *loopy.Solution) {
	t.Helper()
	g := s.Graph()
	n := g.NumVertices()
	top := 0
	for v := range n {
		if x, ok := s.Finite(v); ok {
			top = max(top, int(x))
		}
	}
	h := top + 2
	succ := func(t int, dst []int) []int { // t = u*(h+1) + k
		u, k := t/(h+1), t%(h+1)
		for _, w := range g.Successors(u) {
			dst = append(dst, int(w)*(h+1)+k)
		}
		for j := range k {
			dst = append(dst, u*(h+1)+j)
		}
		return dst
	}
	out := retrograde(n*(h+1), succ)
	for u := range n {
		val, _ := s.Value(u)
		for k := 0; k <= h; k++ {
			want := loopy.D
			m, fin := val.Nimber()
			switch {
			case fin && int(m) == k:
				want = loopy.P
			case fin, val.Escapes(sg.Nimber(k)):
				want = loopy.N
			}
			if got := out[u*(h+1)+k]; got != want {
				t.Fatalf("vertex %d of value %v plus *%d: retrograde says %v", u, val, k, got)
			}
		}
	}
}

// partitions appends every position of n coins: the partitions of n into
// parts of at most top.
func partitions(dst []heapCounts, p heapCounts, n, top int) []heapCounts {
	if n == 0 {
		return append(dst, p)
	}
	for k := min(n, top); k >= 1; k-- {
		q := p
		q[k]++
		dst = partitions(dst, q, n-k, k)
	}
	return dst
}

// Every position of Fair Shares and Varied Pairs with up to 10 coins: the
// values the solver finds pass the Nim-heap test of the definition.
func TestFairSharesAndVariedPairs(t *testing.T) {
	for n := 1; n <= fsMax; n++ {
		all := partitions(nil, heapCounts{}, n, n)
		s, err := loopy.SolveGame[heapCounts](bg, fairShares{}, all)
		if err != nil {
			t.Fatal(err)
		}
		if s.Len() != len(all) {
			t.Errorf("%d coins: %d positions reached, want the %d partitions", n, s.Len(), len(all))
		}
		checkWithNimHeaps(t, s.Solution())
		draws := 0
		for _, p := range all {
			if v, _ := s.Value(p); v.Outcome() == loopy.D {
				draws++
			}
		}
		var one heapCounts
		one[n] = 1
		v, _ := s.Value(one)
		t.Logf("%d coins: %d positions, %d drawn; one heap: %v", n, s.Len(), draws, v)
	}
	// By hand: one coin is terminal; a heap of 2 or 3 can only be divided
	// into single coins, so it is *1; {2, 1} divides into {1, 1, 1} (*0)
	// or unites into {3} (*1), so it is *2.
	for _, tc := range []struct {
		heaps []int
		want  string
	}{{[]int{1}, "*0"}, {[]int{2}, "*1"}, {[]int{3}, "*1"}, {[]int{2, 1}, "*2"}} {
		var p heapCounts
		for _, h := range tc.heaps {
			p[h]++
		}
		s, _ := loopy.SolveGame[heapCounts](bg, fairShares{}, []heapCounts{p})
		if v, _ := s.Value(p); v.String() != tc.want {
			t.Errorf("heaps %v: %v, want %s", tc.heaps, v, tc.want)
		}
	}
}

// Larger graphs, mostly acyclic with a few back arcs so that values climb
// over several levels and finite values mix with draws: every value passes
// the Nim-heap test.
func TestLargerGraphsWithNimHeaps(t *testing.T) {
	r := gametest.Rand(t)
	for range 6 {
		n := 100 + r.IntN(300)
		g := layeredGraph(t, n, 3*n+r.IntN(3*n), 0.02+0.1*r.Float64(), r.Uint64())
		s, err := loopy.Solve(bg, g)
		if err != nil {
			t.Fatal(err)
		}
		checkWithNimHeaps(t, s)
	}
}
