package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

// periodReport is the JSON printed by period; the field order is the key
// order.
type periodReport struct {
	Game      string `json:"game"`
	Preperiod int    `json:"preperiod"`
	Period    int    `json:"period"`
	Saltus    uint64 `json:"saltus"`
	Certified bool   `json:"certified"`
	CheckedTo int    `json:"checked_to"`
}

// cmdPeriod prints the periodicity of a game as JSON: sequence.Period,
// which stops as soon as a period is certified, and reads the values of a
// rule with a formula from the formula (0.[3], lasker, odd, anywhere have
// no certifiable period: theirs is observed in their first -max values).
func cmdPeriod(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("period", args, map[string]bool{"max": true, "mem": true, "progress": false, "checkpoint": true})
	if err != nil {
		return err
	}
	if len(ops) != 1 {
		return badArg("period: want GAME [-max N], got %d arguments", len(ops))
	}
	r, err := parseGame("period", ops[0])
	if err != nil {
		return err
	}
	maxN, err := maxFlag("period", flags, r)
	if err != nil {
		return err
	}
	_, force := flags["progress"]
	opts, done := progress(stderr, force)
	if opts, err = checkpointFlag("period", flags, opts); err != nil {
		return err
	}
	if opts, err = memFlag("period", flags, opts); err != nil {
		return err
	}
	_, per, err := sequence.Period(ctx, r, maxN, opts...)
	done()
	if err != nil {
		return fmt.Errorf("period of %v: %w", r, memHint(err, "raise it with -mem, or lower -max"))
	}
	if err := writeJSON(stdout, periodReport{
		Game:      r.String(),
		Preperiod: per.Preperiod,
		Period:    per.Period,
		Saltus:    uint64(per.Saltus),
		Certified: per.Certified,
		CheckedTo: per.CheckedTo,
	}); err != nil {
		return err
	}
	if per.Period == 0 {
		return fmt.Errorf("%w for %v in %d values (raise -max)", errNoPeriod, r, per.CheckedTo)
	}
	return nil
}

// maxFlag returns the -max of period and value: the flag's value, else the
// default for r (larger for rules whose period can be certified).
func maxFlag(cmd string, flags map[string]string, r rulesets.Ruleset) (int, error) {
	s, ok := flags["max"]
	if !ok {
		if sequence.Certifiable(r) {
			return defaultCertifiableMax, nil
		}
		return defaultMax, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxValues {
		return 0, badArg("%s: bad -max %s: want a whole number from 1 to %d", cmd, quote(s), maxValues)
	}
	return n, nil
}

// defaultMax is the default -max: the number of values period and value
// compute at most while looking for a period, for rules that no theorem can
// certify (they only ever show an observed period).
const defaultMax = 1 << 16

// defaultCertifiableMax is the default -max for take-and-break codes with a
// finite largest removal, whose periods the Guy–Smith theorem certifies:
// Period stops as soon as it has, so the limit only matters for games
// that are not periodic yet, and bounds them at 2^28 values (256 MiB at one
// byte a value; Ctrl-C stops earlier). .354 is certified at about 2·10^7
// values; .1777 needs 4.4·10^8 (-max 450000000).
const defaultCertifiableMax = 1 << 28

// memFlag adds to opts the memory limit that -mem BYTES asks for
// (sequence.WithMemory; default sequence.DefaultMemory, 1 GiB):
// the most the values may take, a byte each below 256 and 2 bytes each
// from there to 65,535. Grundy's game to 2^30 heaps needs -mem 2G.
func memFlag(cmd string, flags map[string]string, opts []sequence.Option) ([]sequence.Option, error) {
	if _, ok := flags["mem"]; !ok {
		return opts, nil
	}
	mem, err := memBytes(cmd, flags, sequence.DefaultMemory, minValuesMem)
	if err != nil {
		return nil, err
	}
	return append(opts, sequence.WithMemory(mem)), nil
}

// memBytes returns the bytes that -mem asks for (def without it), or a
// usage error naming the flag's text when it is not a size from least
// bytes to 2^50, with the same message for every bad size. solve, values,
// period and value read -mem with it.
func memBytes(cmd string, flags map[string]string, def, least int64) (int64, error) {
	s, ok := flags["mem"]
	if !ok {
		return def, nil
	}
	mem, err := parseBytes(s)
	if err != nil || mem < least {
		return 0, badArg("%s: bad -mem %s: want at least %d bytes%s and at most 2^50, such as 1000000000, 512M or 2G", cmd, quote(s), least, sizeText(least))
	}
	return mem, nil
}

// sizeText writes n bytes in K, M or G, when n is a whole number of them,
// as " (256K)", else "".
func sizeText(n int64) string {
	for _, u := range []struct {
		shift  uint
		suffix string
	}{{30, "G"}, {20, "M"}, {10, "K"}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return fmt.Sprintf(" (%d%s)", n>>u.shift, u.suffix)
		}
	}
	return ""
}

// memHint adds to an error of values past the memory limit the flags
// that move it, how (with -checkpoint, the run resumes from the values it
// kept).
func memHint(err error, how string) error {
	if le := (*sg.LimitError)(nil); errors.As(err, &le) && le.Bound == "memory" {
		return fmt.Errorf("%w (%s)", err, how)
	}
	return err
}

// minValuesMem is the least -mem of values, period and value.
const minValuesMem = 1 << 10

// checkpointFlag adds to opts the checkpoint that -checkpoint FILE asks
// for: the run saves its values to FILE every minute and when it ends or
// is interrupted, and a later run with the same FILE resumes from them
// (sequence.WithCheckpoint).
func checkpointFlag(cmd string, flags map[string]string, opts []sequence.Option) ([]sequence.Option, error) {
	path, ok := flags["checkpoint"]
	if !ok {
		return opts, nil
	}
	if path == "" {
		return nil, badArg("%s: bad -checkpoint \"\": want a file name", cmd)
	}
	return append(opts, sequence.WithCheckpoint(path, time.Minute)), nil
}
