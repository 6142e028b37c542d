package misere

import (
	"context"
	"fmt"
	"slices"

	"github.com/impartial-go/impartial/game"
)

// adjoin proposes the quotient of heaps ≤ n from the proven quotient Q of
// heaps ≤ n−1 (Plambeck and Siegel, Misère quotients for impartial games,
// JCTA 115 (2008), sec. 6; Siegel's MisereSolver): heap n is a new
// generator x, and a position x^k + S (S a sum of smaller heaps) is taken
// to have an outcome o_k(Φ(S)) that depends only on k and the element of
// S. Then o_0 is the P-portion of Q and o_k(q) is P exactly when no move
// in a copy of x (to x^(k-1)·q·Φ(O), O an option of heap n) and no move in
// the smallest position of class q (to x^k·Φ(S'), S' an option of it)
// reaches a P-position, so o_k is a function of o_(k-1) alone: the first
// repetition o_(k0+p) = o_k0 proves x^(k0+p) = x^k0 in the proposal. The
// pairs x^k·q, k < k0+p, with the product and these outcomes form a
// monoid, reduced by Moore's partition refinement; the elements of Q keep
// their numbers and names, and new ones are named by words in the
// generators as they are met.
//
// The assumption is only a proposal: the caller proves the result exact
// with verify. adjoin returns nil when the proposal cannot be an extension
// of Q (it would merge elements of Q).
func (q *Quotient) adjoin(ctx context.Context, n int) (*built, error) {
	m := len(q.reps)
	mul := make([]int, m*m)
	for x := 0; x < m; x++ {
		for y := 0; y < m; y++ {
			mul[x*m+y] = q.Mul(x, y)
		}
	}
	phi := func(parts []int) int {
		x := 0
		for _, h := range parts {
			x = mul[x*m+q.pretend[h]]
		}
		return x
	}
	var hm []game.HeapMove
	optionsOf := func(h int, dst []int) []int {
		hm = q.rule.AppendHeapMoves(hm[:0], h)
		for _, mv := range hm {
			for parts := range game.Partitions(mv) {
				dst = append(dst, phi(parts))
			}
		}
		return dst
	}
	b := &built{monoid: monoid{
		gens:      slices.Clone(q.gens),
		reps:      slices.Clone(q.reps),
		words:     slices.Clone(q.words),
		next:      make([][]int, m),
		pretend:   append(slices.Clone(q.pretend), 0),
		isP:       slices.Clone(q.isP),
		relations: slices.Clone(q.relations),
		lhs:       slices.Clone(q.lhs),
	}}
	for x := range b.next {
		b.next[x] = slices.Clone(q.next[x])
	}
	xOpts := optionsOf(n, nil)
	if len(xOpts) == 0 {
		return b, nil // heap n has no move: it is the empty game
	}
	slices.Sort(xOpts)
	xOpts = slices.Compact(xOpts)

	// Smallest positions of each class (fewest tokens).
	heaps := make([]int, n-1)
	for h := range heaps {
		heaps[h] = h + 1
	}
	tokens, small := smallestPositions(m, heaps,
		func(h int) int { return h },
		func(x, h int) int { return mul[x*m+q.pretend[h]] })
	order := make([]int, m)
	for x := range order {
		order[x] = x
	}
	slices.SortFunc(order, func(a, b int) int { return tokens[a] - tokens[b] })
	// opts[q]: the elements of the options of the smallest position of q.
	opts := make([][]int, m)
	for x, s := range small {
		var o []int
		for i, h := range s {
			if i > 0 && h == s[i-1] {
				continue
			}
			rest := phi(slices.Concat(s[:i], s[i+1:]))
			for _, a := range optionsOf(h, nil) {
				o = append(o, mul[rest*m+a])
			}
		}
		slices.Sort(o)
		opts[x] = slices.Compact(o)
	}

	// Outcomes o_k until the first repetition.
	outs := [][]bool{slices.Clone(q.isP)}
	seen := map[string]int{string(boolKey(q.isP)): 0}
	k0, p := 0, 0
	for k := 1; ; k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		prev, cur := outs[k-1], make([]bool, m)
		for _, x := range order {
			isP := true
			for _, a := range xOpts {
				if prev[mul[x*m+a]] {
					isP = false
					break
				}
			}
			for _, a := range opts[x] {
				if !isP {
					break
				}
				isP = !cur[a]
			}
			cur[x] = isP
		}
		key := string(boolKey(cur))
		if j, ok := seen[key]; ok {
			k0, p = j, k-j
			break
		}
		seen[key] = k
		outs = append(outs, cur)
		if limit := q.cfg.maxElements; limit > 0 && k > limit {
			return nil, fmt.Errorf("powers of heap %d not periodic after %d: %w", n, k, ErrTooLarge)
		}
	}
	kk := k0 + p
	red := func(k int) int {
		if k < kk {
			return k
		}
		return k0 + (k-k0)%p
	}
	// Moore's refinement of the pairs (k, x) ↦ k*m + x.
	np := kk * m
	class := make([]int, np)
	for i := range class {
		if outs[i/m][i%m] {
			class[i] = 1
		}
	}
	nclass := 0
	key := make([]int, 0, len(q.gens)+2)
	for {
		index := map[string]int{}
		nxt := make([]int, np)
		for i := range nxt {
			k, x := i/m, i%m
			key = append(key[:0], class[i], class[red(k+1)*m+x])
			for _, g := range q.gens {
				key = append(key, class[k*m+mul[x*m+q.pretend[g]]])
			}
			s := fmt.Sprint(key)
			c, ok := index[s]
			if !ok {
				c = len(index)
				index[s] = c
			}
			nxt[i] = c
		}
		if len(index) == nclass {
			break
		}
		nclass, class = len(index), nxt
	}
	// The elements of Q must stay distinct.
	elem := make(map[int]int, nclass) // class → element number
	pair := make([]int, m, nclass)    // element → a pair of its class
	for x := 0; x < m; x++ {
		if _, dup := elem[class[x]]; dup {
			return nil, nil
		}
		elem[class[x]] = x
		pair[x] = x
	}
	if limit := q.cfg.maxElements; limit > 0 && nclass > limit {
		return nil, fmt.Errorf("more than %d elements: %w", limit, ErrTooLarge)
	}
	if y, ok := elem[class[red(1)*m]]; ok {
		b.pretend[n] = y // heap n is an element of Q
		return b, nil
	}
	// Close under the generators, heap n last, naming new elements.
	b.gens = append(b.gens, n)
	for x := 0; x < len(b.reps); x++ {
		for j := len(b.next[x]); j < len(b.gens); j++ {
			k, v := pair[x]/m, pair[x]%m
			var to int
			if j == len(b.gens)-1 {
				to = red(k+1)*m + v
			} else {
				to = k*m + mul[v*m+q.pretend[b.gens[j]]]
			}
			word := make([]int, len(b.gens))
			copy(word, b.words[x])
			word[j]++
			y, ok := elem[class[to]]
			if !ok {
				y = len(b.reps)
				elem[class[to]] = y
				pair = append(pair, to)
				sizes := append(b.reps[x].Sizes(), b.gens[j])
				r, _ := game.MakeHeaps(sizes...)
				b.reps = append(b.reps, r)
				b.words = append(b.words, word)
				b.next = append(b.next, nil)
				b.isP = append(b.isP, outs[to/m][to%m])
			} else if !sameWord(word, b.words[y]) && !implied(word, b.lhs) {
				b.lhs = append(b.lhs, word)
				b.relations = append(b.relations, wordString(word, len(b.gens))+"="+wordString(b.words[y], len(b.gens)))
			}
			b.next[x] = append(b.next[x], y)
		}
	}
	b.pretend[n] = b.next[0][len(b.gens)-1]
	return b, nil
}

func boolKey(v []bool) []byte {
	k := make([]byte, (len(v)+7)/8)
	for i, t := range v {
		if t {
			k[i/8] |= 1 << (i % 8)
		}
	}
	return k
}
