package rulesets_test

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// Cram on a board with a blocked cell: its value, and the dominoes that
// win.
func ExampleCram() {
	g, err := rulesets.ParseCram("..../.#../....")
	if err != nil {
		fmt.Println(err)
		return
	}
	e := sg.NewEngine[grid.Set](g)
	v, err := e.Value(context.Background(), g.Start())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g, v)
	var wins []string
	for i, q := range g.AppendMoves(nil, g.Start()) {
		if w, _ := e.Value(context.Background(), q); w == 0 {
			wins = append(wins, game.MoveStrings(g, g.Start())[i])
		}
	}
	fmt.Println(wins)
	// Output:
	// cram:..../.#../.... *1
	// [0,0-0,1 0,2-0,3 1,2-1,3 2,0-2,1 2,2-2,3 0,2-1,2 0,3-1,3 1,2-2,2 1,3-2,3]
}

// Node Kayles on a path of n vertices is octal .137 (Dawson's chess).
func ExampleNodeKaylesPath() {
	for n := 1; n <= 10; n++ {
		k, err := rulesets.NodeKaylesPath(n)
		if err != nil {
			fmt.Println(err)
			return
		}
		v, _ := sg.NewEngine[graph.Set](k).Value(context.Background(), k.Start())
		fmt.Print(uint64(v), " ")
	}
	fmt.Println()
	// Output:
	// 1 1 2 0 3 1 1 0 3 3
}

// Node Kayles on a graph given by its edges: the Petersen graph.
func ExampleParseNodeKayles() {
	k, err := rulesets.ParseNodeKayles("0-1,1-2,2-3,3-4,4-0,5-7,7-9,9-6,6-8,8-5,0-5,1-6,2-7,3-8,4-9")
	if err != nil {
		fmt.Println(err)
		return
	}
	group, _ := k.Graph().Automorphisms(1000)
	v, err := sg.NewEngine[graph.Set](k).Value(context.Background(), k.Start())
	fmt.Println(len(group), v, err)
	// Output:
	// 120 *1 <nil>
}

// Two-rowed Chomp: the bite that leaves rows of a and a-1 wins.
func ExampleChomp() {
	g, err := rulesets.ParseChomp("5,5")
	if err != nil {
		fmt.Println(err)
		return
	}
	e := sg.NewEngine[grid.Set](g)
	wins, err := e.WinningMoves(context.Background(), g.Start())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, q := range wins {
		fmt.Println(g.MoveString(g.Start(), q), "leaves", g.PositionString(q))
	}
	// Output:
	// 1,4 leaves 5,4
}
