package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
)

// Write calls write with a new, empty temporary file in path's directory
// (named path's base, ".tmp" and digits) and, when write returns nil,
// syncs and closes that file and renames it to path. On any error the
// temporary file is removed, path is left as it was, and the error is
// returned as it came (from write, or from the file system). write must
// not close the file.
//
// A process killed during a Write leaves its temporary file behind; the
// next Write to the same path removes every such file first, so that
// they do not pile up. So one path has one writer at a time.
func Write(path string, write func(f *os.File) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	removeStale(dir, base)
	f, err := os.CreateTemp(dir, base+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = write(f); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// removeStale removes the temporary files that Writes to dir/base killed
// before their end left behind: base, ".tmp", then digits only.
func removeStale(dir, base string) {
	// The directory's entries in its own order: os.ReadDir would sort
	// them, which costs a sort's code in every program that saves.
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	entries, _ := d.ReadDir(-1)
	d.Close()
	for _, e := range entries {
		digits, ok := strings.CutPrefix(e.Name(), base+".tmp")
		if ok && digits != "" && strings.Trim(digits, "0123456789") == "" && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
