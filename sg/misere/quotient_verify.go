package misere

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/impartial-go/impartial/game"
)

// MaxVerifyStates bounds the number of states the exactness proof of a
// quotient (see [Quotient.Extend]) may visit; past it the computation
// stops with a [*sg.LimitError].
const MaxVerifyStates = 1 << 21

// errUnverified is returned when the exactness proof finds a position the
// quotient gets wrong and no new test position can be derived from it.
var errUnverified = errors.New("quotient not verified")

// vstate is what the exactness proof knows of a position G: its element
// x = Φ(G), whether G has a move, and reach, the set of elements z such
// that some option G' of G has Φ(G')·z in the P-portion. The state of
// G + H is determined by the states of G and H (see step), and the
// misère recursion at G only needs its state: G is a P-position exactly
// when it has a move and z = 1 is not in reach.
type vstate struct {
	x      int
	moves  bool
	reach  []uint64
	parent int // index of the state this one was reached from, -1 at the start
	heap   int // the heap added to the parent
}

// heapState is the state of a single heap of size h.
type heapState struct {
	h     int
	y     int
	moves bool
	reach []uint64
}

func hasBit(s []uint64, i int) bool { return s[i>>6]&(1<<(i&63)) != 0 }
func setBit(s []uint64, i int)      { s[i>>6] |= 1 << (i & 63) }

// verify proves that the quotient is the misère quotient of the game on
// heaps ≤ q.max, or returns a position whose outcome it gets wrong.
//
// The proof: (1) the product table is commutative and associative and
// each representative's element is its class, so Φ, the product of the
// pretending function over a position's heaps, is a monoid homomorphism
// onto the quotient; (2) for every position G, G is a misère P-position
// exactly when Φ(G) is in the P-portion. (2) follows by induction on G
// from the local condition "Φ(G) ∈ P iff G has a move and no option G'
// has Φ(G') ∈ P", which depends only on G's state (vstate); the states of
// all positions are found by a closure from the empty position, adding one
// heap at a time, and the condition is checked at each. (3) the monoid is
// reduced: distinct elements x ≠ y have some z with exactly one of xz, yz
// in the P-portion. With (1) and (2), positions with equal elements are
// indistinguishable; with (3), positions with distinct elements are told
// apart by a representative. So the classes are exactly the quotient's.
//
// It returns (nil, nil) when the proof succeeds, a witness position when
// the quotient predicts a wrong outcome or the product is not a monoid's,
// and an error when the state limit or the context stops it.
func (q *quotient) verify(ctx context.Context, b *built, n int) ([]int, error) {
	mul := b.table()
	if w, err := verifyMonoid(ctx, b, mul); w != nil || err != nil {
		return w, err
	}
	if q.cfg.nworkers() <= 1 || len(b.reps) < minParallelReduced {
		if err := verifyReduced(b, mul); err != nil {
			return nil, err
		}
		return q.verifyOutcomes(ctx, b, mul, n)
	}
	// (3) on another goroutine while (2) runs: both only read b and mul
	// (verifyOutcomes writes b.heapKeys, which verifyReduced does not
	// read), and a failure of (3) is reported first, as one goroutine
	// would.
	reduced := make(chan error, 1)
	go func() { reduced <- verifyReduced(b, mul) }()
	w, err := q.verifyOutcomes(ctx, b, mul, n)
	if rerr := <-reduced; rerr != nil {
		return nil, rerr
	}
	return w, err
}

// minParallelReduced is the least order of a candidate whose check (3)
// runs on a goroutine of its own.
const minParallelReduced = 128

