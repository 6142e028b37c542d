package game

// MoveOrderer is an optional interface of a game that lists a position's
// moves in the order a search should try them: AppendOrderedMoves(dst, p)
// must append the options that AppendMoves(dst, p) appends, in any order,
// the likeliest to win first (Cram lists its dominoes from the centre of
// the region outwards). A search (package sg/search) weighs an option's
// place in that order with the size of what is left to search of it.
//
// A type whose values have an order for some games only (Node Kayles has
// one for grids, none for other graphs) also implements [OrdersMoves]:
// where OrdersMoves() is false, a search ignores AppendOrderedMoves, as
// for a game without it.
type MoveOrderer[P comparable] interface {
	AppendOrderedMoves(dst []P, p P) []P
}

// OrdersMoves is implemented by a [MoveOrderer] type whose order exists
// for some of its values only: OrdersMoves reports whether this value's
// AppendOrderedMoves has an order of its own.
type OrdersMoves interface {
	OrdersMoves() bool
}
