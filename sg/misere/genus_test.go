package misere

import (
	"context"
	"testing"
)

// heap is a single Nim heap: heap n moves to every smaller heap.
type heap struct{}

func (heap) AppendMoves(dst []int, n int) []int {
	for i := 0; i < n; i++ {
		dst = append(dst, i)
	}
	return dst
}

// The genera of the nimbers, from On Numbers and Games, ch. 12 (and
// Winning Ways, ch. 13): 0^120, 1^031, and n^(n, n⊕2) from *2 on.
func TestGenusOfNimbers(t *testing.T) {
	e := NewEngine[int](heap{})
	for n, want := range []string{"0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64", "7^75", "8^(8,10)"} {
		g, err := e.Genus(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if g.String() != want {
			t.Errorf("genus of *%d = %s, want %s", n, g, want)
		}
		if !IsNimGenus(g) {
			t.Errorf("genus of *%d = %s is not a Nim genus", n, g)
		}
	}
}
