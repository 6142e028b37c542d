package bot_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/bot"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

var ctx = context.Background()

// subtraction returns the subtraction game with the given move sizes.
func subtraction(tb testing.TB, set ...int) *rulesets.TakeBreak {
	tb.Helper()
	r, err := rulesets.Subtraction(set...)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

func heaps(t testing.TB, sizes ...int) game.Heaps {
	h, err := game.MakeHeaps(sizes...)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// remoteness by the definition, recursively, for small graphs.
func remoteness(d *game.Digraph, v int) int {
	succ := d.Successors(v)
	if len(succ) == 0 {
		return 0
	}
	best, win := -1, false
	for _, w := range succ {
		r := remoteness(d, w)
		if r%2 == 0 {
			if !win || r < best {
				best = r
			}
			win = true
		} else if !win && r > best {
			best = r
		}
	}
	return best + 1
}

// On random acyclic graphs: a winning move exists exactly at N-positions
// and is taken, with the least remoteness; from P-positions the player
// takes the option of greatest remoteness; terminal positions have no
// move. Remoteness is checked against its recursive definition.
func TestPlayerProperty(t *testing.T) {
	properties := gopter.NewProperties(gametest.Parameters(t, 300))
	properties.Property("player moves are right", prop.ForAll(
		func(seed uint64, size int) bool {
			r := rand.New(rand.NewPCG(seed, 3))
			d := gametest.RandomDAG(r, size, 0.35)
			e := sg.NewEngine(game.Game[int](d))
			pl := bot.New(e)
			for v := range size {
				c, ok, err := pl.Choose(ctx, v)
				if err != nil {
					t.Log(err)
					return false
				}
				succ := d.Successors(v)
				if len(succ) == 0 {
					if ok {
						return false
					}
					continue
				}
				val, _ := e.Value(ctx, v)
				to, _ := e.Value(ctx, c.To)
				if !ok || c.Remoteness != remoteness(d, c.To) {
					t.Logf("vertex %d: %+v, remoteness %d", v, c, remoteness(d, c.To))
					return false
				}
				best := -1
				for _, w := range succ {
					wr := remoteness(d, w)
					if val != 0 && wr%2 == 0 && (best < 0 || wr < best) {
						best = wr
					}
					if val == 0 && wr > best {
						best = wr
					}
				}
				if (val != 0) != (c.Kind == bot.Winning) || (val != 0 && to != 0) || c.Remoteness != best {
					t.Logf("vertex %d value %d: %+v, best remoteness %d", v, val, c, best)
					return false
				}
			}
			return true
		},
		gen.UInt64(), gen.IntRange(1, 14),
	))
	properties.TestingRun(t)
}

// From an N-position the player, moving first, beats a random opponent;
// from a P-position it beats one that moves first.
func TestPlayerBeatsRandom(t *testing.T) {
	g := game.NewHeapGame(rulesets.Nim())
	e := sg.NewEngine(game.Game[game.Heaps](g))
	r := gametest.Rand(t)
	for i := range 40 {
		sizes := make([]int, 1+r.IntN(4))
		for j := range sizes {
			sizes[j] = r.IntN(8)
		}
		start := heaps(t, sizes...)
		v, err := e.Value(ctx, start)
		if err != nil {
			t.Fatal(err)
		}
		smart := bot.New(e, bot.WithMaxPositions(2000))
		random := bot.New(e, bot.WithFallback(bot.Random), bot.WithSeed(uint64(i)), bot.WithMaxPositions(0))
		players := [2]bot.Strategy[game.Heaps]{smart, random}
		want := 0
		if v == 0 {
			players = [2]bot.Strategy[game.Heaps]{random, smart}
			want = 1
		}
		winner, line, err := bot.Play(ctx, players, start, 100)
		if err != nil {
			t.Fatal(err)
		}
		if winner != want {
			t.Fatalf("from %v (value %d) the bot lost: %v", start, v, line)
		}
	}
}

// (2, 2) is lost: the longest resistance is (1, 2), remoteness 3
// ((1, 2) → (1, 1) → (1) → ()), not (2), remoteness 1.
func TestLongestFromTwoTwo(t *testing.T) {
	e := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(rulesets.Nim())))
	c, ok, err := bot.New(e).Choose(ctx, heaps(t, 2, 2))
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if c.To != heaps(t, 1, 2) || c.Kind != bot.Longest || c.Remoteness != 3 {
		t.Errorf("from (2, 2): %v %v %d", c.To, c.Kind, c.Remoteness)
	}
	// With no search budget the player still moves, at random.
	c, ok, err = bot.New(e, bot.WithMaxPositions(0)).Choose(ctx, heaps(t, 2, 2))
	if err != nil || !ok || c.Kind != bot.Random || c.Remoteness != -1 {
		t.Errorf("no budget: %+v %v %v", c, ok, err)
	}
	// A winning move without budget is the first one, unmeasured.
	c, ok, err = bot.New(e, bot.WithMaxPositions(1)).Choose(ctx, heaps(t, 1, 2, 3, 4))
	if err != nil || !ok || c.Kind != bot.Winning || c.To != heaps(t, 1, 2, 3) || c.Remoteness != -1 {
		t.Errorf("small budget: %v %v %d %v %v", c.To, c.Kind, c.Remoteness, ok, err)
	}
}

