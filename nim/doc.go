// Package nim solves Nim and its closest relatives in closed form: plain
// Nim, misère Nim, staircase Nim, staircase Nim on a tree, and Moore's
// Nim_k. Each solver answers "who wins?" and "which move wins?" in time
// linear in the size of the position, so a bot can call it on a million
// heaps in its hot loop; the tests check each against the generic search
// of package sg on small positions.
//
// # Nim
//
// Nim is played with heaps of tokens. The players move in turn; a move
// takes at least one token from a single heap; the player who cannot move,
// because every heap is empty, loses. A position is written as its heap
// sizes, (3, 3) or (1, 2, 3, 4); the order of the heaps does not matter.
//
// A position is a P-position when the previous player (the one who just
// moved) wins with best play, and an N-position when the next player (the
// one to move) does. The empty position is P. Two equal heaps, (3, 3), are
// P: whatever the first player takes from one heap, the second takes from
// the other, and so always has a move.
//
// # Bouton's theorem
//
// Write the heap sizes in binary and add them without carries, digit by
// digit modulo 2: this is the nim-sum s = a_1 ⊕ a_2 ⊕ … ⊕ a_n, the XOR of
// the sizes. C. L. Bouton ("Nim, a game with a complete mathematical
// theory", Annals of Mathematics 3 (1901–02) 35–39) proved that a position
// is P exactly when s = 0. Three facts make it true:
//
//   - The empty position has s = 0, and it is P.
//   - From s = 0 every move gives s ≠ 0: changing one heap a_i to a
//     smaller a_i' changes the sum by a_i ⊕ a_i', which is not 0.
//   - From s ≠ 0 some move gives s = 0: take a heap a_i with a 1 in the
//     highest binary digit of s. Then a_i ⊕ s has a 0 there and the same
//     digits above it, so a_i ⊕ s < a_i, and taking a_i - (a_i ⊕ s) tokens
//     leaves a_i ⊕ s, which cancels s.
//
// So (1, 2, 3) is P (01 ⊕ 10 ⊕ 11 = 00) and (1, 2, 3, 4) is N with
// s = 100₂: the only heap with that digit is the 4, and the winning move
// takes all 4 tokens.
//
// [Sum] computes s, [Outcome] the verdict, [WinningMoves] every winning
// move and [WinningMove] one of them, as [Move] values naming the heap, its
// size before and after, and [Move.Take]. They are generic over every Go
// integer type: heaps up to 2^64-1 in uint64 work without overflow, and a
// negative heap in a signed type is an error that names its index and
// wraps [ErrNegative]. All take O(n) time; [AppendWinningMoves] appends to
// a caller's buffer and, like [WinningMove], allocates nothing.
//
// # Misère Nim
//
// In misère play the player who takes the last token loses; a classic
// puzzle tells it with rows of pearls ("whoever takes the last pearl
// loses", 最后拿光珍珠的人输). Bouton also solved it: while some heap has 2 or
// more tokens, play exactly as in Nim; the difference shows only in the
// endgame, where every heap has 0 or 1 token and the position is P exactly
// when the number of 1-heaps is odd. The winning move from a position with
// a single heap of 2 or more reduces that heap to 0 or 1, whichever leaves
// an odd number of 1-heaps. See [MisereOutcome], [MisereWinningMoves] and
// [MisereWinningMove].
//
// # Staircase Nim
//
// Coins lie on the steps of a staircase, steps[i] on step i, step 0 being
// the ground. A move takes at least one coin from a step i ≥ 1 and puts it
// on step i-1. Only the odd steps count: the position is P exactly when
// steps[1] ⊕ steps[3] ⊕ … = 0. Moving coins down from an odd step is a Nim
// move on the odd steps. Moving coins from an even step to the odd step
// below raises that odd step, but the opponent answers by moving the same
// coins on to the next even step, which restores the position of the odd
// steps; since coins only go down, this cannot go on forever. See
// [StaircaseOutcome], [StaircaseWinningMoves] and [StaircaseWinningMove];
// moves are [Transfer] values.
//
// # Tree staircase Nim
//
// The same game on a rooted tree: each node holds some units, and a move
// sends at least one unit from a node to its parent. This is the
// programming-contest problem "ore transport" (矿物运输): ore lies in mines
// that form a tree rooted at mine 0, and the players move it towards the
// root; examples/ore solves it. Along every path to the
// root the game is a staircase with the root as ground, so the position is
// P exactly when the nim-sum of the values at odd depth is 0.
//
// [NewTree] builds a [Tree] from parent indices (the root has parent -1)
// in any numbering, in linear time and without recursion, so a path of a
// million nodes is fine; a cycle, a parent out of range, two roots or no
// root is an error naming the node ([ErrBadTree]). [NewRootedTree] takes
// the root explicitly and ignores its entry, for formats such as the
// contest's where node 0 is the root and has no parent. [TreeSum],
// [TreeOutcome], [TreeWinningMoves] and [TreeWinningMove] then take the
// node values. A program that solves many trees reuses one Tree with
// [Tree.Reset], which allocates nothing once it is large enough.
//
// # Moore's Nim_k
//
// In Moore's Nim_k a move takes tokens from up to k heaps at once (at least
// one from each). E. H. Moore (1910) proved that a position is P exactly
// when, in every binary digit, the number of heaps with a 1 is divisible by
// k+1; for k = 1 this is Bouton's theorem. [MooreOutcome] applies the rule
// and [MooreWinningMove] builds a move that touches at most k heaps, going
// down the digits from the highest; its documentation gives the
// construction. [MooreOutcome] takes O(64·n) time and [MooreWinningMove]
// O(64·(n + min(k, 64)²)).
//
// # Playing the games move by move
//
// Two of the games have no other home in the library, and are
// [game.Game] values here so that the engine, the exhaustive search, the
// bot and the explanations of package sg can play them: [TreeGame] (tree
// staircase Nim on up to 8 nodes, and staircase Nim as the tree game on a
// path) and [MooreGame]. Nim itself is the heap game of the rule
// rulesets.Parse("nim") (see game.NewHeapGame). The tests of this package
// check every closed form above against exhaustive search on thousands of
// random small positions.
//
// # Concurrency
//
// The functions of this package keep no state and may be called from any
// number of goroutines. A [Tree] is read-only once built and may be shared;
// only [Tree.Reset] must not run concurrently with its other uses. The game
// types are safe for concurrent use.
package nim
