package explain

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// Default limits of [Why] and [DOT].
const (
	DefaultMaxDepth     = 16
	DefaultMaxNodes     = 500
	DefaultMaxPositions = 100_000
)

// Node is one step of a derivation made by [Why]: a position, its label,
// and, when the node is expanded, its options with their labels and the
// reason for the label.
//
// An expanded N node proves its label with one option labelled P, the
// option at index Proof, which is expanded in turn. An expanded P node
// proves its label with every option labelled N, each expanded in turn
// (a terminal P node has no options: that is the proof). Options that the
// proof does not need are listed with their labels but not expanded.
//
// A position met a second time (or a position the game says is the same,
// through [game.Canonicalizer]) is not derived again: its node has Seen set
// and refers to the first derivation. The struct tags make a Node tree
// marshal to JSON for user interfaces.
type Node struct {
	// Position is the position, formatted.
	Position string `json:"position"`
	// Label is the position's outcome class, [sg.P] or [sg.N] as a
	// string: "P" when the player to move loses, "N" when they win.
	Label string `json:"label"`
	// Expanded says whether Options and Proof are filled in.
	Expanded bool `json:"expanded"`
	// Seen marks a position derived earlier in the same tree.
	Seen bool `json:"seen,omitempty"`
	// Options are the position's options, one per canonical class, in the
	// game's move order; nil unless Expanded.
	Options []*Node `json:"options,omitempty"`
	// Proof is the index in Options of the P option that proves an N
	// label, and -1 for P nodes (whose proof is that every option is N).
	Proof int `json:"proof"`
}

// Terminal reports whether n is an expanded node with no options: a
// position with no moves, P by definition.
func (n *Node) Terminal() bool { return n.Expanded && len(n.Options) == 0 }

// Witness returns the option that proves an N label, or nil.
func (n *Node) Witness() *Node {
	if n.Proof < 0 || n.Proof >= len(n.Options) {
		return nil
	}
	return n.Options[n.Proof]
}

// Why derives the label of p from the definition of P- and N-positions:
// a position is N when some option is P, and P when every option is N (in
// particular when it has none). The labels come from a plain win/lose
// search ([sg.Exhaustive]), not from Grundy values, so the derivation is
// the one written by hand in textbooks, for example for (3, 3) in Nim.
//
// Why returns a [*sg.LimitError] when the derivation would pass a limit
// ([WithMaxDepth], [WithMaxNodes], [WithMaxPositions]), and the context's
// error when ctx is done. Its cost is the number of positions reachable
// from p (bounded by the positions limit) plus the size of the tree
// (bounded by the nodes limit).
func Why[P comparable](ctx context.Context, g game.Game[P], p P, opts ...Option) (*Node, error) {
	c := newConfig(opts)
	format, err := formatter[P](c)
	if err != nil {
		return nil, err
	}
	w := &why[P]{
		g:      g,
		canon:  canonicalizer(g),
		c:      c,
		format: format,
		ex:     sg.NewExhaustive(g, sg.WithMaxPositions(c.maxPositions)),
		done:   make(map[P]bool),
	}
	p = w.canon(p)
	root, err := w.leaf(ctx, p)
	if err != nil {
		return nil, err
	}
	if err := w.expand(ctx, root, p, 0); err != nil {
		return nil, err
	}
	return root, nil
}

type why[P comparable] struct {
	g      game.Game[P]
	canon  func(P) P
	c      config
	format func(P) string
	ex     *sg.Exhaustive[P]
	done   map[P]bool // positions expanded (or being expanded) in the tree
	nodes  int
	buf    []P
}

// canonicalizer returns the function that maps a position of g to the one
// that stands for all positions g says are equal ([game.Canonicalizer]),
// or the identity when g does not merge positions.
func canonicalizer[P comparable](g game.Game[P]) func(P) P {
	if c, ok := g.(game.Canonicalizer[P]); ok {
		return c.Canonical
	}
	return func(p P) P { return p }
}

