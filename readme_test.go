package impartial_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game/gametest"
)

// programs are the commands under examples that the README's table of
// programs describes.
var programs = []string{"tour", "sgtool", "nimbot", "web", "ore", "stripes"}

// slowExamples are console examples that take seconds each: they run only
// with IMPARTIAL_LONG=1.
var slowExamples = []string{"period .354", "period .376"}

var (
	buildOnce sync.Once
	binDir    string
	buildErr  error
)

// binaries builds every program once, into a folder shared by the tests
// of this package, and returns it.
func binaries(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the example programs")
	}
	if raceEnabled {
		// The programs would be built again without the race detector,
		// every package of the module; the run without -race checks them.
		t.Skip("builds the example programs; runs without -race")
	}
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "impartial-readme-")
		if buildErr != nil {
			return
		}
		args := []string{"build", "-o", binDir + string(filepath.Separator)}
		for _, p := range programs {
			args = append(args, "./examples/"+p)
		}
		out, err := exec.Command("go", args...).CombinedOutput()
		if err != nil {
			buildErr = &buildError{err: err, out: string(out)}
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binDir
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + e.out }

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// exe is the path of a built program.
func exe(dir, name string) string {
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	return filepath.Join(dir, name)
}

// consoleExample is a "$ command" line of a console block and the output
// lines that follow it. An output line "…" stands for any number of lines.
type consoleExample struct {
	file string
	line int
	args []string // sgtool's arguments
	want []string
}

// sgtoolPrefixes are the ways a document writes a command line of sgtool.
var sgtoolPrefixes = []string{"go run ./examples/sgtool ", "sgtool "}

// consoleExamples reads the sgtool command lines of file's console blocks.
func consoleExamples(t *testing.T, file string) []consoleExample {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var exs []consoleExample
	in := false
	var cur *consoleExample
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```console"):
			in = true
			continue
		case in && strings.HasPrefix(line, "```"):
			in, cur = false, nil
			continue
		case !in:
			continue
		}
		if cmd, ok := strings.CutPrefix(line, "$ "); ok {
			cur = nil
			if i := strings.Index(cmd, " #"); i >= 0 {
				cmd = cmd[:i]
			}
			for _, p := range sgtoolPrefixes {
				if rest, ok := strings.CutPrefix(cmd, p); ok {
					exs = append(exs, consoleExample{file: file, line: n, args: strings.Fields(rest)})
					cur = &exs[len(exs)-1]
				}
			}
			continue
		}
		if cur != nil {
			cur.want = append(cur.want, line)
		}
	}
	return exs
}

