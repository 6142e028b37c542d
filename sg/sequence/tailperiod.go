package sequence

import (
	"math/bits"

	"github.com/impartial-go/impartial/sg"
)

// The periodicity checks. Every question FindPeriod and Period ask is
// about the end of a sequence, so the sequence is read backwards: the
// terms are y(0) = the last value, y(1) = the one before it, and so on. A
// periodic tail of the values is then a prefix of y with a period, and
// the checks are string searches on y that need no memory beyond a few
// counters, whatever the length (the values are read in place):
//
//   - certification (certifiedTail): the theorem's window repeats at
//     distance p exactly when the last W values (W fixed by n and the
//     theorem) occur again p values earlier, so the smallest certified
//     period is the first occurrence of the prefix y(0) … y(W-1) in y
//     past position 0, found by two-way string matching (M. Crochemore and
//     D. Perrin, "Two-way string-matching", J. ACM 38 (1991) 651–675) in
//     O(n) time and O(1) space;
//   - the longest periodic stretch seen (recentTail), used by Period to
//     jump to the length that would certify it: the first recurrence of
//     the last n/8 values, found the same way;
//   - the smallest period of a tail covering half the values and two
//     periods (smallestTail), for FindPeriod: the critical factorization
//     of the last half gives its smallest period exactly when that is at
//     most a quarter of the values, and longer periods are squares at the
//     end, found by comparing rolling hashes of the two halves of each
//     candidate and checking every hash match value by value (so a hash
//     collision costs time, never a wrong answer).

// tail reads the terms of a sequence backwards from the end: the values
// v, or their differences v[i+1] - v[i] (modulo 2^64) when diff is set.
type tail[T uint8 | uint16 | sg.Nimber] struct {
	v    []T
	n    int  // the number of terms: len(v), or len(v)-1 for differences
	diff bool // the terms are differences of consecutive values
}

// y returns the term i places before the last one (0 ≤ i < t.n).
func (t *tail[T]) y(i int) uint64 {
	j := t.n - 1 - i
	if t.diff {
		return uint64(t.v[j+1]) - uint64(t.v[j])
	}
	return uint64(t.v[j])
}

// run returns the length of the longest prefix of y with period p (at
// least min(p, n)), knowing that its first known terms have it: the
// terms with that period form a tail of the sequence starting at term
// n - run(p, known).
func (t *tail[T]) run(p, known int) int {
	i := max(known-p, 0)
	for i+p < t.n && t.y(i) == t.y(i+p) {
		i++
	}
	return min(i+p, t.n)
}

// maxSuffix returns the start of the maximal suffix of y(0) … y(m-1) in
// lexicographic order (reversed when rev is set), minus one, and that
// suffix's smallest period: the method of Crochemore and Perrin, which
// compares a candidate suffix with the best one so far and skips whole
// periods, in fewer than 2m comparisons.
func (t *tail[T]) maxSuffix(m int, rev bool) (ms, per int) {
	ms, j, k, per := -1, 0, 1, 1
	for j+k < m {
		a, b := t.y(j+k), t.y(ms+k)
		switch {
		case a == b:
			if k == per {
				j += per
				k = 1
			} else {
				k++
			}
		case (a < b) != rev: // the candidate at j+1 is smaller
			j += k
			k = 1
			per = j - ms
		default: // the candidate is larger: it is the new maximal suffix
			ms = j
			j = ms + 1
			k, per = 1, 1
		}
	}
	return ms, per
}

// factorization is a critical factorization of the pattern y(0) … y(m-1)
// (M. Crochemore and D. Perrin, 1991): the pattern splits after position
// ell, and exact says whether per is the pattern's smallest period. When
// exact is false, the smallest period exceeds max(ell+1, m-ell-1), so
// more than m/2, and per is that bound plus one: a safe shift.
type factorization struct {
	m, ell, per int
	exact       bool
}

