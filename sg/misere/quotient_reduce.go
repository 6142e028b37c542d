package misere

import (
	"context"
	"slices"

	"github.com/impartial-go/impartial/game"
)

// reduceCover reduces the cover times the powers x^k of component n
// (k < k0+p, x^(k0+p) = x^k0) with the P-portion of the layers, and names
// the classes by words in generators as build does.
func (q *quotient) reduceCover(ctx context.Context, c *cover, n int, layers [][]bool, pw powers) (*built, error) {
	img := c.images(n, pw, q.cfg.nworkers())
	class, nclass, err := refineCover(ctx, img, layers, c.size, q.cfg.nworkers())
	if err != nil {
		return nil, err
	}
	if err := q.tooMany(nclass); err != nil {
		return nil, err
	}
	return c.name(n, pw, img, class, layers), nil
}

// images returns the product by each generator of the elements of the
// cover times the powers of x: for the distinct elements of the components
// below n, the product of each element of the cover (the same in every
// layer: e = k·|cover| + e0 goes to k·|cover| + img[e0]); for x, last,
// the product of every element.
func (c *cover) images(n int, pw powers, workers int) [][]int32 {
	kk := pw.k0 + pw.p
	size := kk * c.size
	var gens []int
	for h := 1; h < n; h++ {
		if c.q.moves(h) && !slices.Contains(gens, c.heap[h]) {
			gens = append(gens, c.heap[h])
		}
	}
	img := make([][]int32, len(gens)+1)
	for g := range gens {
		img[g] = make([]int32, c.size)
	}
	gd := c.digits(gens)
	parallel(workers, c.size, c.size*len(gens), func(_, lo, hi int) { c.genImages(img[:len(gens)], gd, lo, hi) })
	xi := len(gens)
	img[xi] = make([]int32, size)
	for k := 0; k < kk; k++ { // layer k goes to layer k+1, reduced
		to, block := pw.red(k+1)*c.size, img[xi][k*c.size:(k+1)*c.size]
		for e0 := range block {
			block[e0] = int32(to + e0)
		}
	}
	return img
}

// genImages fills the images img[g][e0] of elements lo…hi−1 of the cover
// by the generators whose digits gd lists.
func (c *cover) genImages(img [][]int32, gd []int32, lo, hi int) {
	var buf [8]int
	ks := buf[:0]
	if len(c.radix) > len(buf) {
		ks = make([]int, 0, len(c.radix))
	}
	s := len(c.sub)
	w := 1 + len(c.radix)
	for e0 := lo; e0 < hi; e0++ {
		a, r := e0%s, e0/s
		ks = ks[:0]
		for _, cj := range c.radix {
			ks = append(ks, r%cj)
			r /= cj
		}
		for g := range img {
			d := gd[g*w : (g+1)*w]
			if c.mulS == nil {
				img[g][e0] = int32(c.mulSplit(a, ks, d))
				continue
			}
			// the counts a generator leaves as they are keep their digits
			code := e0 - a + int(c.mulS[a*s+int(d[0])])
			for j, dj := range d[1:] {
				if dj != 0 {
					code += (int(c.redT[j][ks[j]+int(dj)]) - ks[j]) * c.stride[j]
				}
			}
			img[g][e0] = int32(code)
		}
	}
}

// refineCover is Moore's partition refinement of the elements of the
// cover times the powers of x by the layers' outcomes and the images: the
// coarsest partition that separates P from N and that each image
// respects. It refines by one image at a time, the class of e becoming
// the pair (class of e, class of its image), until a round over every
// image splits no class; O(passes · size).
func refineCover(ctx context.Context, img [][]int32, layers [][]bool, csize, workers int) ([]int32, int, error) {
	size := len(img[len(img)-1])
	class := make([]int32, size)
	first := layers[0][0]
	nclass := 1
	for e := range class {
		if layers[e/csize][e%csize] != first {
			class[e] = 1
			nclass = 2
		}
	}
	next := make([]int32, size)
	var r pairRefiner
	// stable[i]: the number of classes when image i last split none; a
	// refinement only adds classes, so the partition is still stable
	// under image i while the number is the same.
	stable := make([]int, len(img))
	for {
		changed := false
		for ii := range img {
			i := (ii + len(img) - 1) % len(img) // x first
			im := img[i]
			if stable[i] == nclass {
				continue
			}
			// Refining by one image again and again carries a distinction
			// along a chain of it (the powers of x) without passing over
			// the other images each time.
			for {
				if err := ctx.Err(); err != nil {
					return nil, 0, err
				}
				if r.stableUnder(class, im, nclass, workers) {
					stable[i] = nclass
					break
				}
				n := r.refine(class, im, next, nclass, workers)
				class, next = next, class
				if n == nclass {
					stable[i] = n
					break
				}
				changed, nclass = true, n
			}
		}
		if !changed {
			return class, nclass, nil
		}
	}
}

