package game

import (
	"fmt"
	"strings"
)

// Notation is the optional capability of a game that writes its moves as
// text and reads them back, as a player types them: a Cram domino
// "0,0-0,1", a Node Kayles vertex "3", a Chomp bite "1,2", a heap of 6
// split into two "6>2+3". Programs (a command-line tool, a bot, a web
// page) name every game's moves through it, as chess programs share one
// notation encoder and decoder.
//
// MoveString returns the name of the move from p to q, an option of p;
// the names of the options of one position differ. ParseMove returns the
// option of p that text names (surrounding spaces ignored), and an error
// naming text when it names none. [MoveStrings] and [FindMove] give a
// game the common half of both.
type Notation[P comparable] interface {
	MoveString(p, q P) string
	ParseMove(p P, text string) (P, error)
}

// MoveLister is implemented by a [Notation] game whose different moves
// may reach the same position (any vertex of a triangle, in Node Kayles),
// so that MoveString, which sees only the position reached, cannot name
// each: MoveStrings(p) names each move from p, in the order of
// AppendMoves.
type MoveLister[P comparable] interface {
	MoveStrings(p P) []string
}

// MoveStrings returns the names of the options of p, in the order of
// g.AppendMoves: a [MoveLister]'s own, else O(moves) calls of MoveString.
func MoveStrings[P comparable](g interface {
	Game[P]
	Notation[P]
}, p P) []string {
	if l, ok := g.(MoveLister[P]); ok {
		return l.MoveStrings(p)
	}
	var out []string
	for _, q := range g.AppendMoves(nil, p) {
		out = append(out, g.MoveString(p, q))
	}
	return out
}

// FindMove returns the option of p whose name, by name, is text with its
// surrounding spaces removed, and an error naming text when no option has
// that name; it costs one name per option. A game's ParseMove may call it
// once it has put text in its canonical form.
func FindMove[P comparable](g Game[P], name func(p, q P) string, p P, text string) (P, error) {
	t := strings.TrimSpace(text)
	for _, q := range g.AppendMoves(nil, p) {
		if name(p, q) == t {
			return q, nil
		}
	}
	var zero P
	return zero, fmt.Errorf("game: %q is not a legal move here", t)
}
