package bot_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/bot"
)

// A Player takes the winning move when there is one, and otherwise the
// move that makes the game last longest.
func ExamplePlayer() {
	ctx := context.Background()
	e := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(rulesets.Nim())))
	pl := bot.New(e)
	for _, sizes := range [][]int{{1, 2, 3, 4}, {2, 2}} {
		p, _ := game.MakeHeaps(sizes...)
		c, ok, err := pl.Choose(ctx, p)
		if err != nil || !ok {
			fmt.Println(ok, err)
			return
		}
		fmt.Printf("%v → %v (%v, %d moves left)\n", p, c.To, c.Kind, c.Remoteness)
	}
	// Output:
	// (1, 2, 3, 4) → (1, 2, 3) (winning, 6 moves left)
	// (2, 2) → (1, 2) (longest, 3 moves left)
}

// A PartsPlayer plays a sum of different games through their values.
func ExamplePartsPlayer() {
	ctx := context.Background()
	rule, err := rulesets.Subtraction(1, 2, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	takeOneToThree := sg.NewEngine(game.Game[game.Heaps](game.NewHeapGame(rule)))
	seven, _ := game.MakeHeaps(7)
	s := sg.Sum{sg.Position(takeOneToThree, seven), sg.Heap(2)}
	c, ok, err := bot.NewPartsPlayer().Choose(ctx, s)
	if err != nil || !ok {
		fmt.Println(ok, err)
		return
	}
	fmt.Printf("%v: move part %d to %v (%v)\n", s, c.Move.Index, c.Move.To, c.Kind)
	// Output:
	// (7) + nim(2): move part 0 to (6) (winning)
}
