package sequence

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// Basis says where an [Answer] takes its values from.
type Basis int

const (
	// BasisFormula: the rule's formula (see [game.FormulaRule]), for any heap.
	BasisFormula Basis = iota + 1
	// BasisPeriod: a certified period, for any heap, with the values
	// before the end of the certificate from the computed prefix.
	BasisPeriod
	// BasisPrefix: the computed values G(0) … G(Len()-1) only.
	BasisPrefix
)

// String returns "formula", "period" or "prefix".
func (b Basis) String() string {
	switch b {
	case BasisFormula:
		return "formula"
	case BasisPeriod:
		return "period"
	case BasisPrefix:
		return "prefix"
	}
	return fmt.Sprintf("Basis(%d)", int(b))
}

// ErrUnknown is wrapped by the error of [Answer.At] for a heap past the
// computed prefix of an answer with no formula and no certified period.
var ErrUnknown = errors.New("value not known")

// ErrOverflow is wrapped by the error of [Answer.At] when G(n) does not fit
// in an [sg.Nimber]: arithmetic periodicity, or a formula such as Lasker's
// Nim at 2^64-1, whose value is 2^64.
var ErrOverflow = errors.New("value does not fit in 64 bits")

// Answer is the one answer to "what is G(n)?" for a heap game: it gives
// G(n) for any n from the rule's formula, from a certified period, or from
// a computed prefix, and says which ([Answer.Basis]). Past a certified
// period every value costs O(1), so an Answer is how to read many values
// of a periodic game: [Values] computes every value, an Answer computes
// only up to the certificate. An Answer is immutable and safe for
// concurrent use.
type Answer struct {
	rule    game.HeapRule
	basis   Basis
	formula game.Formula
	seq     *Sequence
	per     Periodicity

	// lazy says that per is found in seq at the first call of
	// Periodicity (a rule whose period can only be observed).
	lazy bool
	once sync.Once
}

// Solve returns the answer for rule r, computing at most maxN values:
// nothing when r has a formula; else the values until [Period] certifies
// a period (or maxN values), with the options of [Values]. When ctx is
// done first, or the run fails, it returns the error together with an
// answer built from the exact values computed so far (basis prefix), so
// that finished work is kept. maxN is checked as for [Values], against
// the memory limit ([WithMemory]).
//
// To know G(n) for one heap, maxN = n+1 is enough: see [Value].
func Solve(ctx context.Context, r game.HeapRule, maxN int, opts ...Option) (*Answer, error) {
	if r == nil {
		return nil, errors.New("sequence: Solve: nil rule")
	}
	if err := checkLength("Solve", "maxN", maxN, memoryOf(opts)); err != nil {
		return nil, err
	}
	rs := newRun(r, opts)
	if rs.method == MethodAuto {
		if f, ok := game.FormulaOf(r); ok {
			return &Answer{rule: r, basis: BasisFormula, formula: f}, nil
		}
	}
	if !Certifiable(r) {
		// No theorem can certify a period: the values are all there is,
		// and checking periodicity as they grow would only cost time.
		seq, err := Values(ctx, r, maxN, opts...)
		if seq == nil {
			return nil, err
		}
		return &Answer{rule: r, basis: BasisPrefix, seq: seq, lazy: true}, err
	}
	seq, per, err := Period(ctx, r, maxN, opts...)
	if seq == nil {
		return nil, err
	}
	a := &Answer{rule: r, basis: BasisPrefix, seq: seq, per: per}
	if per.Certified && err == nil {
		a.basis = BasisPeriod
	}
	return a, err
}

// Value returns G(n) for rule r and the answer it came from, computing at
// most min(n+1, maxN) values (none when r has a formula). It returns an
// error wrapping [ErrUnknown] when no period is certified within those
// values and n is past them, and [ErrOverflow] when G(n) does not fit in
// an [sg.Nimber].
func Value(ctx context.Context, r game.HeapRule, n uint64, maxN int, opts ...Option) (sg.Nimber, *Answer, error) {
	a, err := Solve(ctx, r, valuesFor(n, maxN), opts...)
	if err != nil {
		return 0, a, err
	}
	v, err := a.At(n)
	return v, a, err
}

