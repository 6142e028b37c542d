package sequence

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
)

// Periodicity describes the periodic behaviour of a value sequence:
// G(n+Period) = G(n) + Saltus for every n ≥ Preperiod, where "+" is
// ordinary integer addition. Saltus 0 is ordinary periodicity (octal games
// such as Kayles); Saltus > 0 is arithmetic periodicity (Nim has Period 1
// and Saltus 1, Lasker's Nim Period 4 and Saltus 4).
//
// Period 0 means no period was found. Period is the smallest period, and
// Preperiod the smallest preperiod for it: the number of values before
// the periodic part, counting heap 0 (Kayles has Preperiod 71: its last
// exceptional value is G(70)).
//
// Certified says that a theorem proves the periodicity for every n, not
// only for the CheckedTo values observed (G(0) … G(CheckedTo-1)).
type Periodicity struct {
	Preperiod, Period int
	Saltus            sg.Nimber
	Certified         bool
	CheckedTo         int
}

// String formats p as, for instance, "preperiod 71, period 12 (certified
// to 166)" or "no period in 1000 values".
func (p Periodicity) String() string {
	if p.Period == 0 {
		return fmt.Sprintf("no period in %d values", p.CheckedTo)
	}
	s := fmt.Sprintf("preperiod %d, period %d", p.Preperiod, p.Period)
	if p.Saltus != 0 {
		s += fmt.Sprintf(", saltus %d", uint64(p.Saltus))
	}
	if p.Certified {
		return s + fmt.Sprintf(" (certified from %d values)", p.CheckedTo)
	}
	return s + fmt.Sprintf(" (observed in %d values)", p.CheckedTo)
}

// ValueAt returns G(n) for any n: from s when n < s.Len(), and otherwise
// from the period when p is certified (with s holding at least
// p.Preperiod + p.Period values). It returns false when G(n) is not known
// this way, or when an arithmetic-periodic value overflows a sg.Nimber. It
// runs in O(1).
func (p Periodicity) ValueAt(s *Sequence, n uint64) (sg.Nimber, bool) {
	if n < uint64(s.Len()) {
		return s.At(int(n)), true
	}
	if !p.Certified || p.Period <= 0 || p.Preperiod < 0 || p.Preperiod+p.Period > s.Len() {
		return 0, false
	}
	q, r := bits.Div64(0, n-uint64(p.Preperiod), uint64(p.Period))
	v := s.At(p.Preperiod + int(r))
	if p.Saltus == 0 {
		return v, true
	}
	hi, lo := bits.Mul64(q, uint64(p.Saltus))
	sum, carry := bits.Add64(lo, uint64(v), 0)
	if hi != 0 || carry != 0 {
		return 0, false
	}
	return sg.Nimber(sum), true
}

// theorem says when a periodicity theorem applies to a rule, and with
// which window: G(n+p) = G(n) for e ≤ n < window(e, p) proves it for every
// n ≥ e.
type theorem struct {
	ok bool
	m  int // the most heaps a move may leave (at least 1)
	t  int // the most tokens a move may remove
}

// theoremFor returns the periodicity theorem that applies to r: r must be
// a take-and-break code with a finite MaxTake. (Rules with unequal splits,
// such as Grundy's game, and rules known only by their HeapMove lists are
// never certified.)
func theoremFor(r game.HeapRule) theorem {
	tb, ok := r.(game.TakeBreakRule)
	if !ok {
		return theorem{}
	}
	t := tb.MaxTake()
	if t < 0 {
		return theorem{}
	}
	m := 1
	for k := 0; k <= t; k++ {
		d, _ := moves.Digit(tb, k) // a bad digit fails the run, not this
		m = max(m, bits.Len32(d)-1)
	}
	return theorem{ok: true, m: m, t: t}
}

