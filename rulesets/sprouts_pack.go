package rulesets

import (
	"math/bits"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/internal/splitmix"
)

// Pack returns a 128-bit key of p, a land (a component) the game wrote,
// so that a search keeps its table packed and can save it to a file
// (package sg/search's WithCheckpoint, sgtool solve's -checkpoint).
//
// A land's canonical string has no fixed bound on its length, so the key
// is a hash of it: two 64-bit lanes of multiply–xorshift mixing, the same
// in every process. It is injective only with overwhelming probability,
// not by construction: for a search that stores n lands the chance that
// two share a key is about n²/2¹²⁹, below 10⁻²⁰ for a billion lands.
// Its cost is O(len(p)), with no allocation.
func (s *Sprouts) Pack(p string) game.Key {
	h1 := uint64(0x9e3779b97f4a7c15) ^ uint64(len(p))
	h2 := uint64(0xc2b2ae3d27d4eb4f) + uint64(len(p))*0x165667b19e3779f9
	for i := 0; i < len(p); i += 8 {
		var w uint64
		for j := i; j < len(p) && j < i+8; j++ {
			w |= uint64(p[j]) << (8 * (j - i))
		}
		h1 = bits.RotateLeft64((h1^w)*0xff51afd7ed558ccd, 31) * 0x9e3779b97f4a7c15
		h2 = bits.RotateLeft64((h2+w)*0xc4ceb9fe1a85ec53, 27)*0x94d049bb133111eb + 0x632be59bd9b4e019
	}
	return game.Key{Lo: splitmix.Mix(h1), Hi: splitmix.Mix(h2 ^ h1>>17)}
}
