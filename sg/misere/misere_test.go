package misere

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// naive decides misère P-positions straight from the definition: a
// position with no moves is N (its mover has won), and a position is P
// exactly when every option is N. It is the oracle of these tests.
func naive[P comparable](g game.Game[P], p P, memo map[P]bool) bool {
	if v, ok := memo[p]; ok {
		return v
	}
	opts := g.AppendMoves(nil, p)
	isP := len(opts) > 0
	for _, q := range opts {
		if naive(g, q, memo) {
			isP = false
			break
		}
	}
	memo[p] = isP
	return isP
}

// sum3 is a position of the sum of three positions of one game, a part -1
// being absent, plus Nim heaps of size 2 and 1.
type sum3 struct {
	p          [3]int
	twos, ones int
}

type sumGame struct{ g game.Game[int] }

func (s sumGame) AppendMoves(dst []sum3, x sum3) []sum3 {
	for i, p := range x.p {
		if p < 0 {
			continue
		}
		for _, q := range s.g.AppendMoves(nil, p) {
			y := x
			y.p[i] = q
			dst = append(dst, y)
		}
	}
	if x.twos > 0 {
		y := x
		y.twos--
		dst = append(dst, y)
		y.ones++
		dst = append(dst, y)
	}
	if x.ones > 0 {
		y := x
		y.ones--
		dst = append(dst, y)
	}
	return dst
}

// The engine's misère outcomes, values and winning moves agree with the
// definition on random games.
func TestEngineAgainstDefinition(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 200))
	props.Property("misère outcomes and moves", prop.ForAll(func(seed uint64) bool {
		d := gametest.RandomDAG(rand.New(rand.NewPCG(seed, 1)), 25, 0.25)
		e := NewEngine[int](d)
		memo := map[int]bool{}
		ctx := context.Background()
		for p := 0; p < 25; p++ {
			o, err := e.Outcome(ctx, p)
			if err != nil || (o == sg.P) != naive[int](d, p, memo) {
				return false
			}
			win, err := e.WinningMoves(ctx, p)
			terminal := game.Terminal[int](d, p)
			if err != nil || (len(win) == 0) != (o == sg.P || terminal) {
				return false
			}
			for _, q := range win {
				if !naive[int](d, q, memo) {
					return false
				}
			}
		}
		return true
	}, gen.UInt64()))
	props.TestingRun(t)
}

// The genus is the definition: γk is the misère value of the position plus
// k heaps of size 2, checked against the definition on the sum for k up to
// the written length plus 4, and the normal value against sg.Engine.
func TestGenusAgainstDefinition(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 100))
	props.Property("genus", prop.ForAll(func(seed uint64) bool {
		d := gametest.RandomDAG(rand.New(rand.NewPCG(seed, 2)), 12, 0.3)
		e := NewEngine[int](d)
		se := sg.NewEngine[int](d)
		sum := sumGame{d}
		memo := map[sum3]bool{}
		ctx := context.Background()
		for p := 0; p < 12; p++ {
			g, err := e.Genus(ctx, p)
			if err != nil {
				return false
			}
			if v, _ := se.Value(ctx, p); v != g.Normal {
				return false
			}
			for k := 0; k < len(g.Misere)+4; k++ {
				// misère value 0 exactly when P
				isP := naive[sum3](sum, sum3{p: [3]int{p, -1, -1}, twos: k}, memo)
				if isP != (g.Gamma(k) == 0) {
					return false
				}
			}
		}
		return true
	}, gen.UInt64()))
	props.TestingRun(t)
}

