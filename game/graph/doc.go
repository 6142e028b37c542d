// Package graph holds small simple graphs, of up to 128 vertices, as one
// adjacency bit mask a vertex: the structure of games played on the
// vertices of a graph, such as Node Kayles.
//
// # Graphs as bit masks
//
// A position of a vertex-deleting game is the set of vertices still
// there. With at most 128 vertices it is a [Set], two machine words that
// are cheap to copy, compare and hash, and that pack losslessly into the
// [game.Key] of bounded transposition tables ([Set.Key]). A [Graph] keeps
// each vertex's neighbours as a Set, so the neighbours of a whole set of
// vertices are the OR of their masks ([Graph.NeighborsOf]). Build one with
// [New] and [Graph.AddEdge], or with [Path], [Cycle], [Grid] or
// [ParseEdges] ("0-1,1-2,2-0"), whose errors name the bad edge
// ([*EdgeError]).
//
// # Components
//
// By the Sprague–Grundy theorem a game whose position falls apart into
// parts that no move joins is worth the XOR of the parts' values. For a
// game on the vertices of a graph, the parts are the connected components
// of the subgraph the remaining vertices induce: [Graph.AppendComponents]
// finds them by breadth-first search a whole layer at a time, which is the
// body of a game's [game.Decomposer].
//
// # Symmetry
//
// An automorphism of a graph is a permutation of its vertices ([Perm])
// that maps edges onto edges; a position and its image under one are the
// same game. [Graph.Automorphisms] finds them all, when there are few, by
// backtracking: it colours the vertices by iterated degree refinement
// (which automorphisms preserve), and maps vertices in breadth-first order
// to neighbours of the image of their parent of the same colour. The
// [Group] it returns picks the least image of a position as its
// representative ([Group.Canonical]), the body of a game's
// [game.Canonicalizer]. Testing graph isomorphism in general is a hard
// problem, so this is only the cheap part: the search has a step budget,
// and for a graph with too many automorphisms (a star) it returns the
// identity alone. [CycleCanonical] does the same for a cycle in a few
// word operations.
//
//	g, err := graph.ParseEdges("0-1,1-2,2-3,3-0")
//	group, _ := g.Automorphisms(100) // the 8 symmetries of a square
//	parts := g.AppendComponents(nil, g.Vertices().Without(0).Without(2))
package graph
