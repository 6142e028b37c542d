// Package solve is the glue between games and engines: it values any game
// that a catalogue spec denotes (a [game.Rules]) with the engine its kind
// calls for, so that a program needs no switch over games or engines.
//
// It sits above every algorithm package (sg, sg/sequence, sg/search,
// sg/loopy) and below the programs; it works on the capability interfaces
// of package game and imports no catalogue, so a game of any package is
// valued the same way as those of package rulesets.
//
// # One entry point
//
// [Eval] values a position of any kind and lists its winning moves in the
// game's own notation ([game.Notation]):
//
//   - a heap rule: the heap sizes, valued by the rule's formula, a
//     certified period or its computed values (package sg/sequence), the
//     heaps added up by [HeapPart] in an sg.Sum;
//   - a board: its start position, valued by [Board]: a search of package
//     sg/search for a [game.Started] game (Cram, Node Kayles, Chomp), or
//     the board's own rules for a [game.Valued] one (coins, Hackenbush);
//   - a loopy game: one or more of its positions, valued by [Loopy]
//     (package sg/loopy), whose outcome may be a draw.
//
// [Result.Engine] says which engine answered.
//
// # The pieces
//
// [Search] values a [game.Started] game on any type of positions;
// [Board] and [StartValue] take a [game.Board] whose positions are
// bitset.Set or string (Sprouts) or that is [game.Valued]; [BoardValue] is
// [Board] without the winning moves, which cost an outcome search of each
// option; [SearchOutcome] and [BoardOutcome] find the outcome and the
// winning moves alone, which spares the value's further tests of an
// N-position. [HeapPart] is a row of heaps of
// any rule, valued by a sequence.Answer, as an sg.Component (sg.PartOf makes it an sg.Part): heaps of different
// games add up in an sg.Sum, even near 2^64. [LoopyGraph] and [Loopy]
// turn a [game.Loopy] into package sg/loopy's graph and solve it.
//
// # Cost
//
// Eval costs what its engine costs: O(1) a heap for a formula or a
// certified period past the values computed (at most [DefaultMaxValues]
// of them by default, [WithMaxValues]), a search bounded in memory by its
// options ([WithSearch]), O(positions + moves) for a loopy game. Listing
// the winning moves of heaps of at most 4096 tokens enumerates every move;
// past that it finds one for each heap, at most about 2^16 + 2^22 value
// lookups a heap ([HeapPart.MoveTo]).
package solve
