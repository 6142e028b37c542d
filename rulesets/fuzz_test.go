package rulesets_test

import (
	"context"
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/sequence"
)

// FuzzParse: no spec makes Parse panic, every error is a *SyntaxError
// about the whole spec whose position lies within it (or just past its
// end), and every accepted spec has a canonical String that parses back to
// itself with the same digits.
func FuzzParse(f *testing.F) {
	for _, s := range []string{".07", "0.137", "4.07", "0.[3]", "0.333…", "0.{17}", "sub:1,3,4",
		"bash:3", "allbut:1,2", "odd", "fib", "adjacent:2", "anywhere:2", "kayles", "0.[", "sub:,", "·7", "{",
		"code: .0x7", " Anywhere: 2,31", "nim:", "adjacent:1, y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		r, err := rulesets.Parse(spec)
		if err != nil {
			var se *rulesets.SyntaxError
			if !errors.As(err, &se) || se.Spec != spec || se.Pos < 0 || se.Pos > utf8.RuneCountInString(spec)+1 {
				t.Fatalf("Parse(%q): error %#v", spec, err)
			}
			return
		}
		again, err := rulesets.Parse(r.String())
		if err != nil {
			t.Fatalf("Parse(%q) = %v, whose String does not parse: %v", spec, r, err)
		}
		if again.String() != r.String() {
			t.Fatalf("Parse(%q) = %v, then %v", spec, r, again)
		}
		if a, ok := r.(*rulesets.TakeBreak); ok {
			b := again.(*rulesets.TakeBreak)
			for k := range 64 {
				if a.Digit(k) != b.Digit(k) {
					t.Fatalf("%q: digit %d differs after round trip", spec, k)
				}
			}
			_ = a.AppendHeapMoves(nil, 20)
		}
	})
}

// FuzzTakeBreak: for any finite hexadecimal code (digits from the fuzzer;
// larger digits split heaps in four, which makes the direct engine's work
// grow as n^4), the direct and sparse-space engines give
// the same values, and a period that Period certifies predicts the values
// computed well past the point where it stopped.
func FuzzTakeBreak(f *testing.F) {
	for _, d := range [][]byte{{0, 7}, {0, 0, 7}, {0, 1, 6}, {4, 0xF}, {0, 3, 3, 3}, {0, 2, 0, 4, 8}, {0, 1, 7, 7, 7}} {
		f.Add(d)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) == 0 || len(raw) > 12 {
			return
		}
		digits := make([]uint32, len(raw))
		for i, b := range raw {
			digits[i] = uint32(b & 0xF)
		}
		digits[0] &^= 3 // d0 may only split: bits 0 and 1 are refused
		r, err := rulesets.NewTakeBreak(digits, nil)
		if err != nil {
			return
		}
		const n = 300
		direct, err := sequence.Values(ctx, r, n, sequence.WithMethod(sequence.MethodDirect))
		if err != nil {
			t.Fatalf("%v: direct: %v", r, err)
		}
		if sparse, err := sequence.Values(ctx, r, n, sequence.WithMethod(sequence.MethodSparse)); err == nil {
			for i := range n {
				if sparse.At(i) != direct.At(i) {
					t.Fatalf("%v: G(%d) = %d direct, %d sparse", r, i, direct.At(i), sparse.At(i))
				}
			}
		}
		s, per, err := sequence.Period(ctx, r, n/4)
		if err != nil || !per.Certified {
			return
		}
		for i := range n {
			v, ok := per.ValueAt(s, uint64(i))
			if !ok || v != direct.At(i) {
				t.Fatalf("%v: certified %v predicts G(%d) = %d, %v; it is %d", r, per, i, v, ok, direct.At(i))
			}
		}
	})
}
