package sg_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// kayles is the rule of Kayles: take one or two adjacent pins, leaving up
// to two rows.
type kayles struct{}

func (kayles) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for k := 1; k <= 2 && k <= n; k++ {
		dst = append(dst, game.HeapMove{Remain: n - k, Parts: 1}, game.HeapMove{Remain: n - k, Parts: 2})
	}
	return dst
}

// TestNoGameIsAnError checks that an engine made without a game answers
// with errors, never a panic (issue 38).
func TestNoGameIsAnError(t *testing.T) {
	var zero sg.Engine[int]
	var shared sg.SharedEngine[int]
	for name, e := range map[string]interface {
		Value(context.Context, int) (sg.Nimber, error)
		WinningMoves(context.Context, int) ([]int, error)
		SolveAll(context.Context) error
	}{"NewEngine(nil)": sg.NewEngine[int](nil), "zero Engine": &zero, "zero SharedEngine": &shared} {
		if _, err := e.Value(bg, 3); err == nil || !strings.Contains(err.Error(), "no game") {
			t.Errorf("%s: Value: err = %v, want one saying there is no game", name, err)
		}
		if _, err := e.WinningMoves(bg, 3); err == nil {
			t.Errorf("%s: WinningMoves: no error", name)
		}
		if err := e.SolveAll(bg); err == nil {
			t.Errorf("%s: SolveAll: no error", name)
		}
	}
	if _, ok := zero.Known(3); ok || zero.Len() != 0 || shared.Len() != 0 {
		t.Error("the zero engine knows something")
	}
	zero.Reset()
}

// TestSumNilPartAndBadPlay checks the errors of a sum with a nil part and
// of a move in a part that does not exist (issue 38).
func TestSumNilPartAndBadPlay(t *testing.T) {
	if _, err := (sg.Sum{sg.Heap(1), sg.PartOf(nil)}).Value(bg); err == nil || !strings.Contains(err.Error(), "part 1") {
		t.Errorf("Sum{Heap(1), PartOf(nil)}.Value: err = %v, want one naming part 1", err)
	}
	if _, err := (sg.Sum{sg.PartOf(nil)}).WinningMoves(bg); err == nil {
		t.Error("Sum{nil}.WinningMoves: no error")
	}
	s := sg.Sum{sg.Heap(1), sg.Heap(2)}
	for _, i := range []int{-1, 2, math.MaxInt} {
		if _, err := s.Play(sg.SumMove{Index: i, To: sg.Heap(0)}); err == nil || !strings.Contains(err.Error(), "part ") {
			t.Errorf("Play in part %d: err = %v, want one naming the part", i, err)
		}
	}
	if _, err := s.Play(sg.SumMove{Index: 0, To: sg.PartOf(nil)}); err == nil {
		t.Error("Play to a nil part: no error")
	}
	if next, err := s.Play(sg.SumMove{Index: 1, To: sg.Heap(1)}); err != nil || next.String() != "nim(1) + nim(1)" {
		t.Errorf("Play = %v, %v", next, err)
	}
	if got := (sg.Sum{sg.PartOf(nil)}).String(); got != "<nil>" {
		t.Errorf("String = %q", got)
	}
}

// TestDeadlineOnBigHeaps checks that the engine honours its deadline on
// a heap whose every expansion lists thousands of options (issue 38: the
// context was polled every 4096 expansions, and Kayles on a heap of 10000
// returned 10 times past its deadline).
func TestDeadlineOnBigHeaps(t *testing.T) {
	p, err := game.MakeHeaps(10000)
	if err != nil {
		t.Fatal(err)
	}
	e := sg.NewEngine[game.Heaps](game.NewHeapGame(kayles{}))
	ctx, cancel := context.WithTimeout(bg, 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = e.Value(ctx, p)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("Value returned %v after its 100 ms deadline", took)
	}
	if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, sg.ErrLimit) {
		t.Errorf("err = %v, want the deadline's or a limit's", err)
	}
	if e.Len() != 0 && e.Len() > 10000 {
		t.Errorf("memo holds %d positions", e.Len())
	}
}

