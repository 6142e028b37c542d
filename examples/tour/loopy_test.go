package main

import (
	"bytes"
	"context"
	"testing"
)

// The loopy step on its own: the values of Ferguson's cycle (Game Theory,
// Part I, Figure 3.4: a, b, c tied), ∞ + *n, and the two sums.
func TestLoopyStep(t *testing.T) {
	var b bytes.Buffer
	tr := &tour{w: &b, ctx: context.Background()}
	loopyGames(tr)
	if tr.err != nil {
		t.Fatal(tr.err)
	}
	out := b.String()
	expectLines(t, out,
		"  vertex 0: ∞{}    D\n",
		"  vertex 2: ∞{1}   D\n",
		"  vertex 3: *1     N\n",
		"  vertex 4: *0     P\n",
		"  ∞{1} + *0 = ∞{1}: D\n",
		"  ∞{1} + *1 = ∞{0}: N\n",
		"0 and 1 give D, and the player to move keeps the draw by 0 → 1.",
		"give\nN, by the move 2 → 3, which leaves *0.",
	)
	// A failing writer stops the step with its error.
	tr = &tour{w: &failWriter{n: 2}, ctx: context.Background()}
	loopyGames(tr)
	if tr.err == nil {
		t.Error("write error lost")
	}
}
