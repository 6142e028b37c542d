package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
)

// The sample of the problem statement (ore transport, 矿物运输), with its
// blank lines.
const sample = "1\n\n6\n\n0 0 2 2 4\n\n1 4 0 1 1 2\n"

func runString(in string) (string, error) {
	var out bytes.Buffer
	err := run(strings.NewReader(in), &out)
	return out.String(), err
}

func TestSample(t *testing.T) {
	out, err := runString(sample)
	if err != nil || out != "win\n" {
		t.Errorf("sample: output %q, error %v; want \"win\\n\"", out, err)
	}
	// The same input read one byte at a time, across every buffer refill.
	var buf bytes.Buffer
	if err := run(iotest.OneByteReader(strings.NewReader(sample)), &buf); err != nil || buf.String() != "win\n" {
		t.Errorf("sample one byte at a time: output %q, error %v", buf.String(), err)
	}
}

func TestMalformed(t *testing.T) {
	tests := []struct{ in, msg string }{
		{"", "the number of cases T is missing: the input ends at line 1"},
		{"x", `the number of cases T: "x" is not a nonnegative integer (line 1)`},
		{"1\n6\n0 0 2 x 4\n1 4 0 1 1 2\n", `case 1: fa[4] (0 to n-1 = 5): "x" is not a nonnegative integer (line 3)`},
		{"1\n6\n0 0 2 2 4\n1 4 0 -1 1 2\n", `case 1: val[3] (0 to 10^18): "-1" is not a nonnegative integer (line 4)`},
		{"1\n6\n0 0 2 2 4\n1 4 0 1 1 2e3\n", `case 1: val[5] (0 to 10^18): "2e3" is not a nonnegative integer (line 4)`},
		{"2\n6\n0 0 2 2 4\n1 4 0 1 1 2\n3\n0 0\n1 2\n", "case 2: val[2] (0 to 10^18) is missing: the input ends at line 8"},
		{"2\n1\n5\n", "case 2: n (1 to 200000) is missing: the input ends at line 4"},
		{"1\n0\n", `case 1: n (1 to 200000): "0" is out of range (line 2)`},
		{"1\n00\n", `case 1: n (1 to 200000): "00" is out of range (line 2)`},
		{"1\n 000000", `case 1: n (1 to 200000): "000000" is out of range (line 2)`},
		{"1\n200001\n", `case 1: n (1 to 200000): "200001" is out of range (line 2)`},
		{"1\n3\n0 3\n1 1 1\n", `case 1: fa[2] (0 to n-1 = 2): "3" is out of range (line 3)`},
		{"1\n2\n0\n1 1000000000000000001\n", `case 1: val[1] (0 to 10^18): "1000000000000000001" is out of range (line 4)`},
		{"1\n2\n0\n1 99999999999999999999999\n", `case 1: val[1] (0 to 10^18): "99999999999999999999999" is out of range: more than 19 digits after its leading zeros (line 4)`},
		{"1\n3\n2 1\n1 1 1\n", "case 1: the parents fa[1..2] do not form a tree rooted at 0: nim: node 1 is on a cycle: not a rooted tree"},
		{"1\n2\n1\n1 1\n", "case 1: the parents fa[1..1] do not form a tree rooted at 0: nim: node 1 is on a cycle: not a rooted tree"},
		{"1\n2\n0\n1 1\n7\n", `after case 1: unexpected token "7" at line 5`},
		{"1\n1\n5\n\xff", `after case 1: unexpected token "\xff" at line 4`},
		{"1 2 0 1 " + strings.Repeat("7", 100), `case 1: val[1] (0 to 10^18): "7777777777777777777777777777777777777777…" is out of range: more than 19 digits after its leading zeros (line 1)`},
		// Leading zeros are not counted: 30 zeros, then 10^18.
		{"1\n2\n0\n1 " + strings.Repeat("0", 30) + "1000000000000000001\n", `case 1: val[1] (0 to 10^18): "0000000000000000000000000000001000000000…" is out of range (line 4)`},
		{"1\n2\n0\n\n1 " + strings.Repeat("0", 30) + "10000000000000000000\n", `case 1: val[1] (0 to 10^18): "0000000000000000000000000000001000000000…" is out of range: more than 19 digits after its leading zeros (line 5)`},
		{"1\n2\n0\n1 12345x" + strings.Repeat("y", 100), `case 1: val[1] (0 to 10^18): "12345xyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…" is not a nonnegative integer (line 4)`},
		{"1\n1\n0 " + strings.Repeat("z", 100), `after case 1: unexpected token "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…" at line 3`},
	}
	for _, tc := range tests {
		for _, oneByte := range []bool{false, true} {
			var out bytes.Buffer
			var in = strings.NewReader(tc.in)
			var err error
			if oneByte {
				err = run(iotest.OneByteReader(in), &out)
			} else {
				err = run(in, &out)
			}
			if err == nil || err.Error() != tc.msg {
				t.Errorf("input %q (one byte at a time: %v): error %v; want %q", tc.in, oneByte, err, tc.msg)
			}
			if out.Len() != 0 {
				t.Errorf("input %q: partial output %q", tc.in, out.String())
			}
		}
	}
	// A cycle is reported with the library's sentinel error.
	if _, err := runString("1\n3\n2 1\n1 1 1\n"); !errors.Is(err, nim.ErrBadTree) {
		t.Errorf("cycle: error %v does not wrap nim.ErrBadTree", err)
	}
}

