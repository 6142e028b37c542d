package sequence

import (
	"math/bits"

	"github.com/impartial-go/impartial/sg"
)

// multiTable holds, for j ≥ 2 and r ≥ 0, the set S_j(r) of the XORs
// G(a_1) ⊕ … ⊕ G(a_j) over all ways to write r as j nonempty parts, as
// bitsets of words words each. Rows are computed on demand from
// S_j(r) = ∪_{1 ≤ a ≤ r-j+1} G(a) ⊕ S_{j-1}(r-a), with S_1(r) = {G(r)},
// and recomputed when the values outgrow the bitsets.
type multiTable struct {
	words int
	rows  int        // rows 0 … rows-1 are filled for every j in sets
	sets  [][]uint64 // sets[j][r*words : (r+1)*words] is S_j(r)
}

// multiMark adds S_j(r) to m, given g = G(0 … ≥ r) whose values are below
// size (a power of two), and returns the work done.
func multiMark[T uint8 | uint16 | sg.Nimber](t *multiTable, m *markSet, j, r int, g []T, size int) int {
	w := max(1, size/64)
	work := 0
	if w != t.words || j >= len(t.sets) {
		// The values outgrew the bitsets, or a new split size: rebuild.
		t.words, t.rows = w, 0
		for len(t.sets) <= j {
			t.sets = append(t.sets, nil)
		}
	}
	for ; t.rows <= r; t.rows++ {
		q := t.rows
		for jj := 2; jj < len(t.sets); jj++ {
			if len(t.sets[jj]) < (q+1)*w {
				t.sets[jj] = append(t.sets[jj], make([]uint64, (q+1)*w-len(t.sets[jj]))...)
			}
			row := t.sets[jj][q*w : (q+1)*w]
			clear(row)
			if jj == 2 {
				for a := 1; a <= q/2; a++ {
					v := uint64(g[a] ^ g[q-a])
					row[v>>6] |= 1 << (v & 63)
				}
				work += q / 2
				continue
			}
			for a := 1; a <= q-jj+1; a++ {
				x := uint64(g[a])
				src := t.sets[jj-1][(q-a)*w : (q-a+1)*w]
				for i, word := range src {
					for word != 0 {
						b := uint64(i*64+bits.TrailingZeros64(word)) ^ x
						row[b>>6] |= 1 << (b & 63)
						word &= word - 1
					}
				}
				work += w
			}
		}
	}
	for i, word := range t.sets[j][r*w : (r+1)*w] {
		for word != 0 {
			m.st[i*64+bits.TrailingZeros64(word)] = m.cur
			word &= word - 1
		}
	}
	return work + w
}
