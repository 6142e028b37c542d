package explain_test

import (
	"context"
	"os"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg/explain"
)

func ExampleHackenbushDOT() {
	h, _ := rulesets.ParseHackenbush("g-1,1-2,g-3")
	_ = explain.HackenbushDOT(context.Background(), os.Stdout, h)
	// Output:
	// graph "hackenbush" {
	//   label="Green Hackenbush g-1,1-2,g-3: value *3";
	//   node [shape=point, width=0.12];
	//   "g" [shape=box, width=2, height=0.1, style=filled, fillcolor=darkgreen, label="", xlabel="ground"];
	//   "g" -- "1" [label="0", color=darkgreen];
	//   "1" -- "2" [label="1", color=red, penwidth=3];
	//   "g" -- "3" [label="2", color=darkgreen];
	// }
}
