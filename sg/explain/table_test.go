package explain_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/explain"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// Worked Nim positions, checked against Bouton's theorem (P exactly when
// the XOR of the heaps is 0): (1, 2, 3) is P, (1, 2, 3, 4) is N by
// emptying the 4, (3, 3, 1) is N, (2, 2, 5, 5, 5, 5, 7, 7) is P.
func TestNimWorkedPositions(t *testing.T) {
	for _, c := range []struct {
		heaps                  []int
		sum                    uint64
		high, chosen           int
		from, to, take         uint64
		outcome, firstBinaries string
	}{
		{[]int{1, 2, 3}, 0, -1, -1, 0, 0, 0, "P", "01"},
		{[]int{1, 2, 3, 4}, 4, 2, 3, 4, 0, 4, "N", "001"},
		{[]int{3, 3, 1}, 1, 0, 0, 3, 2, 1, "N", "11"},
		{[]int{2, 2, 5, 5, 5, 5, 7, 7}, 0, -1, -1, 0, 0, 0, "P", "010"},
		{[]int{}, 0, -1, -1, 0, 0, 0, "P", ""},
	} {
		tab, err := explain.Nim(c.heaps)
		if err != nil {
			t.Fatal(err)
		}
		if tab.Sum != c.sum || tab.HighBit != c.high || tab.Chosen != c.chosen ||
			tab.From != c.from || tab.To != c.to || tab.Take != c.take || tab.Outcome != c.outcome {
			t.Errorf("%v: %+v", c.heaps, tab)
		}
		if len(c.heaps) > 0 && tab.Rows[0].Binary != c.firstBinaries {
			t.Errorf("%v: first row in binary %q, want %q", c.heaps, tab.Rows[0].Binary, c.firstBinaries)
		}
	}
	tab, _ := explain.Nim([]int{1, 2, 3, 4})
	for _, line := range []string{
		"heap 4  4  100\n",
		"XOR     4  100\n",
		"the highest set bit of the XOR is bit 2 (value 4); heap 4 has it:\n",
		"4 XOR 4 = 0 < 4, so take 4 - 0 = 4 from heap 4, leaving XOR 0.\n",
	} {
		if !strings.Contains(tab.Text(), line) {
			t.Errorf("table of (1, 2, 3, 4) lacks %q:\n%s", line, tab.Text())
		}
	}
	if _, err := json.Marshal(tab); err != nil {
		t.Error(err)
	}
}

func TestNimErrorsAndBigHeaps(t *testing.T) {
	_, err := explain.Nim([]int64{3, -2})
	// indices count from 0 in errors, as in sg and nim: heaps[1] is "heap 2"
	if err == nil || !strings.Contains(err.Error(), "heaps[1] has negative size -2") {
		t.Errorf("negative heap: %v", err)
	}
	tab, err := explain.Nim([]uint64{math.MaxUint64, 1})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Sum != math.MaxUint64-1 || tab.Width != 64 || tab.To != 1 || tab.Take != math.MaxUint64-1 {
		t.Errorf("huge heaps: %+v", tab)
	}
}

// Bouton's move: the chosen heap shrinks, the XOR after it is 0, and it
// takes a_i - (s XOR a_i).
func TestNimMoveProperty(t *testing.T) {
	properties := gopter.NewProperties(gametest.Parameters(t, 500))
	properties.Property("the move reaches XOR 0", prop.ForAll(
		func(heaps []uint32) bool {
			tab, err := explain.Nim(heaps)
			if err != nil {
				return false
			}
			var s uint64
			for _, h := range heaps {
				s ^= uint64(h)
			}
			if s == 0 {
				return tab.Chosen == -1 && tab.Outcome == "P"
			}
			a := uint64(heaps[tab.Chosen])
			after := s ^ a ^ tab.To
			return tab.To < a && after == 0 && tab.Take == a-(s^a) && tab.Rows[tab.Chosen].Value>>tab.HighBit&1 == 1
		},
		gen.SliceOf(gen.UInt32()),
	))
	properties.TestingRun(t)
}

