// Package splitmix holds the finalizer of SplitMix64 (Steele, Lea and
// Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014),
// the one 64-bit mixing function of the module: hash tables of ints
// (package sg), the colour refinement of graphs (game/graph) and the
// table keys of Sprouts lands (rulesets) use it. It sits in the game
// layer, below everything that imports it.
package splitmix

// Mix is a bijection of 64-bit words whose every output bit depends on
// every input bit. It costs five operations.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