// leaf makes an unexpanded node for p, with its label.
func (w *why[P]) leaf(ctx context.Context, p P) (*Node, error) {
	w.nodes++
	if w.nodes > w.c.maxNodes {
		return nil, fmt.Errorf("explain: deriving past %s: %w", w.format(p),
			limit("explain.Why", "size", w.c.maxNodes, fmt.Sprintf("more than %d nodes", w.c.maxNodes)))
	}
	out, err := w.ex.Outcome(ctx, p)
	if err != nil {
		if errors.Is(err, sg.ErrLimit) {
			return nil, fmt.Errorf("explain: labelling %s: %w", w.format(p),
				limit("explain.Why", "positions", w.c.maxPositions, fmt.Sprintf("more than %d positions reachable", w.c.maxPositions)))
		}
		return nil, fmt.Errorf("explain: labelling %s: %w", w.format(p), err)
	}
	return &Node{Position: w.format(p), Label: out.String(), Proof: -1}, nil
}

// expand fills in n's options and recursively the nodes of its proof. The
// recursion is bounded by MaxDepth.
func (w *why[P]) expand(ctx context.Context, n *Node, p P, depth int) error {
	if w.done[p] {
		n.Seen = true
		return nil
	}
	if depth > w.c.maxDepth {
		return fmt.Errorf("explain: deriving %s: %w", n.Position,
			limit("explain.Why", "depth", w.c.maxDepth, fmt.Sprintf("depth %d", w.c.maxDepth)))
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("explain: deriving %s: %w", n.Position, err)
	}
	w.done[p] = true
	w.buf = w.g.AppendMoves(w.buf[:0], p)
	// Each distinct option becomes a node: stop as soon as they would not
	// fit, before labelling any (the scan is quadratic, but only up to
	// MaxNodes options).
	var opts []P
	for _, q := range w.buf {
		q = w.canon(q)
		if slices.Contains(opts, q) {
			continue
		}
		opts = append(opts, q)
		if w.nodes+len(opts) > w.c.maxNodes {
			return fmt.Errorf("explain: deriving %s: %w", n.Position,
				limit("explain.Why", "size", w.c.maxNodes, fmt.Sprintf("more than %d nodes", w.c.maxNodes)))
		}
	}
	n.Expanded = true
	n.Options = make([]*Node, len(opts))
	for i, q := range opts {
		c, err := w.leaf(ctx, q)
		if err != nil {
			return err
		}
		n.Options[i] = c
		if n.Proof < 0 && n.Label == "N" && c.Label == "P" {
			n.Proof = i
		}
	}
	if n.Label == "N" {
		if n.Proof < 0 {
			return fmt.Errorf("explain: %s is N but no option is P (the game changed its moves?)", n.Position)
		}
		return w.expand(ctx, n.Options[n.Proof], opts[n.Proof], depth+1)
	}
	for i, c := range n.Options {
		if err := w.expand(ctx, c, opts[i], depth+1); err != nil {
			return err
		}
	}
	return nil
}

// Text returns the derivation as indented plain text, one line per
// position, in words:
//
//	(3, 3) is P: every option is N: (0, 3), (1, 3), (2, 3).
//	  (0, 3) is N: it moves to (0, 0), which is P.
//	    (0, 0) is P: it has no moves.
//	…
func (n *Node) Text() string {
	var b strings.Builder
	n.write(&b, 0)
	return b.String()
}

// WriteText writes [Node.Text] to w.
func (n *Node) WriteText(w io.Writer) error {
	_, err := io.WriteString(w, n.Text())
	return err
}

func (n *Node) write(b *strings.Builder, depth int) {
	b.WriteString(strings.Repeat("  ", depth))
	b.WriteString(n.Position)
	b.WriteString(" is ")
	b.WriteString(n.Label)
	switch {
	case n.Seen:
		b.WriteString(" (shown above).\n")
		return
	case !n.Expanded:
		b.WriteString(".\n")
		return
	case n.Terminal():
		b.WriteString(": it has no moves.\n")
		return
	case n.Label == "N":
		fmt.Fprintf(b, ": it moves to %s, which is P.\n", n.Witness().Position)
		n.Witness().write(b, depth+1)
		return
	}
	b.WriteString(": every option is N: ")
	for i, c := range n.Options {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Position)
	}
	b.WriteString(".\n")
	for _, c := range n.Options {
		c.write(b, depth+1)
	}
}