// A sum of three heap games: from heap 1 take 1 to 3 tokens (value n mod 4),
// from heap 2 an odd number (n mod 2), the rest are Nim heaps.
func TestSumTableComposite(t *testing.T) {
	h1 := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(subtraction(t, 1, 2, 3))))
	h2 := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(subtraction(t, 1, 3, 5, 7, 9))))
	heap := func(n int) game.Heaps { h, _ := game.MakeHeaps(n); return h }
	s := sg.Sum{sg.Position(h1, heap(7)), sg.Position(h2, heap(3)), sg.Heap(6)}
	tab, err := explain.SumTable(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	// values 7 mod 4 = 3, 3 mod 2 = 1, 6: XOR 4, and only nim(6) has bit 2.
	if got := []uint64{tab.Rows[0].Value, tab.Rows[1].Value, tab.Rows[2].Value}; !slices.Equal(got, []uint64{3, 1, 6}) {
		t.Errorf("values %v, want [3 1 6]", got)
	}
	if tab.Sum != 4 || tab.Chosen != 2 || tab.To != 2 || tab.Move != "nim(2)" {
		t.Errorf("table %+v", tab)
	}
	if !strings.Contains(tab.Text(), "so move nim(6) to nim(2), of value 2, leaving XOR 0.") {
		t.Errorf("text:\n%s", tab.Text())
	}
	if tab.Next != sg.Heap(2) {
		t.Errorf("next part %v, want nim(2)", tab.Next)
	}
	// A move inside a subtraction heap: (5) in take-1–3 has value 1.
	s = sg.Sum{sg.Position(h1, heap(5)), sg.Heap(0)}
	tab, err = explain.SumTable(ctx, s)
	if err != nil || tab.Move != "(4)" || tab.Chosen != 0 {
		t.Errorf("move in heap 1: %+v, %v", tab, err)
	}
	if q, ok := sg.At[game.Heaps](tab.Next); !ok || q != heap(4) {
		t.Errorf("next part %v, want (4)", tab.Next)
	}
	// A P-position has no move and no next part.
	tab, err = explain.SumTable(ctx, sg.Sum{sg.Position(h1, heap(5)), sg.Heap(1)})
	if err != nil || tab.Chosen != -1 || tab.Next != (sg.Part{}) || tab.Move != "" {
		t.Errorf("P-position: %+v, %v", tab, err)
	}
}

// badPart is a part whose value or move fails.
type badPart struct {
	value  sg.Nimber
	broken bool // Value fails; otherwise MoveTo finds nothing
}

var errBroken = errors.New("broken part")

func (b badPart) Value(context.Context) (sg.Nimber, error) {
	if b.broken {
		return 0, errBroken
	}
	return b.value, nil
}

func (b badPart) MoveTo(context.Context, sg.Nimber) (sg.Part, bool, error) {
	return sg.Part{}, false, nil
}

func (b badPart) String() string { return "bad" }

// SumTable names a failing part by its index from 0, as sg.Sum does.
func TestSumTableErrors(t *testing.T) {
	_, err := explain.SumTable(ctx, sg.Sum{sg.Heap(1), sg.PartOf(badPart{broken: true})})
	if !errors.Is(err, errBroken) || !strings.Contains(err.Error(), "part 1 (bad)") {
		t.Errorf("failing value: %v", err)
	}
	// nim(1) + a part of value 3: the XOR is 2, the part of value 3 has its
	// bit and should move to 3 XOR 2 = 1, but claims no such option.
	_, err = explain.SumTable(ctx, sg.Sum{sg.Heap(1), sg.PartOf(badPart{value: 3})})
	if err == nil || !strings.Contains(err.Error(), "part 1 (bad) of value 3 has no option of value 1") {
		t.Errorf("missing option: %v", err)
	}
}

