package main

import "fmt"

// pair is a two-heap Nim position written (x, y), with (x, y) and (y, x)
// the same position.
type pair struct{ x, y int }

func (p pair) String() string { return fmt.Sprintf("(%d, %d)", p.x, p.y) }

// twoHeapNim is Nim on two heaps: a move takes at least one token from one
// heap. It is a game.Canonicalizer that sorts the heaps, so that (x, y)
// and (y, x) are one position.
type twoHeapNim struct{}

func (twoHeapNim) AppendMoves(dst []pair, p pair) []pair {
	for x := range p.x {
		dst = append(dst, pair{x, p.y})
	}
	for y := range p.y {
		dst = append(dst, pair{p.x, y})
	}
	return dst
}

func (twoHeapNim) Canonical(p pair) pair {
	if p.x > p.y {
		return pair{p.y, p.x}
	}
	return p
}
