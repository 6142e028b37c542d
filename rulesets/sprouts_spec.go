package rulesets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// Sprouts is the game of J. H. Conway and M. S. Paterson (1967; M.
// Gardner, Scientific American 217, July 1967): spots on a sheet, and a
// move draws a line from a spot to a spot (or to itself) that crosses no
// line, and puts a new spot on it; a spot may have at most three lines.
// Under normal play the first player wins the start of p spots exactly
// when p is 3, 4 or 5 modulo 6, for every p settled (all p ≤ 32 and some
// larger: J. Lemoine and S. Viennot, "Computer analysis of Sprouts with
// nimbers", Games of No Chance 4, 2015; D. Applegate, G. Jacobson and D.
// Sleator, "Computer analysis of Sprouts", CMU-CS-91-144, 1991, p ≤ 11).
//
// A position is a string in the notation of Lemoine and Viennot's program
// Glop (see [ParseSproutsPosition]): "0.0.0.}]!" is the
// start of three spots, "AB.}AB.}]!" the position after a loop on the one
// spot of the start of one spot. Positions are kept reduced (dead spots,
// regions where no move can be made and boundaries without lives left
// out; a letter whose corners are next to each other written '2'; a
// region of at most three lives written as one boundary, its digits in
// increasing order and then its letters, a letter of that region alone
// written '2', since there only which spots it holds matters) and
// canonical (each land in its canonical form, the lands sorted): two
// drawings of one position have one string. Its lands are its components
// (a [game.Decomposer]): no move touches two, so the value of a position
// is the XOR of its lands' values. It is a [game.Packer] whose keys are
// hashes of lands ([Sprouts.Pack]): package sg/search keeps its table
// packed and can save it to a file. It is a [game.MoveOrderer]
// ([Sprouts.AppendOrderedMoves]) and measures a position by its lives
// ([Sprouts.Size]): package sg/search tries first the options of fewest
// lives left to search, in that order, and so expands on the starts of 7
// and 8 spots a twenty-eighth and a hundredth of the positions it expands
// without them.
//
// A move is named by the positions (from 1) in the position's string of
// the two spots it joins, "3-7", with "/5,9" (or "/-") after it when both
// ends are on one boundary of a region that has others: the positions of
// the first spot of each other boundary that goes with the side walked
// from the first end to the second (see [Sprouts.MoveString]).
type Sprouts struct {
	cache *spCache
	start string
	spots int // the start's spots, or -1 for a start given by its string
}

var (
	_ game.Started[string]     = (*Sprouts)(nil)
	_ game.Decomposer[string]  = (*Sprouts)(nil)
	_ game.MoveLister[string]  = (*Sprouts)(nil)
	_ game.Packer[string]      = (*Sprouts)(nil)
	_ game.MoveOrderer[string] = (*Sprouts)(nil)
	_ game.Sizer[string]       = (*Sprouts)(nil)
)

// SproutsMaxSpots is the most spots of a start "sprouts:P": the notation
// names at most 26 letters of each case in a land, and a position whose
// lives plus letters are at most 52 never needs more.
const SproutsMaxSpots = spMaxLetters / 3

// NewSprouts returns Sprouts from p spots in one region (0 ≤ p ≤
// SproutsMaxSpots), and an error naming p when it is out of range.
func NewSprouts(p int) (*Sprouts, error) {
	if p < 0 || p > SproutsMaxSpots {
		return nil, fmt.Errorf("rulesets: sprouts: %d spots: want 0 to %d", p, SproutsMaxSpots)
	}
	if p == 0 {
		return &Sprouts{cache: newSpCache(), start: "!", spots: 0}, nil
	}
	return &Sprouts{cache: newSpCache(), start: strings.Repeat("0.", p) + "}]!", spots: p}, nil
}