// factorize returns the critical factorization of y(0) … y(m-1), m ≥ 1:
// the later of the maximal suffixes for the two orders starts at a
// critical position, whose local period is the pattern's period; that
// period is the suffix's own when the part before it repeats at that
// distance.
func (t *tail[T]) factorize(m int) factorization {
	ms1, p1 := t.maxSuffix(m, false)
	ms2, p2 := t.maxSuffix(m, true)
	f := factorization{m: m, ell: ms1, per: p1}
	if ms2 > ms1 {
		f.ell, f.per = ms2, p2
	}
	f.exact = true
	for i := 0; i <= f.ell; i++ {
		if t.y(i) != t.y(i+f.per) {
			f.exact = false
			break
		}
	}
	if !f.exact {
		f.per = max(f.ell+1, m-f.ell-1) + 1
	}
	return f
}

// search returns the smallest shift s ≥ 1 at which the pattern
// y(0) … y(m-1) occurs again, y(s+i) = y(i) for i < m, with s+m ≤ limit
// (limit ≤ n), or 0 when there is none: two-way string matching over the
// text y(1) … y(limit-1), in O(limit) comparisons.
func (t *tail[T]) search(f factorization, limit int) int {
	m, ell, per := f.m, f.ell, f.per
	if f.exact {
		// The pattern is periodic: after a full match, the next shift's
		// first m - per terms are known to match (mem of them).
		mem := -1
		for s := 1; s+m <= limit; {
			i := max(ell, mem) + 1
			for i < m && t.y(i) == t.y(i+s) {
				i++
			}
			if i < m {
				s += i - ell
				mem = -1
				continue
			}
			i = ell
			for i > mem && t.y(i) == t.y(i+s) {
				i--
			}
			if i <= mem {
				return s
			}
			s += per
			mem = m - per - 1
		}
		return 0
	}
	for s := 1; s+m <= limit; {
		i := ell + 1
		for i < m && t.y(i) == t.y(i+s) {
			i++
		}
		if i < m {
			s += i - ell
			continue
		}
		i = ell
		for i >= 0 && t.y(i) == t.y(i+s) {
			i--
		}
		if i < 0 {
			return s
		}
		s += per
	}
	return 0
}

// recurrence returns the smallest p ≥ 1 such that the last m terms occur
// again p terms earlier, ending at least ahead terms before the end
// (p ≤ n - m - ahead), and the start of the tail with period p; p = 0
// when there is none.
func (t *tail[T]) recurrence(m, ahead int) (e, p int) {
	if m < 1 || m+ahead >= t.n {
		return 0, 0
	}
	p = t.search(t.factorize(m), t.n-ahead)
	if p == 0 {
		return 0, 0
	}
	return t.n - t.run(p, m+p), p
}

// certifiedTail returns the smallest period p that th certifies in the n
// terms, and the start e of its periodic tail (p = 0 when none). The
// theorem certifies (e, p) when th.window(e, p) + p ≤ n; the window grows
// by m·e + m·p, so for each p the latest start it accepts is
// F(p) = Q - p with Q = ⌊(n - t + m - 2)/m⌋ (and F(p) ≥ 1: a start of 0
// needs the same window as a start of 1), and the values to compare are
// those from F(p) to the end: the last W = n - Q values must occur again
// p values earlier, at a start of at least 1. The smallest such p is the
// sequence's period if it is certified at all, and the tail of period p
// that the data show gives its smallest preperiod.
func (t *tail[T]) certifiedTail(th theorem) (e, p int) {
	if !th.ok || t.diff {
		return 0, 0
	}
	num := t.n - th.t + th.m - 2
	if num < 2*th.m { // no start F(p) ≥ 1 for p ≥ 1
		return 0, 0
	}
	q := num / th.m
	e, p = t.recurrence(t.n-q, 1)
	if p == 0 || !th.certifies(t.n, e, p) {
		// (The second test cannot fail: e ≤ F(p), and the window only
		// grows with e. It keeps every certificate checked against the
		// theorem's own window.)
		return 0, 0
	}
	return e, p
}

