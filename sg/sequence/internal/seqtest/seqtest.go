// Package seqtest holds what the tests of package sequence and of its
// internal packages share: small local heap rules (take-and-break codes,
// Grundy's game, a wrapper that hides a code's digits), the values of a
// rule by the definition, and the comparison of computed values with
// them. Package rulesets has the real rules; these stay here so that the
// tests depend on nothing above package sequence.
package seqtest

import (
	"fmt"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// Values is a value sequence as the tests read it: a *sequence.Sequence
// or a *store.Seq.
type Values interface {
	Len() int
	At(n int) sg.Nimber
}

// Code is a take-and-break code: digits[k] for k = 0 … len-1, then tail
// for every larger k when tail != 0 (so MaxTake is -1).
type Code struct {
	name   string
	digits []uint32
	tail   uint32
}

// Parse reads a code such as ".07", "0.77", "4.07" or "0.F"; a final
// "…" followed by a digit repeats that digit for ever ("0.…3" is Nim).
func Parse(code string) Code {
	c := Code{name: code}
	intPart, frac, ok := strings.Cut(code, ".")
	if !ok {
		panic("no point in " + code)
	}
	d0 := uint32(0)
	if intPart != "" {
		fmt.Sscanf(intPart, "%x", &d0)
	}
	c.digits = append(c.digits, d0)
	if rep, ok := strings.CutPrefix(frac, "…"); ok {
		var d uint32
		fmt.Sscanf(rep, "%x", &d)
		c.tail = d
		return c
	}
	for _, ch := range frac {
		var d uint32
		fmt.Sscanf(string(ch), "%x", &d)
		c.digits = append(c.digits, d)
	}
	return c
}

// Named returns the code under another name (the rule's String).
func (c Code) Named(name string) Code {
	c.name = name
	return c
}

// String returns the code as written.
func (c Code) String() string { return c.name }

// Digit returns the digit for removing k tokens.
func (c Code) Digit(k int) uint32 {
	if k < len(c.digits) {
		return c.digits[k]
	}
	return c.tail
}

// MaxTake returns the largest removal, or -1 when the digits repeat for
// ever.
func (c Code) MaxTake() int {
	if c.tail != 0 {
		return -1
	}
	for k := len(c.digits) - 1; k >= 0; k-- {
		if c.digits[k] != 0 {
			return k
		}
	}
	return 0
}

// AppendHeapMoves appends the moves of a heap of n tokens.
func (c Code) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := 0; k <= n; k++ {
		d, r := c.Digit(k), n-k
		if d&1 != 0 && r == 0 && k > 0 {
			dst = append(dst, game.HeapMove{})
		}
		for j := 1; j < 32; j++ {
			if d&(1<<j) != 0 && r >= j && (k > 0 || j >= 2) {
				dst = append(dst, game.HeapMove{Remain: r, Parts: j})
			}
		}
	}
	return dst
}

// Digits is the code with digits ds[k] for k = 0 … len(ds)-1, named as
// written (ds[0] = 0, 1, 6 is "0.16"; digits above 9 are hexadecimal).
func Digits(ds ...uint32) Code {
	b := []byte{"0123456789ABCDEF"[ds[0]], '.'}
	for _, d := range ds[1:] {
		b = append(b, "0123456789ABCDEF"[d])
	}
	return Code{name: string(b), digits: ds}
}

// Sub is the subtraction game with a finite set, as a code.
func Sub(set ...int) Code {
	c := Code{name: fmt.Sprint("sub", set)}
	for _, k := range set {
		for len(c.digits) <= k {
			c.digits = append(c.digits, 0)
		}
		c.digits[k] = 3
	}
	return c
}

// Grundy is Grundy's game: split a heap into two unequal heaps.
type Grundy struct{}

// String returns "grundy".
func (Grundy) String() string { return "grundy" }

// AppendHeapMoves appends the split of a heap of n ≥ 3 tokens.
func (Grundy) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n >= 3 {
		dst = append(dst, game.HeapMove{Remain: n, Parts: 2, Unequal: true})
	}
	return dst
}

// MovesOnly hides every interface of R but HeapRule.
type MovesOnly struct{ R game.HeapRule }

// AppendHeapMoves appends R's moves.
func (m MovesOnly) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	return m.R.AppendHeapMoves(dst, n)
}

// Naive returns G(0 … n-1) of r by the definition: the mex of the
// option values, every split enumerated (and G(0) = 0: a heap of 0 tokens
// has no moves). Moves may leave up to three heaps (three equal-or-not
// parts); more, or three parts that must differ, panic.
func Naive(r game.HeapRule, n int) []sg.Nimber {
	g := make([]sg.Nimber, 0, n)
	if n > 0 {
		g = append(g, 0)
	}
	var moves []game.HeapMove
	var two [][]sg.Nimber       // two[r]: the values of the splits of r into two, listed once each
	seen := map[sg.Nimber]int{} // seen[v] == h+1: v is an option of heap h
	for h := len(g); h < n; h++ {
		moves = r.AppendHeapMoves(moves[:0], h)
		for _, m := range moves {
			switch m.Parts {
			case 0:
				seen[0] = h + 1
			case 1:
				seen[g[m.Remain]] = h + 1
			case 2:
				for a := 1; 2*a <= m.Remain; a++ {
					if b := m.Remain - a; !m.Unequal || a != b {
						seen[g[a]^g[b]] = h + 1
					}
				}
			case 3:
				if m.Unequal {
					panic("seqtest.Naive: three unequal parts")
				}
				two = splitValues(two, g, m.Remain)
				for a := 1; a+2 <= m.Remain; a++ {
					for _, x := range two[m.Remain-a] {
						seen[g[a]^x] = h + 1
					}
				}
			default:
				panic("seqtest.Naive: more than 3 parts")
			}
		}
		v := sg.Nimber(0)
		for seen[v] == h+1 {
			v++
		}
		g = append(g, v)
	}
	return g
}

// splitValues extends two, the values of the splits into two of each
// r < len(two), to every r < below.
func splitValues(two [][]sg.Nimber, g []sg.Nimber, below int) [][]sg.Nimber {
	for r := len(two); r < below; r++ {
		set := map[sg.Nimber]bool{}
		var vs []sg.Nimber
		for a := 1; 2*a <= r; a++ {
			if x := g[a] ^ g[r-a]; !set[x] {
				set[x] = true
				vs = append(vs, x)
			}
		}
		two = append(two, vs)
	}
	return two
}

// FirstDiff returns the first n where s and want differ, comparing
// their common prefix; when that agrees, the shorter length if they differ
// in length, else -1.
func FirstDiff(s Values, want []sg.Nimber) int {
	n := min(s.Len(), len(want))
	for i, w := range want[:n] {
		if s.At(i) != w {
			return i
		}
	}
	if s.Len() != len(want) {
		return n
	}
	return -1
}
