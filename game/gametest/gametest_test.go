package gametest_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
)

func TestSeedFromEnvironment(t *testing.T) {
	t.Setenv(gametest.SeedEnv, "1234")
	if s := gametest.Seed(t); s != 1234 {
		t.Errorf("Seed = %d, want 1234", s)
	}
	a, b := gametest.Rand(t).Uint64(), gametest.Rand(t).Uint64()
	if a != b {
		t.Error("the same seed gave different generators")
	}
	if p := gametest.Parameters(t, 500); p.Rng == nil || (p.MinSuccessfulTests != 500 && p.MinSuccessfulTests != 125) {
		t.Errorf("parameters %+v", p)
	}
}

func TestRandomDAGIsAcyclic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		d := gametest.RandomDAG(r, 30, 0.3)
		for v := range 30 {
			for _, w := range d.Successors(v) {
				if w >= v {
					t.Fatalf("arc %d → %d goes up", v, w)
				}
			}
		}
		if _, err := sg.NewEngine[int](d).Value(context.Background(), 29); err != nil {
			t.Fatal(err)
		}
	}
	if len(gametest.RandomDAG(r, 0, 1).Successors(0)) != 0 {
		t.Error("empty graph has arcs")
	}
}

func TestSubtractionSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		s := gametest.SubtractionSet(r, 5)
		if len(s) == 0 {
			t.Fatal("empty set")
		}
		for i, k := range s {
			if k < 1 || k > 5 || (i > 0 && s[i-1] >= k) {
				t.Fatalf("bad set %v", s)
			}
		}
	}
}
