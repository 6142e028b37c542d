// Command sgtool computes Sprague–Grundy values of heap games, board and
// graph games, misère play, games with cycles and nimber arithmetic from
// the command line, for teaching, scripts and programs in other languages.
//
// Usage:
//
//	sgtool values GAME N            G(0) … G(N-1) on one line
//	sgtool values GAME N -stats     their statistics as JSON: largest value,
//	                                count of each value, rare heaps, for all N
//	                                and for each power-of-two prefix
//	sgtool period GAME [-max N]     preperiod, period, saltus as JSON
//	sgtool value GAME HEAP [-max N] G(HEAP), for any heap up to 2^64-1 once a
//	                                period is certified (or a formula is known);
//	                                at most HEAP+1 values are computed; without
//	                                -max, past the default -max values when no
//	                                period is certified and G(0) … G(HEAP) may
//	                                be computed in about a minute
//	sgtool nim [-misere] A B C…     nim-sum, outcome and winning moves as JSON
//	sgtool loopy EDGES|GAME [V…]    generalized values (*n, ∞{a,b}) of a game
//	                                with cycles, and the outcome P/N/D of a sum
//	sgtool solve SPEC [-mem BYTES] [-workers N] [-checkpoint FILE] [-progress] [-outcome]
//	                                value, outcome and winning moves of a board
//	                                or graph game: cram:MxN, cram:ROW/ROW/…,
//	                                nodekayles:path:N, nodekayles:grid:MxN,
//	                                nodekayles:EDGES, chomp:MxN, chomp:R1,R2,…,
//	                                sprouts:P; -outcome: the outcome and winning
//	                                moves only (no value of an N-position)
//	sgtool eval SPEC [POSITION…] [-mem BYTES] [-workers N] [-max N]
//	                                value, outcome and winning moves of any
//	                                spec sgtool games lists, as JSON: heap
//	                                sizes for a heap rule (formula, period or
//	                                computed values), none for a board (search
//	                                or its rules: coins, hackenbush), positions
//	                                of a loopy game (outcome P, N or D)
//	sgtool nimmul A B               nim-product A ⊗ B as JSON {"product": N}
//	sgtool niminv A                 nim-inverse of A ≠ 0 as JSON {"inverse": N}
//	sgtool hackenbush EDGES         Green Hackenbush value and winning cuts as
//	                                JSON; EDGES like g-1,1-2,2-g (g the ground)
//	sgtool misere GAME HEAP…        misère outcome and winning moves as JSON
//	sgtool misere notakto BOARD…    the same for Notakto boards (x../.x./...),
//	                                read from its misère quotient
//	sgtool genus GAME HEAP          Conway's genus of one heap and tameness
//	sgtool quotient CODE [-max N] [-progress] [-workers N]
//	                                the misère quotient of an octal game (a
//	                                code or a name such as kayles) on
//	                                heaps ≤ N: order, P-portion, pretending
//	                                function, relations, and complete,
//	                                period, preperiod when proven periodic;
//	                                CODE notakto gives Notakto's (18 elements)
//	sgtool games [NAME]             the GAME specs, or one with its published
//	                                values
//
// GAME is a spec of the catalogue of package rulesets: a take-and-break code
// (.07, 0.137, 4.07, 0.[3]), sub:1,3,4, bash:M, a name such as kayles or
// grundy, or a loopy rule (subadd, windup, digraph); sgtool games lists them.
//
// Exit status: 0 on success, 1 when the computation fails or is
// interrupted, or when G(HEAP) does not fit in 64 bits (Lasker's Nim at
// 2^64-1), 2 for a bad argument (with a one-line message naming it), 3
// when period finds no period within -max values (the JSON is still
// printed, with "period": 0) or value cannot reach the heap asked for.
// Progress goes to standard error: rewritten in place on a terminal, a
// line a second ("sgtool: 1048576/268435456 values, …") with -progress,
// and otherwise such a line every 10 seconds once a run has taken that
// long, so that a long run in a script or a log is never silent.
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
// values and period take -checkpoint FILE for runs of hours: the values
// are saved to FILE every minute and when the run ends or is interrupted,
// and a run given the same FILE resumes from them with identical results.
// solve takes it too: its search's table is saved every ten minutes and
// when the run ends or is interrupted, and a run given the same FILE
// starts from that table. FILE is checked before any work: its
// directory must exist and be writable, and FILE must not be a directory.
//
// values, period and value take -mem BYTES, the most memory the computed
// values may take (default 1 GiB; a value below 256 takes a byte, a
// larger one 2 bytes, so Grundy's game to 2^30 needs -mem 2G). A run that
// would pass it stops with status 1, as soon as values knows; with
// -checkpoint, a run given a larger -mem resumes from the values kept.
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
	"strings"

	"github.com/impartial-go/impartial/examples/internal/clip"
	"github.com/impartial-go/impartial/rulesets"
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

