package game

// Pair is a position of a [Sum] of two games: A in the first game and B in
// the second.
type Pair[A, B comparable] struct {
	A A
	B B
}

// Sum is the disjunctive sum of two games, possibly of different kinds: a
// move is a move in exactly one of the two, and the sum is over when neither
// has a move. Its positions are [Pair] values, so a Sum is itself a [Game]
// and sums nest: Sum[Pair[A, B], C] is a sum of three games.
//
// The value of a sum is the XOR of the values of its parts (the
// Sprague–Grundy theorem); this type exists so that the theorem can be
// checked by brute force over the product game, and so that positions of
// different games can be searched as one. For values and winning moves of
// large sums use sg.Sum, which never enumerates the product.
//
// A Sum keeps scratch buffers and is not safe for concurrent use.
type Sum[A, B comparable] struct {
	First  Game[A]
	Second Game[B]

	bufA []A
	bufB []B
}

// NewSum returns the sum of g and h.
func NewSum[A, B comparable](g Game[A], h Game[B]) *Sum[A, B] {
	return &Sum[A, B]{First: g, Second: h}
}

// AppendMoves appends the moves of p: first every move of p.A with p.B
// unchanged, then every move of p.B with p.A unchanged.
func (s *Sum[A, B]) AppendMoves(dst []Pair[A, B], p Pair[A, B]) []Pair[A, B] {
	s.bufA = s.First.AppendMoves(s.bufA[:0], p.A)
	for _, a := range s.bufA {
		dst = append(dst, Pair[A, B]{a, p.B})
	}
	s.bufB = s.Second.AppendMoves(s.bufB[:0], p.B)
	for _, b := range s.bufB {
		dst = append(dst, Pair[A, B]{p.A, b})
	}
	return dst
}
