package nim_test

import (
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/nim"
)

func sortedStrings(hs []game.Heaps) []string {
	s := make([]string, len(hs))
	for i, h := range hs {
		s[i] = h.String()
	}
	slices.Sort(s)
	return slices.Compact(s)
}

// The move generators of the game types, checked by counting and by
// comparison with each other.
func TestGameMoves(t *testing.T) {
	r := gametest.Rand(t)
	for range 300 {
		sizes := make([]int, r.IntN(5))
		for i := range sizes {
			sizes[i] = r.IntN(5)
		}
		p := mustHeaps(t, sizes...)
		nimMoves := nim.NimGame{}.AppendMoves(nil, p)
		moore1 := nim.MooreGame{K: 1}.AppendMoves(nil, p)
		if !slices.Equal(sortedStrings(nimMoves), sortedStrings(moore1)) {
			t.Fatalf("%v: Nim moves %v, Moore_1 moves %v", p, nimMoves, moore1)
		}
		// With K at least the number of heaps, a move picks any size up to
		// each heap's own, except leaving every heap as it is.
		all := 1
		for _, n := range sizes {
			all *= n + 1
		}
		if got := len(nim.MooreGame{K: 5}.AppendMoves(nil, p)); got != all-1 {
			t.Fatalf("%v: %d moves in Moore_5, want %d", p, got, all-1)
		}
		// Moore_2 on heaps ≥ 1: one heap or two heaps at a time.
		var want int
		var nonzero []int
		for _, n := range sizes {
			if n > 0 {
				nonzero = append(nonzero, n)
			}
		}
		for i, a := range nonzero {
			want += a
			for _, b := range nonzero[i+1:] {
				want += a * b
			}
		}
		if got := len(nim.MooreGame{K: 2}.AppendMoves(nil, p)); got != want {
			t.Fatalf("%v: %d moves in Moore_2, want %d", p, got, want)
		}
		if got := len(nim.MooreGame{K: 0}.AppendMoves(nil, p)); got != 0 {
			t.Fatalf("%v: %d moves in Moore_0", p, got)
		}
	}
}

func TestMisereGameMoves(t *testing.T) {
	g := nim.MisereGame{}
	empty := nim.MisereHeaps("")
	if got := g.AppendMoves(nil, empty); !slices.Equal(got, []nim.MiserePosition{nim.MisereOver}) {
		t.Errorf("moves from the empty position: %v", got)
	}
	if got := g.AppendMoves(nil, nim.MisereOver); len(got) != 0 {
		t.Errorf("moves from over: %v", got)
	}
	p := nim.MisereHeaps(mustHeaps(t, 2, 1))
	got := g.AppendMoves(nil, p)
	want := []nim.MiserePosition{nim.MisereHeaps(mustHeaps(t, 2)), nim.MisereHeaps(mustHeaps(t, 1)), nim.MisereHeaps(mustHeaps(t, 1, 1))}
	if !slices.Equal(got, want) || p.String() != "(1, 2)" || nim.MisereOver.String() != "over" {
		t.Errorf("moves from %v: %v; want %v", p, got, want)
	}
}

func TestBoardGames(t *testing.T) {
	// Staircase, the tree game on a path of 8 steps: 2 coins on step 1
	// and 1 on step 2; the ground saturates.
	stairs, err := nim.NewTreeGame(mustTree(t, stairParents(8)))
	if err != nil {
		t.Fatal(err)
	}
	p := [8]uint8{254, 2, 1}
	got := stairs.AppendMoves(nil, p)
	want := [][8]uint8{{255, 1, 1}, {255, 0, 1}, {254, 3, 0}}
	if !slices.Equal(got, want) {
		t.Errorf("staircase moves from %v: %v; want %v", p, got, want)
	}
	if c := stairs.Canonical(p); c != ([8]uint8{0, 2, 1}) {
		t.Errorf("Canonical(%v) = %v", p, c)
	}
	// A tree rooted at 2: 0 → 2, 1 → 0.
	g, err := nim.NewTreeGame(mustTree(t, []int{2, 0, -1}))
	if err != nil {
		t.Fatal(err)
	}
	p = [8]uint8{1, 1, 7, 9}
	got = g.AppendMoves(nil, p)
	want = [][8]uint8{{0, 1, 8, 9}, {2, 0, 7, 9}}
	if !slices.Equal(got, want) {
		t.Errorf("tree moves from %v: %v; want %v", p, got, want)
	}
	if c := g.Canonical(p); c != ([8]uint8{1, 1}) {
		t.Errorf("Canonical(%v) = %v", p, c)
	}
}

// stairParents returns the parents of staircase Nim on n steps as a path:
// step i moves to step i-1, and step 0, the ground, is the root.
func stairParents(n int) []int {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i - 1
	}
	return parent
}