// endless is an endless word: first zeros leading zeros, then the byte
// digit forever. It counts the bytes read from it.
type endless struct {
	zeros, read int64
	digit       byte
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		if e.read+int64(i) < e.zeros {
			p[i] = '0'
		} else {
			p[i] = e.digit
		}
	}
	e.read += int64(len(p))
	return len(p), nil
}

// An over-long word is refused as soon as it is longer than any number
// (19 digits after its leading zeros), with its line: ore stops reading
// an endless word at once, and its memory does not grow with the word.
func TestLongWord(t *testing.T) {
	for _, zeros := range []int64{0, 10 << 20} {
		word := &endless{zeros: zeros, digit: '7'}
		in := io.MultiReader(strings.NewReader("1\n\n2\n0\n5 "), word)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		out, err := runReader(in)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, errLong) || !strings.Contains(err.Error(), "val[1]") || !strings.Contains(err.Error(), "(line 5)") || out != "" {
			t.Errorf("endless word after %d zeros: output %q, error %v", zeros, out, err)
		}
		// The scanner reads 64 KiB at a time: at most two reads past the
		// zeros before the word is refused.
		if word.read > zeros+2<<16 {
			t.Errorf("endless word after %d zeros: read %d bytes before refusing it", zeros, word.read)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
			t.Errorf("endless word after %d zeros: allocated %d bytes", zeros, alloc)
		}
	}
}

// A 10 MB word of zeros is the number 0, read in constant memory.
func TestLongZero(t *testing.T) {
	zeros := strings.NewReader(strings.Repeat("0", 10<<20))
	for _, tc := range []struct {
		head, tail, want string
	}{
		{"1\n1\n", "\n", "lose\n"},      // val[0] = 0: no move
		{"1\n2\n0\n1 ", "\n", "lose\n"}, // val[1] = 0, at odd depth
		{"1\n2\n0\n0 ", "1\n", "win\n"}, // zeros, then 1: val[1] = 1
	} {
		zeros.Seek(0, io.SeekStart)
		in := io.MultiReader(strings.NewReader(tc.head), zeros, strings.NewReader(tc.tail))
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		out, err := runReader(in)
		runtime.ReadMemStats(&after)
		if err != nil || out != tc.want {
			t.Errorf("%q then 10 MB of zeros: output %q, error %v; want %q", tc.head, out, err, tc.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
			t.Errorf("%q then 10 MB of zeros: allocated %d bytes", tc.head, alloc)
		}
	}
}

func runReader(in io.Reader) (string, error) {
	var out bytes.Buffer
	err := run(in, &out)
	return out.String(), err
}

// A read error is reported wherever it cuts the input short, even after
// the last number, where the rest of the input cannot be checked.
func TestReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	tests := []struct{ in, msg string }{
		{"1\n2\n0\n", "case 1: val[0] (0 to 10^18): reading line 4: disk on fire"},
		// Right after the last digit: the number may go on.
		{"1\n2\n0\n1 12", "case 1: val[1] (0 to 10^18): reading line 4: disk on fire"},
		// After a trailing newline: an extra token may follow.
		{"1\n2\n0\n1 12\n", "after case 1: reading line 5: disk on fire"},
	}
	for _, tc := range tests {
		for _, oneByte := range []bool{false, true} {
			in := io.MultiReader(strings.NewReader(tc.in), iotest.ErrReader(boom))
			if oneByte {
				in = iotest.OneByteReader(in)
			}
			var out bytes.Buffer
			err := run(in, &out)
			if !errors.Is(err, boom) || err.Error() != tc.msg || out.Len() != 0 {
				t.Errorf("input %q (one byte at a time: %v), then a read error: output %q, error %v; want %q",
					tc.in, oneByte, out.String(), err, tc.msg)
			}
		}
	}
}

