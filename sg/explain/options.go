package explain

import (
	"fmt"

	"github.com/impartial-go/impartial/sg"
)

// Option bounds or formats what [Why], [GameGraph] and [DOT] build.
type Option func(*config)

type config struct {
	maxDepth     int
	maxNodes     int
	maxPositions int
	format       any // a func(P) string, or nil
}

func newConfig(opts []Option) config {
	c := config{maxDepth: DefaultMaxDepth, maxNodes: DefaultMaxNodes, maxPositions: DefaultMaxPositions}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithMaxDepth bounds the depth of a derivation tree of [Why] (the root is
// depth 0); n ≤ 0 means [DefaultMaxDepth]. Past it Why returns a
// [*sg.LimitError] (Bound "depth").
func WithMaxDepth(n int) Option {
	return func(c *config) { c.maxDepth = orDefault(n, DefaultMaxDepth) }
}

// WithMaxNodes bounds the nodes of a derivation tree of [Why] (listed
// options included) or of a graph of [GameGraph]; n ≤ 0 means
// [DefaultMaxNodes]. Past it they return a [*sg.LimitError] (Bound "size"
// for a tree, "positions" for a graph).
func WithMaxNodes(n int) Option {
	return func(c *config) { c.maxNodes = orDefault(n, DefaultMaxNodes) }
}

// WithMaxPositions bounds the positions the labelling search of [Why] may
// visit; n ≤ 0 means [DefaultMaxPositions]. Past it Why returns a
// [*sg.LimitError] (Bound "positions").
func WithMaxPositions(n int) Option {
	return func(c *config) { c.maxPositions = orDefault(n, DefaultMaxPositions) }
}

// WithFormat formats positions with f instead of fmt.Sprint. Its type of
// positions must be the game's, or the call returns an error.
func WithFormat[P any](f func(P) string) Option {
	return func(c *config) {
		if f != nil {
			c.format = f
		}
	}
}

func orDefault(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}

// formatter returns the format of c for positions of type P: the one given
// with WithFormat, or fmt.Sprint.
func formatter[P any](c config) (func(P) string, error) {
	switch f := c.format.(type) {
	case nil:
		return func(p P) string { return fmt.Sprint(p) }, nil
	case func(P) string:
		return f, nil
	default:
		return nil, fmt.Errorf("explain: WithFormat got a %T, want a func(%T) string", f, *new(P))
	}
}

// limit returns the error of a bound reached by op.
func limit(op, bound string, n int, detail string) error {
	return &sg.LimitError{Op: op, Bound: bound, Limit: int64(n), Detail: detail}
}
