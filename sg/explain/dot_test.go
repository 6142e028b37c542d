package explain_test

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/explain"
)

// The graph of two-heap Nim from (2, 2), with (x, y) = (y, x): six
// positions, values G(x, y) = x XOR y.
func TestGameGraphTwoTwo(t *testing.T) {
	gr, err := explain.GameGraph(ctx, game.Game[pair](twoHeapNim{}), pair{2, 2})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]uint64{"(2, 2)": 0, "(0, 2)": 2, "(1, 2)": 3, "(0, 0)": 0, "(0, 1)": 1, "(1, 1)": 0}
	if len(gr.Nodes) != len(want) {
		t.Fatalf("%d nodes, want %d: %+v", len(gr.Nodes), len(want), gr.Nodes)
	}
	if gr.Nodes[0].Position != "(2, 2)" {
		t.Errorf("first node %v", gr.Nodes[0])
	}
	for i, n := range gr.Nodes {
		if v, ok := want[n.Position]; !ok || v != n.Value || n.ID != i {
			t.Errorf("node %+v, want value %d", n, v)
		}
	}
	// (2, 2) → (0, 2), (1, 2); (1, 2) → (0, 2), (1, 1), (0, 1); (0, 2) → (0, 0), (0, 1);
	// (1, 1) → (0, 1); (0, 1) → (0, 0).
	if len(gr.Edges) != 9 {
		t.Errorf("%d edges, want 9: %v", len(gr.Edges), gr.Edges)
	}
	for _, e := range gr.Edges {
		// every move goes to a different value (the mex rule)
		if gr.Nodes[e[0]].Value == gr.Nodes[e[1]].Value {
			t.Errorf("edge %v joins equal values", e)
		}
	}
}

func TestDOT(t *testing.T) {
	var b bytes.Buffer
	if err := explain.DOT(ctx, &b, game.Game[pair](twoHeapNim{}), pair{2, 2}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"digraph \"(2, 2)\" {\n",
		"  n0 [label=\"(2, 2)\\nG=0\", shape=doublecircle];\n",
		"  n0 -> n1;\n",
		"}\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("DOT lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "->") != 9 || strings.Count(out, "[label=") != 6 {
		t.Errorf("DOT has %d edges and %d nodes:\n%s", strings.Count(out, "->"), strings.Count(out, "[label="), out)
	}
	dot, err := exec.LookPath("dot")
	if err != nil {
		t.Log("Graphviz dot not installed: checked the structure only")
		return
	}
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin = strings.NewReader(out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	svg, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("dot rejects the output: %v\n%s\n%s", err, stderr.String(), out)
	}
	if !bytes.Contains(svg, []byte("<svg")) {
		t.Errorf("dot produced no SVG")
	}
}

// Names with quotes and backslashes are escaped.
func TestDOTQuoting(t *testing.T) {
	d, _ := game.NewDigraph(2)
	_ = d.AddArc(0, 1)
	_ = d.SetName(0, `say "hi"\`)
	var b bytes.Buffer
	err := explain.DOT(ctx, &b, game.Game[int](d), 0, explain.WithFormat(d.Name))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `label="say \"hi\"\\\nG=1"`) {
		t.Errorf("quoting:\n%s", b.String())
	}
	if dot, err := exec.LookPath("dot"); err == nil {
		cmd := exec.Command(dot, "-Tsvg")
		cmd.Stdin = &b
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("dot: %v\n%s", err, out)
		}
	}
}

func TestDOTLimitAndCycle(t *testing.T) {
	var b bytes.Buffer
	err := explain.DOT(ctx, &b, game.Game[pair](twoHeapNim{}), pair{5, 5}, explain.WithMaxNodes(10))
	if !errors.Is(err, sg.ErrLimit) || !strings.Contains(err.Error(), "more than 10 positions") {
		t.Errorf("limit: %v", err)
	}
	if b.Len() != 0 {
		t.Errorf("wrote %d bytes past the limit", b.Len())
	}
	// (5, 5) has 21 canonical positions: exactly at the limit is fine.
	if _, err := explain.GameGraph(ctx, game.Game[pair](twoHeapNim{}), pair{5, 5}, explain.WithMaxNodes(21)); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	d, _ := game.NewDigraph(3)
	_ = d.AddArc(0, 1)
	_ = d.AddArc(1, 2)
	_ = d.AddArc(2, 1)
	if _, err := explain.GameGraph(ctx, game.Game[int](d), 0); !errors.Is(err, sg.ErrCycle) {
		t.Errorf("cycle: %v", err)
	}
}
