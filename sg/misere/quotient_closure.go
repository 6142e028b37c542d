package misere

import "context"

// closureChunk is the number of (state, component) pairs whose successor
// states one step of the closure computes, on several goroutines, before
// it takes them in order.
const closureChunk = 1 << 12

// stateClosure is the search of verifyOutcomes: the states found, in order,
// and the scratch of a step.
type stateClosure struct {
	b      *built
	mul    []int32
	m      int
	words  int
	keyLen int
	heaps  []heapState
	states []vstate
	seen   map[string]bool

	// pulled[j][x·words…]: the z reached from x + component j by a move
	// in the component (it reaches x·z), when have[j][x].
	pulled [][]uint64
	have   [][]bool
	todo   []int // pairs j·m + x to pull in this step

	// the successors of a step, pair p = (i−i0)·len(heaps) + j: their
	// reach (words each) and state keys (keyLen each)
	reach []uint64
	keys  []byte
}

// verifyOutcomes checks (2), the misère recursion at every state reached
// from the empty position by adding components ≤ n. The states are taken
// in order, each adding every distinct component state (the successors of
// a batch of states are computed on q's workers), and the condition is
// checked as each new state is found; the first state found that fails it
// gives the witness, whatever the number of workers.
func (q *quotient) verifyOutcomes(ctx context.Context, b *built, mul []int32, n int) ([]int, error) {
	m := len(b.reps)
	heaps, keys := q.heapStates(b, mul, n)
	c := &stateClosure{b: b, mul: mul, m: m, words: (m + 63) / 64, heaps: heaps, seen: map[string]bool{}}
	c.keyLen = 5 + 8*c.words
	c.pulled = make([][]uint64, len(heaps))
	c.have = make([][]bool, len(heaps))
	for j := range heaps {
		c.pulled[j] = make([]uint64, m*c.words)
		c.have[j] = make([]bool, m)
	}
	c.states = []vstate{{x: 0, reach: make([]uint64, c.words), parent: -1}}
	c.seen[string(appendStateKey(nil, c.states[0]))] = true
	if s := c.states[0]; b.isP[s.x] != (s.moves && !hasBit(s.reach, 0)) {
		return nil, nil // as the check of state 0 always did; isP[0] is false in every candidate
	}
	workers := q.cfg.nworkers()
	per := max(1, closureChunk/max(1, len(heaps)))
	for i0 := 0; i0 < len(c.states); {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		i1 := min(len(c.states), i0+per)
		c.step(workers, i0, i1)
		w, err := q.take(c, i0, i1)
		if w != nil || err != nil {
			return w, err
		}
		i0 = i1
	}
	b.heapKeys = keys
	return nil, nil
}

// step computes the successors of states i0…i1−1: first the pulls they
// need that no earlier step made, then each successor's reach and key.
func (c *stateClosure) step(workers, i0, i1 int) {
	m, hn := c.m, len(c.heaps)
	c.todo = c.todo[:0]
	for _, s := range c.states[i0:i1] {
		for j := range c.heaps {
			if !c.have[j][s.x] {
				c.have[j][s.x] = true
				c.todo = append(c.todo, j*m+s.x)
			}
		}
	}
	parallel(workers, len(c.todo), len(c.todo)*m, func(_, lo, hi int) {
		for _, jx := range c.todo[lo:hi] {
			j, x := jx/m, jx%m
			pullBits(c.pulled[j][x*c.words:(x+1)*c.words], c.heaps[j].reach, c.mul[x*m:x*m+m])
		}
	})
	np := (i1 - i0) * hn
	if len(c.reach) < np*c.words {
		c.reach = make([]uint64, np*c.words)
		c.keys = make([]byte, np*c.keyLen)
	}
	parallel(workers, np, np*m, func(_, lo, hi int) {
		for p := lo; p < hi; p++ {
			s, hs := &c.states[i0+p/hn], &c.heaps[p%hn]
			r := c.reach[p*c.words : (p+1)*c.words]
			copy(r, c.pulled[p%hn][s.x*c.words:])
			pullBits(r, s.reach, c.mul[hs.y*m:hs.y*m+m])
			succ := vstate{x: int(c.mul[s.x*m+hs.y]), moves: s.moves || hs.moves, reach: r}
			appendStateKey(c.keys[p*c.keyLen:p*c.keyLen:(p+1)*c.keyLen], succ)
		}
	})
}

// take goes over the successors of states i0…i1−1 in order, adding each
// new one to the states after checking the misère recursion at it; it
// returns the witness of the first that fails.
func (q *quotient) take(c *stateClosure, i0, i1 int) ([]int, error) {
	hn := len(c.heaps)
	for p := 0; p < (i1-i0)*hn; p++ {
		key := c.keys[p*c.keyLen : (p+1)*c.keyLen]
		if c.seen[string(key)] {
			continue
		}
		i, hs := i0+p/hn, &c.heaps[p%hn]
		r := c.reach[p*c.words : (p+1)*c.words]
		x := int(c.mul[c.states[i].x*c.m+hs.y])
		moves := key[4] == 1
		if c.b.isP[x] != (moves && !hasBit(r, 0)) {
			return append([]int{hs.h}, c.witness(i)...), nil
		}
		if len(c.states) >= MaxVerifyStates {
			return nil, q.limitError("positions", MaxVerifyStates, 0, "states of the proof of exactness")
		}
		c.seen[string(key)] = true
		c.states = append(c.states, vstate{x: x, moves: moves, reach: append([]uint64(nil), r...), parent: i, heap: hs.h})
	}
	return nil, nil
}

// witness returns the components added from the empty position to reach
// state i, the last first.
func (c *stateClosure) witness(i int) []int {
	var sizes []int
	for ; c.states[i].parent >= 0; i = c.states[i].parent {
		sizes = append(sizes, c.states[i].heap)
	}
	return sizes
}