// name names the classes: components in increasing order, each a
// generator when its class is not yet reached, closing under the
// generators as met.
func (c *cover) name(n int, pw powers, img [][]int32, class []int32, layers [][]bool) *built {
	q, xi := c.q, len(img)-1
	heapElem := func(h int) int {
		if h == n {
			return pw.red(1) * c.size
		}
		return c.heap[h]
	}
	mulHeap := func(e, h int) int {
		if h == n {
			return int(img[xi][e])
		}
		k, e0 := e/c.size, e%c.size
		return k*c.size + c.mul(e0, c.heap[h])
	}
	b := &built{monoid: monoid{pretend: make([]int, n+1)}}
	elem := map[int32]int{class[0]: 0}
	coverOf := []int{0}
	b.reps = []game.Heaps{""}
	b.words = [][]int{nil}
	b.next = [][]int{nil}
	b.isP = []bool{layers[0][0]}
	for h := 1; h <= n; h++ {
		if !q.moves(h) {
			continue
		}
		if y, ok := elem[class[heapElem(h)]]; ok {
			b.pretend[h] = y
			continue
		}
		b.gens = append(b.gens, h)
		for x := 0; x < len(b.reps); x++ {
			for j := len(b.next[x]); j < len(b.gens); j++ {
				to := mulHeap(coverOf[x], b.gens[j])
				y, ok := elem[class[to]]
				if !ok {
					y = len(b.reps)
					elem[class[to]] = y
					coverOf = append(coverOf, to)
				}
				b.link(x, j, y, !ok, layers[to/c.size][to%c.size])
			}
		}
		b.pretend[h] = b.next[0][len(b.gens)-1]
	}
	return b
}

// link records that element x times generator j is element y. When fresh,
// y is a new element, the next one: its heaps are x's with generator j's
// heap added, its word is x's with j's exponent raised, and isP says
// whether it is a P-position. Otherwise the product may give a relation:
// relate finds it once the monoid is proven (a refuted candidate needs
// none).
func (b *built) link(x, j, y int, fresh, isP bool) {
	b.tab = nil
	if fresh {
		word := make([]int, len(b.gens))
		copy(word, b.words[x])
		word[j]++
		b.reps = append(b.reps, heapsOf(append(b.reps[x].Sizes(), b.gens[j])...))
		b.words = append(b.words, word)
		b.next = append(b.next, nil)
		b.isP = append(b.isP, isP)
	} else {
		b.pending = append(b.pending, [3]int32{int32(x), int32(j), int32(y)})
	}
	b.next[x] = append(b.next[x], y)
}

// relate records the relations of the products link met, in the order
// met: x times generator j is y, and when the word of x with j's exponent
// raised differs from y's and the relations found before do not imply it,
// the two words make a new relation.
func (b *built) relate() {
	var word []int
	for _, p := range b.pending {
		x, j, y := int(p[0]), int(p[1]), int(p[2])
		word = append(word[:0], b.words[x]...)
		for len(word) <= j {
			word = append(word, 0)
		}
		word[j]++
		if !sameWord(word, b.words[y]) && !implied(word, b.lhs) {
			b.lhs = append(b.lhs, slices.Clone(word))
			b.relations = append(b.relations, wordString(word, len(b.gens))+"="+wordString(b.words[y], len(b.gens)))
		}
	}
	b.pending = nil
}