// ParseSproutsPosition reads a position string in Glop's notation and
// returns its reduced, canonical form.
//
// The notation (the manual of Glop 1.0; Lemoine and Viennot, "Computer
// analysis of Sprouts with nimbers", 2015): a position is a list of
// lands, each ended by ']', the whole ended by '!'; a land (a part of the
// sheet no move can leave) is a list of regions, each ended by '}'; a
// region is a list of boundaries, each ended by '.'; a boundary is the
// list of the spots met walking along it with the region on one side.
// Spots without lives are left out; a spot is written by its lines: '0'
// (three lives), '1' (two lives), '2' (one life, met once), and a spot
// with one life met at two corners by a letter, upper case when the
// corners are in two regions, lower case when in one; letters are local
// to a land. "12.AB.}AB.}]!" is one land of two regions. The final terminators may be left
// out ("0.0.0" is "0.0.0.}]!"). A bad string is a [*SyntaxError] naming
// the bad character and its position (from 1, in the string completed
// with its terminators); lives plus letters above 52 are refused.
func ParseSproutsPosition(text string) (string, error) {
	text = strings.TrimSpace(text)
	lands, err := parseSproutsLands(text)
	if err != nil {
		return "", err
	}
	if n := spBudget(lands); n > spMaxLetters {
		return "", &SyntaxError{Spec: text, Token: text, Msg: fmt.Sprintf("lives plus letters %d above %d", n, spMaxLetters)}
	}
	var out []string
	for _, l := range lands {
		out = spReduce(l, func(uint8) bool { return false }, out)
	}
	return spJoin(out), nil
}

// ParseSprouts reads the argument of a spec "sprouts:ARG": a number of
// spots P, or a position string (see [ParseSproutsPosition]).
func ParseSprouts(arg string) (*Sprouts, error) {
	a := strings.TrimSpace(arg)
	if n, err := strconv.Atoi(a); err == nil {
		if n < 0 || n > SproutsMaxSpots {
			return nil, &SyntaxError{Spec: arg, Pos: 1, Token: a, Msg: fmt.Sprintf("not a number of spots from 0 to %d", SproutsMaxSpots)}
		}
		return NewSprouts(n)
	}
	p, err := ParseSproutsPosition(a)
	if err != nil {
		return nil, err
	}
	return &Sprouts{cache: newSpCache(), start: p, spots: -1}, nil
}

// String returns the spec: "sprouts:P", or "sprouts:" and the start's
// string.
func (s *Sprouts) String() string {
	if s.spots >= 0 {
		return "sprouts:" + strconv.Itoa(s.spots)
	}
	return "sprouts:" + s.start
}

// Start returns the start position's string.
func (s *Sprouts) Start() string { return s.start }

// AppendMoves appends the options of p, a position string this game
// wrote (Start, an option, ParseMove's result, or [ParseSproutsPosition]'s
// result), each once. Its cost grows with the ways of sharing the other
// boundaries of a region cut in two: 2^k for k boundaries with letters.
// The options of each land are kept in a bounded cache (safe for
// concurrent use), as a search asks for them again and again.
func (s *Sprouts) AppendMoves(dst []string, p string) []string {
	dst, _ = s.appendOptions(dst, nil, p, false)
	return dst
}

// MoveStrings returns the name of each option of p, in the order of
// AppendMoves (one name for each position reached).
func (s *Sprouts) MoveStrings(p string) []string {
	seen := map[string]bool{}
	var out []string
	spEachOption(p, func(q, name string) {
		if !seen[q] {
			seen[q] = true
			out = append(out, name)
		}
	})
	return out
}

// MoveString returns the name of a move from p to q (see [Sprouts]), or
// "?" when q is not an option of p.
func (s *Sprouts) MoveString(p, q string) string {
	out := "?"
	spEachOption(p, func(r, name string) {
		if r == q && out == "?" {
			out = name
		}
	})
	return out
}

