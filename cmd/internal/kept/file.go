package kept

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/krieg/krieg/internal/atomicfile"
)

// File is a Store of one file per item in a folder (the window's settings
// folder), each written whole or not at all.
type File struct{ Dir string }

// Path is the file that holds the item key.
func (f File) Path(key string) string { return filepath.Join(f.Dir, path.Base(key)+".json") }

// Get returns the item key. A file that exists but cannot be read is
// returned empty, which Read takes for an unusable game, not for none.
func (f File) Get(key string) (string, bool) {
	b, err := os.ReadFile(f.Path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return "", false
	}
	return string(b), true
}

// Set writes the item key.
func (f File) Set(key, value string) error {
	return atomicfile.Write(f.Dir, filepath.Base(f.Path(key)), []byte(value))
}

// Remove deletes the item key.
func (f File) Remove(key string) { os.Remove(f.Path(key)) }

// SetAside keeps an unusable item under the name it returns, so that
// nothing is lost and it is not offered again.
func (f File) SetAside(key string) (string, error) {
	bad := f.Path(key) + ".bad"
	return bad, os.Rename(f.Path(key), bad)
}
