package loopy

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/impartial-go/impartial/sg"
)

// Part is one component of a disjunctive sum: a vertex of a solved graph.
// Parts of one sum may come from different solutions, and so from different
// games (see [Solved.Part]).
type Part struct {
	Solution *Solution
	Vertex   int
}

// Move is a move in a sum: part number Part (an index into the parts given
// to [Play]) goes from vertex From to vertex To of its solution's graph, and
// the sum that results has the value Result.
type Move struct {
	Part     int
	From, To int
	Result   Value
}

// Play returns the outcome of the disjunctive sum of the parts, and the
// moves that realise it: when the sum is N, every move to a P-position (a
// winning move); when it is D, every move to a D-position (a move that keeps
// the draw: the player to move cannot win, and any other move lets the
// opponent win); when it is P, none, since every move loses. Moves are
// sorted by part and then by target vertex, without repeats.
//
// The outcome comes from the parts' values by the sum rule (see [Sum]), and
// the moves by applying the rule to each option of each part: a part of
// value *v moves to an option of value *(v ⊕ x) when the finite parts add up
// to x ≠ 0, a part of value ∞(K) moves to an option of value *x when the
// others add up to x in K, and a draw is kept by a move that leaves two
// infinite parts, or one ∞(K) with the others adding up outside K.
//
// It returns an error naming the part when a part has no solution, its
// vertex is out of range, or its value is not known.
func Play(parts ...Part) (Outcome, []Move, error) {
	vals := make([]Value, len(parts))
	for i, p := range parts {
		if p.Solution == nil {
			return 0, nil, fmt.Errorf("loopy: part %d has no solution", i)
		}
		v, ok := p.Solution.Value(p.Vertex)
		if !ok {
			if p.Vertex < 0 || p.Vertex >= p.Solution.g.NumVertices() {
				return 0, nil, fmt.Errorf("loopy: part %d: vertex %d out of range [0, %d)", i, p.Vertex, p.Solution.g.NumVertices())
			}
			return 0, nil, fmt.Errorf("loopy: part %d: the value of vertex %d is not known (the solution is incomplete)", i, p.Vertex)
		}
		vals[i] = v
	}
	want := Sum(vals...).Outcome()
	if want == P {
		return P, nil, nil
	}
	target := P // the outcome a good move leaves to the opponent
	if want == D {
		target = D
	}
	var x sg.Nimber // nim-sum of the finite parts
	infs := 0
	for _, v := range vals {
		if v.inf {
			infs++
		} else {
			x ^= v.n
		}
	}
	var moves []Move
	var kbuf []sg.Nimber
	for i, p := range parts {
		s := p.Solution
		vi := vals[i]
		restInf, restX := infs, x // the sum without part i
		if vi.inf {
			restInf--
		} else {
			restX ^= vi.n
		}
		// When the rest has exactly one infinite part, its K decides.
		var other Value
		if restInf == 1 {
			for j, v := range vals {
				if j != i && v.inf {
					other = v
				}
			}
		}
		for _, w := range s.g.Successors(p.Vertex) {
			var res Value
			if a, fin := s.Finite(int(w)); fin {
				switch restInf {
				case 0:
					res = Value{n: restX ^ a}
				case 1:
					res = Sum(other, Value{n: restX ^ a})
				default:
					res = Value{inf: true}
				}
			} else if restInf == 0 {
				kbuf = s.escapes(kbuf[:0], int(w))
				res = Sum(Value{inf: true, k: kbuf}, Value{n: restX})
			} else {
				res = Value{inf: true}
			}
			if res.Outcome() == target {
				moves = append(moves, Move{Part: i, From: p.Vertex, To: int(w), Result: res})
			}
		}
	}
	slices.SortFunc(moves, func(a, b Move) int {
		return cmp.Or(cmp.Compare(a.Part, b.Part), cmp.Compare(a.To, b.To))
	})
	moves = slices.CompactFunc(moves, func(a, b Move) bool { return a.Part == b.Part && a.To == b.To })
	return want, moves, nil
}