// Random moves are reproducible from the seed.
func TestRandomSeeded(t *testing.T) {
	e := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(rulesets.Nim())))
	draw := func(seed uint64) []game.Heaps {
		pl := bot.New(e, bot.WithFallback(bot.Random), bot.WithSeed(seed))
		var out []game.Heaps
		for range 20 {
			c, _, err := pl.Choose(ctx, heaps(t, 5, 5, 6, 6))
			if err != nil || c.Kind != bot.Random {
				t.Fatal(c, err)
			}
			out = append(out, c.To)
		}
		return out
	}
	a, b := draw(9), draw(9)
	distinct := map[game.Heaps]bool{}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("seed 9 gave different moves: %v vs %v", a, b)
		}
		distinct[a[i]] = true
	}
	if len(distinct) < 3 {
		t.Errorf("20 random moves gave only %d distinct positions", len(distinct))
	}
}

func TestErrors(t *testing.T) {
	d, _ := game.NewDigraph(2)
	_ = d.AddArc(0, 1)
	_ = d.AddArc(1, 0)
	_, _, err := bot.New(sg.NewEngine(game.Game[int](d))).Choose(ctx, 0)
	if !errors.Is(err, sg.ErrCycle) {
		t.Errorf("cycle: %v", err)
	}
	// A Play that does not end: two players circling on a cycle would
	// error first, so use a long game and a short limit.
	e := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(subtraction(t, 1))))
	pl := bot.New(e)
	_, _, err = bot.Play(ctx, [2]bot.Strategy[game.Heaps]{pl, pl}, heaps(t, 10), 5)
	if !errors.Is(err, sg.ErrLimit) {
		t.Errorf("move limit: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	big := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(rulesets.Nim())))
	if _, _, err := bot.New(big).Choose(cctx, heaps(t, 9, 9, 9, 9)); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}

// Players sharing a SharedEngine over a Digraph (safe for concurrent
// reads) from several goroutines; run with -race.
func TestConcurrentPlayers(t *testing.T) {
	r := gametest.Rand(t)
	d := gametest.RandomDAG(r, 60, 0.2)
	se := sg.NewSharedEngine(game.Game[int](d))
	shared := bot.New(se)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 4 {
		own := bot.New(se, bot.WithSeed(uint64(w)))
		wg.Go(func() {
			for v := range 60 {
				for _, pl := range []*bot.Player[int]{shared, own} {
					c, ok, err := pl.Choose(ctx, v)
					if err != nil {
						errs <- err
						return
					}
					if ok {
						val, _ := se.Value(ctx, v)
						to, _ := se.Value(ctx, c.To)
						if (val != 0) != (to == 0) {
							errs <- errors.New("wrong move")
							return
						}
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// A sum of three heap games: from heap 1 take 1 to 3 tokens, from heap 2
// an odd number, from the others any number (Nim heaps). Two sum players play it out:
// the first wins exactly when the sum's value is not 0.
func TestPartsPlayer(t *testing.T) {
	h1 := sg.NewSharedEngine(game.Game[game.Heaps](game.NewHeapGame(subtraction(t, 1, 2, 3))))
	h2 := sg.NewSharedEngine(game.Game[game.Heaps](game.NewHeapGame(subtraction(t, 1, 3, 5, 7, 9, 11))))
	r := gametest.Rand(t)
	for range 30 {
		s := sg.Sum{sg.Position(h1, heaps(t, r.IntN(12))), sg.Position(h2, heaps(t, r.IntN(12))), sg.Heap(r.IntN(8)), sg.Heap(r.IntN(8))}
		v, err := s.Value(ctx)
		if err != nil {
			t.Fatal(err)
		}
		a := bot.NewPartsPlayer()
		b := bot.NewPartsPlayer(bot.WithFallback(bot.Random), bot.WithSeed(5))
		players := [2]*bot.PartsPlayer{a, b}
		turn := 0
		for moves := 0; ; moves++ {
			if moves > 200 {
				t.Fatalf("game from %v does not end", s)
			}
			c, ok, err := players[turn%2].Choose(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			next, err := s.Play(c.Move)
			if err != nil {
				t.Fatal(err)
			}
			if c.Kind == bot.Winning {
				if w, _ := next.Value(ctx); w != 0 {
					t.Fatalf("winning move %v from %v leaves value %d", c.Move, s, w)
				}
			}
			s = next
			turn++
		}
		winner := (turn + 1) % 2
		if (v != 0) != (winner == 0) {
			t.Errorf("sum of value %d: winner %d", v, winner)
		}
	}
	// A lost sum with every part of value 0 still has a move: (4) in the
	// take-1–3 game moves to (1), of value 1.
	s := sg.Sum{sg.Position(h1, heaps(t, 4)), sg.Heap(0)}
	c, ok, err := bot.NewPartsPlayer().Choose(ctx, s)
	if err != nil || !ok || c.Move.Index != 0 || c.Move.To.String() != "(1)" || c.Kind != bot.Longest {
		t.Errorf("all-zero sum: %+v %v %v", c, ok, err)
	}
	// Lost sum with nonzero parts: Longest lowers the largest part by one.
	c, ok, err = bot.NewPartsPlayer().Choose(ctx, sg.Sum{sg.Heap(3), sg.Heap(3)})
	if err != nil || !ok || c.Move.To != sg.Heap(2) {
		t.Errorf("(3, 3): %+v %v %v", c, ok, err)
	}
	if _, ok, _ := bot.NewPartsPlayer().Choose(ctx, sg.Sum{sg.Heap(0)}); ok {
		t.Errorf("empty sum has a move")
	}
}

// countingPart is a Nim heap that counts the calls made to it.
type countingPart struct {
	h              sg.Part
	values, moveTo *int
}

func (c countingPart) Value(ctx context.Context) (sg.Nimber, error) {
	*c.values++
	return c.h.Value(ctx)
}

func (c countingPart) MoveTo(ctx context.Context, v sg.Nimber) (sg.Part, bool, error) {
	*c.moveTo++
	return c.h.MoveTo(ctx, v)
}

func (c countingPart) String() string { return c.h.String() }

// A PartsPlayer asks each part for its value once and one part for a move,
// on won and lost sums alike; its winning move is sg.Sum.WinningMove's.
func TestPartsPlayerCalls(t *testing.T) {
	r := gametest.Rand(t)
	for range 200 {
		var values, moves int
		s := make(sg.Sum, 1+r.IntN(6))
		plain := make(sg.Sum, len(s))
		for i := range s {
			h := sg.Heap(r.IntN(16))
			s[i], plain[i] = sg.PartOf(countingPart{h, &values, &moves}), h
		}
		c, ok, err := bot.NewPartsPlayer().Choose(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		want, won, err := plain.WinningMove(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if won != (ok && c.Kind == bot.Winning) || (won && (c.Move.Index != want.Index || c.Move.To != want.To)) {
			t.Errorf("%v: player %+v %v, sum's winning move %v %v", plain, c, ok, want, won)
		}
		wantMoves := 1
		if !ok {
			wantMoves = len(s) * 64 // every part of value 0 is probed for values 1…64
		}
		if values != len(s) || moves != wantMoves {
			t.Errorf("%v: %d value calls and %d move calls, want %d and %d", plain, values, moves, len(s), wantMoves)
		}
	}
}

// A warmed-up player on a Digraph, whose moves cost nothing, allocates
// nothing per move: the memo of remoteness and its buffers are reused.
func TestPlayerWarmAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	d := gametest.RandomDAG(r, 300, 0.05)
	pl := bot.New(sg.NewEngine(game.Game[int](d)))
	for v := range 300 {
		if _, _, err := pl.Choose(ctx, v); err != nil {
			t.Fatal(err)
		}
	}
	v := 0
	allocs := testing.AllocsPerRun(300, func() {
		if _, _, err := pl.Choose(ctx, v); err != nil {
			t.Fatal(err)
		}
		v = (v + 1) % 300
	})
	if allocs != 0 {
		t.Errorf("a warmed-up player allocates %v times per move, want 0", allocs)
	}
}

func BenchmarkPlayerNim(b *testing.B) {
	e := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(rulesets.Nim())))
	pl := bot.New(e)
	p, _ := game.MakeHeaps(3, 5, 7, 9)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := pl.Choose(ctx, p); err != nil {
			b.Fatal(err)
		}
	}
}

// On a Digraph, whose moves cost nothing, a move of a warmed-up player
// allocates nothing (TestPlayerWarmAllocs asserts it): the cost is the
// player's own.
func BenchmarkPlayerDigraph(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	d := gametest.RandomDAG(r, 300, 0.05)
	pl := bot.New(sg.NewEngine(game.Game[int](d)))
	for v := range 300 {
		if _, _, err := pl.Choose(ctx, v); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	v := 0
	for b.Loop() {
		if _, _, err := pl.Choose(ctx, v); err != nil {
			b.Fatal(err)
		}
		v = (v + 1) % 300
	}
}

// BenchmarkPartsPlayer is a sum player's move in a sum of three Nim heaps
// of sizes past 255, made from variables as a server makes it.
func BenchmarkPartsPlayer(b *testing.B) {
	sizes := []uint64{1<<40 + 7, 1<<33 + 1000, 3 << 20}
	pl := bot.NewPartsPlayer()
	b.ReportAllocs()
	for b.Loop() {
		s := sg.Sum{sg.Heap(sizes[0]), sg.Heap(sizes[1]), sg.Heap(sizes[2])}
		if _, ok, err := pl.Choose(ctx, s); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
