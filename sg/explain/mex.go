package explain

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// DefaultMaxOptions bounds the number of options [HeapTable] lists in all.
const DefaultMaxOptions = 1_000_000

// HeapOption is one option of a single heap: the heaps it leaves and the
// nim-sum of their values. In Dawson's Kayles, for example, a heap of 7
// has the option (1, 4), worth G(1) ⊕ G(4) = 0 ⊕ 2 = 2.
type HeapOption struct {
	// Heaps are the sizes of the heaps left, smallest first; empty when
	// the move removes the heap.
	Heaps []int `json:"heaps"`
	// Terms are G(h), the value of a single heap of h, for each h in Heaps.
	Terms []uint64 `json:"terms"`
	// Value is the XOR of Terms.
	Value uint64 `json:"value"`
}

// MexRow is the computation of one value G(n) of a heap rule, the value of
// a single heap of n: the options of n, the set of their values (the option
// values), the values missing from that set (the excluded values), and
// G(n), the mex of the option values, which is the least excluded value.
type MexRow struct {
	// X is the heap size n.
	X int `json:"x"`
	// Options are the distinct options of a heap of n, in the rule's
	// move order.
	Options []HeapOption `json:"options"`
	// Values are the option values: the distinct values of Options, in
	// increasing order.
	Values []uint64 `json:"values"`
	// Excluded lists the least excluded values, those not among the
	// option values: every such value up to m + 1, where m is the largest
	// option value (up to 0 when there is none). Every number above m + 1
	// is excluded too.
	Excluded []uint64 `json:"excluded"`
	// Mex is G(n), the mex of Values: the first element of Excluded.
	Mex uint64 `json:"mex"`
}

// MexTable is the value table of a heap rule: the rows G(0), G(1), …,
// G(len(Rows)-1).
type MexTable struct {
	Rows []MexRow `json:"rows"`
}

// Values returns G(0), G(1), … in order.
func (t *MexTable) Values() []uint64 {
	out := make([]uint64, len(t.Rows))
	for i, r := range t.Rows {
		out[i] = r.Mex
	}
	return out
}

