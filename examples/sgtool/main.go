// Command sgtool computes Sprague–Grundy values of heap games from the
// command line, for teaching, scripts and programs in other languages.
//
// Usage:
//
//	sgtool values GAME N            G(0) … G(N-1) on one line
//	sgtool period GAME [-max N]     preperiod, period, saltus as JSON
//	sgtool value GAME HEAP [-max N] G(HEAP), for any heap up to 2^64-1 once a
//	                                period is certified (or a formula is known);
//	                                at most HEAP+1 values are computed
//	sgtool nim [-misere] A B C…     nim-sum, outcome and winning moves as JSON
//
// GAME is a spec read by rulesets.Parse: a take-and-break code (.07, 0.137,
// 4.07, 0.[3]), sub:1,3,4, bash:M, allbut:1,2, odd, fib, adjacent:A,B,C,
// anywhere:K, or a name: nim, kayles, dawson, grundy, lasker.
//
// Exit status: 0 on success, 1 when the computation fails or is
// interrupted, or when G(HEAP) does not fit in 64 bits (Lasker's Nim at
// 2^64-1), 2 for a bad argument (with a one-line message naming it), 3
// when period finds no period within -max values (the JSON is still
// printed, with "period": 0) or value cannot reach the heap asked for.
// Progress goes to standard error when it is a terminal.
//
// -max defaults to 2^28 values for take-and-break codes with a finite
// largest removal (period stops as soon as the Guy–Smith theorem certifies
// a period, so .16, .56, .127, .376 and .354 finish in seconds) and to
// 2^16 for other rules, whose periods can only be observed. Rules with a
// formula (nim, lasker, odd, adjacent, anywhere, bash:M) give value in
// O(1) and, when no theorem certifies their period, period observes it in
// their first -max values, computed from the formula.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

// Exit statuses.
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitNoPeriod = 3
)

// defaultMax is the default -max: the number of values period and value
// compute at most while looking for a period, for rules that no theorem can
// certify (they only ever show an observed period).
const defaultMax = 1 << 16

// defaultCertifiableMax is the default -max for take-and-break codes with a
// finite largest removal, whose periods the Guy–Smith theorem certifies:
// Period stops as soon as it has, so the limit only matters for games that
// that are not periodic yet, and bounds them at 2^28 values (256 MiB at one
// byte a value; Ctrl-C stops earlier). .354 is certified at about 2·10^7
// values; .1777 needs 4.4·10^8 (-max 450000000).
const defaultCertifiableMax = 1 << 28

// certifiable reports whether a period of r can be certified by a theorem.
func certifiable(r rulesets.Ruleset) bool {
	tb, ok := r.(game.TakeBreakRule)
	return ok && tb.MaxTake() >= 0
}

// maxValues bounds N and -max, so that a typo cannot ask for terabytes.
const maxValues = 1 << 30

