package game

// MoveCounter is an optional interface of a game that counts the moves of
// a position faster than listing them: NumMoves(p) must equal
// len(g.AppendMoves(nil, p)), except that a game may stop counting at 2^31
// and return any number of at least 2^31 for a position with more moves
// (no engine lists that many). A search (package sg/search) uses it to try
// first the options whose unknown components have the fewest moves, which
// decides a question sooner than ordering them by their cells; the engine
// of package sg asks it before listing a position's moves, to refuse one
// whose moves would pass its bounds without listing them.
type MoveCounter[P comparable] interface {
	NumMoves(p P) int
}