// verifyMonoid checks (1): a commutative monoid with identity 0: the
// products by the generators commute (x·g·h = x·h·g), and each element is
// its word applied to 1. Then x·y, the word of y applied to x, is the
// image of the sum of the two words under the map from words to elements,
// so the product is commutative and associative with identity 1. Each
// representative's element is its class.
func verifyMonoid(ctx context.Context, b *built, mul []int32) ([]int, error) {
	m, g := len(b.reps), len(b.gens)
	for x := 0; x < m; x++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(b.next[x]) != g {
			return nil, fmt.Errorf("element %d: products with %d of %d generators: %w", x, len(b.next[x]), g, errUnverified)
		}
		for i := 0; i < g; i++ {
			for j := i + 1; j < g; j++ {
				if b.next[b.next[x][i]][j] != b.next[b.next[x][j]][i] {
					return concatSizes(b.reps[x], heapsOf(b.gens[i], b.gens[j])), nil
				}
			}
		}
		if mul[x] != int32(x) {
			return b.reps[x].Sizes(), nil
		}
	}
	for x, r := range b.reps {
		if phiOf(b, mul, r.Sizes()) != x {
			return r.Sizes(), nil
		}
	}
	return nil, nil
}

// phiOf is the element of a sum of components in b.
func phiOf(b *built, mul []int32, sizes []int) int {
	m, x := len(b.reps), 0
	for _, h := range sizes {
		x = int(mul[x*m+b.pretend[h]])
	}
	return x
}

// verifyReduced checks (3): the monoid is reduced, by Moore's partition
// refinement by the P-portion and the products with each generator.
func verifyReduced(b *built, mul []int32) error {
	m := len(b.reps)
	class := make([]int, m)
	for x := range class {
		if b.isP[x] {
			class[x] = 1
		}
	}
	key := make([]byte, 0, 8*(len(b.gens)+1))
	for {
		index := map[string]int{}
		next := make([]int, m)
		for x := 0; x < m; x++ {
			key = binary.AppendUvarint(key[:0], uint64(class[x]))
			for _, g := range b.gens {
				key = binary.AppendUvarint(key, uint64(class[mul[x*m+b.pretend[g]]]))
			}
			c, ok := index[string(key)]
			if !ok {
				c = len(index)
				index[string(key)] = c
			}
			next[x] = c
		}
		if slices.Equal(next, class) || len(index) == m {
			if len(index) < m {
				return fmt.Errorf("%d elements but only %d told apart: %w", m, len(index), errUnverified)
			}
			return nil
		}
		class = next
	}
}

// pullBits adds to dst each z with row[z] in set, 64 z a word and
// without a branch on the bits.
func pullBits(dst, set []uint64, row []int32) {
	for wi := range dst {
		lo := wi << 6
		if lo >= len(row) {
			return
		}
		var acc uint64
		for b, yz := range row[lo:min(lo+64, len(row))] {
			acc |= (set[yz>>6] >> (uint(yz) & 63) & 1) << uint(b)
		}
		dst[wi] |= acc
	}
}

// heapStates returns the distinct states of single components ≤ n, and
// the set of their keys.
func (q *quotient) heapStates(b *built, mul []int32, n int) ([]heapState, map[string]bool) {
	var heaps []heapState
	seenHeap := map[string]bool{}
	var opts []int
	for h := 1; h <= n; h++ {
		var hs heapState
		var k string
		hs, k, opts = q.heapState(b, mul, h, opts)
		if !seenHeap[k] {
			seenHeap[k] = true
			heaps = append(heaps, hs)
		}
	}
	return heaps, seenHeap
}

// heapState returns the state of component h in b, and its key; opts is
// scratch.
func (q *quotient) heapState(b *built, mul []int32, h int, opts []int) (heapState, string, []int) {
	m := len(b.reps)
	opts = optionsOf(q.r, h, opts[:0], func(parts []int) int { return phiOf(b, mul, parts) })
	r := make([]uint64, (m+63)/64)
	for z := 0; z < m; z++ {
		for _, a := range opts {
			if b.isP[mul[a*m+z]] {
				setBit(r, z)
				break
			}
		}
	}
	hs := heapState{h: h, y: b.pretend[h], moves: len(opts) > 0, reach: r}
	return hs, fmt.Sprint(hs.y, hs.moves, hs.reach), opts
}