// The tame sum rule gives the outcome of sums of three tame positions, as
// the definition does on the product game, and its winning move leads to
// a P-position of the product game.
func TestTameSums(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 100))
	tested := 0
	props.Property("tame sums", prop.ForAll(func(seed uint64) bool {
		r := rand.New(rand.NewPCG(seed, 3))
		d := gametest.RandomDAG(r, 12, 0.3)
		e := NewEngine[int](d)
		ctx := context.Background()
		var tame []int
		for p := 0; p < 12; p++ {
			ok, err := e.IsTame(ctx, p)
			if err != nil {
				return false
			}
			if ok {
				tame = append(tame, p)
			}
		}
		memo := map[sum3]bool{}
		sum := sumGame{d}
		whole := NewEngine[sum3](sum)
		for range 10 {
			parts := []int{tame[r.IntN(len(tame))], tame[r.IntN(len(tame))], tame[r.IntN(len(tame))]}
			o, err := e.SumOutcome(ctx, parts...)
			if err != nil {
				return false
			}
			pos := sum3{p: [3]int(parts)}
			if naive[sum3](sum, pos, memo) != (o == sg.P) {
				return false
			}
			// The genus of the sum from the parts' genera is the genus of
			// the sum computed as one game.
			g, err := e.SumGenus(ctx, parts...)
			if err != nil {
				return false
			}
			if gw, err := whole.Genus(ctx, pos); err != nil || gw.String() != g.String() {
				return false
			}
			i, to, ok, err := e.SumWinningMove(ctx, parts...)
			moves := len(sum.AppendMoves(nil, pos)) > 0
			if err != nil || ok != (o == sg.N && moves) {
				return false
			}
			if ok {
				pos.p[i] = to
				if !naive[sum3](sum, pos, memo) {
					return false
				}
			}
			tested++
		}
		return true
	}, gen.UInt64()))
	props.TestingRun(t)
	if tested == 0 {
		t.Error("no tame sums tested")
	}
}

// The sum rule refuses a wild game: Dawson's Kayles (0.07) is wild
// (Winning Ways, ch. 13), so some heap of at most 20 tokens is not tame.
func TestWildRefused(t *testing.T) {
	r, _ := rulesets.ParseCode("0.07")
	e := NewEngine[game.Heaps](game.NewHeapGame(r))
	ctx := context.Background()
	var wildHeap game.Heaps
	for n := 1; n <= 20 && wildHeap == ""; n++ {
		p, _ := game.MakeHeaps(n)
		ok, err := e.IsTame(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			wildHeap = p
		}
	}
	if wildHeap == "" {
		t.Fatal("no wild heap of 0.07 up to 20")
	}
	if _, err := e.SumOutcome(ctx, wildHeap, wildHeap); !errors.Is(err, ErrNotTame) {
		t.Errorf("SumOutcome of wild %v: %v, want ErrNotTame", wildHeap, err)
	}
}

// Errors: a cycle, the memo limit and a cancelled context.
func TestEngineErrors(t *testing.T) {
	cyc, _ := game.NewDigraph(3)
	_ = cyc.AddArc(0, 1)
	_ = cyc.AddArc(1, 2)
	_ = cyc.AddArc(2, 0)
	ctx := context.Background()
	var ce *sg.CycleError[int]
	if _, err := NewEngine[int](cyc).Value(ctx, 0); !errors.As(err, &ce) || !errors.Is(err, sg.ErrCycle) {
		t.Errorf("cycle: %v", err)
	}
	if _, err := NewEngine[int](heap{}, WithMemoLimit(10)).Value(ctx, 50); !errors.Is(err, sg.ErrLimit) {
		t.Errorf("memo limit: %v", err)
	}
	e := NewEngine[int](heap{}, WithMemoLimit(10))
	_, _ = e.Value(ctx, 50)
	if v, err := e.Value(ctx, 5); err != nil || v != 5 {
		t.Errorf("after memo limit, value of *5 = %d, %v; want 5", v, err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := NewEngine[int](heap{}).Value(cctx, 3); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// misère Nim's rule (Bouton 1902): P exactly when some heap is 2 or more
// and the nim-sum is 0, or every heap is 0 or 1 and the nim-sum is 1.
func TestMisereNim(t *testing.T) {
	e := NewEngine[game.Heaps](game.NewHeapGame(rulesets.Nim()))
	ctx := context.Background()
	r := gametest.Rand(t)
	for range 200 {
		sizes := make([]int, 1+r.IntN(4))
		x, bigHeap := 0, false
		for i := range sizes {
			sizes[i] = r.IntN(6)
			x ^= sizes[i]
			bigHeap = bigHeap || sizes[i] >= 2
		}
		p, _ := game.MakeHeaps(sizes...)
		o, err := e.Outcome(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		want := (bigHeap && x == 0) || (!bigHeap && x == 1)
		if (o == sg.P) != want {
			t.Errorf("misère Nim %v: %v", sizes, o)
		}
	}
}

func newRand(t *testing.T) *rand.Rand { return gametest.Rand(t) }
