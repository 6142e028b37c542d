package game

// Strategist is an optional interface of a game that recognizes, with no
// search, some positions that the second player wins by a strategy: a
// symmetry strategy, say, which answers each move with its mirror image.
// SecondPlayerWins(p) reports true only for P-positions (it may report
// false for any position, at the cost of a search). A search (package
// sg/search) values a component it reports 0 without listing its moves:
// Cram and Node Kayles on a grid report the positions that are their own
// half turn ([github.com/impartial-go/impartial/game/grid.Board.HalfTurn]).
//
// A type for which no strategy is known on some of its values (Node
// Kayles off grids) also implements [UsesStrategy]: where UsesStrategy()
// is false, a search ignores SecondPlayerWins.
type Strategist[P comparable] interface {
	SecondPlayerWins(p P) bool
}

// UsesStrategy is implemented by a [Strategist] type whose strategy
// exists for some of its values only: UsesStrategy reports whether this
// value's SecondPlayerWins may ever report true.
type UsesStrategy interface {
	UsesStrategy() bool
}
