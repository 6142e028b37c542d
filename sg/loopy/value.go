package loopy

import (
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/sg"
)

// Outcome says what happens in a position with best play under normal play
// when play may go on for ever: the player to move wins (N), the other player
// wins (P), or neither can force a win and play is endless (D, a draw).
type Outcome uint8

const (
	// P is a previous-player win: every move of the player to move leads to
	// a position the opponent wins.
	P Outcome = iota
	// N is a next-player win: the player to move has a move to a P-position.
	N
	// D is a draw: the player to move cannot win, but has a move that does
	// not lose, and so does the opponent after it, for ever.
	D
)

// String returns "P", "N" or "D".
func (o Outcome) String() string {
	switch o {
	case P:
		return "P"
	case N:
		return "N"
	case D:
		return "D"
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// Value is a generalized Sprague–Grundy value: either a nimber *n, the value
// of a position that plays exactly like a Nim heap of n tokens even though
// play may loop, or ∞(K), the value of a position from which the player to
// move can keep play going for ever, where K is the set of finite values of
// its options (the nimbers it can "escape" to).
//
// The zero Value is the nimber 0. Values are immutable; make them with
// [Finite] and [Infinite].
type Value struct {
	n   sg.Nimber
	inf bool
	k   []sg.Nimber // sorted, without repeats; only when inf
}

// Finite returns the value *n.
func Finite(n sg.Nimber) Value { return Value{n: n} }

// Infinite returns the value ∞(K) for the finite values k, in any order and
// possibly repeated.
func Infinite(k ...sg.Nimber) Value {
	s := slices.Clone(k)
	slices.Sort(s)
	return Value{inf: true, k: slices.Compact(s)}
}

// IsFinite reports whether v is a nimber.
func (v Value) IsFinite() bool { return !v.inf }

// Nimber returns n for the value *n, and false for an infinite value.
func (v Value) Nimber() (sg.Nimber, bool) { return v.n, !v.inf }

// K returns the set K of an infinite value ∞(K), sorted, as a new slice; it
// is nil for a finite value.
func (v Value) K() []sg.Nimber {
	if !v.inf {
		return nil
	}
	return slices.Clone(v.k)
}

// Escapes reports whether v is ∞(K) with x in K: the player to move can move
// to a position of finite value x.
func (v Value) Escapes(x sg.Nimber) bool {
	if !v.inf {
		return false
	}
	_, found := slices.BinarySearch(v.k, x)
	return found
}

// Equal reports whether v and w are the same value.
func (v Value) Equal(w Value) bool {
	return v.inf == w.inf && v.n == w.n && slices.Equal(v.k, w.k)
}

// Outcome returns the outcome of a position of value v played alone: P for
// *0, N for any other nimber and for ∞(K) with 0 in K (the player to move
// escapes to a P-position), and D for ∞(K) without 0 in K (Smith 1966;
// A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and
// its invariance under certain mappings", J. Combin. Theory A 43 (1986)).
func (v Value) Outcome() Outcome {
	switch {
	case !v.inf && v.n == 0:
		return P
	case !v.inf, v.Escapes(0):
		return N
	}
	return D
}

// String formats v as "*n" ("*0" for zero, so that every finite value reads
// the same way) or "∞{a,b,…}" with K sorted ("∞{}" when K is empty).
func (v Value) String() string {
	if !v.inf {
		return "*" + strconv.FormatUint(uint64(v.n), 10)
	}
	var b strings.Builder
	b.WriteString("∞{")
	for i, x := range v.k {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatUint(uint64(x), 10))
	}
	b.WriteByte('}')
	return b.String()
}

// Sum returns the value of the disjunctive sum of positions with the given
// values, by Smith's sum rule (C. A. B. Smith, "Graphs and composite games",
// J. Combin. Theory 1 (1966) 51–81; stated as the generalized Sprague–Grundy
// theorem by Fraenkel and Yesha 1986):
//
//   - when every part is finite, the sum is the nim-sum *(a ⊕ b ⊕ …);
//   - when exactly one part is ∞(K) and the others add up to *x, the sum is
//     ∞(K ⊕ x) = ∞{k ⊕ x : k ∈ K}, so it is N when x is in K and D otherwise;
//   - when two or more parts are infinite, the sum is ∞{}: a draw, since
//     every move leaves an infinite part and a move to an infinite option
//     always exists.
//
// Sum of no values is *0. Sum(vs...).Outcome() is the outcome of the sum.
func Sum(vs ...Value) Value {
	var x sg.Nimber
	inf := -1
	for i, v := range vs {
		if !v.inf {
			x ^= v.n
			continue
		}
		if inf >= 0 {
			return Value{inf: true}
		}
		inf = i
	}
	if inf < 0 {
		return Value{n: x}
	}
	k := make([]sg.Nimber, len(vs[inf].k))
	for i, a := range vs[inf].k {
		k[i] = a ^ x
	}
	slices.Sort(k)
	return Value{inf: true, k: k}
}
