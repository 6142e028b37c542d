package atomicfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
