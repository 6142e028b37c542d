package game

// Key is a position packed into 128 bits: the form in which bounded
// transposition tables store positions, two machine words an entry instead
// of a hash-map node. Positions that fit in 64 bits leave Hi zero.
type Key struct{ Lo, Hi uint64 }

// Packer is an optional interface for games whose positions pack without
// loss into a [Key], such as boards of up to 128 cells kept as bit masks.
// Pack must be injective on the positions a search sees: two positions
// with the same key are the same position. For a [Canonicalizer] it need
// only be injective on canonical forms, and for a [Decomposer] only on
// single components, since those are what the engines store.
//
// A game whose positions have no bound on their size (Sprouts, whose
// lands are strings of any length) may instead pack a position into a
// 128-bit hash of its canonical form, provided it says so in its own doc:
// two of n stored positions then share a key with probability about
// n²/2¹²⁹ (below 10⁻²⁰ for a billion positions), and a shared key would
// make a search read one position's value for the other.
type Packer[P comparable] interface {
	Pack(p P) Key
}
