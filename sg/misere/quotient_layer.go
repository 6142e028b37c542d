package misere

import (
	"context"
	"sync"
)

// layerChunk is the number of elements a split pass's layer hands from
// the goroutines that read the layer before to the one that fills it; a
// layer of fewer than two chunks is filled by one goroutine. A variable
// so that tests can hand off small layers.
var layerChunk = 1 << 13

// layer fills cur, layer k ≥ 1 of a split pass, from prev, layer k−1:
// element e (in order, by weight) is a P-position when no option is. The
// options by a move in a copy of the new component lie in prev; the
// others, of smaller weight, in cur. On several workers the first are
// looked at ahead, chunk after chunk, by the other goroutines (into pre,
// scratch of the cover's size), while this one fills cur in order.
func (c *cover) layer(ctx context.Context, order []int, prev, cur, pre []bool, xOpts []int32, workers int) error {
	if workers <= 1 || len(order) < 2*layerChunk {
		for i, e := range order {
			if i&4095 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			cur[e] = !c.prevN(e, prev, xOpts) && c.curP(e, cur)
		}
		return nil
	}
	helpers := workers - 1
	nchunks := (len(order) + layerChunk - 1) / layerChunk
	chunk := func(i int) []int { return order[i*layerChunk : min((i+1)*layerChunk, len(order))] }
	done := make([]chan struct{}, helpers)
	var wg sync.WaitGroup
	defer wg.Wait()
	for h := range done {
		done[h] = make(chan struct{}, nchunks/helpers+1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := h; i < nchunks; i += helpers {
				for _, e := range chunk(i) {
					pre[e] = c.prevN(e, prev, xOpts)
				}
				done[h] <- struct{}{}
			}
		}()
	}
	for i := 0; i < nchunks; i++ {
		<-done[i%helpers]
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, e := range chunk(i) {
			cur[e] = !pre[e] && c.curP(e, cur)
		}
	}
	return nil
}

// counts writes the counts of the freed coordinates of element e to buf
// (grown when short) and returns them with e's S-part.
func (c *cover) counts(e int, buf []int) (int, []int) {
	ks := buf[:0]
	s := len(c.sub)
	a, r := e%s, e/s
	for _, cj := range c.radix {
		ks = append(ks, r%cj)
		r /= cj
	}
	return a, ks
}

// prevN returns whether element e, with k ≥ 1 copies of the new
// component, has an option by a move in one of them that is a P-position
// in prev, layer k−1.
func (c *cover) prevN(e int, prev []bool, xOpts []int32) bool {
	var buf [8]int
	a, ks := c.counts(e, buf[:])
	w := 1 + len(c.radix)
	for i := 0; i < len(xOpts); i += w {
		if prev[c.mulSplit(a, ks, xOpts[i:i+w])] {
			return true
		}
	}
	return false
}

// curP returns whether no option of element e by a move in a component
// below the new one is a P-position in cur, filled for every element of
// smaller weight.
func (c *cover) curP(e int, cur []bool) bool {
	var buf [8]int
	a, ks := c.counts(e, buf[:])
	w := 1 + len(c.radix)
	so := c.subOptsD[a] // moves in the components of S
	for i := 0; i < len(so); i += w {
		if cur[c.mulSplit(0, ks, so[i:i+w])] {
			return false
		}
	}
	for j, f := range c.freed { // moves in a freed component
		if ks[j] == 0 {
			continue
		}
		ks[j]--
		ho := c.heapOptsD[f.heaps[0]]
		for i := 0; i < len(ho); i += w {
			if cur[c.mulSplit(a, ks, ho[i:i+w])] {
				ks[j]++
				return false
			}
		}
		ks[j]++
	}
	return true
}