// window returns W such that checking G(n+p) = G(n) for e ≤ n < W proves
// it for all n ≥ e. (It needs the values G(0) … G(W+p-1).)
//
// For octal games (moves leave at most m = 2 heaps) this is the periodicity
// theorem of Guy and Smith (R. K. Guy and C. A. B. Smith, "The G-values of
// various games", Proc. Cambridge Philos. Soc. 52 (1956) 514–526; also
// E. R. Berlekamp, J. H. Conway and R. K. Guy, Winning Ways, ch. 4, "The
// periodicity theorem"): if G(n+p) = G(n) for e ≤ n < 2e + p + t, where t is the
// largest number of tokens a move removes, then for all n ≥ e.
//
// The same induction proves the general case of moves that leave at most
// m heaps, with W = m·e₁ + (m-1)·p + t - m + 2 where e₁ = max(e, 1). Let
// n ≥ W and assume the claim below n. A move from n+p removes k ≤ t tokens
// and leaves j ≤ m heaps adding up to n+p-k ≥ m(e₁+p-1) + 2, so its
// largest heap b has b ≥ e₁+p, and G(b) = G(b-p) by induction: replacing b
// by the nonempty heap b-p gives an option of n (same k, same number of
// heaps) with the same value. Conversely an option of n has a largest heap
// c ≥ e (as n-k ≥ m(e-1)+1), and c+p gives an option of n+p of the same
// value. As n > t, no move removes a whole heap. So the options of n and
// n+p have the same values, and G(n+p) = G(n). For m = 2 and e ≥ 1 the
// window is Guy and Smith's 2e + p + t (e = 0 costs two more values, so
// that no heap shrinks to nothing); for m = 1 (subtraction games) it is
// e₁ + t + 1: t consecutive values past heap t that repeat.
func (th theorem) window(e, p int) int {
	return th.m*max(e, 1) + (th.m-1)*p + th.t - th.m + 2
}

// certifies says whether n values with period p from e prove the period.
func (th theorem) certifies(n, e, p int) bool {
	return th.ok && th.window(e, p)+p <= n
}

// FindPeriod returns the smallest period and preperiod that s shows for
// the heap game r, as described by [Periodicity]. Ordinary periodicity is
// certified when a theorem proves it for r:
//
//   - take-and-break codes (octal, hexadecimal, …) with a finite largest
//     removal t whose moves leave at most m heaps: the periodicity theorem
//     of Guy and Smith for m = 2 (values up to 2e + p + t must repeat),
//     and its generalization for any m (up to m·e + (m-1)·p + t - m + 2,
//     with e counted as at least 1); finite subtraction games are the case
//     m = 1;
//   - nothing else: Grundy's game, rules known only by their moves, and
//     arithmetic periodicity are reported as observed.
//
// A certified period is the smallest that the theorem proves from s.
// Otherwise a period is reported only when its periodic part covers at
// least half of s and two full periods: the smallest such period, of any
// length. When s shows no ordinary period, FindPeriod looks for
// arithmetic periodicity (an ordinary period of the differences
// G(n+1) - G(n)) with a positive saltus.
//
// FindPeriod reads the values in place and needs no memory beyond a few
// counters: it runs string searches over the values read backwards from
// the end (two-way string matching and critical factorizations, with
// rolling hashes for periods longer than a quarter of s), in O(n) time for
// n = s.Len().
func FindPeriod(s *Sequence, r game.HeapRule) Periodicity {
	p, _ := findPeriod(s, theoremFor(r), true)
	return p
}

// findPeriod is FindPeriod with the theorem for the rule. With full
// false it only looks for a certified period, and failing that returns
// as a hint the periodic stretch (start, period) that the last values
// show (Period uses it to choose the next length to check).
func findPeriod(s *Sequence, th theorem, full bool) (Periodicity, [2]int) {
	switch s.v.W {
	case 2:
		return findPeriodIn(&tail[uint16]{v: s.v.B16, n: len(s.v.B16)}, th, full)
	case 8:
		return findPeriodIn(&tail[sg.Nimber]{v: s.v.B64, n: len(s.v.B64)}, th, full)
	}
	return findPeriodIn(&tail[uint8]{v: s.v.B8, n: len(s.v.B8)}, th, full)
}

