// Package misere plays impartial games under misère play, where the player
// who makes the last move loses.
//
// # Misère outcomes and values
//
// Under misère play a position with no moves is won by the player to move
// (the opponent made the last move), and otherwise, as in normal play, a
// position is a P-position when every option is an N-position. The misère
// Grundy value (Conway's γ0) refines this: it is 1 for a position with no
// moves and otherwise the mex of the options' misère values, so it is 0
// exactly at P-positions. [Engine] computes it for any finite
// [game.Game], memoizing every position it meets, with the same context,
// memo limit ([WithMemoLimit]), progress ([WithProgress]) and errors
// ([sg.ErrCycle], [sg.ErrLimit]) as the normal-play [sg.Engine]:
//
//	e := misere.NewEngine[game.Heaps](game.NewHeapGame(rulesets.Kayles()))
//	o, err := e.Outcome(ctx, p)           // sg.P or sg.N under misère play
//	moves, err := e.WinningMoves(ctx, p)  // the options that are misère P
//
// # Why sums are hard
//
// In normal play the value of a sum is the XOR of its parts' values. Under
// misère play it is not: (2, 2) and (1) are both misère P-positions of Nim,
// with misère value 0, but their sum (2, 2, 1) is an N-position (take the
// 1). Misère Nim itself is solved by Bouton's rule (1902): play as in
// normal Nim until the move that would leave no heap of 2 or more, then
// leave an odd number of heaps of 1.
//
// # Genus and tame games
//
// Conway's genus (On Numbers and Games, ch. 12; Winning Ways, ch. 13)
// records what misère sums with Nim heaps need: the normal value g and the
// misère values γk of the game plus k heaps of size 2, written g^γ0γ1γ2…
// up to where the sequence starts alternating. [Engine.Genus] computes it
// from the definition; [Genus.String] writes it as Conway does, "0^120"
// for the empty game, "1^031" for *1, "2^20" for *2.
//
// A game is tame when every one of its positions has the genus of a Nim
// position (0^120, 1^031, or g^(g, g⊕2): see [IsNimGenus]);
// [Engine.IsTame] checks every follower. Sums of tame games are played like
// misère Nim: [Engine.SumGenus] and [Engine.SumOutcome] read the sum's genus
// and outcome from the parts' genera, and [Engine.SumWinningMove] plays a
// winning move in one part. Parts that are not tame give [ErrNotTame].
//
// # Misère quotients
//
// Most octal games are wild. Plambeck (Taming the wild in impartial
// combinatorial games, INTEGERS 5 (2005) G5) and Plambeck and Siegel
// (Misère quotients for impartial games, JCTA 115 (2008)) restrict a game
// to heaps of at most n tokens and identify two positions when no sum with
// a further position tells them apart under misère play. The classes form a
// commutative monoid, often small: misère Nim on heaps ≤ 3 gives the
// 6-element monoid T2 = ⟨a, b | a² = 1, b³ = b⟩ with P-portion {a, b²}.
// [NewQuotient] computes it for an octal code and a heap bound, with its
// elements ([Quotient.Name]), product ([Quotient.Mul]), P-portion
// ([Quotient.PPortion]), pretending function ([Quotient.Pretending]) and
// presentation ([Quotient.Relations]); [Quotient.Outcome] and
// [Quotient.WinningMoves] then play any sum of such heaps at the cost of
// a few table look-ups. The quotient is built heap by heap, each heap
// adjoined to the quotient of the smaller ones as Plambeck and Siegel
// describe; when a new heap tells apart positions the smaller quotient
// identified (an element splits), candidates that give the heaps involved
// coordinates of their own are tried until one holds, as in Siegel's
// MisereSolver. Every result is proven exact before it is kept: its
// product is a monoid, it is reduced, and its P-portion gives the misère
// outcome of every sum of heaps. Dawson's Kayles (0.07) on heaps ≤ 30 has
// 360 elements, the figure Siegel reports:
//
//	q, err := misere.NewQuotient(ctx, "0.07", 30) // q.Order() == 360 A long computation reports progress
//
// ([WithQuotientProgress]), honours its context and resumes with
// [Quotient.Extend].
package misere
