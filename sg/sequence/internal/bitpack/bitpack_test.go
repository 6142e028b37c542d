package bitpack

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// Bits packs each byte's low bit, as portable does, and
// Clear zeroes the bytes too, on random tables of 0s and 1s.
func TestPackBits(t *testing.T) {
	rnd := gametest.Rand(t)
	var b [64]byte
	for range 1000 {
		var want uint64
		for j := range b {
			b[j] = byte(rnd.IntN(2))
			want |= uint64(b[j]) << j
		}
		if got := Bits(&b[0]); got != want {
			t.Fatalf("Bits(%v) = %#x, want %#x", b, got, want)
		}
		if got := portable(&b[0]); got != want {
			t.Fatalf("portable(%v) = %#x, want %#x", b, got, want)
		}
		if got := Clear(&b[0]); got != want || b != [64]byte{} {
			t.Fatalf("Clear = %#x, want %#x, bytes left %v", got, want, b)
		}
	}
}

// BenchmarkPackBits packs two words of a table: Bits (the assembly on
// amd64) against the portable loop.
func BenchmarkPackBits(b *testing.B) {
	var t [128]byte
	for i := 0; i < 128; i += 3 {
		t[i] = 1
	}
	var m uint64
	b.Run("Bits", func(b *testing.B) {
		for b.Loop() {
			m += Bits(&t[0]) + Bits(&t[64])
		}
	})
	b.Run("portable", func(b *testing.B) {
		for b.Loop() {
			m += portable(&t[0]) + portable(&t[64])
		}
	})
	sink = m
}

// sink keeps the benchmark's words alive.
var sink uint64
