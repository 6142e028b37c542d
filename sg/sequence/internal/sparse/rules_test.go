package sparse

import (
	"fmt"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// The rules below are small local test rules (package rulesets has the
// real ones): take-and-break codes, Grundy's game, and a wrapper that hides
// the TakeBreakRule interface so that the generic HeapMove path is tested.

// seqCode is a take-and-break code: digits[k] for k = 0 … len-1, then tail
// for every larger k when tail != 0 (so MaxTake is -1).
type seqCode struct {
	name   string
	digits []uint32
	tail   uint32
}

// seqParse reads a code such as ".07", "0.77", "4.07" or "0.F"; a final
// "…" followed by a digit repeats that digit for ever ("0.…3" is Nim).
func seqParse(code string) seqCode {
	c := seqCode{name: code}
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

func (c seqCode) String() string { return c.name }

func (c seqCode) Digit(k int) uint32 {
	if k < len(c.digits) {
		return c.digits[k]
	}
	return c.tail
}

func (c seqCode) MaxTake() int {
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

func (c seqCode) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
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

// seqDigits is the code with digits ds[k] for k = 0 … len(ds)-1, named as
// written (ds[0] = 0, 1, 6 is "0.16"; digits above 9 are hexadecimal).
func seqDigits(ds ...uint32) seqCode {
	b := []byte{"0123456789ABCDEF"[ds[0]], '.'}
	for _, d := range ds[1:] {
		b = append(b, "0123456789ABCDEF"[d])
	}
	return seqCode{name: string(b), digits: ds}
}

// seqGrundy is Grundy's game: split a heap into two unequal heaps.
type seqGrundy struct{}

func (seqGrundy) String() string { return "grundy" }

func (seqGrundy) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n >= 3 {
		dst = append(dst, game.HeapMove{Remain: n, Parts: 2, Unequal: true})
	}
	return dst
}

// seqMovesOnly hides every interface of r but HeapRule.
type seqMovesOnly struct{ r game.HeapRule }

func (m seqMovesOnly) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	return m.r.AppendHeapMoves(dst, n)
}

func nimbers(vs ...uint64) []sg.Nimber {
	out := make([]sg.Nimber, len(vs))
	for i, v := range vs {
		out[i] = sg.Nimber(v)
	}
	return out
}

// kaylesValues are the first values of Kayles, .77: OEIS A002186; Winning
// Ways ch. 4.
var kaylesValues = nimbers(0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7)

// grundyValues are the first values of Grundy's game: OEIS A002188.
var grundyValues = nimbers(0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0)
