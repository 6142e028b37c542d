package search

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// A potSet answers as the set of potential values it stands for, kept
// value by value: removing a value removes it when potential, else the
// largest. The two agree on the values below setBits and on the number
// of the others, whichever of those the potSet is taken to have removed.
func TestPotSetModel(t *testing.T) {
	r := gametest.Rand(t)
	for range 2000 {
		n := uint32(r.IntN(200))
		p := newPotSet(n)
		model := make([]bool, n+1)
		for v := range model {
			model[v] = true
		}
		for left := int(n) + 1; left > 0; left-- {
			var low uint64
			over, top := 0, -1
			for v, in := range model {
				switch {
				case !in:
				case v < setBits:
					low |= 1 << v
					top = v
				default:
					over++
					top = v
				}
			}
			if p.low != low || p.over != over {
				t.Fatalf("newPotSet(%d) after %d removals: low %#x over %d, want %#x and %d", n, int(n)+1-left, p.low, p.over, low, over)
			}
			want := low
			if top < setBits {
				want &^= 1 << top
			}
			if got := p.butLargest(); got != want {
				t.Fatalf("newPotSet(%d): butLargest = %#x, want %#x", n, got, want)
			}
			var v uint32
			switch r.IntN(3) {
			case 0:
				v = notInSet
			case 1:
				v = uint32(r.IntN(int(n) + 10))
			default:
				v = uint32(r.IntN(min(int(n)+1, setBits+2)))
			}
			p.remove(v)
			if v < uint32(len(model)) && model[v] {
				model[v] = false
			} else {
				model[top] = false
			}
		}
		if p.low != 0 || p.over != 0 {
			t.Fatalf("newPotSet(%d) emptied: low %#x over %d", n, p.low, p.over)
		}
	}
}
