package split_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/sg/solve"
	"github.com/impartial-go/impartial/sg/split"
)

// FuzzMerge reads any manifest and any result lines, as `sgtool merge`
// does from files that outside hands wrote: nothing panics; a manifest
// that is not whole is refused by Check; a merge either gives a solution
// or a *MergeError naming what is wrong; and a job line is read and
// checked, with its position parsed, without a panic.
func FuzzMerge(f *testing.F) {
	m, rs := runAll(f, "cram:3x4", 4)
	manifest, err := json.Marshal(m)
	if err != nil {
		f.Fatal(err)
	}
	var lines bytes.Buffer
	for _, r := range rs {
		b, _ := json.Marshal(r)
		lines.Write(append(b, '\n'))
	}
	job, _ := json.Marshal(m.Jobs[0])
	seedManifest, seedLines := manifest, lines.Bytes()
	want, err := solve.Search(context.Background(), started(f, "cram:3x4"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(manifest, lines.Bytes(), job)
	f.Add(manifest, []byte("{}\n\n{\"manifest\":\"x\",\"job\":0,\"fingerprint\":\"\",\"value\":1}"), []byte("{}"))
	f.Add([]byte("{\"format\":\"impartial-split/1\"}"), lines.Bytes(), job)
	f.Fuzz(func(t *testing.T, manifest, results, jobLine []byte) {
		var j split.Job
		if json.Unmarshal(jobLine, &j) == nil && j.Check() == nil {
			_, _ = split.SetCodec{}.Parse(j.Position)
			_ = j.AskSet()
		}
		var m split.Manifest
		if json.Unmarshal(manifest, &m) != nil || m.Check() != nil {
			return
		}
		rs, problems := split.ReadResults("fuzz", bytes.NewReader(results))
		s, err := split.Merge(&m, rs, problems)
		whole := bytes.Equal(manifest, seedManifest) && bytes.Equal(results, seedLines)
		if err != nil {
			var me *split.MergeError
			if whole || !strings.HasPrefix(err.Error(), "split: ") || errors.As(err, &me) && len(me.Problems) == 0 {
				t.Fatalf("merge error %v", err)
			}
			return
		}
		if s == nil {
			t.Fatal("Merge: no solution and no error")
		}
		for _, mv := range s.Moves {
			if !slices.Contains(m.Moves, mv) {
				t.Fatalf("winning move %q is not a move of the root %v", mv, m.Moves)
			}
		}
		if whole && (s.Value != want.Value || !slices.Equal(s.Moves, want.Moves)) {
			t.Fatalf("the jobs' own results merge to %v %v, the single search gives %v %v", s.Value, s.Moves, want.Value, want.Moves)
		}
	})
}
