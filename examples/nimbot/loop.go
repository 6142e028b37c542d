package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// A table is one kind of game as the terminal loop plays it: the heap
// games (heapTable), the board and graph games (boardTable) and Notakto
// (notaktoTable). The loop draws the position, ends the game, reads the
// player's lines, answers hint and quit, and asks the table for the rest.
type table interface {
	// intro is the first line: the game and how moves are typed.
	intro() string
	// draw shows the position.
	draw() string
	// end returns the closing line and true when the game is over, the
	// player to move (you when yourTurn) having no move.
	end(yourTurn bool) (string, bool)
	// playBot plays the bot's move and returns the line that shows it.
	playBot() (string, error)
	// playYou plays the move the player typed as line (trimmed of
	// spaces) and returns the line that shows it; when line is not a
	// legal move it changes nothing and returns false and the line that
	// says why.
	playYou(line string) (string, bool)
	// hint returns the hint's text: the winning move and why.
	hint() (string, error)
	// usage ends the message that refuses a line too long to be a move:
	// "type a move like …, hint, or quit".
	usage() string
}

// endOfPlay is end for a game of normal play, where the player who
// cannot move loses: the closing line when no move is left (moves is
// false).
func endOfPlay(moves, yourTurn bool) (string, bool) {
	switch {
	case moves:
		return "", false
	case yourTurn:
		return "You cannot move: the bot wins.\n", true
	}
	return "The bot cannot move: you win!\n", true
}

// maxLine is the longest line read as a move; a longer one is refused,
// and the rest of it skipped, without being kept.
const maxLine = 1 << 10

// errLongLine reports a line longer than maxLine.
var errLongLine = fmt.Errorf("that line is too long (over %d bytes)", maxLine)

// terminal is where a game is played: the player's lines in, the game's
// text out.
type terminal struct {
	in   *bufio.Reader
	line []byte // the line being read, at most maxLine bytes
	out  io.Writer
}

// play plays t against the player, reading moves from in and writing to
// out; it returns nil when the game ends, the player quits or the input
// ends, and write errors and the table's errors.
func play(t table, in io.Reader, out io.Writer, yourTurn bool) error {
	term := &terminal{in: bufio.NewReader(in), out: out}
	if err := term.printf("%s", t.intro()); err != nil {
		return err
	}
	for {
		if err := term.printf("%s", t.draw()); err != nil {
			return err
		}
		if msg, over := t.end(yourTurn); over {
			return term.printf("%s", msg)
		}
		if !yourTurn {
			said, err := t.playBot()
			if err != nil {
				return err
			}
			if err := term.printf("%s", said); err != nil {
				return err
			}
			yourTurn = true
			continue
		}
		done, err := term.yourMove(t)
		if err != nil || done {
			return err
		}
		yourTurn = false
	}
}

// yourMove reads lines until a legal move, hint or quit, and plays the
// move; it reports true when the game is over (quit or end of input).
func (term *terminal) yourMove(t table) (bool, error) {
	for {
		if err := term.printf("your move> "); err != nil {
			return true, err
		}
		switch err := term.readLine(); err {
		case nil:
		case errLongLine:
			if err := term.printf("%v: %s\n", err, t.usage()); err != nil {
				return true, err
			}
			continue
		case io.EOF:
			return true, term.printf("\nbye\n")
		default:
			return true, err
		}
		line := strings.TrimSpace(string(term.line))
		switch strings.ToLower(line) {
		case "quit", "q", "exit":
			return true, term.printf("bye\n")
		case "hint", "h", "?":
			msg, err := t.hint()
			if err != nil {
				return true, err
			}
			if err := term.printf("%s", msg); err != nil {
				return true, err
			}
			continue
		}
		said, ok := t.playYou(line)
		if err := term.printf("%s", said); err != nil || ok {
			return err != nil, err
		}
	}
}

// readLine reads the next line into term.line, without its end. It
// returns errLongLine, having skipped the whole line, when the line is
// longer than maxLine, and io.EOF at the end of the input when no line is
// left.
func (term *terminal) readLine() error {
	term.line = term.line[:0]
	long := false
	for {
		chunk, err := term.in.ReadSlice('\n')
		if !long {
			if len(term.line)+len(chunk) > maxLine+1 { // +1: the newline
				long = true
			} else {
				term.line = append(term.line, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && (len(term.line) > 0 || long):
			// a last line without a newline
		case err != nil:
			return err
		}
		if long {
			return errLongLine
		}
		term.line = bytes.TrimSuffix(term.line, []byte("\n"))
		return nil
	}
}

func (term *terminal) printf(format string, args ...any) error {
	_, err := fmt.Fprintf(term.out, format, args...)
	return err
}
