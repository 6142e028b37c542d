package main

import (
	"context"
	"io"
	"strconv"

	"github.com/impartial-go/impartial/sg"
)

// parseNimber reads a nimber operand: a whole number from 0 to 2^64-1.
func parseNimber(cmd, what, s string) (sg.Nimber, error) {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, badArg("%s: bad %s %q: want a whole number from 0 to 2^64-1", cmd, what, s)
	}
	return sg.Nimber(v), nil
}

// cmdNimmul prints the nim-product of A and B as {"product": N}.
func cmdNimmul(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	_, ops, err := splitArgs("nimmul", args, nil)
	if err != nil {
		return err
	}
	if len(ops) != 2 {
		return badArg("nimmul: want A B, got %d arguments", len(ops))
	}
	a, err := parseNimber("nimmul", "A", ops[0])
	if err != nil {
		return err
	}
	b, err := parseNimber("nimmul", "B", ops[1])
	if err != nil {
		return err
	}
	return writeJSON(stdout, struct {
		Product uint64 `json:"product"`
	}{uint64(a.Mul(b))})
}

// cmdNiminv prints the nim-reciprocal of A as {"inverse": N}; A = 0 is a
// bad argument.
func cmdNiminv(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	_, ops, err := splitArgs("niminv", args, nil)
	if err != nil {
		return err
	}
	if len(ops) != 1 {
		return badArg("niminv: want A, got %d arguments", len(ops))
	}
	a, err := parseNimber("niminv", "A", ops[0])
	if err != nil {
		return err
	}
	inv, err := a.Inv()
	if err != nil {
		return badArg("niminv: bad A \"0\": the nimber 0 has no inverse")
	}
	return writeJSON(stdout, struct {
		Inverse uint64 `json:"inverse"`
	}{uint64(inv)})
}
