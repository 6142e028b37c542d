package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/impartial-go/impartial/sg/sequence"
)

// cmdValue prints G(HEAP) for any heap up to 2^64-1: sequence.Value
// answers from the formula, from a certified period, or from at most
// min(HEAP+1, -max) computed values.
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
	opts, done := progress(stderr, force)
	if opts, err = memFlag("value", flags, opts); err != nil {
		done()
		return err
	}
	v, ans, err := sequence.Value(ctx, r, heap, maxN, opts...)
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
