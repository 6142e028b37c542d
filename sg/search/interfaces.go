package search

import "github.com/impartial-go/impartial/game"

// MoveCounter is [game.MoveCounter]: a game that counts its moves faster
// than listing them. The solver searches first the options whose unknown
// components have the fewest moves. A game that is also a [MoveOrderer]
// and a [game.Packer] (Cram) has its options ordered by their cells
// weighed with its order instead, and NumMoves is then not called.
type MoveCounter[P comparable] = game.MoveCounter[P]

// MoveOrderer is [game.MoveOrderer]: a game that lists its moves in the
// order a search should try them. For a game that is also a
// [MoveCounter] and a [game.Packer] (Cram) the size weighed is the cells
// of the option's components not yet valued, and a place counts a
// sixteenth of a cell; for another game the size is as without an order
// and a place counts a quarter of it. The top of a question keeps the
// game's own order ([Solver.WinningMove] returns the first winning move
// in it, with one worker). Where the game's OrdersMoves() reports false
// ([game.OrdersMoves]), [New] ignores the order.
type MoveOrderer[P comparable] = game.MoveOrderer[P]

// Strategist is [game.Strategist]: a game that recognizes positions its
// second player wins by a strategy, valued 0 without listing their
// moves. Where the game's UsesStrategy() reports false
// ([game.UsesStrategy]), [New] ignores it.
type Strategist[P comparable] = game.Strategist[P]

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
