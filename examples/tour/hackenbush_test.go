package main

import (
	"bytes"
	"context"
	"testing"
)

func TestTourHackenbush(t *testing.T) {
	var b bytes.Buffer
	tr := &tour{w: &b, ctx: context.Background()}
	hackenbush(tr)
	if tr.err != nil {
		t.Fatal(tr.err)
	}
	out := b.String()
	expectLines(t, out,
		// Winning Ways ch. 7, by the colon and fusion principles; each line
		// is also checked by a search of the cutting game in the step.
		"g-1,1-2,1-3,3-4                  value *4   colon: 1 + (1 XOR 2)",
		"g-1,1-2,2-g                      value *1   fusion: a triangle is a loop",
		"g-1,1-2,2-3,3-g                  value 0   fusion: a square is nothing",
		"g-1,1-2,1-3,3-4,g-5,5-6,6-g      value *5   4 XOR 1",
		// The one winning cut takes the tree from *4 to *1, to cancel the
		// triangle's *1: cutting 3-4 leaves two one-edge branches on a trunk.
		"  cut edge 3 (3-4): 0   <- wins\n",
		"  cut edge 2 (1-3): *3\n",
	)
}