// findPeriodIn is findPeriod for the values held in t.
func findPeriodIn[T uint8 | uint16 | sg.Nimber](t *tail[T], th theorem, full bool) (Periodicity, [2]int) {
	n := t.n
	res := Periodicity{CheckedTo: n}
	if e, p := t.certifiedTail(th); p > 0 {
		res.Preperiod, res.Period, res.Certified = e, p, true
		return res, [2]int{e, p}
	}
	if !full {
		var hint [2]int
		if th.ok {
			hint[0], hint[1] = t.recentTail()
		}
		return res, hint
	}
	if e, p, found := t.smallestTail(); found {
		res.Preperiod, res.Period = e, p
		return res, [2]int{e, p}
	}
	if n < 3 || th.ok && th.m <= 2 {
		// Octal games with a finite largest removal are never
		// arithmetic periodic (D. G. Horrocks and R. J. Nowakowski,
		// "Regularity in the G-sequences of octal games with a pass",
		// Integers 3 (2003) G1, abstract).
		return res, [2]int{}
	}
	// Arithmetic periodicity: the differences are periodic.
	d := &tail[T]{v: t.v, n: n - 1, diff: true}
	e, p, found := d.smallestTail()
	if !found {
		return res, [2]int{}
	}
	saltus := uint64(t.v[e+p]) - uint64(t.v[e])
	if int64(saltus) <= 0 {
		return res, [2]int{}
	}
	res.Preperiod, res.Period, res.Saltus = e, p, sg.Nimber(saltus)
	return res, [2]int{}
}

// Period computes the value sequence of r, checking its periodicity as it
// grows, and stops as soon as a period is certified (see [FindPeriod]) or
// when maxN values are computed. It returns the values, the periodicity
// found in them (Period 0 when none), and an error when ctx is done first
// (with the values and periodicity so far) or r is not a valid rule. A
// negative maxN, or one above 2^32, is an error, as for [Values].
//
// The sequence grows geometrically, and when its last values show a
// periodic stretch, straight to the length that would certify it; so the
// run stops as soon as the theorem's window is covered (.1777, preperiod
// 160,949,018 and period 60,620,715, at exactly the 443,139,470 values its
// window needs). The checks read the values in place, with no memory of
// their own, and cost O(n) in all. The options are those of [Values]:
// the engine, progress reports and checkpoints (a resumed run gives the
// same results as an uninterrupted one).
func Period(ctx context.Context, r game.HeapRule, maxN int, opts ...Option) (*Sequence, Periodicity, error) {
	if err := checkLength("Period", "maxN", maxN, memoryOf(opts)); err != nil {
		return nil, Periodicity{}, err
	}
	if r == nil {
		return nil, Periodicity{}, errors.New("sequence: Period: nil rule")
	}
	rs := newRun(r, opts)
	rs.op, rs.target = "sequence.Period", maxN
	s, err := startSequence(rs, maxN, false)
	if err != nil {
		return nil, Periodicity{}, err
	}
	e := chooseEngine(r, rs)
	th := theoremFor(r)
	var per Periodicity
	// The lengths at which periodicity is checked depend only on the
	// values, not on where a resumed run started, so that a resumed run
	// stops where an uninterrupted one does.
	done := 0
	jumped := false // the last step went to a certification length
	for target := min(maxN, 256); ; {
		s.reserve(target)
		if err = e.extend(ctx, s, target); err != nil {
			break
		}
		done = target
		var hint [2]int
		per, hint = findPeriod(s.prefix(target), th, target >= maxN)
		if per.Certified || target >= maxN {
			break
		}
		// Past 2^16 values the sequence grows by half rather than doubling:
		// a check costs a few nanoseconds a value against the engine's
		// hundreds, and the last values then more often show the stretch
		// that will certify (its recurrence), so that the run goes straight
		// to its window instead of past it.
		next := 2 * target
		if target >= 1<<16 {
			next = target + target/2
		}
		if hint[1] == 0 || !th.ok {
			jumped = false
		} else {
			// The length that would certify the longest periodic
			// stretch seen, if it goes on.
			// (When the last jump there did not certify, grow by at least
			// 1/16: that bounds the number of checks if stretches keep
			// breaking just before their window.)
			step := 1
			if jumped {
				step = target/16 + 1
			}
			need := th.window(hint[0], hint[1]) + hint[1]
			jumped = need < next
			next = min(next, max(need, target+step))
		}
		target = min(maxN, next)
	}
	if err != nil {
		done = s.Len()
		per, _ = findPeriod(s, th, true)
	}
	err = finish(rs, s, err)
	return s.prefix(done), per, err
}
