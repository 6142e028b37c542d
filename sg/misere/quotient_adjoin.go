package misere

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
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
func (q *quotient) adjoin(ctx context.Context, n int) (*built, error) {
	a := q.newAdjoin()
	b := q.copyMonoid()
	xOpts := optionsOf(q.r, n, nil, a.phi)
	if len(xOpts) == 0 {
		return b, nil // component n has no move: it is the empty game
	}
	slices.Sort(xOpts)
	xOpts = slices.Compact(xOpts)
	order, opts := a.smallest(n)
	outs, k0, p, err := a.powers(ctx, n, xOpts, order, opts)
	if err != nil {
		return nil, err
	}
	pw := powers{k0: k0, p: p}
	class, nclass := a.refine(pw, outs)
	// The elements of Q must stay distinct.
	elem := make(map[int]int, nclass) // class → element number
	pair := make([]int, a.m, nclass)  // element → a pair of its class
	for x := 0; x < a.m; x++ {
		if _, dup := elem[class[x]]; dup {
			return nil, nil
		}
		elem[class[x]] = x
		pair[x] = x
	}
	if err := q.tooMany(nclass); err != nil {
		return nil, err
	}
	if y, ok := elem[class[pw.red(1)*a.m]]; ok {
		b.pretend[n] = y // component n is an element of Q
		return b, nil
	}
	a.name(b, n, pw, class, elem, pair, outs)
	return b, nil
}

// adjoinState is Q's product table and pretending function, as adjoin
// reads them.
type adjoinState struct {
	q   *quotient
	m   int
	mul []int
}

func (q *quotient) newAdjoin() *adjoinState {
	m := len(q.reps)
	a := &adjoinState{q: q, m: m, mul: make([]int, m*m)}
	for x := 0; x < m; x++ {
		for y := 0; y < m; y++ {
			a.mul[x*m+y] = q.Mul(x, y)
		}
	}
	return a
}

// phi is the element of a sum of components below the one adjoined.
func (a *adjoinState) phi(parts []int) int {
	x := 0
	for _, h := range parts {
		x = a.mul[x*a.m+a.q.pretend[h]]
	}
	return x
}

// copyMonoid returns a copy of Q with room for one more component.
func (q *quotient) copyMonoid() *built {
	b := &built{monoid: monoid{
		gens:      slices.Clone(q.gens),
		reps:      slices.Clone(q.reps),
		words:     slices.Clone(q.words),
		next:      make([][]int, len(q.reps)),
		pretend:   append(slices.Clone(q.pretend), 0),
		isP:       slices.Clone(q.isP),
		relations: slices.Clone(q.relations),
		lhs:       slices.Clone(q.lhs),
	}}
	for x := range b.next {
		b.next[x] = slices.Clone(q.next[x])
	}
	return b
}

// smallest returns the elements of Q by the weight of their smallest
// positions (made of components below n), and for each element the
// elements of the options of its smallest position.
func (a *adjoinState) smallest(n int) ([]int, [][]int) {
	q, m := a.q, a.m
	heaps := make([]int, n-1)
	for h := range heaps {
		heaps[h] = h + 1
	}
	weight, small := smallestPositions(m, heaps, q.r.weight,
		func(x, h int) int { return a.mul[x*m+q.pretend[h]] })
	order := make([]int, m)
	for x := range order {
		order[x] = x
	}
	slices.SortFunc(order, func(x, y int) int { return weight[x] - weight[y] })
	opts := make([][]int, m)
	var hopts []int
	for x, s := range small {
		var o []int
		for i, h := range s {
			if i > 0 && h == s[i-1] {
				continue
			}
			rest := a.phi(slices.Concat(s[:i], s[i+1:]))
			hopts = optionsOf(q.r, h, hopts[:0], a.phi)
			for _, y := range hopts {
				o = append(o, a.mul[rest*m+y])
			}
		}
		slices.Sort(o)
		opts[x] = slices.Compact(o)
	}
	return order, opts
}

