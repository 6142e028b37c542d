package main

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzRun: no input makes stripes panic; an accepted input gets lines of
// "1" or "2" only, and a refused one exits with status 2 or 3. (The saved
// input testdata/fuzz/FuzzRun/6b676a15cc293a4b, stripes 2 2 5 and a strip
// near 2^64, took seconds at the real bound on the values computed.)
func FuzzRun(f *testing.F) {
	f.Add([]byte("1 5 1\n3\n1\n5\n6\n"))
	f.Add([]byte("2 2 2\n1\n18446744073709551615\n"))
	f.Add([]byte("0 1 1\n1\n1\n"))
	f.Add([]byte("3 4\n"))
	f.Add([]byte("1 2 3\n1\n5 6\n"))
	// Stripes without a period in reach compute maxCompute values before
	// they say so, seconds at the real bound; the fuzzer needs each input
	// to finish in a moment.
	defer func(n int) { maxCompute = n }(maxCompute)
	maxCompute = 1 << 12
	f.Fuzz(func(t *testing.T, in []byte) {
		var out, errOut bytes.Buffer
		code := run(bytes.NewReader(in), &out, &errOut)
		switch code {
		case 0:
			for _, line := range strings.SplitAfter(out.String(), "\n") {
				if line != "1\n" && line != "2\n" && line != "" {
					t.Fatalf("input %q: output line %q", in, line)
				}
			}
		case 2, 3:
			if errOut.Len() == 0 {
				t.Fatalf("input %q: status %d with no message", in, code)
			}
		default:
			t.Fatalf("input %q: status %d (%s)", in, code, errOut.String())
		}
	})
}