const usage = `usage:
  sgtool values GAME N             print G(0) … G(N-1)
  sgtool period GAME [-max N]      print preperiod, period, saltus, certified as JSON
  sgtool value GAME HEAP [-max N]  print G(HEAP), HEAP up to 2^64-1
  sgtool nim [-misere] A B C…      print nim-sum, outcome and winning moves as JSON
GAME: .07  0.137  4.07  0.[3]  sub:1,3,4  bash:M  allbut:1,2  odd  fib
      adjacent:A,B,C  anywhere:K  nim  kayles  dawson  grundy  lasker
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// usageError is a bad command line: it is printed on one line and the
// command exits with status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func badArg(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// errNoPeriod makes the command exit with status 3 after printing its
// output.
var errNoPeriod = errors.New("no period found")

// run is the whole command: it parses args (without the program name),
// writes results to stdout and messages to stderr, and returns the exit
// status.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	err := dispatch(ctx, args, stdout, stderr)
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errNoPeriod):
		fmt.Fprintln(stderr, "sgtool:", oneLine(err.Error()))
		return exitNoPeriod
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "sgtool:", oneLine(ue.msg))
		return exitUsage
	}
	fmt.Fprintln(stderr, "sgtool:", oneLine(err.Error()))
	return exitFailure
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		io.WriteString(stderr, usage)
		return badArg("missing subcommand (values, period, value or nim)")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "values":
		return cmdValues(ctx, rest, stdout, stderr)
	case "period":
		return cmdPeriod(ctx, rest, stdout, stderr)
	case "value":
		return cmdValue(ctx, rest, stdout, stderr)
	case "nim":
		return cmdNim(rest, stdout)
	case "help", "-h", "-help", "--help":
		io.WriteString(stdout, usage)
		return nil
	}
	return badArg("unknown subcommand %q (want values, period, value or nim)", cmd)
}

// splitArgs separates the flags of a subcommand from its operands. flags
// maps each accepted flag name to whether it takes a value; "-name value",
// "-name=value" and "--name" are accepted, anywhere on the line. A word
// starting with "-" and a digit is an operand (and, as a heap or count, is
// rejected later with its own message).
func splitArgs(cmd string, args []string, flags map[string]bool) (map[string]string, []string, error) {
	set := map[string]string{}
	var operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' || (a[1] >= '0' && a[1] <= '9') {
			operands = append(operands, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		name, value, hasValue := strings.Cut(name, "=")
		takes, ok := flags[name]
		if !ok {
			return nil, nil, badArg("%s: unknown flag %q", cmd, a)
		}
		if takes && !hasValue {
			if i+1 >= len(args) {
				return nil, nil, badArg("%s: flag %q needs a value", cmd, a)
			}
			i++
			value = args[i]
		}
		if !takes && hasValue {
			return nil, nil, badArg("%s: flag %q takes no value", cmd, a)
		}
		set[name] = value
	}
	return set, operands, nil
}

func parseGame(cmd, spec string) (rulesets.Ruleset, error) {
	r, err := rulesets.Parse(spec)
	if err != nil {
		return nil, badArg("%s: bad GAME: %v", cmd, strings.TrimPrefix(err.Error(), "rulesets: "))
	}
	return r, nil
}

func parseCount(cmd, what, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > maxValues {
		return 0, badArg("%s: bad %s %q: want a whole number from 0 to %d", cmd, what, s, maxValues)
	}
	return n, nil
}

// progress returns the options that report progress on stderr, when it is
// a terminal, and a function that ends the progress line.
func progress(stderr io.Writer) ([]sequence.Option, func()) {
	f, ok := stderr.(*os.File)
	if !ok {
		return nil, func() {}
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil, func() {}
	}
	shown := false
	opt := sequence.WithProgress(time.Second, func(p sequence.Progress) {
		shown = true
		fmt.Fprintf(f, "\r%d/%d values, %.0f/s, %v   ", p.Done, p.Target, p.PerSecond, p.Elapsed.Round(time.Second))
	})
	return []sequence.Option{opt}, func() {
		if shown {
			fmt.Fprintln(f)
		}
	}
}

// values returns G(0) … G(n-1): from the rule's formula when it has one
// (Nim's values cost O(n³) to compute from its moves), else from sequence.Values.
func values(ctx context.Context, r rulesets.Ruleset, n int, opts []sequence.Option) (*sequence.Sequence, error) {
	if f, ok := rulesets.ClosedFormOf(r); ok {
		return formulaValues(ctx, r, f, n)
	}
	return sequence.Values(ctx, r, n, opts...)
}

// ctxEvery is how many values formulaValues computes between two looks at
// the context.
const ctxEvery = 1 << 16

// formulaValues returns G(0) … G(n-1) from the formula f of r, and ctx's
// error when it is done first (Ctrl-C).
func formulaValues(ctx context.Context, r rulesets.Ruleset, f rulesets.ValueFunc, n int) (*sequence.Sequence, error) {
	seq := sequence.New(n)
	for i := range n {
		if i%ctxEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		v, ok := f(uint64(i))
		if !ok {
			return nil, fmt.Errorf("the formula of %v has no value for heap %d", r, i)
		}
		seq.Append(v)
	}
	return seq, nil
}

// period returns the values and periodicity of r: sequence.Period, which stops as
// soon as a period is certified; or, for a rule with a formula but no
// certifiable period (0.[3], 0.[7], lasker, odd, anywhere), the observed
// periodicity of its first maxN values.
func period(ctx context.Context, r rulesets.Ruleset, maxN int, opts []sequence.Option) (*sequence.Sequence, sequence.Periodicity, error) {
	if f, ok := rulesets.ClosedFormOf(r); ok && !certifiable(r) {
		seq, err := formulaValues(ctx, r, f, maxN)
		if err != nil {
			return nil, sequence.Periodicity{}, err
		}
		return seq, sequence.FindPeriod(seq, r), nil
	}
	return sequence.Period(ctx, r, maxN, opts...)
}

func cmdValues(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	_, ops, err := splitArgs("values", args, nil)
	if err != nil {
		return err
	}
	if len(ops) != 2 {
		return badArg("values: want GAME N, got %d arguments", len(ops))
	}
	r, err := parseGame("values", ops[0])
	if err != nil {
		return err
	}
	n, err := parseCount("values", "N", ops[1])
	if err != nil {
		return err
	}
	opts, done := progress(stderr)
	seq, err := values(ctx, r, n, opts)
	done()
	if err != nil {
		return fmt.Errorf("values of %v: %w", r, err)
	}
	w := bufio.NewWriter(stdout)
	var num []byte
	for i, v := range seq.All() {
		if i > 0 {
			w.WriteByte(' ')
		}
		num = strconv.AppendUint(num[:0], uint64(v), 10)
		w.Write(num)
	}
	w.WriteByte('\n')
	return w.Flush()
}

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

func cmdPeriod(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("period", args, map[string]bool{"max": true})
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
	opts, done := progress(stderr)
	_, per, err := period(ctx, r, maxN, opts)
	done()
	if err != nil {
		return fmt.Errorf("period of %v: %w", r, err)
	}
	out, err := json.Marshal(periodReport{
		Game:      r.String(),
		Preperiod: per.Preperiod,
		Period:    per.Period,
		Saltus:    uint64(per.Saltus),
		Certified: per.Certified,
		CheckedTo: per.CheckedTo,
	})
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(stdout, "%s\n", out); err != nil {
		return err
	}
	if per.Period == 0 {
		return fmt.Errorf("%w for %v in %d values (raise -max)", errNoPeriod, r, per.CheckedTo)
	}
	return nil
}

func maxFlag(cmd string, flags map[string]string, r rulesets.Ruleset) (int, error) {
	s, ok := flags["max"]
	if !ok {
		if certifiable(r) {
			return defaultCertifiableMax, nil
		}
		return defaultMax, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxValues {
		return 0, badArg("%s: bad -max %q: want a whole number from 1 to %d", cmd, s, maxValues)
	}
	return n, nil
}

func cmdValue(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("value", args, map[string]bool{"max": true})
	if err != nil {
		return err
	}
	if len(ops) != 2 {
		return badArg("value: want GAME HEAP [-max N], got %d arguments", len(ops))
	}
	r, err := parseGame("value", ops[0])
	if err != nil {
		return err
	}
	heap, err := strconv.ParseUint(ops[1], 10, 64)
	if err != nil {
		return badArg("value: bad HEAP %q: want a whole number from 0 to 2^64-1", ops[1])
	}
	maxN, err := maxFlag("value", flags, r)
	if err != nil {
		return err
	}
	if f, ok := rulesets.ClosedFormOf(r); ok {
		v, ok := f(heap)
		if !ok {
			return fmt.Errorf("value of %v: G(%d) overflows a 64-bit nimber (its formula gives 2^64 or more)", r, heap)
		}
		_, err := fmt.Fprintln(stdout, uint64(v))
		return err
	}
	opts, done := progress(stderr)
	seq, per, err := period(ctx, r, valuesFor(heap, maxN), opts)
	done()
	if err != nil {
		return fmt.Errorf("value of %v: %w", r, err)
	}
	v, ok := per.ValueAt(seq, heap)
	if !ok {
		return fmt.Errorf("%w: %v has no certified period in %d values, so G(%d) is unknown (raise -max)",
			errNoPeriod, r, seq.Len(), heap)
	}
	_, err = fmt.Fprintln(stdout, uint64(v))
	return err
}

// valuesFor returns the number of values value computes at most to find
// G(heap) with -max maxN ≥ 1: heap+1 when that is fewer (fewer still once
// a period is certified), else maxN.
func valuesFor(heap uint64, maxN int) int {
	if heap < uint64(maxN) {
		return int(heap) + 1
	}
	return maxN
}

// nimReport is the JSON printed by nim.
type nimReport struct {
	NimSum  uint64    `json:"nim_sum"`
	Outcome string    `json:"outcome"`
	Moves   []nimMove `json:"moves"`
}

type nimMove struct {
	Heap int    `json:"heap"`
	From uint64 `json:"from"`
	To   uint64 `json:"to"`
}

func cmdNim(args []string, stdout io.Writer) error {
	flags, ops, err := splitArgs("nim", args, map[string]bool{"misere": false})
	if err != nil {
		return err
	}
	heaps := make([]uint64, len(ops))
	for i, s := range ops {
		h, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return badArg("nim: bad heap %q (heap %d): want a whole number from 0 to 2^64-1", s, i)
		}
		heaps[i] = h
	}
	_, misere := flags["misere"]
	rep, err := solveNim(heaps, misere)
	if err != nil {
		return err
	}
	out, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", out)
	return err
}

// solveNim returns the nim-sum, the outcome and every winning move of a
// Nim position, from package nim: Bouton's rule, and under misère play
// (the last player to move loses) its misère form, by which a position
// whose heaps are all 0 or 1 is P exactly when the number of 1-heaps is
// odd. The moves are in increasing heap order; "moves" is [] when there is
// none.
func solveNim(heaps []uint64, misere bool) (nimReport, error) {
	sum, err := nim.Sum(heaps)
	if err != nil {
		return nimReport{}, err
	}
	var outcome sg.Outcome
	var moves []nim.Move[uint64]
	if misere {
		outcome, err = nim.MisereOutcome(heaps)
		if err == nil {
			moves, err = nim.MisereWinningMoves(heaps)
		}
	} else {
		outcome, err = nim.Outcome(heaps)
		if err == nil {
			moves, err = nim.WinningMoves(heaps)
		}
	}
	if err != nil {
		return nimReport{}, err
	}
	rep := nimReport{NimSum: sum, Outcome: outcome.String(), Moves: make([]nimMove, len(moves))}
	for i, m := range moves {
		rep.Moves[i] = nimMove{Heap: m.Heap, From: m.From, To: m.To}
	}
	return rep, nil
}
