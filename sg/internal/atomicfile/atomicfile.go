package atomicfile

import (
	"os"
	"path/filepath"
)

// Write calls write with a new, empty temporary file in path's directory
// and, when write returns nil, syncs and closes that file and renames it
// to path. On any error the temporary file is removed, path is left as it
// was, and the error is returned as it came (from write, or from the
// file system). write must not close the file.
func Write(path string, write func(f *os.File) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
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
