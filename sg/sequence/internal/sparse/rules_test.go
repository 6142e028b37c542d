package sparse

import (
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/seqtest"
)

// The rules below are small local test rules (package rulesets has the
// real ones): take-and-break codes, Grundy's game, and a wrapper that hides
// the TakeBreakRule interface so that the generic HeapMove path is tested.

// The rules are those of internal/seqtest, under the names the tests use.
type (
	seqCode      = seqtest.Code
	seqGrundy    = seqtest.Grundy
	seqMovesOnly = seqtest.MovesOnly
)

func seqParse(code string) seqCode   { return seqtest.Parse(code) }
func seqDigits(ds ...uint32) seqCode { return seqtest.Digits(ds...) }

func nimbers(vs ...uint64) []sg.Nimber {
	out := make([]sg.Nimber, len(vs))
	for i, v := range vs {
		out[i] = sg.Nimber(v)
	}
	return out
}

// kaylesValues are the first values of Kayles, .77: OEIS A002186; Winning
// Ways ch. 4.
var kaylesValues = nimbers(0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7)

// grundyValues are the first values of Grundy's game: OEIS A002188.
var grundyValues = nimbers(0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0)