// matchLines reports whether got matches want, where a want line "…"
// matches any run of lines.
func matchLines(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "…" {
		for i := 0; i <= len(got); i++ {
			if matchLines(got[i:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(got[1:], want[1:])
}

// TestReadmeConsole runs every sgtool command line shown in a console
// block of the README and of examples/sgtool/README.md, and compares its
// output with the lines shown after it.
func TestReadmeConsole(t *testing.T) {
	dir := binaries(t)
	var exs []consoleExample
	for _, f := range []string{"README.md", "examples/sgtool/README.md"} {
		exs = append(exs, consoleExamples(t, f)...)
	}
	if len(exs) < 10 {
		t.Fatalf("found %d sgtool examples in the READMEs, want at least 10", len(exs))
	}
	for _, ex := range exs {
		joined := strings.Join(ex.args, " ")
		if slices.Contains(slowExamples, joined) && !gametest.Long() {
			t.Logf("%s:%d: sgtool %s: skipped (IMPARTIAL_LONG=1 runs it)", ex.file, ex.line, joined)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, exe(dir, "sgtool"), ex.args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		cancel()
		if err != nil {
			t.Errorf("%s:%d: sgtool %s: %v\n%s", ex.file, ex.line, joined, err, stderr.String())
			continue
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if !matchLines(got, ex.want) {
			t.Errorf("%s:%d: sgtool %s printed\n%s\nthe README shows\n%s",
				ex.file, ex.line, joined, strings.Join(got, "\n"), strings.Join(ex.want, "\n"))
		}
	}
}

// flagName finds the flags a usage text or a README cell names.
var flagName = regexp.MustCompile(`(?:^|[\s\[(|])-([a-z][a-z0-9]*)\b`)

func flagsIn(s string) []string {
	var fs []string
	for _, m := range flagName.FindAllStringSubmatch(s, -1) {
		if m[1] != "h" && !slices.Contains(fs, m[1]) {
			fs = append(fs, m[1])
		}
	}
	slices.Sort(fs)
	return fs
}

// tableRows is every line of file that starts a markdown table row and
// contains key.
func tableRows(t *testing.T, file, key string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "|") && strings.Contains(line, key) {
			rows = append(rows, line)
		}
	}
	return rows
}

// firstCell is a table row's first cell.
func firstCell(row string) string {
	cells := strings.Split(strings.ReplaceAll(row, `\|`, "/"), "|")
	if len(cells) < 2 {
		return ""
	}
	return cells[1]
}

// usageOf runs a program with -h and returns what it printed.
func usageOf(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe(dir, name), args...)
	cmd.Stdin = strings.NewReader("")
	out, _ := cmd.CombinedOutput() // -h exits with 0 or 2 as the flag package decides
	if ctx.Err() != nil {
		t.Fatalf("%s %v did not finish", name, args)
	}
	return string(out)
}

// TestReadmeProgramsHelp: the README's table of programs shows for each
// program the flags its -h prints, and no other; for sgtool it names every
// command that sgtool help prints, and examples/sgtool/README.md has a row
// for each command with the flags of its synopsis.
func TestReadmeProgramsHelp(t *testing.T) {
	dir := binaries(t)
	for _, p := range programs {
		rows := tableRows(t, "README.md", "`go run ./examples/"+p)
		if len(rows) != 1 {
			t.Errorf("README.md: %d rows of the programs table for %s, want 1", len(rows), p)
			continue
		}
		if p == "sgtool" {
			continue // its commands are checked below
		}
		have := flagsIn(usageOf(t, dir, p, "-h"))
		shown := flagsIn(firstCell(rows[0]))
		if !slices.Equal(have, shown) {
			t.Errorf("README.md: the row of %s shows the flags %v; %s -h prints %v", p, shown, p, have)
		}
	}

	help := usageOf(t, dir, "sgtool", "help")
	command := regexp.MustCompile(`(?m)^  sgtool (\S+)(.*?)\s{2,}\S`)
	cmds := command.FindAllStringSubmatch(help, -1)
	if len(cmds) < 10 {
		t.Fatalf("sgtool help lists %d commands, want 10 or more:\n%s", len(cmds), help)
	}
	sgRow := tableRows(t, "README.md", "`go run ./examples/sgtool")
	for _, c := range cmds {
		name, synopsis := c[1], c[2]
		if len(sgRow) == 1 && !strings.Contains(sgRow[0], "`"+name+"`") {
			t.Errorf("README.md: the row of sgtool does not name the command `%s`", name)
		}
		rows := tableRows(t, "examples/sgtool/README.md", "`sgtool "+name+" ")
		rows = append(rows, tableRows(t, "examples/sgtool/README.md", "`sgtool "+name+"`")...)
		if len(rows) == 0 {
			t.Errorf("examples/sgtool/README.md: no row for the command %s", name)
			continue
		}
		var cells strings.Builder
		for _, r := range rows {
			cells.WriteString(firstCell(r) + " ")
		}
		for _, f := range flagsIn(synopsis) {
			if !slices.Contains(flagsIn(cells.String()), f) {
				t.Errorf("examples/sgtool/README.md: the row of %s lacks its flag -%s (sgtool help: %s%s)", name, f, name, synopsis)
			}
		}
	}
}

// historyWords mark a development log, which belongs in git, not in the
// documents a user reads.
var historyWords = regexp.MustCompile(`(?i)\b(this round|last round|the round before|last session|sessions?)\b`)

// TestDocsNoHistory: the README is short, and neither it nor any
// package's doc.go reads as a development log.
func TestDocsNoHistory(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > 320 {
		t.Errorf("README.md has %d lines; keep it under 300 (measurements go to BENCHMARKS.md, design to docs/)", n)
	}
	files := []string{"README.md"}
	err = filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "doc.go" {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := historyWords.FindString(line); m != "" {
				t.Errorf("%s:%d: %q reads as a development log: %s", f, i+1, m, strings.TrimSpace(line))
			}
		}
	}
}
