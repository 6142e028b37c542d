package impartial_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFuzzCampaignListsEveryTarget checks that .ci/fuzz, the campaign
// run by hand after a change to a parser or a file format, fuzzes every
// Fuzz function of the module, so a new target cannot be left out.
func TestFuzzCampaignListsEveryTarget(t *testing.T) {
	script, err := os.ReadFile(".ci/fuzz")
	if err != nil {
		t.Fatal(err)
	}
	fuzzFunc := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	found := 0
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range fuzzFunc.FindAllSubmatch(src, -1) {
			found++
			entry := "\"./" + filepath.ToSlash(filepath.Dir(path)) + " " + string(m[1]) + "\""
			if !strings.Contains(string(script), entry) {
				t.Errorf("%s: %s is not in .ci/fuzz (want a line %s)", path, m[1], entry)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 10 {
		t.Fatalf("found only %d Fuzz functions: the walk is broken", found)
	}
}
