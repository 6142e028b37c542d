package grid

import "github.com/impartial-go/impartial/game/bitset"

// Set is a set of cells, cell i being bit i: a [bitset.Set], shared by
// packages grid and graph, so that a board's cells and a graph's vertices
// are handled by the same code.
type Set = bitset.Set
