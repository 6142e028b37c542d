// Package bot plays impartial games: given a position, it returns a move,
// the winning one whenever there is one, and a sensible one otherwise, so
// that a program built on it never stalls on a lost position.
//
// # Winning, and losing slowly
//
// In an impartial game the player to move wins exactly when some option
// is a P-position (Grundy value 0); moving there is a winning move, and
// package sg finds one. From a P-position every move loses against a
// perfect opponent, but a bot must still move, and some losing moves are
// better than others against an opponent who may err. The classical answer
// is remoteness (Steinhaus): the number of moves left when the winner
// hurries and the loser delays. It is 0 at a terminal position; for an
// N-position it is 1 + the least remoteness of its P options; for a
// P-position 1 + the greatest remoteness of its options. A [Player] plays
// the winning move of least remoteness (it wins quickly) and, when lost,
// the move of greatest remoteness ([Longest]); or, if asked, a random
// legal move from a seeded source ([Random]), which is also what it falls
// back on when measuring remoteness would take more than its search limit.
//
// # Players
//
// [New] makes a [Player] for any game from an engine ([sg.Engine] or
// [sg.SharedEngine], through the small [Solver] interface):
//
//	e := sg.NewEngine(g)
//	p := bot.New(e, bot.WithSeed(42))
//	c, ok, err := p.Choose(ctx, pos) // c.To, c.Kind, c.Remoteness
//
// A [PartsPlayer] plays an [sg.Sum], parts that are positions of different
// games and of which only values are known: it plays Bouton's move on the parts' values, and
// from a lost sum lowers the largest part's value by one. A Player is a
// [Strategy], and [Play] runs a game between two strategies, which is how
// the tests check that a Player beats a random opponent from every
// N-position.
//
// # Cost
//
// A move costs at most one engine value per option of the position
// (memoized, so a game's moves get cheaper as play goes on) plus the
// remoteness search, bounded by [WithMaxPositions] positions
// ([DefaultMaxPositions]). Results of the search are memoized in the Player
// across moves, and a warmed-up Player allocates nothing per move. A
// PartsPlayer asks each part for its value once per move.
//
// # Errors
//
// A Player returns its engine's errors (a context done, a bound of the
// engine reached, a cycle of moves) with the position named; [Play]
// returns a [*sg.LimitError] (Bound "moves") when a game passes its move
// limit. A PartsPlayer names the part, by its index from 0, whose value or
// move fails.
//
// # Concurrency
//
// Players and PartsPlayers are safe for concurrent use; a Player serializes
// its calls. A bot server can share one [sg.SharedEngine] (one memo)
// between the Players of all its goroutines; each Player then needs a game
// whose moves may be generated concurrently, or its own copy of the game
// ([Player.UseMoves]).
package bot