// valuesFor returns the number of values Value computes at most to find
// G(n) with a bound of maxN: n+1 when that is fewer (fewer still once a
// period is certified), else maxN.
func valuesFor(n uint64, maxN int) int {
	if maxN > 0 && n < uint64(maxN) {
		return int(n) + 1
	}
	return maxN
}

// Basis says where the answer's values come from.
func (a *Answer) Basis() Basis { return a.basis }

// Rule returns the rule answered for.
func (a *Answer) Rule() game.HeapRule { return a.rule }

// Periodicity returns the periodicity found in the computed values (the
// zero Periodicity for an answer from a formula, which computes none). For
// a rule whose period cannot be certified it is found at the first call,
// by [FindPeriod].
func (a *Answer) Periodicity() Periodicity {
	if a.lazy {
		a.once.Do(func() { a.per = FindPeriod(a.seq, a.rule) })
	}
	return a.per
}

// Len returns the number of computed values the answer holds: G(0) …
// G(Len()-1) (0 for an answer from a formula).
func (a *Answer) Len() int {
	if a.seq == nil {
		return 0
	}
	return a.seq.Len()
}

// Known reports whether At(n) has an answer other than an overflow: every
// n for a formula or a certified period, n < Len() for a prefix.
func (a *Answer) Known(n uint64) bool {
	return a.basis != BasisPrefix || n < uint64(a.Len())
}

// At returns G(n) in O(1): from the formula, from the computed prefix, or
// from the certified period. It returns an error that names n, wrapping
// [ErrUnknown] when the answer does not know G(n) (see [Answer.Known]) and
// [ErrOverflow] when G(n) does not fit in an [sg.Nimber].
func (a *Answer) At(n uint64) (sg.Nimber, error) {
	if a.basis == BasisFormula {
		if n == 0 {
			return 0, nil
		}
		v, ok := a.formula(n)
		if !ok {
			return 0, fmt.Errorf("sequence: %s: G(%d) is 2^64 or more: %w", ruleName(a.rule), n, ErrOverflow)
		}
		return v, nil
	}
	if v, ok := a.per.ValueAt(a.seq, n); ok {
		return v, nil
	}
	if a.basis == BasisPeriod {
		return 0, fmt.Errorf("sequence: %s: G(%d) is 2^64 or more: %w", ruleName(a.rule), n, ErrOverflow)
	}
	return 0, fmt.Errorf("sequence: %s: G(%d) is past the %d values computed, with no certified period: %w",
		ruleName(a.rule), n, a.Len(), ErrUnknown)
}

// AppendValues appends G(lo) … G(hi-1) to dst and returns it, each in
// O(1), so that a caller can stream any number of values in chunks of
// bounded memory. It stops at the first value At cannot give, returning
// the values before it and At's error. A range of more than
// [MaxAppend] values is refused with an error naming its size and memory:
// read it in chunks.
func (a *Answer) AppendValues(dst []sg.Nimber, lo, hi uint64) ([]sg.Nimber, error) {
	if hi > lo && hi-lo > MaxAppend {
		return dst, fmt.Errorf("sequence: AppendValues(%d, %d): %d values would take %s, more than the %d values (%s) a call may append: read them in chunks",
			lo, hi, hi-lo, bytesText(int64(min(hi-lo, 1<<60))*8), uint64(MaxAppend), bytesText(MaxAppend*8))
	}
	for n := lo; n < hi; n++ {
		if a.basis == BasisPrefix && n < uint64(a.seq.Len()) {
			dst = append(dst, a.seq.At(int(n)))
			continue
		}
		v, err := a.At(n)
		if err != nil {
			return dst, err
		}
		dst = append(dst, v)
	}
	return dst, nil
}

// MaxAppend is the most values one call of [Answer.AppendValues] appends:
// 2^27, 1 GiB at 8 bytes a value.
const MaxAppend = 1 << 27

// Certifiable reports whether a theorem can certify a period of r (see
// [FindPeriod]): take-and-break codes with a finite largest removal. Other
// rules only ever show an observed period.
func Certifiable(r game.HeapRule) bool {
	return theoremFor(r).ok
}
