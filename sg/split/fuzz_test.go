package split_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

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
		if err != nil {
			var me *split.MergeError
			if !errors.As(err, &me) && err.Error() == "" {
				t.Fatalf("merge error %#v", err)
			}
			return
		}
		if s == nil {
			t.Fatal("Merge: no solution and no error")
		}
	})
}