// writeCase appends one case in the contest format. When shuffled, the
// parents are those of a random tree rooted at 0 in any numbering (fa[i]
// may exceed i), which ore accepts too.
func writeCase(buf []byte, r *rand.Rand, n int, maxValue uint64, shuffled bool) ([]byte, []int, []uint64) {
	parent := make([]int, n)
	parent[0] = -1
	if shuffled {
		order := append([]int{0}, r.Perm(n-1)...) // order[0] = 0 is the root
		for i := 1; i < n; i++ {
			order[i]++
		}
		for i := 1; i < n; i++ {
			parent[order[i]] = order[r.IntN(i)]
		}
	} else {
		for i := 1; i < n; i++ {
			parent[i] = r.IntN(i)
		}
	}
	values := make([]uint64, n)
	buf = strconv.AppendInt(buf, int64(n), 10)
	buf = append(buf, '\n')
	for i := 1; i < n; i++ {
		buf = strconv.AppendInt(buf, int64(parent[i]), 10)
		buf = append(buf, ' ')
	}
	buf = append(buf, '\n')
	for i := range values {
		values[i] = r.Uint64N(maxValue)
		buf = strconv.AppendUint(buf, values[i], 10)
		buf = append(buf, ' ')
	}
	return append(buf, '\n'), parent, values
}

// Random small cases, decided by exhaustive search of the game itself.
func TestAgainstSearch(t *testing.T) {
	r := gametest.Rand(t)
	const cases = 300
	in := []byte(strconv.Itoa(cases) + "\n")
	var want strings.Builder
	for range cases {
		var parent []int
		var values []uint64
		in, parent, values = writeCase(in, r, 1+r.IntN(7), 4, r.IntN(2) == 0)
		tree, err := nim.NewTree(parent)
		if err != nil {
			t.Fatal(err)
		}
		g, err := nim.NewTreeGame(tree)
		if err != nil {
			t.Fatal(err)
		}
		var b [8]uint8
		for i, v := range values {
			b[i] = uint8(v)
		}
		o, err := sg.NewExhaustive[[8]uint8](g).Outcome(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		want.WriteString(map[sg.Outcome]string{sg.N: "win\n", sg.P: "lose\n"}[o])
	}
	out, err := runString(string(in))
	if err != nil || out != want.String() {
		t.Fatalf("output differs from exhaustive search (error %v)", err)
	}
	var buf bytes.Buffer
	if err := run(iotest.HalfReader(bytes.NewReader(in)), &buf); err != nil || buf.String() != want.String() {
		t.Fatalf("output differs when read in small pieces (error %v)", err)
	}
}

// Larger cases, spanning many buffer refills, against the library.
func TestLargeCases(t *testing.T) {
	r := gametest.Rand(t)
	const cases = 5
	in := []byte(strconv.Itoa(cases) + "\n")
	var want strings.Builder
	for range cases {
		var parent []int
		var values []uint64
		in, parent, values = writeCase(in, r, 1+r.IntN(50_000), 1_000_000_000, r.IntN(2) == 0)
		tree, err := nim.NewTree(parent)
		if err != nil {
			t.Fatal(err)
		}
		o, err := nim.TreeOutcome(tree, values)
		if err != nil {
			t.Fatal(err)
		}
		want.WriteString(map[sg.Outcome]string{sg.N: "win\n", sg.P: "lose\n"}[o])
	}
	out, err := runString(string(in))
	if err != nil || out != want.String() {
		t.Fatalf("got %q, %v; want %q", out, err, want.String())
	}
}

// The real binary: answers on standard output and exit status 0; on
// malformed input one line on standard error, nothing on standard output,
// exit status 1.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool in PATH")
	}
	bin := filepath.Join(t.TempDir(), "ore")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	runBin := func(in string) (stdout, stderr string, code int) {
		cmd := exec.Command(bin)
		cmd.Stdin = strings.NewReader(in)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}
	if o, e, code := runBin(sample); o != "win\n" || e != "" || code != 0 {
		t.Errorf("sample: stdout %q, stderr %q, status %d", o, e, code)
	}
	bad := sample + sample // the second "1" is an extra token after case 1
	o, e, code := runBin(bad)
	if want := "ore: after case 1: unexpected token \"1\" at line 8\n"; o != "" || e != want || code != 1 {
		t.Errorf("bad input: stdout %q, stderr %q, status %d; want stderr %q, status 1", o, e, code, want)
	}
}

var largest struct {
	once sync.Once
	in   []byte
}

// largestInput returns the largest input the statement allows: T = 30
// cases of n = 200000 mines, random parents fa[i] < i, values < 10^9
// (about 95 MB).
func largestInput() []byte {
	largest.once.Do(func() {
		r := rand.New(rand.NewPCG(30, 200_000))
		in := make([]byte, 0, 100<<20)
		in = append(in, "30\n"...)
		for range 30 {
			in, _, _ = writeCase(in, r, 200_000, 1_000_000_000, false)
		}
		largest.in = in
	})
	return largest.in
}

func BenchmarkLargest(b *testing.B) {
	in := largestInput()
	if path := os.Getenv("ORE_WRITE_INPUT"); path != "" {
		if err := os.WriteFile(path, in, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		if err := run(bytes.NewReader(in), &out); err != nil {
			b.Fatal(err)
		}
	}
}
