package rulesets_test

import (
	"testing"

	"github.com/impartial-go/impartial/rulesets"
)

// FuzzParse: no spec makes Parse panic, and every accepted spec has a
// canonical String that parses back to itself with the same digits.
func FuzzParse(f *testing.F) {
	for _, s := range []string{".07", "0.137", "4.07", "0.[3]", "0.333…", "0.{17}", "sub:1,3,4",
		"bash:3", "allbut:1,2", "odd", "fib", "adjacent:2", "anywhere:2", "kayles", "0.[", "sub:,", "·7", "{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		r, err := rulesets.Parse(spec)
		if err != nil {
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
