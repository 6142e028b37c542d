package game

import (
	"context"
	"fmt"
)

// EdgeCut is one move of a game played by cutting edges (Green
// Hackenbush): the edge cut, by its index and as written ("1-2"), and the
// value of the picture after it, once what no longer touches the ground
// has fallen.
type EdgeCut struct {
	Edge  int
	Text  string
	Value Nimber
}

// EdgePicture is implemented by a game played on a picture of edges joined
// to the ground, each move cutting one edge (Green Hackenbush): what a
// program needs to draw it with its winning cuts. String returns the
// picture in its text form; Len counts its edges, those not joined to the
// ground included; Edge names the two ends of edge i ("g" for the
// ground); Value is the picture's value; Moves lists every cut of an edge
// joined to the ground, in edge order, with the value after it (the
// winning cuts are those of value 0), returning ctx's error when ctx is
// done.
type EdgePicture interface {
	fmt.Stringer
	Len() int
	Edge(i int) (a, b string)
	Value() Nimber
	Moves(ctx context.Context) ([]EdgeCut, error)
}
