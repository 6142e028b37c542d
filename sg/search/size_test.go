package search_test

import (
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/search"
)

// sizedNim is nim on one heap, packed into a key whose bits say nothing
// of its size (a hash, in effect), with a Size method that does.
type sizedNim struct{}

func (sizedNim) AppendMoves(dst []int, p int) []int {
	for q := range p {
		dst = append(dst, q)
	}
	return dst
}

func (sizedNim) Pack(p int) game.Key {
	return game.Key{Lo: uint64(p) * 0x9e3779b97f4a7c15, Hi: ^uint64(p)}
}

func (sizedNim) Size(p int) int { return p }

// packedNim is sizedNim without its Size method.
type packedNim struct{}

func (packedNim) AppendMoves(dst []int, p int) []int { return sizedNim{}.AppendMoves(dst, p) }
func (packedNim) Pack(p int) game.Key                { return sizedNim{}.Pack(p) }

// TestSizeChoosesLargest: a game's Size method, not the bits of its keys,
// picks the component of a sum asked last; without it, the bits do; and
// the value is right either way.
func TestSizeChoosesLargest(t *testing.T) {
	comps := []int{3, 9, 5, 1}
	s, err := search.New[int](sizedNim{}, search.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	if got := search.Largest(s, comps); got != 1 {
		t.Errorf("with Size: the largest of %v is at %d, want 1", comps, got)
	}
	p, err := search.New[int](packedNim{}, search.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	best, bits := 0, -1
	for i, c := range comps {
		k := packedNim{}.Pack(c)
		if n := popcount(k.Lo) + popcount(k.Hi); n > bits {
			best, bits = i, n
		}
	}
	if got := search.Largest(p, comps); got != best {
		t.Errorf("without Size: the largest of %v is at %d, want %d (most bits)", comps, got, best)
	}
	for _, sv := range []*search.Solver[int]{s, p} {
		for h := range 12 {
			v, err := sv.Value(bg, h)
			if err != nil || int(v) != h {
				t.Errorf("heap %d: value %v, %v", h, v, err)
			}
		}
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}
