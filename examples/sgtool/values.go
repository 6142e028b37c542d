package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

// valuesChunk is the number of values written per chunk: values holds at
// most this many past the computed ones, whatever N is.
const valuesChunk = 1 << 16

// cmdValues prints G(0) … G(N-1) on one line, or with -stats their
// statistics as JSON (statsReport). It asks the library for the
// one answer (sequence.Solve, at most N values computed): a formula
// computes nothing, a certified period stops the computation at its
// certificate, and the values are then written in chunks, each in O(1),
// so memory stays bounded by the certificate, not by N.
func cmdValues(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("values", args, map[string]bool{"progress": false, "stats": false, "checkpoint": true, "mem": true})
	if err != nil {
		return err
	}
	if len(ops) != 2 {
		return badArg("values: want GAME N, got %d arguments", len(ops))
	}
	if ok, err := valuesLoopy(ctx, ops, stdout); ok {
		return err
	}
	r, err := parseGame("values", ops[0])
	if err != nil {
		return err
	}
	n, err := parseCount("values", "N", ops[1])
	if err != nil {
		return err
	}
	_, force := flags["progress"]
	opts, done := progress(stderr, force)
	if opts, err = checkpointFlag("values", flags, opts); err != nil {
		return err
	}
	if opts, err = memFlag("values", flags, opts); err != nil {
		return err
	}
	ans, err := sequence.Solve(ctx, r, n, opts...)
	done()
	if err != nil {
		return fmt.Errorf("values of %v: %w", r, memHint(err, "raise it with -mem"))
	}
	if _, ok := flags["stats"]; ok {
		rep, err := statsOf(ctx, ans, r.String(), n)
		if err != nil {
			return err
		}
		return writeJSON(stdout, rep)
	}
	w := bufio.NewWriter(stdout)
	var num []byte
	chunk := make([]sg.Nimber, 0, min(n, valuesChunk))
	for lo := 0; lo < n; lo += valuesChunk {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("values of %v: %w", r, err)
		}
		hi := min(n, lo+valuesChunk)
		chunk, err = ans.AppendValues(chunk[:0], uint64(lo), uint64(hi))
		if err != nil {
			return fmt.Errorf("values of %v: %w", r, err)
		}
		for i, v := range chunk {
			if lo+i > 0 {
				w.WriteByte(' ')
			}
			num = strconv.AppendUint(num[:0], uint64(v), 10)
			w.Write(num)
		}
	}
	w.WriteByte('\n')
	return w.Flush()
}
