package sequence

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// packBits packs each byte's low bit, as packBitsPortable does, and
// packClearBits zeroes the bytes too, on random tables of 0s and 1s.
func TestPackBits(t *testing.T) {
	rnd := gametest.Rand(t)
	var b [64]byte
	for range 1000 {
		var want uint64
		for j := range b {
			b[j] = byte(rnd.IntN(2))
			want |= uint64(b[j]) << j
		}
		if got := packBits(&b[0]); got != want {
			t.Fatalf("packBits(%v) = %#x, want %#x", b, got, want)
		}
		if got := packBitsPortable(&b[0]); got != want {
			t.Fatalf("packBitsPortable(%v) = %#x, want %#x", b, got, want)
		}
		if got := packClearBits(&b[0]); got != want || b != [64]byte{} {
			t.Fatalf("packClearBits = %#x, want %#x, bytes left %v", got, want, b)
		}
	}
}

// BenchmarkPackBits packs two words of a table: packBits (the assembly on
// amd64) against the portable loop.
func BenchmarkPackBits(b *testing.B) {
	var t sparseTab
	for i := 0; i < 128; i += 3 {
		t[i] = 1
	}
	var m uint64
	b.Run("packBits", func(b *testing.B) {
		for b.Loop() {
			m += packBits(&t[0]) + packBits(&t[64])
		}
	})
	b.Run("portable", func(b *testing.B) {
		for b.Loop() {
			m += packBitsPortable(&t[0]) + packBitsPortable(&t[64])
		}
	})
	sink = m
}

var sink uint64
