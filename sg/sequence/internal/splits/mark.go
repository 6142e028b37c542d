package splits

import "github.com/impartial-go/impartial/sg"

// Mark marks G(a) ⊕ G(r-a) for 1 ≤ a ≤ r/2 (a < r-a when unequal)
// in st, with mark, and returns the number of splits. The direct engine of
// package sequence marks with stamps (uint32), the sparse engine with
// bytes.
func Mark[T uint8 | uint16 | sg.Nimber, M uint8 | uint32](st []M, mark M, g []T, r int, unequal bool) int {
	hi := r / 2
	if unequal && r%2 == 0 {
		hi--
	}
	if hi < 1 {
		return 0
	}
	lo := g[1 : hi+1]
	up := g[r-hi : r] // g[r-1-i] is up[hi-1-i]
	m := hi - 1
	for i, x := range lo {
		st[x^up[m-i]] = mark
	}
	return hi
}