// Dawson's Kayles (octal .07): take two adjacent tokens from a row. Its
// values are G(n) = 0, 0, 1, 1, 2, 0, 3, 1 for n = 0…7 (OEIS A002187, the
// values of Dawson's chess, shifted by one heap), and a heap of 7 has the
// option values {0, 2}, so G(7) = mex{0, 2} = 1.
func TestHeapTableDawsonsKayles(t *testing.T) {
	tab, err := explain.HeapTable(ctx, dawsonsKayles, 8)
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Values(); !slices.Equal(got, []uint64{0, 0, 1, 1, 2, 0, 3, 1}) {
		t.Errorf("G = %v", got)
	}
	for _, c := range []struct {
		x            int
		options      string
		values, excl []uint64
		text         string
	}{
		{0, "", []uint64{}, []uint64{0}, "option values {}; excluded {0, 1, …}; G(0) = mex{} = 0"},
		{4, "(2) (1,1)", []uint64{0, 1}, []uint64{2}, "option values {0, 1}; excluded {2, 3, …}; G(4) = mex{0, 1} = 2"},
		{5, "(3) (1,2)", []uint64{1}, []uint64{0, 2}, "option values {1}; excluded {0, 2, 3, …}; G(5) = mex{1} = 0"},
		{6, "(4) (1,3) (2,2)", []uint64{0, 1, 2}, []uint64{3}, "option values {0, 1, 2}; excluded {3, 4, …}; G(6) = mex{0, 1, 2} = 3"},
		{7, "(5) (1,4) (2,3)", []uint64{0, 2}, []uint64{1, 3}, "option values {0, 2}; excluded {1, 3, 4, …}; G(7) = mex{0, 2} = 1"},
	} {
		r := tab.Rows[c.x]
		var opts []string
		for _, o := range r.Options {
			opts = append(opts, compact(o.Heaps))
		}
		if got := strings.Join(opts, " "); got != c.options {
			t.Errorf("options of %d: %s, want %s", c.x, got, c.options)
		}
		if !slices.Equal(r.Values, c.values) || !slices.Equal(r.Excluded, c.excl) {
			t.Errorf("row %d: option values %v, excluded %v", c.x, r.Values, r.Excluded)
		}
		if !strings.Contains(r.Text(), c.text) {
			t.Errorf("row %d text:\n%s\nlacks %s", c.x, r.Text(), c.text)
		}
	}
	if !strings.Contains(tab.Rows[7].Text(), "  (1, 4): G(1) ⊕ G(4) = 0 ⊕ 2 = 2\n") {
		t.Errorf("row 7:\n%s", tab.Rows[7].Text())
	}
	if got := tab.Rows[0].Text(); !strings.HasPrefix(got, "options of 0: none\n") {
		t.Errorf("row 0:\n%s", got)
	}
	if want := "n    0 1 2 3 4 5 6 7\nG(n) 0 0 1 1 2 0 3 1\n"; tab.Summary() != want {
		t.Errorf("summary:\n%s", tab.Summary())
	}
	// Three rows: (7, 3, 3) wins, (3, 4, 6) and (7, 3, 5) lose; the XOR of
	// the table's values and a plain search agree.
	f := tab.Values()
	ex := sg.NewExhaustive(game.Game[game.Heaps](game.NewHeapGame(dawsonsKayles)))
	for _, c := range []struct {
		heaps []int
		want  sg.Outcome
	}{{[]int{7, 3, 3}, sg.N}, {[]int{3, 4, 6}, sg.P}, {[]int{7, 3, 5}, sg.P}} {
		var x uint64
		for _, h := range c.heaps {
			x ^= f[h]
		}
		h, _ := game.MakeHeaps(c.heaps...)
		out, err := ex.Outcome(ctx, h)
		if err != nil || out != c.want || sg.OutcomeOf(sg.Nimber(x)) != c.want {
			t.Errorf("%v: table XOR %d, search %v (%v), want %v", c.heaps, x, out, err, c.want)
		}
	}
}

// compact formats heap sizes as "(1,4)".
func compact(hs []int) string {
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = strconv.Itoa(h)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// Kayles (.77) starts 0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2 (Winning Ways,
// ch. 4; OEIS A002186).
func TestHeapTableKayles(t *testing.T) {
	tab, err := explain.HeapTable(ctx, kayles, 20)
	if err != nil {
		t.Fatal(err)
	}
	want := []uint64{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2}
	if got := tab.Values(); !slices.Equal(got, want) {
		t.Errorf("Kayles: %v\nwant     %v", got, want)
	}
}

// For random subtraction games, the table equals the engine's values.
func TestHeapTableMatchesEngine(t *testing.T) {
	r := gametest.Rand(t)
	for range 30 {
		set := subtraction(t, gametest.SubtractionSet(r, 6)...)
		tab, err := explain.HeapTable(ctx, set, 25)
		if err != nil {
			t.Fatal(err)
		}
		e := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(set)))
		for x, row := range tab.Rows {
			h, _ := game.MakeHeaps(x)
			v, err := e.Value(ctx, h)
			if err != nil || uint64(v) != row.Mex {
				t.Fatalf("%v heap %d: table %d, engine %d (%v)", set, x, row.Mex, v, err)
			}
		}
	}
}

func TestHeapTableErrors(t *testing.T) {
	if _, err := explain.HeapTable(ctx, rulesets.Nim(), -1); err == nil || !strings.Contains(err.Error(), "-1") {
		t.Errorf("negative size: %v", err)
	}
	if _, err := explain.HeapTable(ctx, looper{}, 4); err == nil || !strings.Contains(err.Error(), "heap 1 may become a heap of 1") {
		t.Errorf("looping rule: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := explain.HeapTable(cctx, rulesets.Nim(), 4); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}

// cancelAt is a rule that cancels its context when asked for the moves of
// heap at, so that only a check inside that heap's options can see it.
type cancelAt struct {
	game.HeapRule
	at     int
	cancel context.CancelFunc
}

func (c cancelAt) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	if n == c.at {
		c.cancel()
	}
	return c.HeapRule.AppendHeapMoves(dst, n)
}

// The context is checked among the options of a heap, not only between
// heaps: a heap of 20 in "take any number anywhere" has thousands.
func TestHeapTableCanceledWithinHeap(t *testing.T) {
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	_, err := explain.HeapTable(cctx, cancelAt{rulesets.AnyAnywhere(), 20, cancel}, 21)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "table of heap 20") {
		t.Errorf("canceled in heap 20: %v", err)
	}
}
