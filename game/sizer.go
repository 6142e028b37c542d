package game

// Sizer is an optional interface of a game that measures what is left to
// search of a position (a component of a sum): Sprouts counts the lives
// of a land. A search (package sg/search) orders the options of a
// position by the sizes of their components left to search, and asks
// last the largest component of a sum; without a Sizer it measures a
// [Packer]'s positions by the bits set in their keys, which for a game
// whose keys are hashes (Sprouts) measure nothing. Size must be cheap
// (it is asked of every component of every option) and need not be
// exact; a larger size should mean a costlier search. The answers of a
// search do not depend on it, only the work done.
type Sizer[P comparable] interface {
	Size(p P) int
}
