package seqtest

import (
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// NimSplit lets a heap become any smaller heap (so G(n) ≥ n and values
// pass 255) or split after removing one token: a rule known only by its
// moves whose values need two bytes.
type NimSplit struct{}

// AppendHeapMoves appends the moves from a heap of n tokens.
func (NimSplit) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	for m := range n {
		if m == 0 {
			dst = append(dst, game.HeapMove{})
		} else {
			dst = append(dst, game.HeapMove{Remain: m, Parts: 1})
		}
	}
	if n >= 3 {
		dst = append(dst, game.HeapMove{Remain: n - 1, Parts: 2})
	}
	return dst
}

// Late behaves like 0.16 up to heap 300 and then also lets a heap of n
// become three heaps (n ≥ 303) or, if Bad, stay as it is (a rule with a
// cycle, which an engine must refuse).
type Late struct{ Bad bool }

// AppendHeapMoves appends the moves from a heap of n tokens.
func (l Late) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	dst = Parse(".16").AppendHeapMoves(dst, n)
	if n > 300 {
		if l.Bad {
			return append(dst, game.HeapMove{Remain: n, Parts: 1})
		}
		dst = append(dst, game.HeapMove{Remain: n - 3, Parts: 3})
	}
	return dst
}

// ParityBreak is Grundy's game until heap 400, after which a heap may
// also lose one token and split: the split sizes n and n-1 then have
// different parities, and the parity variant no longer applies.
type ParityBreak struct{}

// AppendHeapMoves appends the moves from a heap of n tokens.
func (ParityBreak) AppendHeapMoves(dst []game.HeapMove, n int) []game.HeapMove {
	dst = Grundy{}.AppendHeapMoves(dst, n)
	if n > 400 {
		dst = append(dst, game.HeapMove{Remain: n - 1, Parts: 2})
	}
	return dst
}

// Classic is a game the parallel engines are checked on; Small marks
// those whose heaps are costly (a short run suffices).
type Classic struct {
	Name  string
	R     game.HeapRule
	Small bool
}

// Classics are the games the parallel engines are checked on: octal
// games from Winning Ways ch. 4 and Flammenkamp's tables (Dawson's Kayles
// .07, Dawson's chess .137, Kayles .77, .354, .376, .1777, .16, .56),
// Grundy's game, hexadecimal codes (digits of 8 or more split a heap into
// three), and rules known only by their moves.
var Classics = []Classic{
	{".07", Parse(".07"), false},
	{".137", Parse(".137"), false},
	{".77 (Kayles)", Parse(".77"), false},
	{".354", Parse(".354"), false},
	{".376", Parse(".376"), false},
	{".1777", Parse(".1777"), false},
	{".16", Parse(".16"), false},
	{".56", Parse(".56"), false},
	{".6 (values past 64 and 128)", Parse(".6"), false},
	{"Grundy's game", Grundy{}, false},
	{"0.F6 (hexadecimal)", Parse("0.F6"), true},
	{"0.B7 (hexadecimal)", Parse("0.B7"), true},
	{"4.6 (hexadecimal start)", Parse("4.6"), false},
	{".354 by moves", MovesOnly{R: Parse(".354")}, false},
	{"Grundy's game, parity broken at 400", ParityBreak{}, false},
	{"nim+split (2-byte values)", NimSplit{}, true},
	{"three-heap moves from 301", Late{}, true},
}

// CheckWorkers compares values(w), the values computed with w workers,
// for 2, 3 and 5 workers with values(1), value by value; what names the
// run in a failure.
func CheckWorkers(t testing.TB, what string, values func(workers int) []sg.Nimber) {
	t.Helper()
	want := values(1)
	for _, w := range []int{2, 3, 5} {
		got := values(w)
		if len(got) != len(want) {
			t.Fatalf("%s: %d workers gave %d values, want %d", what, w, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: %d workers: G(%d) = %d, single core %d", what, w, i, got[i], want[i])
			}
		}
	}
}
