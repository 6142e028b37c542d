package graph_test

import (
	"fmt"

	"github.com/impartial-go/impartial/game/graph"
)

// Removing the middle of a path leaves two components, which an
// automorphism of the path (its reflection) maps onto each other.
func ExampleGraph_AppendComponents() {
	g, err := graph.ParseEdges("0-1,1-2,2-3,3-4")
	if err != nil {
		fmt.Println(err)
		return
	}
	parts := g.AppendComponents(nil, g.Vertices().Without(2))
	for _, p := range parts {
		fmt.Println(p.Append(nil))
	}
	group, _ := g.Automorphisms(10)
	fmt.Println(len(group), group.Canonical(parts[0]) == group.Canonical(parts[1]))
	// Output:
	// [0 1]
	// [3 4]
	// 2 true
}

func ExampleParseEdges() {
	_, err := graph.ParseEdges("0-1,1-1")
	fmt.Println(err)
	// Output:
	// graph: edge 2 "1-1" at position 5: a loop (a vertex joined to itself)
}
