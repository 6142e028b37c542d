// Package bitset holds Set, a set of the numbers 0 … 127 in two machine
// words: the positions of board and graph games of up to 128 cells or
// vertices (packages game/grid and game/graph), which the engines hash,
// compare and pack into a game.Key without allocating.
//
//	s := bitset.Set{}.With(3).With(70)
//	s.Len()        // 2
//	s.Lowest()     // 3
//	s.Append(nil)  // [3 70]
package bitset