// powers computes the outcomes o_k of x^k·q (x the new component, q an
// element of Q) layer after layer until a layer repeats an earlier one:
// o_(k0+p) = o_k0. It returns the layers o_0 … o_(k0+p−1).
func (a *adjoinState) powers(ctx context.Context, n int, xOpts, order []int, opts [][]int) ([][]bool, int, int, error) {
	q, m := a.q, a.m
	outs := [][]bool{slices.Clone(q.isP)}
	seen := map[string]int{string(boolKey(q.isP)): 0}
	for k := 1; ; k++ {
		if err := ctx.Err(); err != nil {
			return nil, 0, 0, err
		}
		prev, cur := outs[k-1], make([]bool, m)
		for _, x := range order {
			isP := true
			for _, y := range xOpts {
				if prev[a.mul[x*m+y]] {
					isP = false
					break
				}
			}
			for _, y := range opts[x] {
				if !isP {
					break
				}
				isP = !cur[y]
			}
			cur[x] = isP
		}
		key := string(boolKey(cur))
		if j, ok := seen[key]; ok {
			return outs, j, k - j, nil
		}
		seen[key] = k
		outs = append(outs, cur)
		if limit := q.cfg.maxElements; limit > 0 && k > limit {
			return nil, 0, 0, q.limitError("elements", limit, 0, fmt.Sprintf("powers of %s %d not periodic after %d", q.unit, n, k))
		}
	}
}

// powers says x^(k0+p) = x^k0.
type powers struct{ k0, p int }

// red reduces an exponent k to k0+p−1 at most.
func (w powers) red(k int) int {
	if k < w.k0+w.p {
		return k
	}
	return w.k0 + (k-w.k0)%w.p
}

// refine is Moore's partition refinement of the pairs (k, x) ↦ k·m + x by
// the outcomes and the products by the generators and by the new
// component; it returns each pair's class and the number of classes.
func (a *adjoinState) refine(pw powers, outs [][]bool) ([]int, int) {
	q, m := a.q, a.m
	np := (pw.k0 + pw.p) * m
	class := make([]int, np)
	for i := range class {
		if outs[i/m][i%m] {
			class[i] = 1
		}
	}
	nclass := 0
	key := make([]byte, 0, 8*(len(q.gens)+2))
	for {
		index := map[string]int{}
		nxt := make([]int, np)
		for i := range nxt {
			k, x := i/m, i%m
			key = binary.AppendUvarint(key[:0], uint64(class[i]))
			key = binary.AppendUvarint(key, uint64(class[pw.red(k+1)*m+x]))
			for _, g := range q.gens {
				key = binary.AppendUvarint(key, uint64(class[k*m+a.mul[x*m+q.pretend[g]]]))
			}
			c, ok := index[string(key)]
			if !ok {
				c = len(index)
				index[string(key)] = c
			}
			nxt[i] = c
		}
		if len(index) == nclass {
			return class, nclass
		}
		nclass, class = len(index), nxt
	}
}

// name closes b under the generators, component n last, naming the new
// elements by words as they are met.
func (a *adjoinState) name(b *built, n int, pw powers, class []int, elem map[int]int, pair []int, outs [][]bool) {
	q, m := a.q, a.m
	b.gens = append(b.gens, n)
	for x := 0; x < len(b.reps); x++ {
		for j := len(b.next[x]); j < len(b.gens); j++ {
			k, v := pair[x]/m, pair[x]%m
			var to int
			if j == len(b.gens)-1 {
				to = pw.red(k+1)*m + v
			} else {
				to = k*m + a.mul[v*m+q.pretend[b.gens[j]]]
			}
			y, ok := elem[class[to]]
			if !ok {
				y = len(b.reps)
				elem[class[to]] = y
				pair = append(pair, to)
			}
			b.link(x, j, y, !ok, outs[to/m][to%m])
		}
	}
	b.pretend[n] = b.next[0][len(b.gens)-1]
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
