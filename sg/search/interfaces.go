package search

// Stats describes a solver's work and its table.
type Stats struct {
	// Expanded is the number of positions whose moves were generated.
	Expanded uint64
	// Hits and Misses count table lookups that found a fact or none.
	Hits, Misses uint64
	// Reads counts the lookups that read the shared table; the others
	// were answered by a worker's own cache of what it learnt.
	Reads uint64
	// Stores counts facts stored in a free or replaced slot; Evictions
	// the stores that replaced another position's fact.
	Stores, Evictions uint64
	// Entries is the number of positions in the table, Capacity the most
	// it can hold, and Bytes its size.
	Entries, Capacity, Bytes int64
	// Packed reports whether the table holds packed keys (the game is a
	// [game.Packer]) rather than positions.
	Packed bool
}
