// Package rulesets holds the rules of the classic heap games (subtraction
// games, octal and hexadecimal games, Grundy's game, Lasker's Nim, the
// row games of the seed notes) and Wythoff's game, ready for the engines
// of package sg.
//
// # Heap games
//
// In a heap game a position is a collection of heaps of tokens, a move
// acts on one heap, and what a heap of n tokens may become depends only on
// n. The seed notes (由感性认识到理性认识) call the value of a single heap
// f(x): the mex of the values of its options, where the value of several
// heaps is the XOR of theirs. So a heap game is solved by one sequence
// G(0), G(1), G(2), …, and a position (a₁, …, aₖ) is a loss for the player
// to move exactly when G(a₁) ⊕ … ⊕ G(aₖ) = 0. Game C of the notes, take two
// adjacent stones from a row, has f = 0, 0, 1, 1, 2, 0, 3, 1, …, so the
// position (3, 4, 6) is lost: 1 ⊕ 2 ⊕ 3 = 0.
//
// A rule is a [game.HeapRule]: for a heap of n it lists the moves as
// [game.HeapMove] values ("leave Remain tokens as Parts heaps"). Every rule
// here is also a [Ruleset], which adds a String method giving the rule's
// spec, the text [Parse] reads back.
//
// # Take-and-break codes
//
// Most heap games are written as a code d0.d1d2d3…, where digit dk says
// what may be left after removing k tokens: bit 0 (value 1) nothing, bit 1
// (value 2) one heap, bit 2 (value 4) two heaps, bit 3 (value 8) three
// heaps. Octal games use digits 0–7 and hexadecimal games 0–F:
//
//	0.07    Dawson's Kayles: remove 2, leaving 0, 1 or 2 heaps (7 = 1+2+4)
//	0.77    Kayles: remove 1 or 2, leaving 0, 1 or 2 heaps
//	0.333   take 1, 2 or 3 and leave one heap or none: n mod 4
//	4.[3]   Lasker's Nim: take any number, or split a heap in two (d0 = 4)
//
// [ParseCode] reads the notation of the literature (0.07, .07, ·07, 4.07,
// 0.F) plus a repeating group in brackets, 0.[3] for Nim 0.333…, and
// [TakeBreak] is the rule it returns. A TakeBreak implements
// [game.TakeBreakRule], through which package sg runs its octal loops
// directly and certifies periods with the Guy–Smith theorem. Digits may
// allow any number of heaps up to [MaxHeaps]: removing k tokens may leave
// up to m heaps for any m ≤ 31 ([NewTakeBreak]), and [AnyAnywhere] is a rule
// with no bound at all.
//
// # The catalogue
//
//   - Subtraction games, the codes with digits 0 and 3: [Subtraction] (a
//     finite set), [Bash] (take 1 to m, the notes' game B), [Odd], [Fibonacci]
//     (infinite sets given by a rule) and [AllBut] (every size but a few).
//   - Octal classics: [Nim] (the notes' game A), [Kayles], [DawsonsKayles].
//   - [Grundy]'s game (split a heap into two unequal heaps) and [Lasker]'s Nim.
//   - Row games: [Adjacent], [AnyAdjacent], [Anywhere], [AnyAnywhere], and
//     the seed notes' games [GameA], [GameB], [GameC], [Stripes] (below).
//   - [Wythoff]'s game, which is not a heap game (a move may take from both
//     heaps): exact P-positions and winning moves for heaps up to 2^62.
//
// # The seed notes' games
//
// Seed 004 (由感性认识到理性认识) builds its theory on game A (Nim), game B
// (take at most m) and game C (take two adjacent stones from a row, which
// may cut it in two), then varies game C in its 推广 (generalization)
// section, and ends with game D, POI 2000 Stripes. A row of n stones is a
// heap of n, and each game is a rule here:
//
//	game                               constructor       spec            code, values
//	A: any number from one heap        GameA, Nim        nim             0.[3], G(n) = n
//	B: at most m from one heap         GameB(m), Bash    bash:m          0.33…3, n mod (m+1)
//	C: two adjacent stones             GameC, Adjacent   adjacent:2      0.07 (Dawson's Kayles)
//	three adjacent stones              Adjacent(3)       adjacent:3      0.007
//	any number of adjacent stones      AnyAdjacent       adjacent        0.[7], G(n) = n
//	any two stones, anywhere           Anywhere(2)       anywhere:2      0.0F
//	any number of stones, anywhere     AnyAnywhere       anywhere        G(n) = n
//	D: A, B or C adjacent stones       Stripes(A,B,C)    adjacent:A,B,C  7 at digits A, B, C
//
// Taking k adjacent stones leaves nothing, one row (from an end) or two
// rows (from the middle), hence digit 7; taking k stones anywhere leaves up
// to k+1 rows, hence digit 2^(k+2)-1, so "any two anywhere" is the
// hexadecimal game 0.0F. When any number of stones may be taken, every
// smaller single row is an option and every option has fewer stones in
// all; since the XOR of sizes is at most their sum, G(n) = n: the notes'
// f(x) = x of game A. The notes' composite game of seed 002 is the example
// of [HeapPart].
//
// # Values
//
// Values come from package sg/sequence: sequence.Values(ctx, rule, n) computes G(0) …
// G(n-1), and sequence.Period finds and, when a theorem allows, certifies its
// period, after which G(n) is known for any n < 2^64; sequence.Solve
// gives the one answer for any heap, from whichever source the rule has.
// Some rules have a formula, and announce it through the Formula method
// of sequence.FormulaRule ([TakeBreak.Formula]): Nim and every code whose
// digits all allow "leave nothing or one heap" (G(n) = n), Bash (n mod
// (m+1)), Odd (n mod 2), Lasker's Nim, and [AnyAnywhere]. A rule with a
// formula and a certifiable period (Bash is 0.33…3) has both: the formula
// costs O(1) per heap, and sequence.Period certifies the period from a
// few hundred values.
//
// # Sums
//
// [HeapPart] turns heaps of any rule into an sg.Part, so that positions of
// different games add up in an sg.Sum and the sum's winning move is found
// part by part, even for heaps near 2^64. The seed notes' composite game
// (heap 1 takes 1 to 3, heap 2 takes an odd number, the rest are Nim heaps)
// is the example of [HeapPart].
//
// # Specs
//
// [Parse] reads a spec ("0.07", "sub:1,3,4", "bash:3", "allbut:1,2", "odd",
// "fib", "adjacent:2", "anywhere:2", "nim", "kayles", "dawson", "grundy",
// "lasker") into a Ruleset; programs such as examples/sgtool take their GAME
// arguments this way. A bad spec is a [*SyntaxError] naming the bad token.
//
// # Cost and concurrency
//
// AppendHeapMoves costs O(number of moves) and allocates only to grow dst:
// O(min(n, MaxTake)·MaxHeaps) for a TakeBreak, O(1) for Grundy's game.
// Every Ruleset is immutable, so a rule may be shared by any number of
// goroutines; [HeapPart] is immutable too. [HeapPart.MoveTo] costs O(1)
// per heap for the rules whose formula names the move, and otherwise at
// most about 2^16 + 2^22 value lookups per heap.
package rulesets
