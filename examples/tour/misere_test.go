package main

import (
	"bytes"
	"context"
	"testing"
)

// The misère step's key lines: misère Nim's rule (Bouton 1902), the failed
// XOR rule on (2, 2) + (1), the genera of On Numbers and Games, ch. 12, and
// the quotient T2 of Plambeck and Siegel (2008).
func TestMisereStep(t *testing.T) {
	var b bytes.Buffer
	tr := &tour{w: &b, ctx: context.Background()}
	misereRule(tr)
	if tr.err != nil {
		t.Fatal(tr.err)
	}
	out := b.String()
	expectLines(t, out,
		"(1, 1, 1)  nim-sum 1  misère P",
		"(2, 2, 1)  nim-sum 1  misère N",
		"(1, 2, 3)  nim-sum 0  misère P",
		"Their sum (2, 2, 1) has misère value 1: an N-position.",
		"*0 has genus 0^120",
		"*1 has genus 1^031",
		"*2 has genus 2^20",
		"Dawson's Kayles (0.07) is not tame",
		"Misère Nim on heaps of at most 3 gives 6 elements, with relations [a^2=1 b^3=b]\nand P-portion a b^2",
	)
}
