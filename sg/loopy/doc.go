// Package loopy computes the values of impartial games whose play can go on
// for ever: games with cycles, where a position may come back, such as a
// token sliding on a graph with loops, or heaps that may grow.
//
// # Draws
//
// Under normal play the player who cannot move loses. When moves can cycle,
// neither player may be able to force that, and best play goes on for
// ever: the position is a draw. So a position has one of three outcomes
// ([Outcome]): P (the player to move loses), N (the player to move wins) and
// D (a draw). The ordinary Sprague–Grundy function, which package sg
// computes, needs play to end (its engine stops with sg.ErrCycle on a
// cycle), and a drawn position has no nimber at all: a nimber *n is a Nim
// heap, and every sum of Nim heaps ends.
//
// # The generalized Sprague–Grundy function
//
// C. A. B. Smith ("Graphs and composite games", J. Combin. Theory 1 (1966)
// 51–81) gave every position of a finite game with cycles a value ([Value])
// that is either a nimber *n or ∞(K), where K is the set of finite values
// of the position's options; A. S. Fraenkel and his coauthors developed it
// as the generalized Sprague–Grundy function (A. S. Fraenkel and Y. Yesha,
// "The generalized Sprague–Grundy function and its invariance under certain
// mappings", J. Combin. Theory A 43 (1986) 165–177). A position has the
// finite value n when
//
//   - n is the mex of the finite values of its options, and
//   - every option of larger or infinite value has itself an option of
//     value n, reached by a well-founded chain (the move that tries to
//     escape from *n is answered by a move back to *n, and such answers
//     cannot go on for ever).
//
// Otherwise it has the value ∞(K), printed "∞{a,b,…}". A position with a
// move to itself, or on a cycle with no way out, is ∞{}. Alone, a position
// of value *0 is P, one of value *n with n > 0 is N, and ∞(K) is N when 0 is
// in K (the player to move escapes to a P-position) and D otherwise.
//
// Values exist and are unique for every finite game, and [Solve] computes
// them by the labelling algorithm of Fraenkel and Yesha, run as a
// retrograde analysis with counters: O((n + m)·L) time for n vertices, m
// arcs and L distinct finite values (each level of values is one pass of
// counters), and O(n + m) memory, 16 bytes a vertex and 8 an arc; see its
// documentation for the details.
//
// # Sums
//
// What makes the values worth having is Smith's sum rule ([Sum]): the sum
// of finite values is their nim-sum, as in the ordinary theory; a sum with
// one infinite part ∞(K) and finite parts adding up to *x is ∞(K ⊕ x), and
// so is won by the player to move exactly when x is in K (by moving the
// infinite part to the option of value *x); and a sum with two or more
// infinite parts is a draw. So two draws make a draw, and a draw plus a
// nimber may be a win. [Play] gives the outcome of a sum of parts of any
// games, the winning moves when there are some, and the moves that keep a
// draw when it is drawn.
//
// # The API
//
// A graph given as data is a [Graph]: build it with [NewGraph] from lists of
// arcs or with [FromDigraph] from a [game.Digraph] (whose arcs may form
// cycles; [SolveDigraph] does both steps). A game given by its rules, any
// [game.Game] whose positions reachable from some starting positions are
// finite, is explored and solved by [SolveGame], with a limit on the number
// of positions ([WithMaxPositions], by default [DefaultMaxPositions]).
//
// # Limits and errors
//
// A graph has at most [MaxVertices] vertices and [MaxArcs] arcs, and an
// explored game at most its positions limit: past a bound, NewGraph,
// FromDigraph and SolveGame return a [*sg.LimitError] (errors.Is(err,
// sg.ErrLimit)) naming it. A vertex out of range is an error naming the
// arc. Solving takes a context, polled every few thousand vertices, and
// reports progress at most once per interval ([WithProgress]); when the
// context is done the values already final are kept and returned with the
// context's error.
//
//	s, err := loopy.SolveDigraph(ctx, d)
//	v, _ := s.Value(3)                    // *2, ∞{0,1}, …
//	out, moves, err := loopy.Play(
//		loopy.Part{Solution: s, Vertex: 3},
//		loopy.Part{Solution: s, Vertex: 5})
//
// Package rulesets has heap games with additions and games read from lists
// of arcs built on this package.
package loopy
