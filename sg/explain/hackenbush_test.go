package explain_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/explain"
)

func TestHackenbushDOT(t *testing.T) {
	// Stalks of 2 and 1 and a stray edge: value 3, the one winning cut is
	// edge 1 (Winning Ways ch. 7: *2 ⊕ *1, cut the 2-stalk down to 1).
	h, err := rulesets.ParseHackenbush("g-1,1-2,g-3,4-5")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := explain.HackenbushDOT(context.Background(), &b, h); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		`graph "hackenbush" {`,
		`label="Green Hackenbush g-1,1-2,g-3,4-5: value *3";`,
		`"1" -- "2" [label="1", color=red, penwidth=3];`,
		`"g" -- "1" [label="0", color=darkgreen];`,
		`"4" -- "5" [label="3", color=grey, style=dashed];`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("DOT lacks %s:\n%s", want, out)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := explain.HackenbushDOT(ctx, &b, h); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}
