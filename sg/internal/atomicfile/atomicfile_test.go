package atomicfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/sg/internal/atomicfile"
)

// TestWrite checks that a write that succeeds replaces the file, and one
// that fails leaves the old file and no temporary file behind.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	write := func(s string) func(*os.File) error {
		return func(f *os.File) error { _, err := f.WriteString(s); return err }
	}
	for _, s := range []string{"first", "second, longer"} {
		if err := atomicfile.Write(path, write(s)); err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != s {
			t.Fatalf("file holds %q, %v; want %q", got, err, s)
		}
	}
	boom := errors.New("boom")
	err := atomicfile.Write(path, func(f *os.File) error {
		f.WriteString("half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("Write returned %v, want the write's error", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "second, longer" {
		t.Errorf("after a failed write the file holds %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want 1: %v", len(entries), entries)
	}
	if err := atomicfile.Write(filepath.Join(dir, "no such dir", "f"), write("x")); err == nil {
		t.Error("Write into a missing directory succeeded")
	}
}

// TestWriteRemovesStale: the temporary files that writes killed before
// their end left behind (path's base, ".tmp", digits) are removed by the
// next write to the same path, and no other file is.
func TestWriteRemovesStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.tab")
	stale := []string{"x.tab.tmp123", "x.tab.tmp4567890"}
	kept := []string{"x.tab.tmpnotes", "x.tab.tmp", "y.tab.tmp1", "x.tab.tmp12a", "xx.tab.tmp1"}
	for _, name := range append(slices.Clone(stale), kept...) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("8 MB"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := atomicfile.Write(path, func(f *os.File) error { _, err := f.WriteString("table"); return err }); err != nil {
		t.Fatal(err)
	}
	var got []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		got = append(got, e.Name())
	}
	want := append(slices.Clone(kept), "x.tab")
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("files after the write: %v, want %v", got, want)
	}
}

func ExampleWrite() {
	path := filepath.Join(os.TempDir(), "atomicfile-example")
	defer os.Remove(path)
	err := atomicfile.Write(path, func(f *os.File) error {
		_, err := fmt.Fprintln(f, "all or nothing")
		return err
	})
	data, _ := os.ReadFile(path)
	fmt.Print(string(data), err)
	// Output:
	// all or nothing
	// <nil>
}
