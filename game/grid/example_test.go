package grid_test

import (
	"fmt"

	"github.com/impartial-go/impartial/game/grid"
)

// A board with a wall in its middle column falls apart into two regions,
// which are mirror images of each other and so have one canonical form.
func ExampleBoard_AppendComponents() {
	b, free, err := grid.ParseRows([]string{"..#..", "..#..", "....."}, '.', '#')
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(b.AppendComponents(nil, free)))
	walled := free.AndNot(grid.Set{}.With(12)) // block the bottom middle cell
	parts := b.AppendComponents(nil, walled)
	for _, p := range parts {
		fmt.Println(b.Format(p, 'o', '.'))
	}
	fmt.Println(b.Canonical(parts[0]) == b.Canonical(parts[1]))
	// Output:
	// 1
	// oo.../oo.../oo...
	// ...oo/...oo/...oo
	// true
}

func ExampleParseRows() {
	_, _, err := grid.ParseRows([]string{"...", ".x."}, '.', '#')
	fmt.Println(err)
	// Output:
	// grid: row 2, column 2: 'x' is neither '.' nor '#'
}

// Canonical gives every image of a shape one representative: here an L of
// four cells, standing in the bottom right corner of a 4×5 board, and the
// same L lying down and mirrored in the top left. The representative lies
// down (it has fewer rows) in the top left corner.
func ExampleBoard_Canonical() {
	b, standing, err := grid.ParseRows([]string{".....", "...o.", "...o.", "...oo"}, 'o', '.')
	if err != nil {
		fmt.Println(err)
		return
	}
	_, lying, err := grid.ParseRows([]string{"ooo..", "o....", ".....", "....."}, 'o', '.')
	if err != nil {
		fmt.Println(err)
		return
	}
	c := b.Canonical(standing)
	fmt.Println(b.Format(c, 'o', '.'))
	fmt.Println(b.Canonical(lying) == c)
	// Output:
	// o..../ooo../...../.....
	// true
}

// A region that is its own image under the half turn: its centre, in half
// cells, is between rows 1 and 2 and on column 2. A Cram player facing it
// loses if the two cells around that centre are blocked, as here: every
// domino can be answered by its image.
func ExampleBoard_HalfTurn() {
	b, free, err := grid.ParseRows([]string{
		"...#.",
		"..#..",
		"..#..",
		".#...",
	}, '.', '#')
	if err != nil {
		fmt.Println(err)
		return
	}
	r2, c2, ok := b.HalfTurn(free)
	fmt.Println(r2, c2, ok)
	_, _, ok = b.HalfTurn(free.Without(0))
	fmt.Println(ok)
	// Output:
	// 3 4 true
	// false
}
