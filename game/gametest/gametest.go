package gametest

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/leanovate/gopter"
)

// SeedEnv is the environment variable that fixes the seed of property tests.
const SeedEnv = "IMPARTIAL_SEED"

// Seed returns the seed for t: IMPARTIAL_SEED when set, else the clock. It
// arranges for the seed to be logged when t fails. A malformed
// IMPARTIAL_SEED fails the test at once.
func Seed(t testing.TB) int64 {
	t.Helper()
	seed := time.Now().UnixNano()
	if s := os.Getenv(SeedEnv); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("gametest: %s=%q is not an integer", SeedEnv, s)
		}
		seed = v
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("property seed: %s=%d", SeedEnv, seed)
		}
	})
	return seed
}

// Parameters returns gopter parameters seeded by [Seed] that run at least
// minSuccessful cases (gopter's default when minSuccessful ≤ 0). Under
// `go test -short` the count is divided by 4.
func Parameters(t testing.TB, minSuccessful int) *gopter.TestParameters {
	t.Helper()
	p := gopter.DefaultTestParametersWithSeed(Seed(t))
	if minSuccessful > 0 {
		p.MinSuccessfulTests = minSuccessful
	}
	if testing.Short() && p.MinSuccessfulTests >= 40 {
		p.MinSuccessfulTests /= 4
	}
	return p
}

// Rand returns a generator seeded by [Seed], for tests that draw their own
// random cases.
func Rand(t testing.TB) *rand.Rand {
	t.Helper()
	s := uint64(Seed(t))
	return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
}

// RandomDAG returns a random acyclic digraph with n vertices in which each
// arc u → v with v < u is present with probability p. Vertex 0 is always
// terminal. It panics when n is negative (a programmer error in a test).
func RandomDAG(r *rand.Rand, n int, p float64) *game.Digraph {
	d, err := game.NewDigraph(n)
	if err != nil {
		panic(err)
	}
	for u := 1; u < n; u++ {
		for v := 0; v < u; v++ {
			if r.Float64() < p {
				_ = d.AddArc(u, v)
			}
		}
	}
	return d
}

// SubtractionSet returns a random nonempty set of distinct move sizes in
// [1, max], sorted.
func SubtractionSet(r *rand.Rand, max int) []int {
	var s []int
	for len(s) == 0 {
		for k := 1; k <= max; k++ {
			if r.IntN(3) == 0 {
				s = append(s, k)
			}
		}
	}
	return s
}

// LongEnv is the environment variable that turns on the long tests: the
// large boards, the long property runs and the race-heavy parallel runs
// that `go test ./...` leaves out so that it stays a quick edit-test loop.
// Set it to 1 to run them:
//
//	IMPARTIAL_LONG=1 go test ./...
const LongEnv = "IMPARTIAL_LONG"

// Long reports whether the long tests are on ([LongEnv] is set and not
// "0").
func Long() bool {
	v := os.Getenv(LongEnv)
	return v != "" && v != "0"
}

// SkipUnlessLong skips t unless the long tests are on, saying how to run
// it.
func SkipUnlessLong(t testing.TB) {
	t.Helper()
	if !Long() {
		t.Skipf("long test: set %s=1 to run it", LongEnv)
	}
}
