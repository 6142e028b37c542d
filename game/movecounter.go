package game

// MoveCounter is an optional interface of a game that counts the moves of
// a position faster than listing them: NumMoves(p) must equal
// len(g.AppendMoves(nil, p)). A search (package sg/search) uses it to try
// first the options whose unknown components have the fewest moves, which
// decides a question sooner than ordering them by their cells.
type MoveCounter[P comparable] interface {
	NumMoves(p P) int
}
