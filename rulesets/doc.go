// Package rulesets holds the rules of named impartial games: subtraction
// games, octal and hexadecimal games, Grundy's game, Lasker's Nim, row
// games, Wythoff's game, Cram, Node Kayles, Chomp, Sprouts, coin-turning
// games, Green Hackenbush and games with cycles; and a catalogue that reads a game
// from a short text, its spec ("kayles", "sub:1,3,4", ".07", "cram:4x5"),
// for command-line tools and other programs.
//
// The package is rules only: it imports package game and its subpackages
// and no engine. Its games declare what they can do through the
// capability interfaces of package game (moves, components, canonical
// forms, packed keys, move order, strategies, formulas, move names), and
// the engines (packages sg, sg/sequence, sg/search, sg/loopy) take them
// from there; package sg/solve values any spec of the catalogue with the
// right engine.
//
// # Heap games
//
// In a heap game a position is a collection of heaps of tokens, a move
// acts on one heap, and what a heap of n tokens may become depends only on
// n. The value G(n) of a single heap of n is the mex (least excluded
// number) of the values of its options, and the value of several heaps is
// the XOR of theirs (the Sprague–Grundy theorem). So a heap game is solved
// by one sequence G(0), G(1), G(2), …, and a position (a₁, …, aₖ) is a loss
// for the player to move exactly when G(a₁) ⊕ … ⊕ G(aₖ) = 0. Dawson's
// Kayles, take two adjacent stones from a row (which may cut it in two),
// has G = 0, 0, 1, 1, 2, 0, 3, 1, … for rows of 0, 1, 2, … stones, so the
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
// # The rules
//
//   - Subtraction games, the codes with digits 0 and 3: [Subtraction] (a
//     finite set), [Bash] (Bachet's game, take 1 to m), [Odd], [Fibonacci]
//     (infinite sets given by a rule) and [AllBut] (every size but a few).
//   - Octal classics: [Nim], [Kayles], [DawsonsKayles].
//   - [Grundy]'s game (split a heap into two unequal heaps) and [Lasker]'s Nim.
//   - Row games: [Adjacent], [AnyAdjacent], [Anywhere], [AnyAnywhere] and
//     [Stripes] (below).
//   - [Wythoff]'s game, which is not a heap game (a move may take from both
//     heaps): exact P-positions and winning moves for heaps up to 2^62.
//
// # Row games
//
// A row of n stones is a heap of n, and a move that takes stones from a
// row leaves the rest as shorter rows. Taking k adjacent stones leaves
// nothing, one row (from an end) or two rows (from the middle), hence
// digit 7; taking k stones from anywhere leaves up to k+1 rows, hence digit
// 2^(k+2)-1. The row games, with Nim and Bachet's game for comparison:
//
//	rule                              constructor      spec            code, values
//	any number from one heap (Nim)    Nim              nim             0.[3], G(n) = n
//	at most m from one heap           Bash(m)          bash:m          0.33…3, n mod (m+1)
//	two adjacent stones               Adjacent(2)      adjacent:2      0.07 (Dawson's Kayles)
//	one or two adjacent stones        Adjacent(1, 2)   adjacent:1,2    0.77 (Kayles)
//	three adjacent stones             Adjacent(3)      adjacent:3      0.007
//	any number of adjacent stones     AnyAdjacent      adjacent        0.[7], G(n) = n
//	one stone, anywhere               Anywhere(1)      anywhere:1      0.7, n mod 2
//	any two stones, anywhere          Anywhere(2)      anywhere:2      0.0F
//	any number of stones, anywhere    AnyAnywhere      anywhere        G(n) = n
//	a, b or c adjacent stones         Stripes(a, b, c) adjacent:a,b,c  7 at digits a, b, c
//
// [Stripes] is the game of the problem "Stripes" (Paski) of the Polish
// Olympiad in Informatics 2000: laying a stripe of length a, b or c on free
// adjacent squares of a strip. When any number of stones may be taken,
// every smaller single row is an option and every option has fewer stones
// in all; since the XOR of sizes is at most their sum, G(n) = n, as in Nim.
//
// # Values
//
// Values come from package sg/sequence: sequence.Values(ctx, rule, n) computes G(0) …
// G(n-1), and sequence.Period finds and, when a theorem allows, certifies its
// period, after which G(n) is known for any n < 2^64; sequence.Solve
// gives the one answer for any heap, from whichever source the rule has.
// Some rules have a formula, and announce it through the Formula method
// of [game.FormulaRule] ([TakeBreak.Formula]), and name the move to a
// value through [game.FormulaMover]: Nim and every code whose
// digits all allow "leave nothing or one heap" (G(n) = n), Bash (n mod
// (m+1)), Odd (n mod 2), Lasker's Nim, and [AnyAnywhere]. A rule with a
// formula and a certifiable period (Bash is 0.33…3) has both: the formula
// costs O(1) per heap, and sequence.Period certifies the period from a
// few hundred values.
//
// # Sums
//
// sg/solve.HeapPart turns heaps of any rule into an sg.Component (an sg.Part by sg.PartOf), so that
// positions of different games add up in an sg.Sum and the sum's winning
// move is found part by part, even for heaps near 2^64: one heap of
// take-1-to-3, one of take-an-odd-number and some Nim heaps, say.
//
// # Boards, graphs, coins and pictures
//
// Games with a start position of their own are [game.Board]s. [Cram]
// (dominoes on a board with blocked cells), [NodeKayles] (take a vertex and
// its neighbours, on any graph; on a path it is .137) and [Chomp] (a
// staircase with a poisoned corner) keep positions of up to 128 cells or
// vertices as two-word bit masks (packages game/grid and game/graph), with
// components, canonical forms, packed keys, a move order and symmetry
// strategies for the engines; each is a [game.Started] game, which
// sg/solve.Search values with package sg/search. Coin-turning games
// ([CoinRule]: Turning Turtles, Mock Turtles, Ruler, Twins; [CoinBoard]:
// Tartan products such as Turning Corners, and Acrostic Twins; Winning
// Ways ch. 14) have values by formula, and [CoinRow] and [CoinGrid] play
// them move by move. Green Hackenbush pictures ([Hackenbush],
// [ParseHackenbush]) are valued in linear time by the colon and fusion
// principles (Winning Ways ch. 7), with their winning cuts. A coin
// position ([CoinPosition], [CoinBoardPosition]) and a picture
// ([HackenbushPicture]) are [game.Valued] boards: their rules give the
// value and the winning moves, with no search.
//
// Every game with a start position, every loopy game and every row of
// heaps ([game.HeapGame]) names its moves and reads them back through
// [game.Notation]: a Cram domino "0,0-0,1", a Node Kayles vertex "3" (or
// "r,c" on a grid), a Chomp bite "1,2", a Sprouts line "1-3" (the places
// of the spots joined in the position's string), coins turned "7+2", a heap of 7
// split in two "7>2+4", a loopy game's move by the position it reaches.
//
// # Games with cycles
//
// A [Loopy] rule may return to a position: [SubtractAdd] (take s in S or add
// a in A), [WindUp] (a clock moved back modulo n) and [ArcGame] (a token on
// a digraph). Each is a [game.Loopy]: positions 0 … NumPositions()-1 and
// their moves. Their values are generalized Sprague–Grundy values, *n or
// ∞{K}, computed by package sg/loopy (sg/solve.Loopy), and sums of them
// may be drawn.
//
// # Specs and the catalogue
//
// [Parse] reads a heap rule's spec into a [Ruleset]; programs such as
// examples/sgtool and examples/nimbot take their GAME arguments this way:
//
//	r, err := rulesets.Parse("sub:1,3,4") // the subtraction game {1, 3, 4}
//
// A spec is NAME or NAME:ARG, or a bare code (".07"). Each family of specs
// is an [Entry] of the catalogue, declared once, in the file that defines
// the rule: its name, its syntax, a one-line doc, its [game.Kind], how to make
// the game from the spec, and a row of published values with their
// source. Everything that lists or reads specs reads these entries: Parse
// and [ParseRules], the error for an unknown name (which lists the accepted
// specs), [Names], [Entries], [Lookup] and [Help] (the list a command-line
// tool prints), and the catalogue test, which recomputes every entry's
// published values from the rules.
//
// Not every spec is a heap rule. An entry of [game.KindHeap] makes a
// [Ruleset], whose values form a sequence; an entry of [game.KindBoard]
// makes a game together with its start position (a board, a graph, a row
// of coins, a picture), a [game.Board] with one value, its start
// position's; an entry of [game.KindLoopy] makes a [game.Loopy], a game
// whose positions may repeat, with generalized values that may be
// infinite. [ParseRules] reads every kind and returns a [game.Rules],
// whose Kind says which of its fields holds the game, so that a program
// knows what it may do with a spec without a type switch; [Parse] takes
// heap rules only:
//
//	r, err := rulesets.ParseRules(spec)
//	if err != nil {
//		return err // a *SyntaxError naming the bad token and its position
//	}
//	switch r.Kind {
//	case game.KindHeap:  // r.Heap: G(n), periods, sums of heaps
//	case game.KindBoard: // r.Board: a game and its start position
//	case game.KindLoopy: // r.Loopy: a game with cycles
//	}
//	res, err := solve.Eval(ctx, r, position) // any kind, the right engine
//
// # Adding a ruleset
//
// A new ruleset is one file, with its constructor, its String method (the
// canonical spec) and its entry, plus a test file. The entry registers
// itself from a package-level declaration, as image.RegisterFormat does at
// run time but statically, in this package:
//
//	var _ = register(&Entry{
//		Name:    "cram",
//		Syntax:  "cram:RxC",
//		Doc:     "Cram: place a domino on two free adjacent squares",
//		Kind:    game.KindBoard,
//		WithArg: func(arg string) (fmt.Stringer, error) { return ParseCram(arg) },
//		Known:   []Known{{Spec: "cram:3x3", Values: "…", Source: "Winning Ways, ch. …"}},
//	})
//
// WithArg receives the text after the colon and returns a [*SyntaxError]
// whose positions count from that text's first character; ParseRules moves
// them into the whole spec. An entry with no argument sets Alone instead,
// and one that takes either sets both. What the makers return must be of
// the entry's kind (a [Ruleset], a [game.Board] or a [game.Loopy]); the
// catalogue test checks it for every Known row, recomputes the row's
// values with package sg/solve, and sgtool's test evaluates a spec of
// every entry with its eval command.
//
// # Cost and concurrency
//
// AppendHeapMoves costs O(number of moves) and allocates only to grow dst:
// O(min(n, MaxTake)·MaxHeaps) for a TakeBreak, O(1) for Grundy's game.
// Every Ruleset is immutable, so a rule may be shared by any number of
// goroutines. [TakeBreak.FormulaMove] costs O(1).
package rulesets
