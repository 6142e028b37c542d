// Package game defines what an impartial game is, as small Go interfaces.
//
// An impartial game is played by two players who have the same moves from
// every position; they move in turn, and under normal play the player who
// cannot move loses. A game is therefore described completely by the moves
// from each position, which is the one method of [Game]:
//
//	type Game[P comparable] interface {
//		AppendMoves(dst []P, p P) []P
//	}
//
// P is the type of positions: an int for a heap or a graph vertex, a small
// struct or array for anything else. It must be comparable so that an engine
// can remember positions it has solved.
//
// # Optional capabilities
//
// A game may say more about itself through optional interfaces, found by type
// assertion as in the standard library (io.WriterTo, say):
//
//   - [Decomposer]: a position is a sum of independent components (a row of
//     heaps), so an engine memoizes components rather than whole positions.
//   - [Canonicalizer]: different positions that are the same game, such as
//     (x, y) and (y, x) in Nim, share one canonical representative.
//   - [Indexer]: positions are numbered densely, so a memo can be a slice.
//   - [Dense]: the positions are the ints 0, 1, …, n-1 themselves, so they
//     index that slice with no call at all.
//   - [Lender]: the game holds every position's options in memory and lends
//     them, so an engine reads them in place instead of copying them.
//   - [Packer]: a position packs into a [Key] of 128 bits, for compact
//     transposition tables.
//   - [MoveCounter], [MoveOrderer], [Sizer] and [Strategist]: a search
//     counts a position's moves cheaply, tries the likeliest moves first,
//     weighs what is left to search, and values at 0 with no search the
//     positions the second player wins by a strategy (a symmetry).
//   - [FormulaRule], [FormulaMover] and [WideDigits]: a heap rule whose
//     values, and moves to a value, follow a formula.
//   - [Notation]: the game names its moves as text and reads them back
//     ("0,0-0,1", "7>2+4"), so that every program writes and reads every
//     game's moves the same way.
//   - [EdgePicture]: a game of cutting the edges of a picture (Green
//     Hackenbush), for a program that draws it.
//
// Each capability lives in a small file of its own. A [Digraph] has
// Indexer, Dense and Lender, which is what lets the engine of package sg
// come within twice the cost of a loop written by hand for it.
//
// # Values
//
// [Nimber] is a Sprague–Grundy value, with the arithmetic of the field of
// nimbers ([Nimber.Mul], [Nimber.Inv], [Nimber.Sqrt], …), and [Outcome]
// says who wins. Rules that know their values by a formula state them with
// these types; package sg computes them for every other game and uses
// the same types.
//
// # Specs: what a catalogue of games denotes
//
// A catalogue of named games (package rulesets) reads a spec such as
// "kayles" or "cram:4x5" into a [Rules], typed by its [Kind]: a heap rule
// ([NamedHeapRule], positions are rows of heaps), a [Board] (a game and
// its start position, valued by a search as a [Started] game or by its
// own rules as a [Valued] one), or a [Loopy] game (play may not end). A
// program knows from Kind what it may do with a spec, with no type
// switch; package sg/solve values any of them with the right engine.
//
// # Playing games side by side
//
// Playing several games side by side, moving in exactly one of them each
// turn, is their disjunctive sum. [Product] plays two games of any kinds as
// one game whose positions are [Pair] values; the Sprague–Grundy theorem
// says its value is the XOR of the two games' values, and the property
// tests of package sg check that against a brute-force search of exactly
// this product. For real work use package sg's Sum, which holds any number
// of positions of different games, values each on its own and finds
// winning moves without enumerating the product.
//
// # Games as data
//
// [Digraph] is a game given by its graph of positions, a token moving
// along arcs (the graph games of T. S. Ferguson, Game Theory, Part I,
// §2); any finite acyclic game can be written as one.
//
// # Heap games
//
// [HeapRule] describes games played on heaps of tokens where a move acts on
// one heap (subtraction, octal and hexadecimal games, Grundy's game): for a
// heap of n it lists [HeapMove] values, "leave Remain tokens as Parts
// heaps". Their values form a sequence G(0), G(1), … that package sg
// computes and checks for periodicity; package rulesets has the rules
// themselves.
//
// [HeapGame] plays a rule on [Heaps], a multiset of heap sizes that an
// engine can memoize. A program that shows moves to a player lists them
// labelled instead: [HeapGame.AppendPlays] gives each move from a row of
// heaps as a [HeapPlay] (which heap, what it was, what it became), and
// [HeapGame.PlayTo] labels a position chosen by an engine or a bot with
// the move that reaches it:
//
//	g := game.NewHeapGame(rule)
//	for _, m := range g.AppendPlays(nil, []int{3, 4, 5}) {
//		fmt.Println("heap", m.Heap, "of", m.From, "becomes", m.To)
//	}
package game