// ParseMove returns the position after the move text names: "i-j" joins
// the spots at positions i and j (from 1) of p's string, "i-j/k,l" (or
// "i-j/-") puts the boundaries starting at k and l (none) on the side
// walked from i to j. Any move may be named, not only those MoveStrings
// lists. A text that names no legal move is an error naming it.
func (s *Sprouts) ParseMove(p string, text string) (string, error) {
	t := strings.TrimSpace(text)
	bad := func(why string) (string, error) {
		return "", fmt.Errorf("rulesets: sprouts move %q: %s", t, why)
	}
	ends, share, hasShare := strings.Cut(t, "/")
	a, b, ok := strings.Cut(ends, "-")
	i, e1 := strconv.Atoi(strings.TrimSpace(a))
	j, e2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || e1 != nil || e2 != nil {
		return bad("want i-j or i-j/k,l: the positions of two spots in the position string")
	}
	var shared []int
	if hasShare && strings.TrimSpace(share) != "-" {
		for _, f := range strings.Split(share, ",") {
			k, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return bad(fmt.Sprintf("%q is not a position", f))
			}
			shared = append(shared, k)
		}
	}
	lands := spLandsOf(p)
	base := 0
	for k, ls := range lands {
		pl := spParseCanon(ls, base)
		base += len(ls)
		m, found, why := spFindMove(pl, i-1, j-1, shared, hasShare)
		if why != "" {
			return bad(why)
		}
		if !found {
			continue
		}
		dst := append(append([]string{}, lands[:k]...), lands[k+1:]...)
		dst, ok := spApply(pl.land, m, dst)
		if !ok {
			return bad("a spot with one life cannot be joined to itself")
		}
		return spJoin(dst), nil
	}
	return bad(fmt.Sprintf("no spot at position %d in %s", i, p))
}

// spFindMove finds the move of pl that joins the corners at offsets i and
// j, with the boundaries at offsets shared on the first side; found is
// false when i is not in pl, why says what is wrong otherwise.
func spFindMove(pl spParsed, i, j int, shared []int, hasShare bool) (m spMove, found bool, why string) {
	m = spMove{r: -1}
	for r, reg := range pl.off {
		for b, bo := range reg {
			for c, o := range bo {
				if o == i {
					m.r, m.b1, m.i1 = r, b, c
				}
			}
		}
	}
	if m.r < 0 {
		return m, false, ""
	}
	m.b2 = -1
	for b, bo := range pl.off[m.r] {
		for c, o := range bo {
			if o == j {
				m.b2, m.i2 = b, c
			}
		}
	}
	if m.b2 < 0 {
		return m, true, fmt.Sprintf("no spot at position %d in the region of the spot at %d", j+1, i+1)
	}
	if m.b1 == m.b2 && m.i1 == m.i2 && pl.land[m.r][m.b1][m.i1] >= 2 {
		return m, true, "a spot with one life cannot be joined to itself"
	}
	if m.b1 != m.b2 && hasShare {
		return m, true, "the spots are on two boundaries: the line cuts no region, so nothing is shared"
	}
	for _, k := range shared {
		hit := false
		for b, bo := range pl.off[m.r] {
			if bo[0] == k-1 && b != m.b1 {
				m.in |= 1 << b
				hit = true
			}
		}
		if !hit {
			return m, true, fmt.Sprintf("no other boundary of the region starts at position %d", k)
		}
	}
	return m, true, ""
}

// AppendComponents appends the lands of p, each as a position.
func (s *Sprouts) AppendComponents(dst []string, p string) []string {
	for _, l := range spLandsOf(p) {
		dst = append(dst, l+"!")
	}
	return dst
}

var _ = register(&Entry{
	Name:    "sprouts",
	Syntax:  "sprouts:P|POSITION",
	Doc:     "Sprouts (Conway–Paterson): P spots, or a position in Glop's notation (lands ']', regions '}', boundaries '.'); a move joins two spots",
	Kind:    game.KindBoard,
	WithArg: func(arg string) (fmt.Stringer, error) { return ParseSprouts(arg) },
	Known: []Known{
		{Spec: "sprouts:1", Values: "0", Source: "two moves are played whatever is done (Gardner 1967; Applegate–Jacobson–Sleator 1991)"},
		{Spec: "sprouts:2", Values: "0", Source: "a second-player win (Gardner 1967; Applegate–Jacobson–Sleator 1991; Lemoine–Viennot 2015: p mod 6 in {0,1,2})"},
	},
})
