package misere

import "sync/atomic"

// pairRefiner numbers the pairs (class[e], class[image of e]) in order of
// first appearance: each worker numbers the pairs of its part of the
// elements in its own table, then the parts' numbers are mapped to those
// of the whole, part after part, so the numbering is the same as one
// goroutine's. A table is dense when the pairs are few, a map otherwise.
type pairRefiner struct {
	parts []pairPart
}

// pairPart is one worker's numbering: pair k = c·nclass + c' → its number
// in the part, and the pairs in order of first appearance.
type pairPart struct {
	rep    []int32 // class → the class of its images, or −1 (see stableUnder)
	dense  []int32
	sparse map[uint64]int32
	pairs  []uint64
	remap  []int32 // the part's numbers → the whole's
}

// maxDensePairs bounds the dense tables of a pairRefiner's parts, all
// together.
const maxDensePairs = 1 << 22

// refine writes the new class of each element to next and returns the
// number of classes. The image of element off+e0, for off a multiple of
// len(im), is off+im[e0].
func (r *pairRefiner) refine(class, im, next []int32, nclass, workers int) int {
	size := len(class)
	np := parts(workers, size, size)
	for len(r.parts) < np {
		r.parts = append(r.parts, pairPart{})
	}
	limit := maxDensePairs / np // the entries of each part's dense table
	dense := nclass*nclass <= limit
	parallel(workers, size, size, func(p, lo, hi int) {
		pt := &r.parts[p]
		if dense {
			pt.numberDense(class, im, next, lo, hi, nclass, limit)
		} else {
			pt.numberSparse(class, im, next, lo, hi, nclass)
		}
	})
	p0 := &r.parts[0]
	n := int32(len(p0.pairs))
	for p := 1; p < np; p++ {
		pt := &r.parts[p]
		pt.remap = pt.remap[:0]
		same := true // the part's numbers are the whole's
		for i, k := range pt.pairs {
			v, ok := p0.lookup(k, dense)
			if !ok {
				v = n
				n++
				p0.insert(k, v, dense)
			}
			pt.remap = append(pt.remap, v)
			same = same && v == int32(i)
		}
		if !same {
			// part p's elements renumbered by every worker
			lo, hi := p*size/np, (p+1)*size/np
			parallel(workers, hi-lo, hi-lo, func(_, a, b int) {
				for e, v := range next[lo+a : lo+b] {
					next[lo+a+e] = pt.remap[v]
				}
			})
		}
	}
	for p := range np {
		r.parts[p].reset(dense)
	}
	return int(n)
}

// numberDense numbers the pairs of elements lo…hi−1 with a dense table.
// Its table has at most limit entries.
func (pt *pairPart) numberDense(class, im, next []int32, lo, hi, nclass, limit int) {
	if len(pt.dense) < nclass*nclass {
		// grown geometrically: the classes grow a few at a time
		pt.dense = make([]int32, min(max(4*nclass*nclass, 1<<12), limit))
		for i := range pt.dense {
			pt.dense[i] = -1
		}
	}
	pt.pairs = pt.pairs[:0]
	cs := len(im)
	e0, off := lo%cs, lo-lo%cs
	n := int32(0)
	for e := lo; e < hi; e++ {
		k := int(class[e])*nclass + int(class[off+int(im[e0])])
		v := pt.dense[k]
		if v < 0 {
			v = n
			n++
			pt.dense[k] = v
			pt.pairs = append(pt.pairs, uint64(k))
		}
		next[e] = v
		if e0++; e0 == cs {
			e0, off = 0, off+cs
		}
	}
}

// numberSparse numbers the pairs of elements lo…hi−1 with a map.
func (pt *pairPart) numberSparse(class, im, next []int32, lo, hi, nclass int) {
	if pt.sparse == nil {
		pt.sparse = make(map[uint64]int32)
	}
	pt.pairs = pt.pairs[:0]
	cs := len(im)
	e0, off := lo%cs, lo-lo%cs
	n := int32(0)
	for e := lo; e < hi; e++ {
		k := uint64(class[e])*uint64(nclass) + uint64(class[off+int(im[e0])])
		v, ok := pt.sparse[k]
		if !ok {
			v = n
			n++
			pt.sparse[k] = v
			pt.pairs = append(pt.pairs, k)
		}
		next[e] = v
		if e0++; e0 == cs {
			e0, off = 0, off+cs
		}
	}
}

func (pt *pairPart) lookup(k uint64, dense bool) (int32, bool) {
	if dense {
		v := pt.dense[k]
		return v, v >= 0
	}
	v, ok := pt.sparse[k]
	return v, ok
}

func (pt *pairPart) insert(k uint64, v int32, dense bool) {
	if dense {
		pt.dense[k] = v
	} else {
		pt.sparse[k] = v
	}
	pt.pairs = append(pt.pairs, k)
}

// reset empties the part's table.
func (pt *pairPart) reset(dense bool) {
	if !dense {
		clear(pt.sparse)
		return
	}
	for _, k := range pt.pairs {
		pt.dense[k] = -1
	}
}

// stableUnder reports whether the partition is stable under the image:
// whether the class of each element determines the class of its image.
// It reads each element once and writes a table of one entry a class, so
// it costs less than a refinement that finds no class split, and stops at
// the first element that shows a split.
func (r *pairRefiner) stableUnder(class, im []int32, nclass, workers int) bool {
	size := len(class)
	np := parts(workers, size, size)
	for len(r.parts) < np {
		r.parts = append(r.parts, pairPart{})
	}
	var split atomic.Bool
	parallel(workers, size, size, func(p, lo, hi int) {
		pt := &r.parts[p]
		if len(pt.rep) < nclass {
			pt.rep = make([]int32, 2*nclass)
		}
		rep := pt.rep[:nclass]
		for c := range rep {
			rep[c] = -1
		}
		cs := len(im)
		e0, off := lo%cs, lo-lo%cs
		for e := lo; e < hi; e++ {
			c, ic := class[e], class[off+int(im[e0])]
			if rc := rep[c]; rc != ic {
				if rc >= 0 {
					split.Store(true)
					return
				}
				rep[c] = ic
			}
			if e0++; e0 == cs {
				if split.Load() { // another part found a split
					return
				}
				e0, off = 0, off+cs
			}
		}
	})
	if split.Load() {
		return false
	}
	rep := r.parts[0].rep[:nclass]
	for _, pt := range r.parts[1:np] {
		for c, ic := range pt.rep[:nclass] {
			if ic >= 0 && rep[c] >= 0 && ic != rep[c] {
				return false
			}
			if rep[c] < 0 {
				rep[c] = ic
			}
		}
	}
	return true
}
