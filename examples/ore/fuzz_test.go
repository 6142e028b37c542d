package main

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzRun: no input makes ore panic; an accepted input gets one answer,
// "win" or "lose", per case, and a refused one gets no output at all.
func FuzzRun(f *testing.F) {
	f.Add([]byte("2\n3\n0 0\n1 2 3\n1\n\n7\n"))
	f.Add([]byte("1\n2\n1\n0 0\n"))
	f.Add([]byte("1\n4\n0 1 2\n9 9 9 9"))
	f.Add([]byte("1 2 0 5 5"))
	f.Add([]byte("1 1 " + strings.Repeat("0", 100) + "7"))
	f.Add([]byte("1 1 0000000000000000000000000000012345678901234567890"))
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		err := run(bytes.NewReader(in), &out)
		if err != nil {
			if out.Len() != 0 {
				t.Fatalf("input %q: error %v, and output %q", in, err, out.String())
			}
			return
		}
		for _, line := range strings.SplitAfter(out.String(), "\n") {
			if line != "win\n" && line != "lose\n" && line != "" {
				t.Fatalf("input %q: output line %q", in, line)
			}
		}
	})
}