// recentTail returns the periodic stretch that the last eighth of the
// terms shows (their first recurrence), as a guess of where the sequence
// is heading: p = 0 when those terms do not recur.
func (t *tail[T]) recentTail() (e, p int) {
	return t.recurrence(max(t.n/8, 1), 0)
}

// smallestTail returns the smallest period p of a tail that covers at
// least half of the terms and two periods, with the tail's smallest start
// e, or found false.
//
// Every such period is a period of the last ⌈n/2⌉ terms, so when their
// smallest period q is at most half their number it is the answer (its
// tail covers them, so at least half the terms and two periods); the
// critical factorization finds q exactly then. Otherwise every answer p
// exceeds a quarter of the terms, and p qualifies exactly when the last 2p
// terms are a square (two equal halves): smallestSquare finds the first.
func (t *tail[T]) smallestTail() (e, p int, found bool) {
	n := t.n
	if n < 2 {
		return 0, 0, false
	}
	half := (n + 1) / 2
	f := t.factorize(half)
	if f.exact && 2*f.per <= half {
		return n - t.run(f.per, half), f.per, true
	}
	// (The factorization's period, exact or not, bounds the answer from
	// below.)
	if p = t.smallestSquare(max(half/2+1, f.per), n/2); p == 0 {
		return 0, 0, false
	}
	return n - t.run(p, 2*p), p, true
}

// hashMod is the prime 2^61 - 1 of the rolling hashes; hashBase their
// base (any number from 2 to hashMod-2 works; this one has no pattern),
// and hashBaseInv its inverse modulo hashMod.
const (
	hashMod  = 1<<61 - 1
	hashBase = 0x1d8e4e27c47d124f % hashMod
)

var hashBaseInv = powMod(hashBase, hashMod-2)

// mulMod returns a·b mod hashMod for a, b < hashMod.
func mulMod(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	r := (hi<<3 | lo>>61) + lo&hashMod
	if r >= hashMod {
		r -= hashMod
	}
	return r
}

// powMod returns a^k mod hashMod.
func powMod(a, k uint64) uint64 {
	r := uint64(1)
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r = mulMod(r, a)
		}
		a = mulMod(a, a)
	}
	return r
}

// smallestSquare returns the smallest p in [lo, hi] such that
// y(i) = y(p+i) for every i < p (the last 2p terms are two copies of the
// last p), or 0. It keeps the hashes h(a) = Σ a_i·B^i of both halves,
// moving them to the next p in O(1), and checks each match term by term.
func (t *tail[T]) smallestSquare(lo, hi int) int {
	if lo < 1 || lo > hi {
		return 0
	}
	term := func(i int) uint64 { return t.y(i) % hashMod }
	var ha, hb uint64 // the hashes of y(0) … y(p-1) and y(p) … y(2p-1)
	pw := uint64(1)   // B^p
	for i := range lo {
		ha = (ha + mulMod(term(i), pw)) % hashMod
		hb = (hb + mulMod(term(lo+i), pw)) % hashMod
		pw = mulMod(pw, hashBase)
	}
	for p := lo; ; p++ {
		if ha == hb && t.isSquare(p) {
			return p
		}
		if p == hi {
			return 0
		}
		// To p+1: the first half gains y(p) at the end; the second loses
		// y(p) at the front and gains y(2p) and y(2p+1) at the end.
		yp := term(p)
		ha = (ha + mulMod(yp, pw)) % hashMod
		hb = mulMod((hb+hashMod-yp)%hashMod, hashBaseInv)
		pwDown := mulMod(pw, hashBaseInv) // B^(p-1)
		hb = (hb + mulMod(term(2*p), pwDown) + mulMod(term(2*p+1), pw)) % hashMod
		pw = mulMod(pw, hashBase)
	}
}

// isSquare says whether y(i) = y(p+i) for every i < p.
func (t *tail[T]) isSquare(p int) bool {
	for i := range p {
		if t.y(i) != t.y(p+i) {
			return false
		}
	}
	return true
}
