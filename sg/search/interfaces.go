package search

// MoveCounter is an optional interface of a game that counts the moves
// of a position faster than listing them: NumMoves(p) must equal
// len(g.AppendMoves(nil, p)). The solver then searches first the options
// whose unknown components have the fewest moves. A game that is also a
// [MoveOrderer] and a [game.Packer] (Cram) has its options ordered by
// their cells weighed with its order instead (see MoveOrderer): NumMoves
// is then not called.
type MoveCounter[P comparable] interface {
	NumMoves(p P) int
}

// MoveOrderer is an optional interface of a game that lists a position's
// moves in the order a search should try them: AppendOrderedMoves(dst, p)
// must append the options that AppendMoves(dst, p) appends, in any order.
// The solver lists with it the options of the positions it expands, and
// weighs an option's place in that order with the size of what is left
// to search of it, so that the likeliest to decide a question come first
// unless others are much smaller. For a game that is also a
// [MoveCounter] and a [game.Packer] (Cram) the size is the cells of the
// option's components not yet valued, and a place counts a sixteenth of
// a cell. For another game the size is as without an order (see
// [MoveCounter]) and a place counts a quarter of it. The top of a question keeps the game's own
// order ([Solver.WinningMove] returns the first winning move in it, with
// one worker). Cram lists its dominoes from the centre of the region
// outwards ([github.com/impartial-go/impartial/rulesets.Cram.AppendOrderedMoves]).
//
// A type whose values have an order for some games only (Node Kayles has
// one for grids, none for other graphs) also implements OrdersMoves() bool:
// where it returns false, [New] ignores AppendOrderedMoves, as for a game
// without it.
type MoveOrderer[P comparable] interface {
	AppendOrderedMoves(dst []P, p P) []P
}

// Strategist is an optional interface of a game that recognizes, with no
// search, some positions that the second player wins by a strategy: a
// symmetry strategy, say, which answers each move with its mirror image.
// SecondPlayerWins(p) reports true only for P-positions (it may report
// false for any position, at the cost of a search). The solver asks it of
// each component it is about to expand, and values one it reports 0
// without listing its moves: Cram and Node Kayles on a grid report the
// positions that are their own half turn
// ([github.com/impartial-go/impartial/game/grid.Board.HalfTurn]), every
// even×even board among them. It saves search nearly always, not always:
// the options of a settled position are not searched, and another line
// of play that meets them searches them there. A type for which no strategy is known on some games (Node
// Kayles off grids) also implements UsesStrategy() bool: where it returns
// false, [New] ignores SecondPlayerWins.
type Strategist[P comparable] interface {
	SecondPlayerWins(p P) bool
}

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
