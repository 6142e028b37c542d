package explain_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/explain"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

var ctx = context.Background()

// Two-heap Nim: (3, 3) is P, by hand: its options (0, 3),
// (1, 3), (2, 3) are N because of the P options (0, 0), (1, 1), (2, 2),
// and (1, 1) is P because its only option (0, 1) is N.
func TestWhyThreeThree(t *testing.T) {
	n, err := explain.Why(ctx, game.Game[pair](twoHeapNim{}), pair{3, 3})
	if err != nil {
		t.Fatal(err)
	}
	want := `(3, 3) is P: every option is N: (0, 3), (1, 3), (2, 3).
  (0, 3) is N: it moves to (0, 0), which is P.
    (0, 0) is P: it has no moves.
  (1, 3) is N: it moves to (1, 1), which is P.
    (1, 1) is P: every option is N: (0, 1).
      (0, 1) is N: it moves to (0, 0), which is P.
        (0, 0) is P (shown above).
  (2, 3) is N: it moves to (2, 2), which is P.
    (2, 2) is P: every option is N: (0, 2), (1, 2).
      (0, 2) is N: it moves to (0, 0), which is P.
        (0, 0) is P (shown above).
      (1, 2) is N: it moves to (1, 1), which is P.
        (1, 1) is P (shown above).
`
	if got := n.Text(); got != want {
		t.Errorf("derivation of (3, 3):\n%s\nwant:\n%s", got, want)
	}
	if n.Label != "P" || n.Proof != -1 || len(n.Options) != 3 {
		t.Fatalf("root = %+v", n)
	}
	for i, w := range []string{"(0, 0)", "(1, 1)", "(2, 2)"} {
		o := n.Options[i]
		if o.Label != "N" || o.Witness() == nil || o.Witness().Position != w || o.Witness().Label != "P" {
			t.Errorf("option %d: %+v, want N proved by %s", i, o, w)
		}
		// every option of an N node is listed with its label
		if o.Position == "(0, 3)" {
			var labels []string
			for _, c := range o.Options {
				labels = append(labels, c.Position+c.Label)
			}
			if got := strings.Join(labels, " "); got != "(0, 0)P (0, 1)N (0, 2)N" {
				t.Errorf("options of (0, 3): %s", got)
			}
		}
	}
}

// Without a Canonicalizer, (1, 3) and (3, 1) are different options.
func TestWhyMergesOnlyWithCanonicalizer(t *testing.T) {
	n, err := explain.Why(ctx, game.Game[pair](plainTwoHeapNim{}), pair{3, 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Options) != 6 || n.Label != "P" {
		t.Errorf("plain (3, 3): %d options, label %s; want 6, P", len(n.Options), n.Label)
	}
}

func TestWhyLimits(t *testing.T) {
	g := game.Game[pair](twoHeapNim{})
	_, err := explain.Why(ctx, g, pair{6, 6}, explain.WithMaxNodes(5))
	if !errors.Is(err, sg.ErrLimit) || !strings.Contains(err.Error(), "5 nodes") {
		t.Errorf("node limit: %v", err)
	}
	_, err = explain.Why(ctx, g, pair{6, 6}, explain.WithMaxDepth(2))
	if !errors.Is(err, sg.ErrLimit) || !strings.Contains(err.Error(), "depth 2") {
		t.Errorf("depth limit: %v", err)
	}
	_, err = explain.Why(ctx, g, pair{6, 6}, explain.WithMaxPositions(4))
	if !errors.Is(err, sg.ErrLimit) || !strings.Contains(err.Error(), "4 positions") {
		t.Errorf("position limit: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := explain.Why(cctx, g, pair{2, 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
	d, _ := game.NewDigraph(2)
	_ = d.AddArc(0, 1)
	_ = d.AddArc(1, 0)
	if _, err := explain.Why(ctx, game.Game[int](d), 0); !errors.Is(err, sg.ErrCycle) {
		t.Errorf("cycle: %v", err)
	}
}

// A position with more options than the node limit fails at once, naming
// that position, before any option is labelled.
func TestWhyFailsEarlyOnManyOptions(t *testing.T) {
	d, err := game.NewDigraph(1001)
	if err != nil {
		t.Fatal(err)
	}
	for v := 1; v <= 1000; v++ {
		if err := d.AddArc(0, v); err != nil {
			t.Fatal(err)
		}
	}
	_, err = explain.Why(ctx, game.Game[int](d), 0, explain.WithMaxNodes(10))
	if !errors.Is(err, sg.ErrLimit) || !strings.Contains(err.Error(), "deriving 0: ") || !strings.Contains(err.Error(), "more than 10 nodes") {
		t.Errorf("1000 options, limit 10: %v", err)
	}
	// Exactly at the limit (the root and its 1000 options) is fine.
	n, err := explain.Why(ctx, game.Game[int](d), 0, explain.WithMaxNodes(1001))
	if err != nil || len(n.Options) != 1000 || n.Label != "N" {
		t.Errorf("at the limit: %v", err)
	}
}

func TestWhyJSON(t *testing.T) {
	n, err := explain.Why(ctx, game.Game[pair](twoHeapNim{}), pair{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"position":"(1, 1)","label":"P","expanded":true,"options":[{"position":"(0, 1)","label":"N","expanded":true,"options":[{"position":"(0, 0)","label":"P","expanded":true,"proof":-1}],"proof":0}],"proof":-1}`
	if string(b) != want {
		t.Errorf("JSON:\n%s\nwant\n%s", b, want)
	}
}

// check verifies a derivation against the engine: every label is right,
// every N node's proof is a P option, every expanded P node's options are
// all N and expanded (or seen before).
func check(t *testing.T, e *sg.Engine[int], d *game.Digraph, n *explain.Node) bool {
	t.Helper()
	var v int
	for v = range d.NumPositions() {
		if d.Name(v) == n.Position {
			break
		}
	}
	out, err := e.Outcome(ctx, v)
	if err != nil || out.String() != n.Label {
		t.Logf("%s labelled %s, engine %v (%v)", n.Position, n.Label, out, err)
		return false
	}
	if !n.Expanded || n.Seen {
		return true
	}
	if n.Label == "N" {
		w := n.Witness()
		return w != nil && w.Label == "P" && check(t, e, d, w)
	}
	for _, c := range n.Options {
		if c.Label != "N" || !(c.Expanded || c.Seen) || !check(t, e, d, c) {
			return false
		}
	}
	return true
}

// On random acyclic graphs, every derivation agrees with the engine.
func TestWhyProperty(t *testing.T) {
	properties := gopter.NewProperties(gametest.Parameters(t, 200))
	properties.Property("derivations are sound", prop.ForAll(
		func(seed uint64, size int) bool {
			r := rand.New(rand.NewPCG(seed, 7))
			d := gametest.RandomDAG(r, size, 0.3)
			e := sg.NewEngine(game.Game[int](d))
			start := size - 1
			n, err := explain.Why(ctx, game.Game[int](d), start, explain.WithMaxNodes(10000), explain.WithMaxDepth(64))
			if err != nil {
				t.Log(err)
				return false
			}
			return check(t, e, d, n)
		},
		gen.UInt64(), gen.IntRange(1, 12),
	))
	properties.TestingRun(t)
}