// HeapTable computes G(0), …, G(n-1) of the heap rule r, keeping for each
// heap the options and sets that explain its value. It returns an error
// that is a [*sg.LimitError] when there would be more than [DefaultMaxOptions]
// distinct options in all, an error naming the heap when the rule lets a
// heap become itself (such a rule loops), and ctx's error when it is done
// (checked between heaps and every 1024 options).
//
// Each heap's moves are expanded with [game.Partitions] and the options
// that repeat are merged through a hash set keyed on the sizes left, so
// the work for a heap of h is O(m·p + k·log k), where m counts the options
// the rule lists (repeats included), k the distinct ones and p the most
// heaps an option leaves; the log factor is the sort of the option
// values. Over the table this is linear in the options listed, up to that
// sort. The number of options itself can grow fast: a rule that may leave
// any number of heaps (rulesets.AnyAnywhere) has as many options for a
// heap of h as there are partitions of the numbers below h. For long
// sequences without explanations, use the value sequences of package sg.
func HeapTable(ctx context.Context, r game.HeapRule, n int) (*MexTable, error) {
	if n < 0 {
		return nil, fmt.Errorf("explain: table size %d is negative", n)
	}
	f := make([]uint64, 0, n)
	t := &MexTable{Rows: make([]MexRow, 0, n)}
	var moves []game.HeapMove
	seen := make(map[string]struct{}) // options of the current heap
	var key []byte
	total, listed := 0, 0
	for x := range n {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("explain: table of heap %d: %w", x, err)
		}
		row := MexRow{X: x, Values: []uint64{}}
		clear(seen)
		moves = r.AppendHeapMoves(moves[:0], x)
		for _, m := range moves {
			for parts := range game.Partitions(m) {
				if listed++; listed%1024 == 0 {
					if err := ctx.Err(); err != nil {
						return nil, fmt.Errorf("explain: table of heap %d: %w", x, err)
					}
				}
				key = key[:0]
				for _, h := range parts {
					if h >= x {
						return nil, fmt.Errorf("explain: heap %d may become a heap of %d: the rule does not end", x, h)
					}
					key = binary.AppendUvarint(key, uint64(h))
				}
				if _, dup := seen[string(key)]; dup {
					continue
				}
				if total++; total > DefaultMaxOptions {
					return nil, fmt.Errorf("explain: table of heap %d: %w", x,
						limit("explain.HeapTable", "size", DefaultMaxOptions, fmt.Sprintf("more than %d options", DefaultMaxOptions)))
				}
				seen[string(key)] = struct{}{}
				o := HeapOption{Heaps: slices.Clone(parts), Terms: make([]uint64, len(parts))}
				if o.Heaps == nil {
					o.Heaps = []int{}
				}
				for i, h := range parts {
					o.Terms[i] = f[h]
					o.Value ^= f[h]
				}
				row.Options = append(row.Options, o)
				row.Values = append(row.Values, o.Value)
			}
		}
		slices.Sort(row.Values)
		row.Values = slices.Clip(slices.Compact(row.Values))
		row.Excluded = excluded(row.Values)
		row.Mex = row.Excluded[0]
		f = append(f, row.Mex)
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// excluded returns the values missing from the sorted, distinct values vs
// up to max(vs) + 1 (up to 0 when vs is empty), in increasing order. It is
// never empty, and its first element is the mex of vs.
func excluded(vs []uint64) []uint64 {
	out := []uint64{}
	v := uint64(0)
	for _, w := range vs {
		for ; v < w; v++ {
			out = append(out, v)
		}
		v = w + 1
	}
	return append(out, v)
}

func set(vs []uint64) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = strconv.FormatUint(v, 10)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// tupleOf formats heap sizes as "(1, 4)", and no heap as "(0)": a heap of
// 0 is no heap at all.
func tupleOf(hs []int) string {
	if len(hs) == 0 {
		return "(0)"
	}
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = strconv.Itoa(h)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// Text returns the row as a derivation of G(n), for example for Dawson's
// Kayles (a move takes two adjacent tokens from a row) and n = 7:
//
//	options of 7: (5), (1, 4), (2, 3)
//	  (5): G(5) = 0
//	  (1, 4): G(1) ⊕ G(4) = 0 ⊕ 2 = 2
//	  (2, 3): G(2) ⊕ G(3) = 1 ⊕ 1 = 0
//	option values {0, 2}; excluded {1, 3, 4, …}; G(7) = mex{0, 2} = 1
//
// An option that leaves no heap is written (0), of value 0.
func (r *MexRow) Text() string {
	var b strings.Builder
	names := make([]string, len(r.Options))
	for i, o := range r.Options {
		names[i] = tupleOf(o.Heaps)
	}
	if len(names) == 0 {
		fmt.Fprintf(&b, "options of %d: none\n", r.X)
	} else {
		fmt.Fprintf(&b, "options of %d: %s\n", r.X, strings.Join(names, ", "))
	}
	for i, o := range r.Options {
		fmt.Fprintf(&b, "  %s: ", names[i])
		switch len(o.Heaps) {
		case 0:
			b.WriteString("0 (no heap left)\n")
			continue
		case 1:
			fmt.Fprintf(&b, "G(%d) = %d\n", o.Heaps[0], o.Value)
			continue
		}
		gs := make([]string, len(o.Heaps))
		ts := make([]string, len(o.Heaps))
		for j, h := range o.Heaps {
			gs[j] = fmt.Sprintf("G(%d)", h)
			ts[j] = strconv.FormatUint(o.Terms[j], 10)
		}
		fmt.Fprintf(&b, "%s = %s = %d\n", strings.Join(gs, " ⊕ "), strings.Join(ts, " ⊕ "), o.Value)
	}
	// The excluded values are those listed up to the largest option value
	// plus one, then every larger number. (Recomputed from Values so that
	// any row, even a zero one, prints.)
	low := excluded(r.Values)
	ex := set(low)
	ex = ex[:len(ex)-1] + ", " + strconv.FormatUint(low[len(low)-1]+1, 10) + ", …}"
	vs := set(r.Values)
	fmt.Fprintf(&b, "option values %s; excluded %s; G(%d) = mex%s = %d\n", vs, ex, r.X, vs, r.Mex)
	return b.String()
}

// Text returns every row's [MexRow.Text], then the values in a line, as
// [MexTable.Summary] writes them.
func (t *MexTable) Text() string {
	var b strings.Builder
	for i := range t.Rows {
		b.WriteString(t.Rows[i].Text())
	}
	b.WriteString(t.Summary())
	return b.String()
}

// Summary returns only the two-line table of n and G(n), one column per
// heap size, for example for Dawson's Kayles:
//
//	n    0 1 2 3 4 5 6 7
//	G(n) 0 0 1 1 2 0 3 1
func (t *MexTable) Summary() string {
	w := 1
	for _, r := range t.Rows {
		w = max(w, len(strconv.Itoa(r.X)), len(strconv.FormatUint(r.Mex, 10)))
	}
	var n, g strings.Builder
	n.WriteString("n   ")
	g.WriteString("G(n)")
	for _, r := range t.Rows {
		fmt.Fprintf(&n, " %*d", w, r.X)
		fmt.Fprintf(&g, " %*d", w, r.Mex)
	}
	return n.String() + "\n" + g.String() + "\n"
}

// WriteText writes [MexTable.Text] to w.
func (t *MexTable) WriteText(w io.Writer) error {
	_, err := io.WriteString(w, t.Text())
	return err
}
