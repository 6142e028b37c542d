// Command nimbot plays a heap game against you in the terminal: Nim by
// default, or any GAME that sgtool accepts (".07", "sub:1,3,4", "kayles",
// "grundy", …).
//
//	go run ./examples/nimbot [-game GAME] [-first you|bot] [-seed N] [-think DURATION] [HEAP...]
//
// Type a move as "HEAP TAKE" (from heap 2 take 3: "2 3"). In games that
// split heaps, list the sizes of the new heaps after TAKE except the last,
// which is the rest: "2 3 1" takes 3 from heap 2 and leaves heaps of 1 and
// of the rest. A move may also be typed in the notation every program
// shares (game.HeapPlay.String, as sgtool eval prints it): "7>2+4", a
// heap of 7 becomes heaps of 2 and 4, "7>0" takes it whole. In a board
// or graph game (cram:, nodekayles:, chomp:) moves are typed in the
// game's notation (game.Notation): a domino "0,0-0,1", a vertex "3" or
// "r,c", a bite "1,2". Type "hint" for the winning move and why, "quit"
// to stop.
//
// The bot computes the values of every heap size up to the largest, so
// heaps are refused, with a message naming the heap, when those sizes have
// more than 200,000 moves in all: heaps up to 631 in Nim, but only up to
// 38 in "anywhere" (take any number of stones anywhere in a row), whose
// moves are the partitions of the stones left.
//
// Board and graph games (cram:MxN, nodekayles:…, chomp:…) are solved as
// they are played, so each answer is bounded instead: the bot's move and a
// hint take at most -think (default 2s). When the search needs longer, or
// more memory than the bot keeps (about 2^23 positions), the bot plays a
// random move and says why, and a hint says it found nothing in time; the
// search keeps what it found, so answers come as the board fills up, and
// typing hint again searches on.
//
// Notakto (-game notakto:K) is X-only tic-tac-toe on K 3×3 boards: both
// players put X's, a board with three in a row is dead, and whoever
// completes the last three in a row loses. A move is typed "BOARD:CELL"
// or "BOARD CELL", boards numbered from 0 and cells 0 to 8 row after row
// ("0:4" is the centre of board 0); the boards are drawn side by side as
// grids of x and '.'. The bot plays perfectly: it reads the misère
// quotient of the board (Plambeck and Whitehead, 18 elements; package
// sg/misere) and moves to a P-position whenever there is one, and "hint"
// shows the element of each board and of the whole position, whether it
// is a P-position, and the winning moves.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/impartial-go/impartial/examples/internal/clip"
)

func main() {
	err := run(os.Stdin, os.Stdout, os.Args[1:])
	if errors.Is(err, errHelp) {
		fmt.Fprintf(os.Stderr, "%v\n%s", errUsage, helpText)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "nimbot:", clip.Message(err.Error()))
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}
