// Package atomicfile writes a file whole or not at all, as the window's
// settings and the game kept against the computer need: a crash or a full
// disk mid-write leaves the old file, never half of it.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write replaces dir/name with data through a temporary file in dir,
// making dir when missing.
func Write(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, name+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}
