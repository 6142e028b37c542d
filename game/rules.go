package game

import (
	"context"
	"fmt"
)

// Kind says what a spec of a catalogue of games (package rulesets)
// denotes, and so what a program may do with it: which field of [Rules]
// holds the game.
type Kind uint8

const (
	// KindHeap: the rules of a heap game, a [HeapRule]. It has no start
	// position: a position is any row of heaps, valued by the sequence
	// G(0), G(1), … of the rule, which may have a period.
	KindHeap Kind = iota + 1
	// KindBoard: a game together with its start position (a board, a
	// graph, a row of coins, a picture), a [Board]. It has one value,
	// that of its start position, and no sequence.
	KindBoard
	// KindLoopy: a game whose play may not end (a game with cycles), a
	// [Loopy], valued by generalized Sprague–Grundy values: finite (*n)
	// or infinite (∞ with a set of finite values).
	KindLoopy
)

// String returns "heap", "board" or "loopy".
func (k Kind) String() string {
	switch k {
	case KindHeap:
		return "heap"
	case KindBoard:
		return "board"
	case KindLoopy:
		return "loopy"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Rules is what a spec of a catalogue denotes, typed by its kind: the
// field that Kind names holds the game and the other two are nil, so a
// program knows what it may do with a spec without a type switch:
//
//	switch r.Kind {
//	case game.KindHeap:  // r.Heap: values G(n), periods, rows of heaps
//	case game.KindBoard: // r.Board: the value of one start position
//	case game.KindLoopy: // r.Loopy: generalized values of its positions
//	}
//
// Spec is the canonical spec, which the catalogue reads back into the
// same game. Package sg/solve values any Rules.
type Rules struct {
	Spec  string
	Kind  Kind
	Heap  NamedHeapRule
	Board Board
	Loopy Loopy
}

// String returns the canonical spec.
func (r Rules) String() string { return r.Spec }

// NamedHeapRule is a heap rule that knows its canonical spec, which its
// String method returns: what a [KindHeap] spec denotes.
type NamedHeapRule interface {
	HeapRule
	fmt.Stringer
}

// Board is a game together with its start position, the position's type
// hidden (a [KindBoard] spec such as "cram:4x5"); String returns its
// canonical spec. A Board is valued in one of two ways, which it declares
// by its methods:
//
//   - as a [Started] game for its own type of positions P (Cram and Chomp
//     on a grid.Set, Node Kayles on a graph.Set), which a search values
//     from the start position, naming moves by its [Notation];
//   - as a [Valued] board, whose rules give the value and the winning
//     moves with no search (a row of coins, a Hackenbush picture).
type Board interface {
	fmt.Stringer
}

// Started is the typed face of a [Board] that is searched: a game, its
// start position, and the names of its moves.
type Started[P comparable] interface {
	Game[P]
	Notation[P]
	Start() P
}

// Valued is implemented by a [Board] whose rules value its start position
// themselves, by a formula or an algorithm of their own: a row of coins by
// its coins' values, a Green Hackenbush picture by the colon and fusion
// principles. StartValue returns the value of the start position, and
// WinningMoves the names of the moves that leave value 0 (none when the
// value is 0), in the game's notation. Both return ctx's error when ctx
// is done, and an error naming the bound when the position is past the
// rules' documented limits.
type Valued interface {
	StartValue(ctx context.Context) (Nimber, error)
	WinningMoves(ctx context.Context) ([]string, error)
}

// Loopy is a game whose play may not end: its positions are 0, 1, …,
// NumPositions()-1 (heap sizes, vertices), AppendMoves lists a position's
// options, which may lead back to it, and a position out of range has no
// moves. String returns its canonical spec, and its [Notation] names a
// move by the position it reaches. Its values are generalized
// Sprague–Grundy values (package sg/loopy); the engines of package sg
// stop on its cycles.
type Loopy interface {
	fmt.Stringer
	Game[int]
	Notation[int]
	NumPositions() int
}