// TestMemoryBound checks that WithMemory stops a search whose stack of
// options would pass it, with a LimitError on memory, and that the
// engine still answers smaller questions.
func TestMemoryBound(t *testing.T) {
	e := sg.NewEngine[game.Heaps](game.NewHeapGame(kayles{}), sg.WithMemory(1<<20))
	p, _ := game.MakeHeaps(2000)
	_, err := e.Value(bg, p)
	var le *sg.LimitError
	if !errors.As(err, &le) || le.Bound != "memory" || le.Limit != 1<<20 || le.Need <= le.Limit {
		t.Fatalf("err = %v, want a LimitError on 1 MiB of memory", err)
	}
	if !strings.Contains(err.Error(), "value of (2000)") {
		t.Errorf("err = %v, want one naming the position", err)
	}
	q, _ := game.MakeHeaps(20)
	if v, err := e.Value(bg, q); err != nil || v != 4 {
		t.Errorf("G(20) = %v, %v; want 4", v, err)
	}
	// A dense game whose memo does not fit is memoized in a table, which
	// the bound stops too.
	d, _ := game.NewDigraph(1 << 20)
	for v := 1; v < d.NumPositions(); v++ {
		_ = d.AddArc(v, v-1)
	}
	err = sg.NewEngine[int](d, sg.WithMemory(1<<16)).SolveAll(bg)
	if !errors.As(err, &le) {
		t.Errorf("SolveAll past the memory bound: err = %v, want a LimitError", err)
	}
}

// TestMalformedHeapsValue checks that the engine answers on a Heaps not
// made by MakeHeaps without a panic (issue 38: index out of range).
func TestMalformedHeapsValue(t *testing.T) {
	e := sg.NewEngine[game.Heaps](game.NewHeapGame(kayles{}))
	if _, err := e.Value(bg, game.Heaps("\xff\x01\x80")); err != nil {
		t.Logf("Value: %v", err)
	}
}

// TestProgressAtMostOncePerInterval checks the contract of WithProgress:
// no report before its interval has passed, and reports during a long
// search when the interval is short.
func TestProgressAtMostOncePerInterval(t *testing.T) {
	reports := 0
	e := sg.NewEngine[int](sparseChain{}, sg.WithProgress(time.Hour, func(sg.Stats) { reports++ }))
	if _, err := e.Value(bg, 200_000); err != nil {
		t.Fatal(err)
	}
	if reports != 0 {
		t.Errorf("%d reports within an hour's interval, want 0", reports)
	}
	var last time.Time
	e = sg.NewEngine[int](sparseChain{}, sg.WithProgress(time.Millisecond, func(s sg.Stats) {
		now := time.Now()
		if !last.IsZero() && now.Sub(last) < time.Millisecond {
			t.Errorf("reports %v apart, want at least 1 ms", now.Sub(last))
		}
		last = now
		reports++
		if s.Memoized == 0 || s.Expanded == 0 {
			t.Errorf("report %+v", s)
		}
	}))
	for n := 100_000; reports == 0 && n <= 1<<22; n *= 2 {
		if _, err := e.Value(bg, n); err != nil {
			t.Fatal(err)
		}
	}
	if reports == 0 {
		t.Error("no report in a search of millions of positions")
	}
}

// Issue 38, point 2: a heap of 2^40 tokens of Kayles has 2^40 options.
// The engine asks the game's count (game.MoveCounter) before listing, and
// refuses the position at once with a limit error naming the heap, under
// the default memory bound as under a small one; a heap it can list is
// still valued.
func TestHugeHeapRefusedBeforeListing(t *testing.T) {
	if ^uint(0)>>32 == 0 {
		t.Skip("int has 32 bits")
	}
	for _, opts := range [][]sg.Option{nil, {sg.WithMemory(1 << 20)}} {
		e := sg.NewEngine[game.Heaps](game.NewHeapGame(kayles{}), opts...)
		p, _ := game.MakeHeaps(huge, 5)
		ctx, cancel := context.WithTimeout(bg, 5*time.Second)
		start := time.Now()
		_, err := e.Value(ctx, p)
		cancel()
		if !errors.Is(err, sg.ErrLimit) || !strings.Contains(err.Error(), "1099511627776") {
			t.Errorf("Value(%v): %v, want a limit error naming the heap", p, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("Value(%v) took %v to refuse", p, d)
		}
		q, _ := game.MakeHeaps(7, 7)
		if v, err := e.Value(bg, q); err != nil || v != 0 {
			t.Errorf("Value(%v) = %v, %v after the refusal; want 0 (equal heaps)", q, v, err)
		}
	}
}

// huge is 2^40 where int has 64 bits (and 1 where it has 32, where the
// tests that use it skip).
const huge = 1 << (40 & (^uint(0) >> 58))