// usageTail follows the commands in the usage text.
const usageTail = `-max: default 2^28 values for codes such as .07 (a code with no period in
      reach runs to all of them: minutes to hours), 2^16 for other rules.
-progress: a progress line a second on standard error even when it is not
      a terminal (without it: one every 10 s once a run takes that long).
-stats: the largest value and its first heap, the count of each value, the
      rare heaps (Flammenkamp's sparse set) under the mask that makes them
      fewest, for all N values and each power-of-two prefix, as JSON.
-checkpoint FILE: save the values to FILE every minute and on exit; a run
      given the same FILE resumes from them (solve: the search's table,
      every ten minutes and when the run ends or is interrupted). FILE's
      directory must exist and be writable: it is checked before any work.
-mem BYTES: values, period, value: the most memory the values may take
      (default 1G; a value of 256 or more takes 2 bytes, so Grundy's game
      to 2^30 needs 2G); solve: the search's table (default 256M). A
      number, or with a suffix K, M or G.
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
// status. Every error message goes through clip.Message: one line, valid
// UTF-8, with any long input it repeats cut to its first bytes and its
// length.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	err := dispatch(ctx, args, stdout, stderr)
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errNoPeriod):
		fmt.Fprintln(stderr, "sgtool:", clip.Message(err.Error()))
		return exitNoPeriod
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "sgtool:", clip.Message(ue.msg))
		return exitUsage
	}
	fmt.Fprintln(stderr, "sgtool:", clip.Message(err.Error()))
	return exitFailure
}

// command runs one subcommand on its arguments (without the subcommand's
// name).
type command func(ctx context.Context, args []string, stdout, stderr io.Writer) error

// subcommand is a row of the dispatch table: its name, its synopsis and
// what it prints (one line of the usage text), and the function that runs
// it, which lives in a file of its own.
type subcommand struct {
	name, synopsis, does string
	run                  command
}

// commands is the dispatch table, in the order of the usage text.
var commands = []subcommand{
	{"values", "values GAME N [-stats] [-mem BYTES] [-checkpoint FILE] [-progress]", "print G(0) … G(N-1), or with -stats their statistics as JSON", cmdValues},
	{"period", "period GAME [-max N] [-mem BYTES] [-checkpoint FILE] [-progress]", "print preperiod, period, saltus, certified as JSON", cmdPeriod},
	{"value", "value GAME HEAP [-max N] [-mem BYTES] [-progress]", "print G(HEAP), HEAP up to 2^64-1", cmdValue},
	{"nim", "nim [-misere] A B C…", "print nim-sum, outcome and winning moves as JSON", cmdNim},
	{"loopy", "loopy EDGES|GAME [VERTEX…]", "print loopy values (*n, ∞{a,b}) and the outcome P/N/D of a sum, as JSON", cmdLoopy},
	{"solve", "solve SPEC [-mem BYTES] [-workers N] [-checkpoint FILE] [-progress] [-value] [-outcome]", "value, outcome and winning moves of a board or graph game (cram, nodekayles, chomp, sprouts) as JSON; -value: no moves; -outcome: no value", cmdSolve},
	{"split", "split SPEC -jobs DIR [-count N] [-small MOVES] [-bound K|all]", "cut a board's search into at least N independent jobs (files in DIR) for a batch system; merge finds values up to K (default 3)", cmdSplit},
	{"job", "job FILE|DIR -index N|A-B [-mem BYTES] [-workers N] [-checkpoint FILE] [-out FILE]", "run one job of a split; print its result line (and write DIR/results/NNN.json)", cmdJob},
	{"merge", "merge DIR [FILE…]", "value, outcome and winning moves of a split's board from its jobs' results, as solve's JSON", cmdMerge},
	{"eval", "eval SPEC [POSITION…] [-mem BYTES] [-workers N] [-max N]", "value, outcome and winning moves of a position of any game sgtool games lists, the engine chosen by its kind, as JSON", cmdEval},
	{"nimmul", "nimmul A B", "print the nim-product A ⊗ B as JSON", cmdNimmul},
	{"niminv", "niminv A", "print the nim-inverse of A ≠ 0 as JSON", cmdNiminv},
	{"hackenbush", "hackenbush EDGES", "print a Green Hackenbush picture's value and winning cuts as JSON (EDGES g-1,1-2,2-g; g the ground)", cmdHackenbush},
	{"misere", "misere GAME HEAP…|notakto BOARD… [-mem BYTES]", "print the misère outcome and winning moves as JSON", cmdMisere},
	{"genus", "genus GAME HEAP [-mem BYTES]", "print Conway's genus of one heap (\"0^120\") and whether it is tame, as JSON", cmdGenus},
	{"quotient", "quotient CODE|notakto [-max N] [-progress] [-workers N]", "print the misère quotient of an octal game on heaps ≤ N, or of Notakto, as JSON", cmdQuotient},
	{"games", "games [NAME]", "list the GAME specs, or one with its published values", cmdGames},
}

// usage is the usage text, made from the dispatch table.
func usage() string {
	var b strings.Builder
	b.WriteString("usage:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.synopsis))
	}
	for _, c := range commands {
		fmt.Fprintf(&b, "  sgtool %-*s  %s\n", width, c.synopsis, c.does)
	}
	// The GAME specs, from the catalogue, wrapped at 78 columns.
	line := "GAME:"
	for _, e := range rulesets.Entries() {
		if len(line)+1+len(e.Syntax) > 78 {
			b.WriteString(line + "\n")
			line = "     "
		}
		line += " " + e.Syntax
	}
	b.WriteString(line + "\n      (sgtool games lists them with what they are)\n")
	b.WriteString(usageTail)
	return b.String()
}

// commandNames lists the subcommands for messages: "values, period, … or games".
func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		io.WriteString(stderr, usage())
		return badArg("missing subcommand (%s)", commandNames())
	}
	cmd, rest := args[0], args[1:]
	for _, c := range commands {
		if c.name == cmd {
			return c.run(ctx, rest, stdout, stderr)
		}
	}
	switch cmd {
	case "help", "-h", "-help", "--help":
		io.WriteString(stdout, usage())
		return nil
	}
	return badArg("unknown subcommand %s (want %s)", quote(cmd), commandNames())
}
