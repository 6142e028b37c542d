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
// Progress goes to standard error when it is a terminal, or always with
// -progress (one line a second, for logs and CI).
//
// -max defaults to 2^28 values for take-and-break codes with a finite
// largest removal (period stops as soon as the Guy–Smith theorem certifies
// a period, so .16, .56, .127, .376 and .354 finish in seconds) and to
// 2^16 for other rules, whose periods can only be observed. A code with no
// period in reach runs to the full 2^28 values: with the sparse engine
// that takes from minutes to hours (use -progress to watch, Ctrl-C to
// stop). Rules with a formula (nim, lasker, odd, adjacent, anywhere,
// bash:M) give value in O(1) and, when no theorem certifies their period,
// period observes it in their first -max values, computed from the
// formula.
//
// values computes only up to a certified period, and reads the values past
// it from the period, each in O(1), writing them as it goes: values .07
// 1000000 takes milliseconds, in constant memory.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// Exit statuses.
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitNoPeriod = 3
)

// maxValues bounds N and -max, so that a typo cannot ask for terabytes.
const maxValues = 1 << 30

const usage = `usage:
  sgtool values GAME N [-progress]             print G(0) … G(N-1)
  sgtool period GAME [-max N] [-progress]      print preperiod, period, saltus, certified as JSON
  sgtool value GAME HEAP [-max N] [-progress]  print G(HEAP), HEAP up to 2^64-1
  sgtool nim [-misere] A B C…                  print nim-sum, outcome and winning moves as JSON
GAME: .07  0.137  4.07  0.[3]  sub:1,3,4  bash:M  allbut:1,2  odd  fib
      adjacent:A,B,C  anywhere:K  nim  kayles  dawson  grundy  lasker
-max: default 2^28 values for codes such as .07 (a code with no period in
      reach runs to all of them: minutes to hours), 2^16 for other rules.
-progress: progress lines on standard error even when it is not a terminal.
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

// command runs one subcommand on its arguments (without the subcommand's
// name).
type command func(ctx context.Context, args []string, stdout, stderr io.Writer) error

// commands is the dispatch table: each command lives in its own file.
var commands = map[string]command{
	"values": cmdValues,
	"period": cmdPeriod,
	"value":  cmdValue,
	"nim":    cmdNim,
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		io.WriteString(stderr, usage)
		return badArg("missing subcommand (values, period, value or nim)")
	}
	cmd, rest := args[0], args[1:]
	if f, ok := commands[cmd]; ok {
		return f(ctx, rest, stdout, stderr)
	}
	switch cmd {
	case "help", "-h", "-help", "--help":
		io.WriteString(stdout, usage)
		return nil
	}
	return badArg("unknown subcommand %s (want values, period, value or nim)", quote(cmd))
}