// provenAlready reports whether b, the proven quotient Q of the
// components below n with component n joining one of its elements, is
// proven for components ≤ n without a new proof: when component n's state
// is that of a smaller component, the closure of states is the one that
// proved Q, so the proof is the same.
func (q *quotient) provenAlready(b *built, n int) bool {
	if q.heapKeys == nil || len(b.reps) != len(q.reps) || len(b.gens) != len(q.gens) {
		return false
	}
	m := len(b.reps)
	mul := make([]int32, m*m)
	for x := 0; x < m; x++ {
		for y := 0; y < m; y++ {
			mul[x*m+y] = int32(b.mul(x, y))
		}
	}
	_, k, _ := q.heapState(b, mul, n, nil)
	if !q.heapKeys[k] {
		return false
	}
	b.heapKeys = q.heapKeys
	return true
}

func appendStateKey(k []byte, s vstate) []byte {
	k = append(k, byte(s.x), byte(s.x>>8), byte(s.x>>16), byte(s.x>>24))
	if s.moves {
		k = append(k, 1)
	} else {
		k = append(k, 0)
	}
	for _, w := range s.reach {
		k = binary.LittleEndian.AppendUint64(k, w)
	}
	return k
}

func heapsOf(sizes ...int) game.Heaps {
	p, _ := game.MakeHeaps(sizes...)
	return p
}

func concatSizes(ps ...game.Heaps) []int {
	var s []int
	for _, p := range ps {
		s = p.AppendSizes(s)
	}
	return s
}

// subSums returns every sum of a sub-multiset of the heaps, without
// repetition.
func subSums(sizes []int) []game.Heaps {
	slices.Sort(sizes)
	out := []game.Heaps{""}
	seen := map[game.Heaps]bool{"": true}
	var cur []int
	var rec func(i int)
	rec = func(i int) {
		if i == len(sizes) {
			p, _ := game.MakeHeaps(cur...)
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
			return
		}
		cur = append(cur, sizes[i])
		rec(i + 1)
		cur = cur[:len(cur)-1]
		j := i
		for j < len(sizes) && sizes[j] == sizes[i] {
			j++
		}
		rec(j)
	}
	rec(0)
	return out
}

// table returns the product of every two elements, x·y at x·m+y, column
// by column: y = y'·g_j for an element y' of a word one shorter, and
// x·y = next(x·y', j), which is [monoid.mul] wherever the product is
// associative (the proof checks the table it is given); O(m²) and a word
// per column instead of O(m²·|word|).
//
// The table is kept: a monoid is not changed once its table is read.
func (b *monoid) table() []int32 {
	m := len(b.reps)
	if len(b.tab) == m*m {
		return b.tab
	}
	t := make([]int32, m*m)
	defer func() { b.tab = t }()
	key := func(w []int) string { // the same for words that differ by trailing zeros
		for len(w) > 0 && w[len(w)-1] == 0 {
			w = w[:len(w)-1]
		}
		var buf []byte
		for _, e := range w {
			buf = binary.AppendUvarint(buf, uint64(e))
		}
		return string(buf)
	}
	index := make(map[string]int, m)
	length := make([]int, m)
	order := make([]int, m)
	for y, w := range b.words {
		index[key(w)] = y
		for _, e := range w {
			length[y] += e
		}
		order[y] = y
	}
	slices.SortStableFunc(order, func(x, y int) int { return length[x] - length[y] })
	done := make([]bool, m)
	var tmp []int
	for _, y := range order {
		found := false
		for j, e := range b.words[y] {
			if e == 0 {
				continue
			}
			tmp = append(tmp[:0], b.words[y]...)
			tmp[j]--
			if yp, ok := index[key(tmp)]; ok && done[yp] {
				for x := 0; x < m; x++ {
					t[x*m+y] = int32(b.next[t[x*m+yp]][j])
				}
				found = true
				break
			}
		}
		if !found {
			for x := 0; x < m; x++ {
				t[x*m+y] = int32(b.mul(x, y))
			}
		}
		done[y] = true
	}
	return t
}
