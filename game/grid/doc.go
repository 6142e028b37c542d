// Package grid holds the geometry that board games share, for boards of up
// to 128 cells kept as bit masks: flood fill into connected regions, the
// symmetries of the square, and a canonical form of a shape.
//
// # Boards as bit masks
//
// Many impartial games are played by filling the cells of a board: Cram
// places dominoes, Node Kayles on a grid graph takes a cell and its
// neighbours, Chomp bites off a corner. A position is then a set of cells,
// and with at most 128 cells it is a [Set], two machine words, which is
// cheap to copy, compare and hash, and which packs losslessly into the
// [game.Key] that bounded transposition tables store ([Set.Key]).
//
// A [Board] of m rows and n columns numbers its cells row by row, cell
// r·n + c in row r and column c. Shifting a mask by one moves every cell
// one column, and by n one row, so the board computes the neighbours of a
// whole set in a few word operations ([Board.Neighbors], [Board.Right],
// [Board.Down], …).
//
// # Components
//
// The Sprague–Grundy theorem says that a disjunctive sum of games is worth
// the XOR of its parts. A board game whose moves only touch adjacent
// cells falls apart into the connected regions of its free cells, and
// [Board.AppendComponents] finds them by flood fill: it grows a region
// from one cell by its neighbours until it stops growing, a handful of
// word operations per step of the region's diameter. It is the body of a
// game's [game.Decomposer].
//
// # Symmetry
//
// A region's value depends only on its shape, so the engines can share
// one memo entry between all the positions that are images of each other.
// The symmetries of a square are the 8 elements of the dihedral group D4
// (four rotations and four reflections, [Symmetry]); a rectangle that is
// not a square keeps the 4 that do not exchange rows and columns
// ([Board.Symmetries], [Board.Transform]). [Board.Canonical] returns the
// least image of a shape under the 8 symmetries, each moved to the top
// left corner, among those that fit on the board: translates and mirror
// images of a region get the same representative, which is the body of a
// game's [game.Canonicalizer].
//
// Symmetry also wins games. A position that is its own image under the
// half turn about its centre is lost by the player to move whenever each
// move can be answered by its image (the second player keeps the
// position symmetric and so always has a reply): [Board.HalfTurn] tells
// whether a set is its own half turn and where its centre is, and the
// games of package rulesets use it to settle such positions with no
// search (Cram and Node Kayles, when no move touches its own image).
//
// Engines ask for a canonical form once for every new region they meet,
// so it is made cheap. A shape of up to 8 rows of 8 cells is held as an
// 8×8 matrix of bits, one row a byte: reversing the order of the bytes
// turns it upside down, reversing the bits of each byte mirrors it, three
// exchanges of blocks of bits transpose it (Warren, Hacker's Delight,
// 2nd ed., section 7-3), and, with the first row in the highest byte, the
// image whose rows read from the top are least is simply the least word.
// A canonical form so costs a fixed number of word operations for each
// of the eight images and allocates nothing;
// BenchmarkCanonicalSearched measures it on the regions of a Cram search
// (BENCHMARKS.md, "Other operations", gives the figures and the machine).
//
// # Text
//
// [ParseRows] reads a board from rows of text such as "..#" and "...", and
// [Board.Format] writes one; a bad row or cell is a [*ParseError] that
// names it.
//
//	b, free, err := grid.ParseRows([]string{"...", ".#."}, '.', '#')
//	regions := b.AppendComponents(nil, free)
//	shape := b.Canonical(regions[0])
package grid
