package split

import (
	"fmt"
	"math/bits"
)

// allValues is the set of every value: a full value asked.
const allValues = ^uint64(0)

// upTo returns the set {0, …, k} (every value for k ≥ 63).
func upTo(k uint64) uint64 {
	if k >= 63 {
		return allValues
	}
	return 1<<(k+1) - 1
}

// xorSet returns {v XOR x : v in s}, for x < 64.
func xorSet(s uint64, x uint64) uint64 {
	var out uint64
	for ; s != 0; s &= s - 1 {
		out |= 1 << (uint64(bits.TrailingZeros64(s)) ^ x)
	}
	return out
}

// strategy says in words how a split of cfg chose its jobs and what it
// asks of them.
func strategy(cfg config) string {
	ask := fmt.Sprintf("each job asked which of the values up to %d (the bound) its position has, shifted by the nim-sum of the small components beside it, "+
		"or its full value when it is a component of an option with another job's", cfg.bound)
	if cfg.bound == FullValues {
		ask = "each job asked its full value"
	}
	return fmt.Sprintf("best-first: the root, then the unexpanded position with the most moves, until at least %d positions of more than %d moves are unexpanded; "+
		"each option split into components in canonical form; the jobs are the unexpanded positions; %s; "+
		"merge recomputes the tree above them: a node's value is the mex of its options', an option's the nim-sum of its components'", cfg.jobs, cfg.small, ask)
}

// askSets returns, for each node of the tree, the set of values the
// merge needs to tell apart (bit v: whether the node's value is v), or
// allValues for its full value: the root needs {0, …, bound} (every
// value for FullValues). A node asked a set whose largest value is m
// needs, of each of its options, whether its value is any of 0, …, m
// (the mex up to m). An option whose components are one unvalued node u
// and small nodes of known values XOR x needs of u the set shifted by
// x; one of several unvalued nodes needs their full values, which no
// set shifted in advance can stand for. A node reached on several paths
// needs the union of its sets.
func askSets(nodes []Node, bound int) []uint64 {
	ask := make([]uint64, len(nodes))
	ask[0] = allValues
	if bound != FullValues {
		ask[0] = upTo(uint64(bound))
	}
	for _, n := range topoOrder(nodes) {
		a := ask[n]
		if a == 0 || len(nodes[n].Options) == 0 {
			continue
		}
		need := upTo(uint64(63 - bits.LeadingZeros64(a)))
		for _, o := range nodes[n].Options {
			var x uint64
			var open []int
			for _, c := range o {
				if v := nodes[c].Value; v != nil {
					x ^= *v
				} else {
					open = append(open, c)
				}
			}
			for _, c := range open {
				if len(open) == 1 && x < 64 && need != allValues {
					ask[c] |= xorSet(need, x)
				} else {
					ask[c] = allValues
				}
			}
		}
	}
	return ask
}

// topoOrder returns the nodes reachable from the root, each before its
// options' nodes (the reverse of a depth-first postorder).
func topoOrder(nodes []Node) []int {
	state := make([]uint8, len(nodes))
	var post []int
	type frame struct{ n, o, c int }
	stack := []frame{{0, 0, 0}}
	state[0] = 1
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		opts := nodes[f.n].Options
		if f.o == len(opts) {
			post = append(post, f.n)
			stack = stack[:len(stack)-1]
			continue
		}
		if f.c == len(opts[f.o]) {
			f.o, f.c = f.o+1, 0
			continue
		}
		c := opts[f.o][f.c]
		f.c++
		if state[c] == 0 {
			state[c] = 1
			stack = append(stack, frame{c, 0, 0})
		}
	}
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}
