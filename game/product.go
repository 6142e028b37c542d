package game

// Pair is a position of a [Product] of two games: A in the first game and
// B in the second.
type Pair[A, B comparable] struct {
	A A
	B B
}

// Product is the disjunctive sum of two games, possibly of different
// kinds, played on the product of their positions: a move is a move in
// exactly one of the two, and the game is over when neither has a move.
// Its positions are [Pair] values, so a Product is itself a [Game] and
// products nest: Product[Pair[A, B], C] plays three games side by side.
//
// The value of such a game is the XOR of the values of its two games (the
// Sprague–Grundy theorem); this type exists so that the theorem can be
// checked by brute force over every pair of positions, and so that
// positions of different games can be searched as one. For values and
// winning moves of large sums use sg.Sum, which values each part on its
// own and never enumerates the product.
//
// A Product keeps scratch buffers and is not safe for concurrent use.
type Product[A, B comparable] struct {
	First  Game[A]
	Second Game[B]

	bufA []A
	bufB []B
}

// NewProduct returns the game of playing g and h side by side.
func NewProduct[A, B comparable](g Game[A], h Game[B]) *Product[A, B] {
	return &Product[A, B]{First: g, Second: h}
}

// AppendMoves appends the moves of p: first every move of p.A with p.B
// unchanged, then every move of p.B with p.A unchanged.
func (s *Product[A, B]) AppendMoves(dst []Pair[A, B], p Pair[A, B]) []Pair[A, B] {
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
