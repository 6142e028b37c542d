package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/impartial-go/impartial/sg/sequence"
)

// cmdValue prints G(HEAP) for any heap up to 2^64-1: sequence.Value
// answers from the formula, from a certified period, or from at most
// min(HEAP+1, -max) computed values. Without -max, when the default -max
// values certify no period, it computes the HEAP+1 values G(0) … G(HEAP)
// when that is in reach (prefixInReach) and answers from them.
func cmdValue(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("value", args, map[string]bool{"max": true, "mem": true, "progress": false})
	if err != nil {
		return err
	}
	if len(ops) != 2 {
		return badArg("value: want GAME HEAP [-max N], got %d arguments", len(ops))
	}
	if ok, err := valueLoopy(ctx, ops, stdout); ok {
		return err
	}
	r, err := parseGame("value", ops[0])
	if err != nil {
		return err
	}
	heap, err := strconv.ParseUint(ops[1], 10, 64)
	if err != nil {
		return badArg("value: bad HEAP %s: want a whole number from 0 to 2^64-1", quote(ops[1]))
	}
	maxN, err := maxFlag("value", flags, r)
	if err != nil {
		return err
	}
	_, force := flags["progress"]
	var method sequence.Method // of the last report: the engine at work
	opts, done := progress(stderr, force, func(p sequence.Progress) { method = p.Method })
	if opts, err = memFlag("value", flags, opts); err != nil {
		done()
		return err
	}
	start := time.Now()
	v, ans, err := sequence.Value(ctx, r, heap, maxN, opts...)
	if _, set := flags["max"]; !set && errors.Is(err, sequence.ErrUnknown) {
		// No period in the default -max values: compute the prefix to
		// HEAP when that is in reach.
		if heap >= maxValues {
			done()
			return fmt.Errorf("%w: %v has no certified period in %d values, so G(%d) is unknown (sgtool computes at most %d values)",
				errNoPeriod, r, ans.Len(), heap, maxValues)
		}
		if est, ok := prefixInReach(heap, ans.Len(), time.Since(start), method); !ok {
			done()
			return fmt.Errorf("%w: %v has no certified period in %d values, so G(%d) is unknown; computing the %d values to it would take %s (raise -max to %d to wait)",
				errNoPeriod, r, ans.Len(), heap, heap+1, est, heap+1)
		}
		v, ans, err = sequence.Value(ctx, r, heap, int(heap)+1, opts...)
	}
	done()
	switch {
	case errors.Is(err, sequence.ErrOverflow) && ans.Basis() == sequence.BasisFormula:
		return fmt.Errorf("value of %v: G(%d) overflows a 64-bit nimber (its formula gives 2^64 or more)", r, heap)
	case errors.Is(err, sequence.ErrOverflow):
		return fmt.Errorf("value of %v: G(%d) overflows a 64-bit nimber", r, heap)
	case errors.Is(err, sequence.ErrUnknown):
		return fmt.Errorf("%w: %v has no certified period in %d values, so G(%d) is unknown (raise -max)",
			errNoPeriod, r, ans.Len(), heap)
	case err != nil:
		return fmt.Errorf("value of %v: %w", r, memHint(err, "raise it with -mem, or lower -max"))
	}
	_, err = fmt.Fprintln(stdout, uint64(v))
	return err
}

// prefixBudget is the most time that value spends, by its estimate, on
// computing the values up to HEAP when its default -max values certify no
// period.
const prefixBudget = time.Minute

// prefixInReach reports whether the heap+1 values G(0) … G(heap) may be
// computed within prefixBudget, given that the first len of them took
// took with the engine method; when they may not, it returns the
// estimate, in words. The estimate grows with the square of the count for
// the direct engine (its cost on a rule that removes a bounded number of
// tokens) and with its power 1.5 for the sparse engine, whose cost per
// value grows with the number of rare heaps; it is rough, erring long.
func prefixInReach(heap uint64, len int, took time.Duration, method sequence.Method) (estimate string, ok bool) {
	power := 2.0
	if method == sequence.MethodSparse {
		power = 1.5
	}
	r := float64(heap+1) / float64(max(len, 1))
	est := time.Duration(float64(max(took, time.Millisecond)) * math.Pow(r, power))
	switch {
	case est <= prefixBudget:
		return "", true
	case est > 1000*time.Hour:
		return "more than 1000 hours", false
	}
	return "about " + est.Round(time.Minute).String(), false
}
