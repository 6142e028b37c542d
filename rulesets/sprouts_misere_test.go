package rulesets_test

import (
	"testing"
	"time"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/misere"
)

// sproutsMisereWins is the published misère outcome of p spots for p ≤ 12:
// true when the first player wins (J. Lemoine and S. Viennot, "Analysis
// of misère Sprouts game with reduced canonical trees", arXiv:0908.4407,
// Fig. 1; OEIS A164950).
var sproutsMisereWins = []bool{1: true, 2: false, 3: false, 4: false, 5: true, 6: true, 7: false, 8: false, 9: false, 10: true, 11: true, 12: true}

// TestSproutsMisere: misère outcomes of the starts of few spots, by the
// misère engine on whole positions (lands do not add up in misère play).
func TestSproutsMisere(t *testing.T) {
	top := 4
	if gametest.Long() {
		top = 5
	}
	for p := 1; p <= top; p++ {
		g, _ := rulesets.NewSprouts(p)
		e := misere.NewEngine[string](g)
		start := time.Now()
		o, err := e.Outcome(bg, g.Start())
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("misère sprouts:%d: %v (%v, %d positions)", p, o, time.Since(start), e.Len())
		if (o == sg.N) != sproutsMisereWins[p] {
			t.Errorf("misère sprouts:%d is %v, want the first player to win: %v", p, o, sproutsMisereWins[p])
		}
	}
}
