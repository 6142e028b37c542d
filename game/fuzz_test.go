package game_test

import (
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game"
)

// FuzzHeaps: any string given as game.Heaps (a position is a value users
// may build or load) never makes its methods or a heap game's panic;
// Check accepts exactly what MakeHeaps makes of the sizes it reads.
func FuzzHeaps(f *testing.F) {
	for _, s := range []string{"", "\x01\x02\x03", "\xff\x01\x80", "\x80", "\x05\x03", "\x00", "\x01\x01\xac\x02"} {
		f.Add(s)
	}
	g := game.NewHeapGame(nim{})
	f.Fuzz(func(t *testing.T, s string) {
		h := game.Heaps(s)
		sizes := h.Sizes()
		_ = h.String()
		err := h.Check()
		if err == nil {
			again, err := game.MakeHeaps(sizes...)
			if err != nil || again != h {
				t.Fatalf("Check(%q) accepted it, but MakeHeaps(%v) = %q, %v", s, sizes, string(again), err)
			}
			if !slices.IsSorted(sizes) {
				t.Fatalf("Sizes(%q) = %v, not in order", s, sizes)
			}
		}
		// Small positions only: Nim's moves from heap n are n positions.
		if len(sizes) < 4 && (len(sizes) == 0 || slices.Max(sizes) < 64) {
			_ = g.AppendMoves(nil, h)
			_ = g.AppendComponents(nil, h)
			_ = g.NumMoves(h)
			_, _ = g.ParseMove(h, "1>0")
		}
	})
}
